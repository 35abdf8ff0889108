import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectScriptErrors, expectText, fieldError, inPage, JS_MODES, jsModesOfRun, openAs, origin, pathOf, serviceNow, settle, useBrowser } from "./helpers";
import { dateInput, fillDate } from "./date-fields";
import { fillSingleFlight } from "./flight-form";

/**
 * Flight create in Chromium with JavaScript on and off: an S7 manager switches to Regular, ticks Mon/Wed/Fri for
 * two weeks and sees the six flights listed on the all-flights tab with the success notice; a duplicate single
 * flight shows "Flight already exists" beside the number with the typed values kept. Every flight created
 * here has a number of its own, so the demo flights and the other journeys' data stay untouched.
 */

const browser = useBrowser();

const CREATE = "/dashboard/flights/create";

/** S7 7100..7899 from the clock: a reused e2e server keeps the flights of earlier runs. */
const RUN_NUMBER = 7100 + (Math.floor(Date.now() / 1000) % 400) * 2;

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** The first Monday at least `days` ahead. */
function mondayAhead(days: number): Date {
  const d = new Date(serviceNow().getTime() + days * 86_400_000);
  d.setUTCHours(0, 0, 0, 0);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
const plus = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** Types the flight, route and period of the Regular/Schedule form. */
async function fillScheduleHead(form: Locator, head: { number: string; from: Date; to: Date }) {
  await form.locator('input[name="number"]').fill(`S7 ${head.number}`);
  await form.locator('input[name="origin_iata"]').fill("DME");
  await form.locator('input[name="destination_iata"]').fill("OVB");
  await fillDate(form, "period_from", iso(head.from));
  await fillDate(form, "period_to", iso(head.to));
}

/** Ticks the weekdays of line `index` and types its times (arriving the next day) and aircraft. */
async function fillLine(form: Locator, index: number, line: { days: string[]; departure: string; arrival: string; aircraft: string }) {
  for (const day of line.days) await form.locator(`input[name="lines[${index}].days_of_week"][value="${day}"]`).check();
  await form.locator(`input[name="lines[${index}].departure_time"]`).fill(line.departure);
  await form.locator(`input[name="lines[${index}].arrival_time"]`).fill(line.arrival);
  await form.locator(`select[name="lines[${index}].arrival_date_variation"]`).selectOption("1");
  await form.locator(`input[name="lines[${index}].aircraft_type"]`).fill(line.aircraft);
}

describe.each(jsModesOfRun(JS_MODES))("flight create ($name)", ({ javaScriptEnabled }) => {
  const number = String(RUN_NUMBER + (javaScriptEnabled ? 0 : 1));

  it("an S7 manager creates a Mon/Wed/Fri regular schedule for two weeks and sees the six flights listed", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      const scriptErrors = collectScriptErrors(page);
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", CREATE);
      await page.getByTestId("mode-switch").getByRole("tab", { name: "Regular" }).click();
      await page.waitForURL((url) => url.searchParams.get("mode") === "regular");
      await settle(page);

      const form = page.getByTestId("flight-form");
      // JS on: the URL changes before the Regular form replaces the Single one (both have a number field)
      await dateInput(form, "period_from").waitFor();
      const from = mondayAhead(javaScriptEnabled ? 10 : 24);
      const to = plus(from, 13);
      await fillScheduleHead(form, { number, from, to });
      await fillLine(form, 0, { days: ["1", "3", "5"], departure: "22:00", arrival: "06:00", aircraft: "73H" });
      await page.getByTestId("flight-submit").click();

      await page.waitForURL((url) => url.pathname === "/dashboard/flights/tabs/all");
      await settle(page);
      const url = new URL(page.url());
      expect(url.searchParams.get("number")).toBe(`S7${number}`);
      expect(url.searchParams.get("date_from")).toBe(iso(from));
      expect(url.searchParams.get("date_to")).toBe(iso(to));
      await expectText(page.getByTestId("notice"), `Flights S7${number} created: 6`);

      const rows = page.getByTestId("flights-table").locator("tbody tr");
      await expectText(rows.first(), `S7${number}/`);
      const texts = await rows.allInnerTexts();
      expect(texts).toHaveLength(6);
      for (const text of texts) {
        expect(text).toMatch(new RegExp(`^S7${number}/`));
        expect(text).toContain("DME → OVB");
      }
      expect(new Set(await rows.getByTestId("std").allInnerTexts())).toEqual(new Set(["22:00"]));
      expect(scriptErrors).toEqual([]);
    });
  });

  it("Schedule: a second line is added (Sat 23:30 on another aircraft) and both lines' flights are created", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      const scriptErrors = collectScriptErrors(page);
      const scheduleNumber = String(Number(number) + 800 > 9999 ? Number(number) - 800 : Number(number) + 800);
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", `${CREATE}?mode=schedule`);
      const form = page.getByTestId("flight-form");
      const from = mondayAhead(javaScriptEnabled ? 10 : 24);
      const to = plus(from, 6);
      await fillScheduleHead(form, { number: scheduleNumber, from, to });
      await fillLine(form, 0, { days: ["1", "3", "5"], departure: "22:00", arrival: "06:00", aircraft: "32N" });

      // JS on: conform adds the line in the page; JS off: the server answers the form with one more line
      await page.getByTestId("add-line").click();
      await form.locator('input[name="lines[1].departure_time"]').waitFor();
      expect(await form.locator('input[name="lines[0].departure_time"]').inputValue()).toBe("22:00");
      await fillLine(form, 1, { days: ["6"], departure: "23:30", arrival: "07:30", aircraft: "73H" });
      await page.getByTestId("flight-submit").click();

      await page.waitForURL((url) => url.pathname === "/dashboard/flights/tabs/all");
      await settle(page);
      await expectText(page.getByTestId("notice"), `Flights S7${scheduleNumber} created: 4`);
      const rows = page.getByTestId("flights-table").locator("tbody tr");
      await expectText(rows.first(), `S7${scheduleNumber}/`);
      expect(await rows.count()).toBe(4);
      expect((await rows.getByTestId("std").allInnerTexts()).sort()).toEqual(["22:00", "22:00", "22:00", "23:30"]);
      expect(scriptErrors).toEqual([]);
    });
  });

  it("a single flight is created, edited in UTC and cancelled after the confirmation", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      const scriptErrors = collectScriptErrors(page);
      const singleNumber = String(Number(number) + 400 > 9999 ? Number(number) - 400 : Number(number) + 400);
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", CREATE);
      const form = page.getByTestId("flight-form");
      const date = iso(plus(serviceNow(), javaScriptEnabled ? 40 : 41));
      await fillSingleFlight(form, { number: `S7 ${singleNumber}`, date, origin: "OVB", destination: "KJA", std: "09:00", sta: "10:10" });
      await page.getByTestId("flight-submit").click();
      await page.waitForURL((url) => /^\/dashboard\/flights\/\d+$/.test(url.pathname));
      await settle(page);
      const flightPath = pathOf(page);
      await expectText(page.getByTestId("notice"), `Flight S7${singleNumber}/`);

      // OVB is UTC+7: the 09:00 local departure is 02:00 UTC
      await page.goto(`${origin("s7")}${flightPath}/edit`);
      await settle(page);
      await page.getByTestId("edit-time-mode").getByRole("link", { name: "UTC" }).click();
      await page.waitForURL((url) => url.searchParams.get("time_mode") === "utc");
      await settle(page);
      const edit = page.getByTestId("flight-form");
      // (JS on: the URL changes as the new page renders, so wait for the value)
      await expect.poll(() => edit.locator('input[name="std"]').inputValue(), { timeout: 10_000 }).toBe("02:00");
      await edit.locator('input[name="aircraft_reg"]').fill("RA-89001");
      await page.getByTestId("flight-submit").click();
      await page.waitForURL((url) => url.pathname === flightPath);
      await settle(page);
      await expectText(page.getByTestId("notice"), "saved");

      await page.goto(`${origin("s7")}${flightPath}/edit`);
      await settle(page);
      expect(await page.getByTestId("flight-form").locator('input[name="aircraft_reg"]').inputValue()).toBe("RA-89001");
      await page.getByTestId("cancel-flight").click();
      await page.getByTestId("cancel-flight-dialog").waitFor();
      await page.getByTestId("cancel-flight-confirm").click();
      await page.waitForURL((url) => url.pathname === flightPath);
      await settle(page);
      await expectText(page.getByTestId("notice"), "cancelled");
      expect(scriptErrors).toEqual([]);
    });
  });

  it("a duplicate single flight shows 'Flight already exists' beside the number and keeps what was typed", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", CREATE);
      const form = page.getByTestId("flight-form");
      // the demo's S7 0101 DME→OVB flies every day: tomorrow's is taken
      const date = iso(plus(serviceNow(), 2));
      await fillSingleFlight(form, { number: "S7 0101", date, origin: "DME", destination: "OVB", std: "22:00", sta: "06:00" });
      await form.locator('select[name="sta_day"]').selectOption("1");
      await form.locator('input[name="aircraft_reg"]').fill("RA-00001");
      await form.locator('textarea[name="notes"]').fill("kept after the error");
      await page.getByTestId("flight-submit").click();

      await expectText(fieldError(page, "number"), "Flight already exists");
      expect(pathOf(page)).toBe(CREATE);
      expect(await form.locator('input[name="number"]').inputValue()).toBe("S7 0101");
      expect(await form.locator('input[name="flight_date"]').inputValue()).toBe(date);
      expect(await form.locator('input[name="aircraft_reg"]').inputValue()).toBe("RA-00001");
      expect(await form.locator('textarea[name="notes"]').inputValue()).toBe("kept after the error");
    });
  });
});
