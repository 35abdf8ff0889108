import { Anchor } from "~/components/plain/anchor";
import { Group } from "~/components/plain/group";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HANDLING_TABS } from "~/lib/flights/handling-values";
import { CUSTOMS_TABS } from "~/lib/flights/customs-values";
import { FLIGHT_MESSAGE_LIST_TABS } from "~/lib/flights/flight-message-lists";
import { SEGMENT_MESSAGE_TABS } from "~/lib/flights/segment-message-values";

// The flight page's tabs (spec 1 §2 "Flight page tabs"), only those that exist so far, in the spec's order.
// Shipments, Ready for Carriage (build_up), Build-Up (manifest), Receiving and Notice are the handling tabs
// (issue 11), and so is Receptacles (postal, last in the spec's list); FBL, FFM and UWS show the flight's telegrams
// and ACI and CSN its customs filings (issue 23; spec 3 §7 segments/{id}/aci, /placi, /csn_list); Outgoing and Incoming
// messages list what was sent and received about the flight. A tab is a `?tab=` query of /dashboard/flights/:id (the
// access table knows that one route), so every tab is a plain link and works without JavaScript. Edit is a link to its
// own page (drawn after the tabs).

export const FLIGHT_PAGE_TABS = [
  ...HANDLING_TABS,
  ...SEGMENT_MESSAGE_TABS,
  ...CUSTOMS_TABS,
  "loadfactor",
  "allotments",
  "booking_rules",
  "change_log",
  "summary",
  ...FLIGHT_MESSAGE_LIST_TABS,
  "receptacles",
] as const;
export type FlightPageTab = (typeof FLIGHT_PAGE_TABS)[number];
export const DEFAULT_FLIGHT_TAB: FlightPageTab = "summary";

export function flightTabHref(segmentId: number, tab: FlightPageTab): string {
  return tab === DEFAULT_FLIGHT_TAB ? `/dashboard/flights/${segmentId}` : `/dashboard/flights/${segmentId}?tab=${tab}`;
}

export function FlightTabs({
  segmentId,
  tabs,
  current,
  editHref,
}: {
  segmentId: number;
  /** The tabs this user may open, in spec order. */
  tabs: readonly FlightPageTab[];
  current: FlightPageTab;
  /** The Edit tab, when the user may open the edit page. */
  editHref: string | null;
}) {
  const { t } = useTranslation("flight-page");
  return (
    <Group component="nav" gap={0} aria-label={t("tabs.label")} data-testid="flight-tabs" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      {tabs.map((tab) => {
        const active = tab === current;
        return (
          <Anchor
            key={tab}
            component={Link}
            to={flightTabHref(segmentId, tab)}
            aria-current={active ? "page" : undefined}
            data-testid={`flight-tab-${tab}`}
            underline="never"
            px="md"
            py="xs"
            fw={active ? 700 : 500}
            c={active ? undefined : "dimmed"}
            style={{ borderBottom: active ? "2px solid var(--mantine-primary-color-filled)" : "2px solid transparent", marginBottom: -1 }}
          >
            {t(`tabs.${tab}`)}
          </Anchor>
        );
      })}
      {editHref ? (
        <Anchor component={Link} to={editHref} data-testid="flight-tab-edit" underline="never" px="md" py="xs" fw={500} c="dimmed">
          {t("tabs.edit")}
        </Anchor>
      ) : null}
    </Group>
  );
}
