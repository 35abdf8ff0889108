import { describe, expect, it } from "vitest";
import { apiGetAs, expectText, inPage, JS_MODES, jsModesOfRun, openAs, origin, pathOf, RUN_ID, serviceNow, settle, useBrowser } from "./helpers";
import { checkPhonePage, PHONE } from "./phone-screen";

/**
 * Cargo-IMP telegrams (issue 23) in Chromium with JavaScript on and off, on a phone: an S7 manager opens Telegrams,
 * uploads a telegram whose type no codec reads, lands on its page and follows its error to the line it is on. The
 * list, the upload page and the telegram's page fit 390 px (the original text scrolls inside its own box). Then (one
 * mode: the upload form is the same) a status update: an FSU saying the consignee of an arrived S7 waybill was
 * notified, applied by the queue, is a movement on the shipment's page.
 */

const browser = useBrowser();

describe.each(jsModesOfRun(JS_MODES))("Cargo-IMP telegrams ($name)", ({ javaScriptEnabled, name }) => {
  it("an S7 manager uploads a telegram and sees its error on its line", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await page.setViewportSize(PHONE);
      const overflowing: string[] = [];
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/messaging");
      expect(pathOf(page)).toBe("/dashboard/messaging/cimp-telegrams");
      await checkPhonePage(page, pathOf(page), overflowing);

      await page.getByTestId("upload-telegram").click();
      // with JS on the link navigates in the page: wait for the address, then for the page to settle
      await page.waitForURL((url) => url.pathname === "/dashboard/messaging/cimp");
      await settle(page);
      await checkPhonePage(page, pathOf(page), overflowing);
      const tag = `${RUN_ID}-${name.replace(" ", "")}`.toUpperCase();
      await page.getByTestId("cimp-text").fill(`XYZ/1\n555-12345675LHRJFK/T2K50.0/A VERY LONG LINE THAT A PHONE CANNOT SHOW WHOLE ${tag}\nTAG ${tag}`);
      await page.getByTestId("cimp-submit").click();
      await page.waitForURL((url) => /^\/dashboard\/messaging\/cimp-telegrams\/\d+$/.test(url.pathname));
      await settle(page);
      await expectText(page.getByTestId("notice"), "Telegram received");
      const error = page.getByTestId("telegram-error");
      await expectText(error, /Line 1\s*:\s*Unknown message type XYZ/);
      await expectText(page.getByTestId("telegram-line-3"), `TAG ${tag}`);
      await checkPhonePage(page, pathOf(page), overflowing);

      await error.getByRole("link", { name: "Line 1" }).click();
      expect(new URL(page.url()).hash).toBe("#line-1");
      const line = page.locator("#line-1");
      expect(await line.getAttribute("data-error")).toBe("true");
      await expectText(line, "XYZ/1");
      expect(overflowing).toEqual([]);
    });
  });
});

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const two = (n: number) => String(n).padStart(2, "0");
/** The demo's S7 stations and their clocks (UTC+3 and UTC+7 all year). */
const UTC_OFFSET_HOURS: Record<string, number> = { DME: 3, OVB: 7 };

interface Shipment {
  mawb: string;
  origin_iata: string;
  destination_iata: string;
  pieces: number;
  /** In kilograms: the demo's S7 waybills are weighed in kilograms. */
  weight: number;
}

/**
 * An S7 waybill that has arrived and whose consignee has not been notified nor taken it (no NFD, no DLV), picked by
 * what it is: the last such number. No other journey records a notification.
 */
async function arrivedShipment(): Promise<Shipment> {
  const as = <T>(path: string) => apiGetAs<T>("s7.manager@cargodesk.test", "s7", path);
  const list = await as<{ data: Shipment[] }>("api/v3/air_waybills?tab=tracking&per_page=100");
  const candidates = list.data.filter((r) => r.destination_iata in UTC_OFFSET_HOURS).sort((a, b) => b.mawb.localeCompare(a.mawb));
  for (const row of candidates) {
    const codes = (await as<{ data: Array<{ status_code: string }> }>(`api/v3/air_waybills/${row.mawb}/movements`)).data.map((m) => m.status_code);
    if (codes.includes("ARR") && !codes.includes("NFD") && !codes.includes("DLV")) return row;
  }
  throw new Error("the demo has no arrived S7 waybill whose consignee is not notified yet");
}

describe("a status update received (JavaScript off)", () => {
  it("an S7 manager uploads an FSU and sees its notification on the shipment", async () => {
    const awb = await arrivedShipment();
    // five minutes ago on the destination's clock, as the handler's telegram would say
    const local = new Date(+serviceNow() - 5 * 60_000 + UTC_OFFSET_HOURS[awb.destination_iata]! * 3_600_000);
    const when = `${two(local.getUTCDate())}${MONTHS[local.getUTCMonth()]}${two(local.getUTCHours())}${two(local.getUTCMinutes())}`;
    const figures = `T${awb.pieces}K${awb.weight.toFixed(1)}`;
    await inPage(browser(), { javaScriptEnabled: false }, async (page) => {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/messaging/cimp");
      await page.getByTestId("cimp-text").fill(`FSU/14\n${awb.mawb}${awb.origin_iata}${awb.destination_iata}/${figures}\nNFD/${when}/${awb.destination_iata}/${figures}/CONSIGNEE`);
      await page.getByTestId("cimp-submit").click();
      await page.waitForURL((url) => /^\/dashboard\/messaging\/cimp-telegrams\/\d+$/.test(url.pathname));
      await expectText(page.getByTestId("telegram-no-errors"), "No errors");
      // the queue applies it after the upload: the shipment shows the notification once it has
      await expect
        .poll(
          async () => {
            await page.goto(`${origin("s7")}/dashboard/shipments/${awb.mawb}`);
            return (await page.getByTestId("movements-table").textContent()) ?? "";
          },
          { timeout: 20_000, interval: 500 },
        )
        .toMatch(/NFD/);
    });
  });
});
