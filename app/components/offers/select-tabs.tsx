import { Group } from "~/lib/mantine/Group";
import { NavLink } from "~/lib/mantine/NavLink";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SELECT_TABS } from "~/lib/offers/select-query";

/**
 * The order selection's tabs, Routes (trips) and Flights (segments), as plain links that keep the search: the same
 * route and date, looked at as itineraries or as direct flights. They work without JS.
 */
export function SelectTabs({ tab }: { tab: string }) {
  const { t } = useTranslation("offers");
  const location = useLocation();
  return (
    <Group gap={4} wrap="nowrap" role="navigation" aria-label={t("tabs.label")} data-testid="offers-tabs">
      {SELECT_TABS.map((name) => {
        const params = new URLSearchParams(location.search);
        params.set("tab", name);
        const active = name === tab;
        return (
          <NavLink
            key={name}
            component={Link}
            to={`${location.pathname}?${params}`}
            label={t(`tabs.${name}`)}
            active={active}
            aria-current={active ? "page" : undefined}
            data-testid={`offers-tab-${name}`}
            w="auto"
            style={{ whiteSpace: "nowrap", borderRadius: 6 }}
          />
        );
      })}
    </Group>
  );
}
