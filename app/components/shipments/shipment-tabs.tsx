import { Group } from "~/lib/mantine/Group";
import { NavLink } from "~/lib/mantine/NavLink";
import { ScrollArea } from "~/lib/mantine/ScrollArea";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
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
      <Group gap={4} wrap="nowrap" data-testid="shipments-tabs" role="navigation" aria-label={t("tabsLabel")}>
        {SHIPMENT_TABS.map((tab) => (
          <NavLink
            key={tab}
            component={Link}
            to={hrefOf(tab)}
            label={t(`tabs.${tab}`)}
            active={tab === active}
            aria-current={tab === active ? "page" : undefined}
            data-testid={`shipments-tab-${tab}`}
            w="auto"
            style={{ whiteSpace: "nowrap", borderRadius: 6 }}
          />
        ))}
        {voidRequestsHref ? (
          <NavLink
            component={Link}
            to={voidRequestsHref}
            label={t("tabs.void_requests")}
            data-testid="shipments-tab-void_requests"
            w="auto"
            style={{ whiteSpace: "nowrap", borderRadius: 6 }}
          />
        ) : null}
      </Group>
    </ScrollArea>
  );
}
