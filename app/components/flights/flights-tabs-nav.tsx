import { ScrollArea } from "~/lib/mantine/ScrollArea";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TabLink, TabRow } from "~/components/tab-links";

const BASE = "/dashboard/flights/tabs";

/**
 * The flights list tabs as plain links (they work without JS). Only the tabs the user may open arrive here.
 * Switching tab keeps the filters the user set, but not the page: another tab has other rows.
 */
export function FlightsTabsNav({ tabs }: { tabs: readonly string[] }) {
  const { t } = useTranslation("flights");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("page");
  params.delete("format");
  const query = params.toString();
  const search = query ? `?${query}` : "";
  return (
    <ScrollArea type="auto" mb="md">
      <TabRow label={t("tabsLabel")} testId="flights-tabs">
        {tabs.map((tab) => {
          const path = `${BASE}/${tab}`;
          return <TabLink key={tab} to={`${path}${search}`} label={t(`tabs.${tab}`)} active={location.pathname === path} testId={`flights-tab-${tab}`} />;
        })}
      </TabRow>
    </ScrollArea>
  );
}
