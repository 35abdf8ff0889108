import { canAccess } from "./can-access";
import { MESSAGING_CHILDREN, SETTINGS_CHILDREN, TARIFFS_CHILDREN } from "./route-requirements";
import type { AccessContext } from "./types";

export interface SidebarEntry {
  /** Link target and the route whose requirement decides whether the entry is shown. */
  readonly path: string;
  /** i18n key in the "nav" namespace. */
  readonly label: string;
}

/**
 * The route entries of the main sidebar in the spec's order (spec 1 §2). The admin entry and the language and
 * local/UTC switches are controls, not routes, and are drawn by the layout itself; Profile closes the list.
 */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { path: "/dashboard/offers/select", label: "sidebar.bookingForwarders" },
  { path: "/dashboard/offers", label: "sidebar.offers" },
  { path: "/dashboard/bookings", label: "sidebar.bookings" },
  { path: "/dashboard/air-waybills/create", label: "sidebar.createAirWaybill" },
  { path: "/dashboard/shipments", label: "sidebar.shipmentsOld" },
  { path: "/dashboard/air-waybills", label: "sidebar.shipments" },
  { path: "/dashboard/receptacles", label: "sidebar.receptacles" },
  { path: "/dashboard/flights/tabs", label: "sidebar.flights" },
  { path: "/dashboard/tariffs", label: "sidebar.tariffs" },
  { path: "/dashboard/bi", label: "sidebar.bi" },
  { path: "/dashboard/messaging", label: "sidebar.telegrams" },
  { path: "/dashboard/settings", label: "sidebar.settings" },
  { path: "/dashboard/settlements", label: "sidebar.settlements" },
  { path: "/dashboard/feature-requests", label: "sidebar.featureRequests" },
  { path: "/dashboard/ui-kit", label: "sidebar.uiKit" },
  { path: "/dashboard/profile", label: "sidebar.profile" },
];

export type Section = "settings" | "tariffs" | "messaging";

const SECTION_PATHS: Readonly<Record<Section, string>> = {
  settings: "/dashboard/settings",
  tariffs: "/dashboard/tariffs",
  messaging: "/dashboard/messaging",
};

/**
 * The entries whose route exists (pages built later are not in `existingRoutes` yet) and lets the user in.
 * A redirecting section (settings, tariffs) is shown only when it has a child to redirect to.
 */
export function sidebarFor(ctx: AccessContext, existingRoutes: ReadonlySet<string>): SidebarEntry[] {
  return SIDEBAR_ENTRIES.filter((entry) => {
    if (!existingRoutes.has(entry.path) || !canAccess(entry.path, ctx)) return false;
    const section = (Object.keys(SECTION_PATHS) as Section[]).find((s) => SECTION_PATHS[s] === entry.path);
    return section === undefined || firstPermittedChild(section, ctx, existingRoutes) !== null;
  });
}

/**
 * Target of the section's redirect (spec 1 §2): its first existing child the user may open, in the spec's order;
 * null when there is none (the section then shows the not-found page). Settings skips the Airline page unless
 * the airline's UI settings say show_settings.
 */
export function firstPermittedChild(
  section: Section,
  ctx: AccessContext,
  existingRoutes: ReadonlySet<string>,
): string | null {
  if (!canAccess(SECTION_PATHS[section], ctx)) return null;
  const children = section === "settings" ? settingsTabsFor(ctx, existingRoutes) : section === "messaging" ? MESSAGING_CHILDREN : TARIFFS_CHILDREN;
  return children.find((child) => existingRoutes.has(child) && canAccess(child, ctx)) ?? null;
}

const SETTINGS_AGENT_PREFIX = "/dashboard/settings/agent/";

/** The forwarder-side twin of a settings page (settings/agreements → settings/agent/agreements), if the spec has one. */
function agentTwinOf(child: string): string | undefined {
  const twin = child.replace("/dashboard/settings/", SETTINGS_AGENT_PREFIX);
  return twin !== child && SETTINGS_CHILDREN.includes(twin) ? twin : undefined;
}

/**
 * The settings section's tabs, in the spec's order: the existing children the user may open, the Airline page only
 * when the UI settings say show_settings. A page and its agent twin (agreements, stocks, parties) are one tab: where
 * the user may open the agent page (the forwarder host, spec 1 §6 "Settings: agent pages") the tab is the agent page,
 * and the generic page stays reachable by its URL, as its own row of the table allows. Two tabs with one title and
 * the same content ("Agreements | Agreements") told the user nothing.
 */
export function settingsTabsFor(ctx: AccessContext, existingRoutes: ReadonlySet<string>): string[] {
  if (!canAccess(SECTION_PATHS.settings, ctx)) return [];
  const opens = (path: string) => existingRoutes.has(path) && canAccess(path, ctx);
  return SETTINGS_CHILDREN.filter((child) => {
    if (child === "/dashboard/settings/airline" && ctx.ui.show_settings !== true) return false;
    const twin = agentTwinOf(child);
    return opens(child) && (twin === undefined || !opens(twin));
  });
}

/** The messaging section's tabs, in the spec's order: the existing children the user may open (each by its own row). */
export function messagingTabsFor(ctx: AccessContext, existingRoutes: ReadonlySet<string>): string[] {
  return MESSAGING_CHILDREN.filter((child) => existingRoutes.has(child) && canAccess(child, ctx));
}

/** The tariffs section's tabs (Tariffs, Charges, Surcharges): the existing children the user may open. */
export function tariffsTabsFor(ctx: AccessContext, existingRoutes: ReadonlySet<string>): string[] {
  return TARIFFS_CHILDREN.filter((child) => existingRoutes.has(child) && canAccess(child, ctx));
}
