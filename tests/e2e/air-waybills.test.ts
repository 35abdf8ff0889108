import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, checkAwbNumber } from "../../cargo";
import { fillDate } from "./date-fields";
import { expectText, fieldError, inPage, JS_MODES, jsModesOfRun, openAs, origin, pathOf, serviceNow, settle, useBrowser } from "./helpers";

/**
 * The main journey of issue 10 in Chromium with JavaScript on and off: `forwarder@` at s7.localhost creates a waybill
 * from its stock, booked on an S7 flight it finds with the route search; the number is an S7 number with a valid check
 * digit; `s7.manager@` opens the same waybill and issues and verifies it. At su.localhost the forwarder types its own
 * number, and a wrong check digit is said beside the field with everything typed kept.
 */

const browser = useBrowser();

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function fillCargo(page: Page, values: { origin: string; destination: string; date: string; pieces: string; weight: string }) {
  const form = page.getByTestId("awb-form");
  // the airport pickers open their suggestions as one types (JS on): Escape closes them before the next field
  await form.locator('input[name="origin_iata"]').fill(values.origin);
  await form.locator('input[name="origin_iata"]').press("Escape");
  await form.locator('input[name="destination_iata"]').fill(values.destination);
  await form.locator('input[name="destination_iata"]').press("Escape");
  await fillDate(form, "flight_date", values.date);
  await form.locator('input[name="pieces"]').fill(values.pieces);
  await form.locator('input[name="weight"]').fill(values.weight);
  await form.locator('input[name="commodity"]').fill("SPARE PARTS");
  await form.locator('[name="hs_codes"]').fill("847330");
  await form.locator('input[name="shipper.name"]').fill("Volga Machinery");
  await form.locator('input[name="consignee.name"]').fill("Ob River Foods");
  return form;
}

describe.each(jsModesOfRun(JS_MODES))("air waybills ($name)", ({ javaScriptEnabled }) => {
  it("a forwarder books cargo on an S7 flight with a number from its stock; the S7 manager issues and verifies it", async () => {
    let mawb = "";
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, origin("s7"), "forwarder@cargodesk.test", "/dashboard/air-waybills/create");
      await expectText(page.getByTestId("awb-number-from-stock"), /stock/i);
      const form = await fillCargo(page, { origin: "DME", destination: "OVB", date: addDays(isoDay(serviceNow()), 3), pieces: "2", weight: "80,5" });
      await page.getByTestId("search-flights").click();
      await settle(page);
      await expectText(page.getByTestId("awb-trips"), /S7\s*0?101/);
      await page.getByTestId("trip").first().check();
      await form.locator('input[name="consignor_certified"]').check();
      await page.getByTestId("awb-submit").click();
      await page.waitForURL((url) => url.pathname.startsWith("/dashboard/shipments/"));
      mawb = decodeURIComponent(pathOf(page).split("/").pop()!);
      const check = checkAwbNumber(mawb);
      expect(check.valid && check.number.prefix).toBe("421");
      await expectText(page.getByTestId("shipment-number"), mawb);
      await expectText(page.getByTestId("shipment-bookings"), /S7\s*0?101/);
      expect(await page.getByTestId("shipment-actions").locator('[data-testid="action-issue"]').count()).toBe(0);
    });

    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", `/dashboard/shipments/${mawb}`);
      await expectText(page.getByTestId("shipment-number"), mawb);
      await page.getByTestId("action-issue").click();
      await settle(page);
      await expectText(page.getByTestId("shipment-flags"), /issued/i);
      await page.getByTestId("action-verify").click();
      await settle(page);
      await expectText(page.getByTestId("shipment-flags"), /verified/i);
    });
  });

  it("at su.localhost the forwarder types its number: a wrong check digit is said beside it, everything typed kept", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, origin("su"), "forwarder@cargodesk.test", "/dashboard/air-waybills/create");
      const serial = javaScriptEnabled ? 6_600_001 : 6_600_002;
      const digit = serial % 7;
      const form = await fillCargo(page, { origin: "SVO", destination: "LED", date: addDays(isoDay(serviceNow()), 2), pieces: "3", weight: "45.5" });
      await form.locator('input[name="mawb"]').fill(`555-${serial}${(digit + 1) % 7}`);
      await page.getByTestId("awb-submit").click();
      await settle(page);
      await expectText(fieldError(form, "mawb"), /control/i);
      expect(await form.locator('input[name="weight"]').inputValue()).toBe("45.5");
      expect(await form.locator('input[name="shipper.name"]').inputValue()).toBe("Volga Machinery");
      await form.locator('input[name="mawb"]').fill(`555 ${serial}${digit}`);
      await page.getByTestId("awb-submit").click();
      await page.waitForURL((url) => url.pathname.startsWith("/dashboard/shipments/"));
      await expectText(page.getByTestId("shipment-number"), `555-${serial}${digit}`);
    });
  });
});
