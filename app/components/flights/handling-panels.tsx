import type { HandlingPanel } from "~/lib/flights/handling-tabs.server";
import type { Segment } from "~/lib/upstream/segments.server";
import { HandlingBuildUpTab } from "./handling-build-up-tab";
import { HandlingNoticeTab } from "./handling-notice-tab";
import { HandlingReadyTab } from "./handling-ready-tab";
import { HandlingReceivingTab } from "./handling-receiving-tab";
import { HandlingShipmentsTab, type FlightRowList } from "./handling-shipments-tab";

/** The open handling tab of the flight page with the data its loader read (lib/flights/handling-tabs.server.ts). */
export function HandlingPanels({ panel, segment, canAct }: { panel: HandlingPanel; segment: Segment; canAct: boolean }) {
  const rows = (list: { data: unknown } | null) => list as FlightRowList | null;
  switch (panel.tab) {
    case "shipments":
      return <HandlingShipmentsTab list={rows(panel.list.data)} error={panel.list.error} canAct={canAct} />;
    case "receiving":
      return <HandlingReceivingTab segmentId={Number(segment.id)} view={panel.view} list={rows(panel.list.data)} error={panel.list.error} canAct={canAct && !segment.atot} />;
    case "build_up":
      return <HandlingReadyTab list={panel.list.data} error={panel.list.error} canAct={canAct && !segment.atot} />;
    case "manifest":
      return <HandlingBuildUpTab list={panel.list.data} error={panel.list.error} moveTargets={panel.moveTargets} canAct={canAct && !segment.atot} />;
    case "notice":
      return <HandlingNoticeTab list={rows(panel.list.data)} error={panel.list.error} canAct={canAct} departed={Boolean(segment.atot)} arrived={Boolean(segment.atl)} />;
  }
}
