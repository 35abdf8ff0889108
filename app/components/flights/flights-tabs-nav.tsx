import { Group } from "~/lib/mantine/Group";
import { NavLink } from "~/lib/mantine/NavLink";
import { ScrollArea } from "~/lib/mantine/ScrollArea";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

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
      <Group gap={4} wrap="nowrap" data-testid="flights-tabs" role="navigation" aria-label={t("tabsLabel")}>
        {tabs.map((tab) => {
          const path = `${BASE}/${tab}`;
          const active = location.pathname === path;
          return (
            <NavLink
              key={tab}
              component={Link}
              to={`${path}${search}`}
              label={t(`tabs.${tab}`)}
              active={active}
              aria-current={active ? "page" : undefined}
              data-testid={`flights-tab-${tab}`}
              w="auto"
              style={{ whiteSpace: "nowrap", borderRadius: 6 }}
            />
          );
        })}
      </Group>
    </ScrollArea>
  );
}
