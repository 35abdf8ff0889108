import { describe, expect, it } from "vitest";
import { linksOf, textOf, useBff } from "./harness";

/**
 * Spec 1 §2 "Landing redirect" for every demo account at its home tenant, and the sidebar each one sees, through the
 * real sign-in form of the BFF (tests/e2e/landing.test.ts signs in through a browser for two of them)
 * (only routes that exist in this build and let the user in). Spec 1 §6: Bookings for platform, airline
 * Default/Manager/ComCor and forwarder Default, not on su nor the forwarder sub-domain; Create air waybill for platform,
 * airline su and forwarder Default; the old shipments page for platform and the forwarder Default outside su while its
 * company has no new page (FWDONE); the new page for platform, airline roles and the forwarder Default on su.
 * Flights shows for platform, every airline role but Admin and the forwarder Default, on every tenant. Settings shows when
 * at least one built settings page admits the user: not for su's airline users (on su only platform and
 * forwarder Admin), not for the customs inspector (no settings page of theirs is built yet), not for a
  { email: "c6.manager@cargodesk.test", tenant: "c6", lands: NEW_LIST, built: true, sidebar: [BOOKINGS, NEW_LIST, FLIGHTS, TARIFFS, MESSAGING, SETTINGS, PROFILE] },
  { email: "v0.manager@cargodesk.test", tenant: "v0", lands: NEW_LIST, built: true, sidebar: [BOOKINGS, NEW_LIST, FLIGHTS, TARIFFS, MESSAGING, SETTINGS, PROFILE] },
  { email: "forwarder@cargodesk.test", lands: BOOKINGS, built: true, sidebar: [BOOKINGS, CREATE, OLD_LIST, FLIGHTS, TARIFFS, SETTINGS, PROFILE] },
  { email: "forwarder@cargodesk.test", tenant: "su", lands: CREATE, built: true, sidebar: [CREATE, NEW_LIST, FLIGHTS, TARIFFS, PROFILE] },
  // the forwarders' booking search (order selection), then their offers
  { email: "forwarder@cargodesk.test", tenant: "cargo", lands: OFFERS_SELECT, built: true, sidebar: [OFFERS_SELECT, OFFERS, CREATE, OLD_LIST, FLIGHTS, TARIFFS, SETTINGS, PROFILE] },
 */
const PROFILE = "/dashboard/profile";
const SETTINGS = "/dashboard/settings";
const MESSAGING = "/dashboard/messaging";
const FLIGHTS = "/dashboard/flights/tabs";
const TARIFFS = "/dashboard/tariffs";
const BOOKINGS = "/dashboard/bookings";
const CREATE = "/dashboard/air-waybills/create";
const OLD_LIST = "/dashboard/shipments";
const NEW_LIST = "/dashboard/air-waybills";
const RECEPTACLES = "/dashboard/receptacles";
const OFFERS_SELECT = "/dashboard/offers/select";
const OFFERS = "/dashboard/offers";

interface Case {
  email: string;
  /** Sub-domain of localhost; none is the default tenant. */
  tenant?: string;
  lands: string;
  /** The landing page exists in this build; otherwise the in-shell not-found page shows. */
  built: boolean;
  sidebar: string[];
}

const CASES_WITHOUT_HOST: Case[] = [
  { email: "platform@cargodesk.test", lands: NEW_LIST, built: true, sidebar: [BOOKINGS, CREATE, OLD_LIST, NEW_LIST, RECEPTACLES, FLIGHTS, TARIFFS, MESSAGING, SETTINGS, PROFILE] },
  { email: "su.manager@cargodesk.test", tenant: "su", lands: NEW_LIST, built: true, sidebar: [CREATE, NEW_LIST, FLIGHTS, TARIFFS, MESSAGING, PROFILE] },
  ...["operator", "manager", "comcor", "billing", "inspector"].map((role) => ({
    email: `s7.${role}@cargodesk.test`,
    tenant: "s7",
    lands: NEW_LIST,
    built: true,
    // operator: handlers, agreements; manager: most pages; comcor: agreements; billing: products
    sidebar: [
      ...(["operator", "manager", "comcor"].includes(role) ? [BOOKINGS] : []),
      NEW_LIST,
      FLIGHTS,
      // the tariffs section: every airline role but the customs inspector (spec 1 §6)
      ...(role === "inspector" ? [] : [TARIFFS]),
      // Telegrams (spec 1 §6 Messaging: Default, Manager, IcsInspector): the Cargo-IMP list (Manager), its upload
      // (IcsInspector), the outgoing messages (Default)
      ...(["operator", "manager", "inspector"].includes(role) ? [MESSAGING] : []),
      ...(role === "inspector" ? [] : [SETTINGS]),
      PROFILE,
    ],
  })),
  { email: "s7.admin@cargodesk.test", tenant: "s7", lands: "/dashboard/settings/users", built: true, sidebar: [SETTINGS, PROFILE] },
  { email: "c6.manager@cargodesk.test", tenant: "c6", lands: NEW_LIST, built: true, sidebar: [BOOKINGS, NEW_LIST, FLIGHTS, TARIFFS, MESSAGING, SETTINGS, PROFILE] },
  { email: "v0.manager@cargodesk.test", tenant: "v0", lands: NEW_LIST, built: true, sidebar: [BOOKINGS, NEW_LIST, FLIGHTS, TARIFFS, MESSAGING, SETTINGS, PROFILE] },
  { email: "forwarder@cargodesk.test", lands: BOOKINGS, built: true, sidebar: [BOOKINGS, CREATE, OLD_LIST, FLIGHTS, TARIFFS, SETTINGS, PROFILE] },
  { email: "forwarder@cargodesk.test", tenant: "su", lands: CREATE, built: true, sidebar: [CREATE, NEW_LIST, FLIGHTS, TARIFFS, PROFILE] },
  // the forwarders' booking search (order selection), then their offers
  { email: "forwarder@cargodesk.test", tenant: "cargo", lands: OFFERS_SELECT, built: true, sidebar: [OFFERS_SELECT, OFFERS, CREATE, OLD_LIST, FLIGHTS, TARIFFS, SETTINGS, PROFILE] },
  { email: "forwarder.admin@cargodesk.test", lands: "/dashboard/settings/users", built: true, sidebar: [SETTINGS, PROFILE] },
  { email: "visitor@cargodesk.test", lands: PROFILE, built: true, sidebar: [PROFILE] },
  { email: "nocompany@cargodesk.test", lands: PROFILE, built: true, sidebar: [PROFILE] },
];

export const CASES = CASES_WITHOUT_HOST.map((c) => ({ ...c, host: c.tenant ? `${c.tenant}.localhost` : "localhost" }));

const S7_DEMO_USERS = ["operator", "manager", "comcor", "billing", "inspector", "admin"].map((r) => `s7.${r}@cargodesk.test`);
const FWDONE_DEMO_USERS = ["forwarder@cargodesk.test", "forwarder.admin@cargodesk.test"];
const ALL_DEMO_USERS = [
  ...S7_DEMO_USERS,
  ...FWDONE_DEMO_USERS,
  ...["platform", "su.manager", "c6.manager", "v0.manager", "visitor", "nocompany"].map((u) => `${u}@cargodesk.test`),
];

const bff = useBff();

/** The paths of the sidebar's links, in order: the anchors between its stack and the end of the shell's navbar. */
function sidebarPaths(html: string): string[] {
  const start = html.indexOf('data-testid="sidebar"');
  if (start < 0) return [];
  return linksOf(html.slice(start, html.indexOf("</nav>", start))).map((href) => new URL(href, "http://x").pathname);
}

describe("landing after sign-in", () => {
  it.each(CASES)("$email at $host lands on $lands", async ({ email, host, lands, built, sidebar }) => {
    // the sign-in form's answer, followed to where it leads, on the host signed in at
    const { landing } = await bff.browser().signIn(host, email);
    expect([new URL(landing.url).host, new URL(landing.url).pathname, landing.status]).toEqual([host, lands, 200]);
    // the shell renders around every landing page, built or not
    expect(landing.body).toContain('data-testid="header-profile"');
    expect(sidebarPaths(landing.body)).toEqual(sidebar);
    expect(landing.body.includes('data-testid="not-found"')).toBe(!built);

    if (lands === "/dashboard/settings/users") {
      // an admin's list holds their own company's users and nobody else's
      const members = host === "s7.localhost" ? S7_DEMO_USERS : FWDONE_DEMO_USERS;
      const text = textOf(landing.body.slice(landing.body.indexOf('data-testid="users-table"')));
      for (const u of members) expect(text).toContain(u);
      for (const u of ALL_DEMO_USERS.filter((a) => !members.includes(a))) expect(text).not.toContain(u);
    }
  });
});
