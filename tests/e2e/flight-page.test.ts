import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectScriptErrors, expectText, inPage, JS_MODES, jsModesOfRun, origin, pathOf, serviceNow, settle, signIn, useBrowser } from "./helpers";
import { fillDate } from "./date-fields";

/**
 * Issue 4's journey in Chromium with JavaScript on and off: an S7 manager creates a regular schedule with the
 * create form (Regular mode), opens one of its flights, locks it and sees the lock in the change log. Each run
 * uses its own flight number, so the shared server's demo flights are never changed.
 */

const browser = useBrowser();

/** A flight number of this run and mode (4 digits, away from the demo's 0101/0103). */
const flightNumber = (offset: number) => String(5000 + ((Date.now() / 1000 + offset * 487) % 4000 | 0)).padStart(4, "0");

const isoDate = (daysAhead: number) => new Date(serviceNow().getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);

async function createRegularSchedule(page: Page, number: string): Promise<void> {
  await page.goto(`${origin("s7")}/dashboard/flights/create?mode=regular`);
  await settle(page);
  const form = page.getByTestId("flight-form");
  await form.locator('input[name="number"]').fill(`S7${number}`);
  await form.locator('input[name="origin_iata"]').fill("DME");
  await form.locator('input[name="destination_iata"]').fill("OVB");
  await fillDate(form, "period_from", isoDate(10));
  await fillDate(form, "period_to", isoDate(16));
  for (const day of ["1", "3", "5"]) await form.locator(`input[name="lines[0].days_of_week"][value="${day}"]`).check();
  await form.locator('input[name="lines[0].departure_time"]').fill("10:00");
  await form.locator('input[name="lines[0].arrival_time"]').fill("18:00");
  await form.locator('input[name="lines[0].aircraft_type"]').fill("32N");
  await page.getByTestId("flight-submit").click();
  // the create page sends the user to the list of the new flights
  await page.waitForURL((url) => url.pathname.startsWith("/dashboard/flights/tabs/"));
  await settle(page);
}

describe.each(jsModesOfRun(JS_MODES))("flight page ($name)", ({ javaScriptEnabled }) => {
  it("an S7 manager creates a regular schedule, opens a flight, locks it, sees the change log", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      // a route module that fails in the browser is logged, and Remix reloads the page instead of navigating
      const scriptErrors = collectScriptErrors(page, /route module/);
      const number = flightNumber(javaScriptEnabled ? 1 : 2);
      await signIn(page, origin("s7"), "s7.manager@cargodesk.test");
      await createRegularSchedule(page, number);

      // Mon, Wed, Fri over seven days: three flights; open the first
      const links = page.locator('[data-testid^="flight-link-"]');
      await links.first().waitFor();
      expect(await links.count()).toBe(3);
      await links.first().click();
      await page.waitForURL((url) => /^\/dashboard\/flights\/\d+$/.test(url.pathname));
      await settle(page);
      const flightPath = pathOf(page);
      await expectText(page.getByTestId("flight-number"), `S7${number}/`);
      await expectText(page.getByTestId("flight-route"), "DME → OVB");
      // 10:00 at DME, Moscow time, as typed in local mode
      await expectText(page.getByTestId("time-std"), "10:00 +03:00");
      expect(await page.getByTestId("badge-locked").count()).toBe(0);

      await page.getByTestId("flag-lock").click();
      await expectText(page.getByTestId("notice"), "Flight locked");
      await page.getByTestId("badge-locked").waitFor();
      await page.getByTestId("flag-unlock").waitFor();

      await page.getByTestId("flight-tab-change_log").click();
      await page.waitForURL((url) => url.pathname === flightPath && url.searchParams.get("tab") === "change_log");
      await settle(page);
      const newest = page.getByTestId("change-log-table").locator("tbody tr").first();
      await expectText(newest, "s7.manager@cargodesk.test");
      await expectText(newest.getByTestId("change-locked"), /Locked\s*: No → Yes/);
      // the oldest entry is the schedule's creation
      await expectText(page.getByTestId("change-log-table").locator("tbody tr").last(), "Created");

      // the Load factor tab: numbers without JS, and the chart once the page runs JavaScript
      await page.getByTestId("flight-tab-loadfactor").click();
      await page.getByTestId("capacity-table").waitFor();
      await expectText(page.getByTestId("capacity-max"), "kg");
      if (javaScriptEnabled) await page.getByTestId("load-factor-chart-slot").locator("svg").first().waitFor();
      expect(scriptErrors).toEqual([]);
    });
  });
});
