import { ScrollArea } from "~/lib/mantine/ScrollArea";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TabLink, TabRow } from "~/components/tab-links";
import { SHIPMENT_TABS, type ShipmentTab } from "./shipment-list-query";

/**
 * The shipments list's tabs (spec 1 §2) as plain links on the same page (?tab=), so they work without JS.
 * Switching tab keeps the filters and the order, but not the page: another tab has other rows. After them, the void
 * requests list (a page of its own: another kind of row).
 */
export function ShipmentTabs({ active, voidRequestsHref = null }: { active: ShipmentTab; voidRequestsHref?: string | null }) {
  const { t } = useTranslation("shipments");
  const location = useLocation();
  const hrefOf = (tab: ShipmentTab) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    params.set("tab", tab);
    return `${location.pathname}?${params}`;
  };
  return (
    <ScrollArea type="auto">
      <TabRow label={t("tabsLabel")} testId="shipments-tabs">
        {SHIPMENT_TABS.map((tab) => (
          <TabLink key={tab} to={hrefOf(tab)} label={t(`tabs.${tab}`)} active={tab === active} testId={`shipments-tab-${tab}`} />
        ))}
        {voidRequestsHref ? <TabLink to={voidRequestsHref} label={t("tabs.void_requests")} testId="shipments-tab-void_requests" /> : null}
      </TabRow>
    </ScrollArea>
  );
}
