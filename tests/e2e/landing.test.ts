import { describe, expect, it } from "vitest";
import { expectText, inPage, JS_MODES, jsModesOfRun, origin, pathOf, sidebarPaths, signInThroughForm, useBrowser } from "./helpers";

/**
 * Spec 1 §2 "Landing redirect" in Chromium, JavaScript on and off: a user signs in through the form and lands, with
 * the shell and its sidebar around the landing page. Every demo account's landing page and sidebar is
 * tests/bff/landing.test.ts's (the same sign-in form, through the BFF); here an airline manager on the airline's host
 * (the shipments list) and a forwarder on a forwarder host (its booking search), one in each mode.
 */

const browser = useBrowser();

const JOURNEYS = [
  {
    ...JS_MODES[0],
    email: "s7.manager@cargodesk.test",
    tenant: "s7",
    lands: "/dashboard/air-waybills",
    sidebar: ["/dashboard/bookings", "/dashboard/air-waybills", "/dashboard/flights/tabs", "/dashboard/tariffs", "/dashboard/messaging", "/dashboard/settings", "/dashboard/profile"],
  },
  {
    ...JS_MODES[1],
    email: "forwarder@cargodesk.test",
    tenant: "cargo",
    lands: "/dashboard/offers/select",
    sidebar: ["/dashboard/offers/select", "/dashboard/offers", "/dashboard/air-waybills/create", "/dashboard/shipments", "/dashboard/flights/tabs", "/dashboard/tariffs", "/dashboard/settings", "/dashboard/profile"],
  },
] as const;

describe.each(jsModesOfRun(JOURNEYS))("landing after sign-in ($name)", ({ javaScriptEnabled, email, tenant, lands, sidebar }) => {
  it(`${email} at ${tenant}.localhost lands on ${lands}`, async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signInThroughForm(page, origin(tenant), email);
      expect(pathOf(page)).toBe(lands);
      expect(new URL(page.url()).host).toBe(new URL(origin(tenant)).host);
      await expectText(page.getByTestId("header-profile"), /\S/);
      expect(await sidebarPaths(page)).toEqual(sidebar);
      expect(await page.getByTestId("not-found").count()).toBe(0);
    });
  });
});
