import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectText, inPage, JS_MODES, jsModesOfRun, openAs, origin, pathOf, settle, useBrowser } from "./helpers";
import { checkPhonePage, PHONE } from "./phone-screen";

/**
 * Schedules in (issue 23) in Chromium with JavaScript on and off: an S7 manager opens the SSIM telegrams, uploads an
 * SSIM file (a weekly cargo flight, S7 8801 DME-OVB on Wednesdays from 2026 to 2029: whatever day the run is on, the
 * year it is applied to holds about 52 of its flights), lands on the telegram's page, where the queue's report
 * appears, and finds the flights in the flights list. The second mode's upload finds them already there and says so:
 * applying a schedule again changes nothing. On a phone: the list, the upload page and the telegram's page fit 390 px.
 */

const browser = useBrowser();
const FILE = path.resolve("tests/fixtures/telegrams/ssim/weekly-cargo-flight.ssim");

describe.each(jsModesOfRun(JS_MODES))("SSIM telegrams ($name)", ({ javaScriptEnabled }) => {
  it("an S7 manager uploads an SSIM file and sees its flights in the flights list", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await page.setViewportSize(PHONE);
      const overflowing: string[] = [];
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/messaging/ssim-telegrams");
      await checkPhonePage(page, pathOf(page), overflowing);
      await page.getByTestId("upload-telegram").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/messaging/ssim");
      await settle(page);
      await checkPhonePage(page, pathOf(page), overflowing);
      await page.getByTestId("ssim-file").setInputFiles(FILE);
      await page.getByTestId("ssim-submit").click();
      await page.waitForURL((url) => /^\/dashboard\/messaging\/ssim-telegrams\/\d+$/.test(url.pathname));
      await settle(page);
      await expectText(page.getByTestId("notice"), "Telegram received");
      await expectText(page.getByTestId("telegram-no-errors"), "No errors");
      await expectText(page.getByTestId("telegram-line-11"), "S7 88010101F07JAN2626DEC29");

      // the queue applies it after the upload: the page says what it did once it has
      const detail = pathOf(page);
      await expect
        .poll(
          async () => {
            await page.goto(`${origin("s7")}${detail}`);
            return page.getByTestId("telegram-note-telegram_schedule_summary").count();
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(1);
      await expectText(page.getByTestId("telegram-note-telegram_schedule_summary"), /Flights created: \d+ \(\d+ segments\); segments changed: 0/);
      await checkPhonePage(page, pathOf(page), overflowing);
      expect(overflowing).toEqual([]);

      await page.goto(`${origin("s7")}/dashboard/flights/tabs/all?number=S78801`);
      await settle(page);
      const rows = page.getByTestId("flights-table").locator("tbody tr");
      await expectText(rows.first(), /S78801\/\d{2}[A-Z]{3}\d{2}/);
      await expectText(rows.first(), "DME");
      expect(await rows.count()).toBeGreaterThan(0);
    });
  });
});
