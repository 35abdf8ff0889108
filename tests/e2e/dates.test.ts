import { describe, expect, it } from "vitest";
import { dateInput, fillDate, postedDate } from "./date-fields";
import { fillSingleFlight } from "./flight-form";
import { expectText, fieldError, inPage, JS_MODES, jsModesOfRun, newPage, openAs, origin, pathOf, serviceNow, settle, switchLanguage, useBrowser } from "./helpers";

/**
 * Dates and times in a browser whose locale prefers the 12-hour clock (Chromium `en-US`, where a native time
 * input reads "10:00 AM"): a flight's times are typed, posted and shown back as 24-hour `HH:mm`, with JS on and
 * off. With JS the dates are @mantine/dates pickers, downloaded only by pages that show dates, with a calendar
 * in the user's language (Russian: Monday first, Russian month names) that posts `YYYY-MM-DD`.
 */

const browser = useBrowser();

const CREATE = "/dashboard/flights/create";
/** S7 5100..5899 from the clock (flight-create.test.ts takes 7100..7899): a reused e2e server keeps earlier runs' flights. */
const RUN_NUMBER = 5100 + (Math.floor(Date.now() / 1000) % 400) * 2;
const isoAhead = (days: number) => new Date(serviceNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** The lazily loaded picker's script (public/build/_shared/date-picker-input-<hash>.js). */
const PICKER_SCRIPT = /\/build\/.*date-picker-input-[^/]*\.js$/;

describe.each(jsModesOfRun(JS_MODES))("24-hour times in an en-US browser ($name)", ({ javaScriptEnabled }) => {
  it("a single flight's STD and STA are typed, posted and shown back as HH:mm", async () => {
    await inPage(browser(), { javaScriptEnabled, locale: "en-US" }, async (page) => {
      const scriptErrors: string[] = [];
      page.on("pageerror", (error) => scriptErrors.push(error.message));
      const number = String(RUN_NUMBER + (javaScriptEnabled ? 0 : 1));
      const date = isoAhead(javaScriptEnabled ? 50 : 51);
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", CREATE);
      const form = page.getByTestId("flight-form");
      // no native time control anywhere in the form's times: its face follows the browser's 12-hour locale
      expect(await form.locator('input[type="time"]').count()).toBe(0);
      const std = form.locator('input[name="std"]');
      const sta = form.locator('input[name="sta"]');
      expect(await std.getAttribute("placeholder")).toBe("HH:MM");

      await fillSingleFlight(form, { number: `S7 ${number}`, date, origin: "OVB", destination: "KJA" });
      if (javaScriptEnabled) {
        // typed loosely (as a 12-hour habit would), written on the 24-hour clock when the field is left
        await std.fill("9:30 pm");
        await std.blur();
        await sta.fill("2340");
        await sta.blur();
        expect(await std.inputValue()).toBe("21:30");
        expect(await sta.inputValue()).toBe("23:40");
        expect(await postedDate(form, "flight_date")).toBe(date);
      } else {
        await std.fill("21:30");
        await sta.fill("23:40");
      }
      await page.getByTestId("flight-submit").click();
      await page.waitForURL((url) => /^\/dashboard\/flights\/\d+$/.test(url.pathname));
      await settle(page);
      await expectText(page.getByTestId("notice"), `Flight S7${number}/`);

      // the edit form shows what was saved, in the same 24-hour text (local time mode: the airports' clocks)
      await page.goto(`${origin("s7")}${pathOf(page)}/edit`);
      await settle(page);
      const edit = page.getByTestId("flight-form");
      await expect.poll(() => edit.locator('input[name="std"]').inputValue(), { timeout: 10_000 }).toBe("21:30");
      expect(await edit.locator('input[name="sta"]').inputValue()).toBe("23:40");
      expect(await postedDate(edit, "flight_date")).toBe(date);
      expect(scriptErrors).toEqual([]);
    });
  });

  it("a time the server cannot read is named beside the field and kept as typed", async () => {
    await inPage(browser(), { javaScriptEnabled, locale: "en-US" }, async (page) => {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", CREATE);
      const form = page.getByTestId("flight-form");
      const date = isoAhead(52);
      await fillSingleFlight(form, { number: `S7 ${RUN_NUMBER + 2}`, date, origin: "OVB", destination: "KJA", std: "25:10", sta: "23:40" });
      await page.getByTestId("flight-submit").click();

      await expectText(fieldError(page, "std"), "A time on the 24-hour clock, like 21:30");
      expect(pathOf(page)).toBe(CREATE);
      expect(await form.locator('input[name="std"]').inputValue()).toBe("25:10");
      expect(await form.locator('input[name="sta"]').inputValue()).toBe("23:40");
      expect(await postedDate(form, "flight_date")).toBe(date);
    });
  });
});

describe("date pickers with JavaScript", () => {
  it("load only on pages with dates, and show a Russian, Monday-first calendar that posts YYYY-MM-DD", async () => {
    const { context, page } = await newPage(browser(), { javaScriptEnabled: true, locale: "en-US" });
    // routing the scripts turns the browser's cache off, so each document's fetch of the picker is seen
    await page.route("**/build/**", (route) => route.continue());
    const pickerScripts: string[] = [];
    page.on("request", (request) => {
      if (PICKER_SCRIPT.test(request.url())) pickerScripts.push(request.url());
    });
    try {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/settings/airline");
      pickerScripts.length = 0; // (the landing page, the flights list, has date filters)
      await page.reload();
      await settle(page);
      await page.waitForLoadState("networkidle"); // hydrated, and anything it would fetch fetched
      expect(pickerScripts).toEqual([]);

      await page.goto(`${origin("s7")}${CREATE}`);
      await settle(page);
      const form = page.getByTestId("flight-form");
      const picker = form.locator('input[data-date-for="flight_date"]');
      await picker.waitFor();
      expect(pickerScripts).toHaveLength(1);

      await switchLanguage(page, "RU");
      await picker.waitFor();

      // a fixed date far from today: only the form's own handling is under test, nothing is saved
      await fillDate(form, "flight_date", "2030-03-15");
      expect(await picker.inputValue()).toBe("15.03.2030");
      expect(await postedDate(form, "flight_date")).toBe("2030-03-15");

      await picker.click();
      const calendar = page.locator("[data-dates-dropdown]");
      // the header's month as a title ("Март 2030") or in running text ("март"): the words are what matter
      await expectText(calendar, /март 2030/i);
      expect((await calendar.locator("thead th").allInnerTexts()).map((s) => s.trim().toLowerCase())[0]).toBe("пн");
      await calendar.getByRole("button", { name: "20 марта 2030" }).click();
      expect(await picker.inputValue()).toBe("20.03.2030");
      expect(await postedDate(form, "flight_date")).toBe("2030-03-20");
      // the time fields hint the 24-hour clock in the user's language too
      expect(await form.locator('input[name="std"]').getAttribute("placeholder")).toBe("ЧЧ:ММ");
      expect(await dateInput(form, "flight_date").count()).toBe(1);
    } finally {
      // back to English, so the account is as the seed left it
      await switchLanguage(page, "EN").catch(() => undefined);
      await context.close();
    }
  });
});
