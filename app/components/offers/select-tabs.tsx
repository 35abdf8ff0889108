import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TabLink, TabRow } from "~/components/tab-links";
import { SELECT_TABS } from "~/lib/offers/select-query";

/**
 * The order selection's tabs, Routes (trips) and Flights (segments), as plain links that keep the search: the same
 * route and date, looked at as itineraries or as direct flights. They work without JS.
 */
export function SelectTabs({ tab }: { tab: string }) {
  const { t } = useTranslation("offers");
  const location = useLocation();
  return (
    <TabRow label={t("tabs.label")} testId="offers-tabs">
      {SELECT_TABS.map((name) => {
        const params = new URLSearchParams(location.search);
        params.set("tab", name);
        return <TabLink key={name} to={`${location.pathname}?${params}`} label={t(`tabs.${name}`)} active={name === tab} testId={`offers-tab-${name}`} />;
      })}
    </TabRow>
  );
}
