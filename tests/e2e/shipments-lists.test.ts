import ExcelJS from "exceljs";
import http from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkAwbNumber } from "../../cargo";
import { createWaybill, dayFromToday } from "./awb-form";
import { fillDate } from "./date-fields";
import { expectText, inPage, JS_MODES, jsModesOfRun, openAs, origin, pathOf, settle, signIn, useBrowser } from "./helpers";

/**
 * The two shipments lists of issue 10 (spec 1 §2; which account sees which: spec 1 §6, app/lib/access) in Chromium
 * with JavaScript on and off: the new page /dashboard/air-waybills for S7's manager, the old page /dashboard/shipments
 * for FWDONE's forwarder (its company has no new page). On each, the waybill the test has just made is found by
 * the AWB number filter and a date range typed into the filter form (the state is the address, so it works without
 * JS), and not with a range that misses its day; the tabs switch and keep the filters; the XLSX download answers a
 * real workbook with the filtered rows. At c6.localhost Centrum Air's manager marks a selected row as charter.
 */

const browser = useBrowser();

const FORWARDER = "forwarder@cargodesk.test";
const NEW_LIST = "/dashboard/air-waybills";
const OLD_LIST = "/dashboard/shipments";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// the waybill is created "today" on the server's clock: a range of three days holds it whatever the hour
const IN_RANGE = { from: dayFromToday(-1), to: dayFromToday(1) };
const BEFORE = { from: dayFromToday(-9), to: dayFromToday(-2) };

const MODES = [
  { ...JS_MODES[0], flightDay: 45, serial: 7_310_001 },
  { ...JS_MODES[1], flightDay: 46, serial: 7_310_002 },
];

const table = (page: Page) => page.getByTestId("shipments-table");
/** The list's rows that show a waybill (an empty list shows one row saying so). */
const waybillRows = (page: Page) => table(page).locator("tbody tr", { hasText: /\d{3}-\d{8}/ });
const rowOf = (page: Page, mawb: string) => table(page).locator("tbody tr", { hasText: mawb });

/** Types the filters into the list's form and sends it; waits for the address to carry them. */
async function filterList(page: Page, values: { mawb: string; from: string; to: string }): Promise<void> {
  const form = page.getByTestId("filters");
  await form.locator('input[name="mawb"]').fill(values.mawb);
  await fillDate(form, "date_from", values.from);
  await fillDate(form, "date_to", values.to);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.searchParams.get("date_from") === values.from && url.searchParams.get("date_to") === values.to && url.searchParams.get("mawb") === values.mawb);
  await settle(page);
}

/** Clicks a tab; the address says which, the tab says it is current, and the filters are kept. */
async function switchTab(page: Page, tab: string): Promise<void> {
  const mawb = new URL(page.url()).searchParams.get("mawb");
  await page.getByTestId(`shipments-tab-${tab}`).click();
  await page.waitForURL((url) => url.searchParams.get("tab") === tab);
  await settle(page);
  expect(new URL(page.url()).searchParams.get("mawb")).toBe(mawb);
  await expect.poll(() => page.getByTestId(`shipments-tab-${tab}`).getAttribute("aria-current")).toBe("page");
}

/**
 * The answer to the browser's own request for `url` (host and session cookie as the browser sends them). Node does
 * not resolve *.localhost as Chromium does, so the request goes to 127.0.0.1 with the tenant's Host header.
 */
function requestAsBrowser(context: BrowserContext, url: URL): Promise<{ status: number; type: string }> {
  return context.cookies(url.toString()).then(
    (cookies) =>
      new Promise((resolve, reject) => {
        const headers = { host: url.host, cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
        http
          .get({ host: "127.0.0.1", port: url.port, path: `${url.pathname}${url.search}`, headers }, (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? "") }));
          })
          .on("error", reject);
      }),
  );
}

/**
 * Clicks the list menu's XLSX download as a user does and reads the file the browser saved: the rows of the
 * workbook's first sheet. The answer's type is checked on the same address (a download has no response event
 * without JS).
 */
async function downloadedRows(context: BrowserContext, page: Page): Promise<string[][]> {
  const href = await page.getByTestId("shipments-xlsx").getAttribute("href");
  const answer = await requestAsBrowser(context, new URL(href!, page.url()));
  expect(answer).toEqual({ status: 200, type: expect.stringContaining(XLSX_TYPE) });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("shipments-xlsx").click()]);
  expect(download.suggestedFilename()).toBe("awb_xlsx_report.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v)))));
  return rows;
}

/**
 * The list journey both pages share: number and range find the waybill alone, a range before its day finds nothing,
 * the tabs it belongs to (booking, tracking, all) list it and the others (billing, voided) do not, and the XLSX holds
 * it alone (with the number) or beside only rows of the range's days (without).
 */
async function findsTheWaybill(context: BrowserContext, page: Page, base: string, list: string, mawb: string): Promise<void> {
  await page.goto(`${base}${list}`);
  await settle(page);
  await expect.poll(() => page.getByTestId("shipments-tab-booking").getAttribute("aria-current")).toBe("page");
  // as people write it: spaces instead of the hyphen
  const typed = `${mawb.slice(0, 3)} ${mawb.slice(4)}`;
  await filterList(page, { mawb: typed, ...IN_RANGE });
  await expectText(rowOf(page, mawb), mawb);
  await expect.poll(() => waybillRows(page).count()).toBe(1);

  for (const [tab, listed] of [["billing", false], ["tracking", true], ["voided", false], ["all", true]] as const) {
    await switchTab(page, tab);
    if (listed) await expectText(rowOf(page, mawb), mawb);
    else await expectText(table(page), "No shipments match");
  }

  const [header, ...only] = await downloadedRows(context, page);
  // the page's own header for the date the filters are about (issue 22 §7)
  expect(header!.slice(0, 2)).toEqual(["Created on", "AWB"]);
  expect(only.map((r) => r[1])).toEqual([mawb]);

  await filterList(page, { mawb: typed, ...BEFORE });
  await expectText(table(page), "No shipments match");
  await expect.poll(() => waybillRows(page).count()).toBe(0);

  // the range alone: the workbook holds the waybill and only rows created on the range's days
  await page.goto(`${base}${list}?tab=all&date_from=${IN_RANGE.from}&date_to=${IN_RANGE.to}`);
  await settle(page);
  const [, ...ranged] = await downloadedRows(context, page);
  expect(ranged.map((r) => r[1])).toContain(mawb);
  for (const row of ranged) expect(row[0]! >= IN_RANGE.from && row[0]! <= IN_RANGE.to, `${row[1]} created ${row[0]}`).toBe(true);
}

describe.each(jsModesOfRun(MODES))("shipments lists ($name)", ({ javaScriptEnabled, flightDay, serial }) => {
  it("the S7 manager's new page and the forwarder's old page find the forwarder's new waybill by number and dates; tabs and the XLSX follow", async () => {
    let mawb = "";
    await inPage(browser(), { javaScriptEnabled }, async (page, context) => {
      await signIn(page, origin("s7"), FORWARDER);
      mawb = await createWaybill(page, origin("s7"), { origin: "DME", destination: "OVB", date: dayFromToday(flightDay), pieces: "2", weight: "37,5", flight: /S70101/ });
      // FWDONE has no new page: its list is the old one, and the new one is not there for it
      const denied = await page.goto(`${origin("s7")}${NEW_LIST}`);
      expect(denied?.status()).toBe(404);
      await findsTheWaybill(context, page, origin("s7"), OLD_LIST, mawb);
    });

    await inPage(browser(), { javaScriptEnabled }, async (page, context) => {
      await signIn(page, origin("s7"), "s7.manager@cargodesk.test");
      const denied = await page.goto(`${origin("s7")}${OLD_LIST}`);
      expect(denied?.status()).toBe(404);
      await findsTheWaybill(context, page, origin("s7"), NEW_LIST, mawb);
      // S7 is not on the charters list: no row selection for its manager
      expect(await page.getByTestId("charter-form").count()).toBe(0);
    });
  }, 150_000);

  it("Centrum Air's manager marks a selected row as charter at c6.localhost", async () => {
    const number = `745-${serial}${serial % 7}`;
    expect(checkAwbNumber(number).valid).toBe(true);
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("c6"), FORWARDER);
      // c6 lets the forwarder type its number; saved without a booking
      const mawb = await createWaybill(page, origin("c6"), { mawb: number, origin: "TAS", destination: "SVO", date: dayFromToday(3), pieces: "3", weight: "64" });
      expect(mawb).toBe(number);
    });

    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, origin("c6"), "c6.manager@cargodesk.test", `${NEW_LIST}?tab=all&mawb=${number}`);
      expect(pathOf(page)).toBe(NEW_LIST);
      const row = rowOf(page, number);
      await expectText(row, number);
      expect(await row.getByTestId("awb-charter").count()).toBe(0);
      await row.locator(`input[type="checkbox"][name="mawbs"][value="${number}"]`).check();
      await page.getByTestId("charter-mark").click();
      await expectText(page.getByTestId("notice"), "Marked as charter: 1");
      await expectText(rowOf(page, number).getByTestId("awb-charter"), /charter/i);

      await page.goto(`${origin("c6")}${NEW_LIST}?tab=all&mawb=${number}&charter=no`);
      await settle(page);
      await expectText(table(page), "No shipments match");
      await page.goto(`${origin("c6")}${NEW_LIST}?tab=all&mawb=${number}&charter=yes`);
      await settle(page);
      await expectText(rowOf(page, number), number);
    });
  }, 90_000);
});
