import { Group } from "~/components/plain/group";
import { NavLink } from "~/components/plain/nav-link";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

// The tab rows of the lists (flights, shipments, order selection): plain links that keep the URL's state, so they
// work without JS, drawn alike on every page.

/** The row of tabs, named for assistive technology. */
export function TabRow({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" role="navigation" aria-label={label} data-testid={testId}>
      {children}
    </Group>
  );
}

/** One tab: a link, marked as the current page when it is the active one. */
export function TabLink({ to, label, active, testId }: { to: string; label: string; active?: boolean; testId: string }) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={active}
      aria-current={active ? "page" : undefined}
      data-testid={testId}
      w="auto"
      style={{ whiteSpace: "nowrap", borderRadius: 6 }}
    />
  );
}
