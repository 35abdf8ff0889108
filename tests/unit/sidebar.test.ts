import { describe, expect, it } from "vitest";
import { ROUTE_REQUIREMENTS } from "~/lib/access/route-requirements";
import { SIDEBAR_ENTRIES, firstPermittedChild, settingsTabsFor, sidebarFor } from "~/lib/access/sidebar";
import en from "../../locales/en/nav.json";
import es from "../../locales/es/nav.json";
import ru from "../../locales/ru/nav.json";
import { ctx } from "./access-helpers";

const ALL: ReadonlySet<string> = new Set(Object.keys(ROUTE_REQUIREMENTS));
const paths = (entries: { path: string }[]) => entries.map((e) => e.path);

/** The sidebar's entries in the spec's order, both shipments pages included. */
const SPEC_ORDER = [
  "/dashboard/offers/select",
  "/dashboard/offers",
  "/dashboard/bookings",
  "/dashboard/air-waybills/create",
  "/dashboard/shipments",
  "/dashboard/air-waybills",
  "/dashboard/receptacles",
  "/dashboard/flights/tabs",
  "/dashboard/tariffs",
  "/dashboard/bi",
  "/dashboard/messaging",
  "/dashboard/settings",
  "/dashboard/settlements",
  "/dashboard/feature-requests",
  "/dashboard/ui-kit",
  "/dashboard/profile",
];

describe("SIDEBAR_ENTRIES", () => {
  it("follows the spec's order, with both shipments pages", () => {
    expect(paths([...SIDEBAR_ENTRIES])).toEqual(SPEC_ORDER);
  });

  it("every entry is a route of the table with a label in en, ru and es", () => {
    for (const { path, label } of SIDEBAR_ENTRIES) {
      expect(ROUTE_REQUIREMENTS[path], path).toBeDefined();
      const key = label.replace(/^sidebar\./, "");
      for (const nav of [en, ru, es]) expect(nav.sidebar[key as keyof typeof nav.sidebar], label).toBeTruthy();
    }
  });
});

describe("sidebarFor", () => {
  it("platform on the default host", () => {
    // every entry in the spec's order but the forwarders' offers and the UI kit (staging only)
    const notForPlatform = ["/dashboard/offers/select", "/dashboard/offers", "/dashboard/ui-kit"];
    expect(paths(sidebarFor(ctx("platform"), ALL))).toEqual(SPEC_ORDER.filter((path) => !notForPlatform.includes(path)));
  });

  it("platform on staging also sees the UI kit", () => {
    expect(paths(sidebarFor(ctx("platform", "staging.localhost"), ALL))).toContain("/dashboard/ui-kit");
  });

  it("forwarder Default on a forwarder host", () => {
    expect(paths(sidebarFor(ctx("forwarder.default", "cargo.localhost"), ALL))).toEqual([
      "/dashboard/offers/select",
      "/dashboard/offers",
      "/dashboard/air-waybills/create",
      "/dashboard/shipments",
      "/dashboard/flights/tabs",
      "/dashboard/tariffs",
      "/dashboard/settings",
      "/dashboard/profile",
    ]);
  });

  it("forwarder Default on su: new shipments page, no bookings, no settings", () => {
    expect(paths(sidebarFor(ctx("forwarder.default", "su.localhost"), ALL))).toEqual([
      "/dashboard/air-waybills/create",
      "/dashboard/air-waybills",
      "/dashboard/flights/tabs",
      "/dashboard/tariffs",
      "/dashboard/profile",
    ]);
  });

  it("the new-page setting swaps the shipments pages for a forwarder", () => {
    const on = paths(sidebarFor(ctx("forwarder.default", "s7.localhost", { ui: { has_access_to_new_air_waybills_page: true } }), ALL));
    const off = paths(sidebarFor(ctx("forwarder.default", "s7.localhost"), ALL));
    expect(on).toContain("/dashboard/air-waybills");
    expect(on).not.toContain("/dashboard/shipments");
    expect(off).toContain("/dashboard/shipments");
    expect(off).not.toContain("/dashboard/air-waybills");
  });

  it("s7 admin sees settings (users) and profile only", () => {
    expect(paths(sidebarFor(ctx("airline.admin", "s7.localhost"), ALL))).toEqual(["/dashboard/settings", "/dashboard/profile"]);
  });

  it("visitor and company-less users see only the profile", () => {
    expect(paths(sidebarFor(ctx("visitor"), ALL))).toEqual(["/dashboard/profile"]);
    expect(paths(sidebarFor(ctx(null, "s7.localhost"), ALL))).toEqual(["/dashboard/profile"]);
  });

  it("leaves out entries whose page is not built yet", () => {
    const built = new Set(["/dashboard/air-waybills", "/dashboard/profile", "/dashboard/settings", "/dashboard/settings/users"]);
    expect(paths(sidebarFor(ctx("airline.manager", "s7.localhost"), built))).toEqual(["/dashboard/air-waybills", "/dashboard/profile"]);
    expect(paths(sidebarFor(ctx("airline.admin", "s7.localhost"), built))).toEqual(["/dashboard/settings", "/dashboard/profile"]);
  });

  it("hides a section without a permitted child", () => {
    // airline admin on c6 (not a users-management airline, prod): the settings section admits them, no child does
    expect(paths(sidebarFor(ctx("airline.admin", "c6.localhost"), ALL))).toEqual(["/dashboard/profile"]);
  });
});

describe("firstPermittedChild", () => {
  it("settings skips the Airline page unless show_settings", () => {
    expect(firstPermittedChild("settings", ctx("airline.manager", "s7.localhost"), ALL)).toBe("/dashboard/settings/capacities");
    expect(firstPermittedChild("settings", ctx("airline.manager", "s7.localhost", { ui: { show_settings: true } }), ALL)).toBe(
      "/dashboard/settings/airline",
    );
  });

  it("settings follows the spec's child order per role", () => {
    expect(firstPermittedChild("settings", ctx("platform"), ALL)).toBe("/dashboard/settings/capacities");
    expect(firstPermittedChild("settings", ctx("airline.com_cor", "s7.localhost"), ALL)).toBe("/dashboard/settings/agreements");
    expect(firstPermittedChild("settings", ctx("airline.billing", "s7.localhost"), ALL)).toBe("/dashboard/settings/products");
    // on a forwarder host the agent page stands in for its generic twin (settingsTabsFor)
    expect(firstPermittedChild("settings", ctx("forwarder.default", "cargo.localhost"), ALL)).toBe("/dashboard/settings/agent/agreements");
    expect(firstPermittedChild("settings", ctx("forwarder.default"), ALL)).toBe("/dashboard/settings/agreements");
    expect(firstPermittedChild("settings", ctx("forwarder.admin"), ALL)).toBe("/dashboard/settings/users");
    expect(firstPermittedChild("settings", ctx("airline.admin", "s7.localhost"), ALL)).toBe("/dashboard/settings/users");
  });

  it("settings is null when the section is closed or nothing is built/permitted", () => {
    expect(firstPermittedChild("settings", ctx("airline.manager", "su.localhost"), ALL)).toBeNull();
    expect(firstPermittedChild("settings", ctx("visitor"), ALL)).toBeNull();
    expect(firstPermittedChild("settings", ctx("airline.ics_inspector", "s7.localhost"), ALL)).toBeNull();
    expect(firstPermittedChild("settings", ctx("airline.manager", "s7.localhost"), new Set(["/dashboard/settings"]))).toBeNull();
  });

  it("settings picks the first child that exists", () => {
    const built = new Set(["/dashboard/settings", "/dashboard/settings/allotments", "/dashboard/settings/users"]);
    expect(firstPermittedChild("settings", ctx("airline.manager", "s7.localhost"), built)).toBe("/dashboard/settings/allotments");
  });

  it("tariffs", () => {
    expect(firstPermittedChild("tariffs", ctx("airline.billing", "s7.localhost"), ALL)).toBe("/dashboard/tariffs/external-tariffs");
    const built = new Set(["/dashboard/tariffs", "/dashboard/tariffs/external-charges"]);
    expect(firstPermittedChild("tariffs", ctx("forwarder.default"), built)).toBe("/dashboard/tariffs/external-charges");
    expect(firstPermittedChild("tariffs", ctx("airline.ics_inspector", "s7.localhost"), ALL)).toBeNull();
  });
});

describe("settingsTabsFor: one tab per page (issue 9 §1.5)", () => {
  const titles = (tabs: string[]) => tabs.map((path) => ROUTE_REQUIREMENTS[path]!.title);

  it("forwarder Default on a forwarder host: the agent pages, each once, never 'Agreements | Agreements'", () => {
    const tabs = settingsTabsFor(ctx("forwarder.default", "cargo.localhost"), ALL);
    expect(tabs).toEqual(["/dashboard/settings/agent/agreements", "/dashboard/settings/agent/stocks", "/dashboard/settings/agent/parties"]);
    expect(new Set(titles(tabs).map((key) => en.title[key.replace(/^title\./, "") as keyof typeof en.title])).size).toBe(tabs.length);
  });

  it("platform on a forwarder host: parties once (the agent page), the airline-side pages as before", () => {
    const tabs = settingsTabsFor(ctx("platform", "cargo.localhost"), ALL);
    expect(tabs).toContain("/dashboard/settings/agent/parties");
    expect(tabs).not.toContain("/dashboard/settings/parties");
    expect(tabs).toContain("/dashboard/settings/capacities");
  });

  it("off a forwarder host nothing is replaced: the forwarder gets the generic pages", () => {
    expect(settingsTabsFor(ctx("forwarder.default"), ALL)).toEqual(["/dashboard/settings/agreements", "/dashboard/settings/parties"]);
  });

  it("an agent page that is not built leaves its generic twin as the tab", () => {
    const built = new Set(["/dashboard/settings", "/dashboard/settings/agreements", "/dashboard/settings/parties", "/dashboard/settings/agent/parties"]);
    expect(settingsTabsFor(ctx("forwarder.default", "cargo.localhost"), built)).toEqual([
      "/dashboard/settings/agreements",
      "/dashboard/settings/agent/parties",
    ]);
  });

  it("no tabs where the section is closed", () => {
    expect(settingsTabsFor(ctx("visitor"), ALL)).toEqual([]);
  });
});
