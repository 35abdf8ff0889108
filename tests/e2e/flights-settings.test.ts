import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectScriptErrors, expectText, fieldError, hydrated, inPage, JS_MODES, jsModesOfRun, openAs, openHydrated, origin, pathOf, serviceNow, settle, useBrowser } from "./helpers";

/**
 * Issue 4, helper D, in Chromium with JavaScript on and off: an S7 manager holds space for FWDONE on a demo flight
 * and sees it listed (a mistyped forwarder first: the reason beside the field, the typed values kept), makes a
 * booking rule from the flight's create-booking-rule page, and views the flight's aircraft capacity.
 *
 * The demo flights S7 0103 OVB→KJA fly daily from the day after the seed date (the server's start, UTC) for 60
 * days; each mode uses its own date near the end of that window, which no other journey touches (so a second run
 * against the same database, E2E_PORT, finds that allotment already taken).
 */

const browser = useBrowser();

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** "S70103/17JAN27": the demo flight `days` days after today (UTC). */
function demoFlight(days: number): string {
  const d = new Date(serviceNow().getTime() + days * 86_400_000);
  const dd = String(d.getUTCDate()).padStart(2, "0");
  return `S70103/${dd}${MONTHS[d.getUTCMonth()]}${String(d.getUTCFullYear()).slice(2)}`;
}

async function fillAllotment(page: Page, values: { flight: string; forwarder: string; weight: string; volume: string }) {
  const form = page.getByTestId("allotment-form");
  await form.locator('input[name="segment_number_with_date"]').fill(values.flight);
  await form.locator('input[name="forwarder_short_name"]').fill(values.forwarder);
  await form.locator('select[name="type"]').selectOption("hard");
  await form.locator('input[name="weight"]').fill(values.weight);
  await form.locator('input[name="volume"]').fill(values.volume);
  await form.locator('input[name="timelimit_to_std"]').fill("0");
  return form;
}

describe.each(jsModesOfRun(JS_MODES))("allotments, booking rules and capacity of a flight ($name)", ({ javaScriptEnabled }) => {
  const flight = demoFlight(javaScriptEnabled ? 56 : 57);

  it("an S7 manager holds space for FWDONE, makes a booking rule from the flight and views its aircraft capacity", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (firstTab, context) => {
      let page = firstTab;
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/settings/allotments");
      await page.getByTestId("add-allotment").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/allotments/create");
      await settle(page);

      // a forwarder that does not exist: "must exist" beside the field, everything typed still there
      let form = await fillAllotment(page, { flight, forwarder: "NOSUCHFWD", weight: "650", volume: "4" });
      await page.getByTestId("allotment-submit").click();
      await expectText(fieldError(page, "forwarder_short_name"), "There is no forwarder with this short name");
      expect(await form.locator('input[name="segment_number_with_date"]').inputValue()).toBe(flight);
      expect(await form.locator('input[name="weight"]').inputValue()).toBe("650");

      await form.locator('input[name="forwarder_short_name"]').fill("FWDONE");
      await page.getByTestId("allotment-submit").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/allotments" && url.searchParams.get("flight") === flight);
      await expectText(page.getByTestId("notice"), `Allotment on ${flight} created`);
      const row = page.getByTestId("allotments-table").locator("tr", { hasText: flight });
      await expectText(row, "FWDONE");
      expect(await row.innerText()).toMatch(/OVB → KJA[\s\S]*Hard[\s\S]*650 kg[\s\S]*Full block space/);

      // the row's flight link is the flight page: its id opens the flight's own pages
      const href = await row.getByRole("link", { name: flight }).getAttribute("href");
      const segmentId = href!.match(/^\/dashboard\/flights\/(\d+)$/)![1]!;

      // edit in the dialog the list draws from ?edit=<id>
      await row.getByRole("link", { name: "Edit" }).click();
      await page.waitForURL((url) => url.searchParams.has("edit"));
      const dialog = page.getByTestId("allotment-dialog");
      await expectText(dialog, `Edit allotment on ${flight}`);
      await dialog.locator('input[name="weight"]').fill("700");
      await dialog.locator('select[name="type"]').selectOption("soft");
      await dialog.getByTestId("allotment-submit").click();
      await page.waitForURL((url) => !url.searchParams.has("edit"));
      await expectText(page.getByTestId("notice"), `Allotment on ${flight} saved`);
      await expectText(page.getByTestId("allotments-table").locator("tr", { hasText: flight }), /Soft[\s\S]*700 kg/);
      expect(await page.getByTestId("allotment-dialog").count()).toBe(0);

      await page.goto(`${origin("s7")}/dashboard/flights/${segmentId}/create-booking-rule`);
      await settle(page);
      form = page.getByTestId("booking-rule-form");
      expect(await form.locator('input[name="flight_number_with_date"]').inputValue()).toBe(flight);
      expect(await form.locator('input[name="origin_iata"]').inputValue()).toBe("OVB");
      await form.locator('select[name="response_status"]').selectOption("UU");
      await form.locator('input[name="min_percent"]').fill("95");
      await form.locator('input[name="shcs"]').fill("PER");
      // the answer sends the user back to the flight's Booking rules tab (a 302 without JS; with JS, Remix's
      // redirect header): read off the answer itself, so this journey does not depend on the flight page's own code
      const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/create-booking-rule"));
      await page.getByTestId("booking-rule-submit").click();
      const answer = await posted;
      const target = javaScriptEnabled ? answer.headers()["x-remix-redirect"] : answer.headers()["location"];
      expect(target).toBe(`/dashboard/flights/${segmentId}?tab=booking_rules`);

      // the rest in a second tab of the same session, whatever the first is still loading
      page = await context.newPage();

      await page.goto(`${origin("s7")}/dashboard/settings/booking-rules?origin=OVB&destination=KJA`);
      await settle(page);
      const rule = page.getByTestId("booking-rules-table").locator("tr", { hasText: flight });
      await expectText(rule, /UU · Unable/i); // a badge: upper case by CSS
      expect(await rule.innerText()).toContain("PER");

      await page.goto(`${origin("s7")}/dashboard/flights/${segmentId}/aircraft-capacity`);
      await settle(page);
      await expectText(page.getByTestId("flight-headline"), flight);
      await expectText(page.getByTestId("capacity-type"), "73H");
      await expectText(page.getByTestId("capacity-weight"), "kg");
      await page.getByTestId("edit-capacity").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/aircrafts/73H");
      await settle(page);
      expect(pathOf(page)).toBe("/dashboard/aircrafts/73H");
      expect(await page.getByTestId("capacity-form").locator('input[name="aircraft_type"]').inputValue()).toBe("73H");
    });
  });
});

describe("the pages of this part hydrate without script errors (JS on)", () => {
  it("capacities, aircraft, allotments, booking rules and a flight's pages", async () => {
    await inPage(browser(), { javaScriptEnabled: true }, async (page) => {
      // a route module that fails in the browser (e.g. a value imported from a .server module) logs and reloads
      const failures = collectScriptErrors(page, /hydrat|did not match|Minified React error|route module|is not iterable|undefined/i);
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/settings/allotments");
      const flightHref = await page.getByTestId("allotments-table").locator('a[href^="/dashboard/flights/"]').first().getAttribute("href");
      const allotmentEdit = await page.getByTestId("allotments-table").locator('a[href*="edit="]').first().getAttribute("href");
      await page.goto(`${origin("s7")}/dashboard/settings/booking-rules`);
      await settle(page);
      const ruleEdit = await page.getByTestId("booking-rules-table").locator('a[href*="edit="]').first().getAttribute("href");
      const paths = [
        "/dashboard/settings/capacities",
        "/dashboard/settings/capacities?dialog=new",
        "/dashboard/aircrafts/32N",
        "/dashboard/settings/allotments/create",
        allotmentEdit!,
        "/dashboard/settings/booking-rules/create",
        ruleEdit!,
        `${flightHref}/aircraft-capacity`,
        `${flightHref}/create-booking-rule`,
      ];
      for (const path of paths) {
        await openHydrated(page, `${origin("s7")}${path}`);
      }
      // a dialog opened by a click (client-side navigation) and closed again
      await page.goto(`${origin("s7")}/dashboard/settings/capacities`);
      await settle(page);
      await hydrated(page);
      await page.getByTestId("add-capacity").click();
      await page.getByTestId("capacity-dialog").waitFor();
      await page.getByTestId("capacity-dialog").getByRole("link", { name: "Cancel" }).click();
      await page.waitForURL((url) => !url.searchParams.has("dialog"));
      await page.getByTestId("capacity-dialog").waitFor({ state: "detached" });
      expect(failures).toEqual([]);
    });
  });
});
