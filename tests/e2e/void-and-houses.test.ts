import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectText, inPage, JS_MODES, jsModesOfRun, openAs, origin, pathOf, RUN_ID, settle, signIn, useBrowser } from "./helpers";

/**
 * The paperwork journey of issue 11 in Chromium with JavaScript on and off: `forwarder@` adds a house waybill under
 * one of its C6 waybills (C6 is a house-waybill airline), then asks S7 to void one of its S7 waybills; `s7.manager@`
 * accepts from the shipment page's dialog and the waybill shows voided, for the airline and the forwarder. The
 * waybills are the forwarder's own still being booked (the list's booking tab), found by what their page offers.
 */

const browser = useBrowser();

/** The first of the forwarder's waybills on `tenant` still being booked whose shipment page shows `testId`. */
async function shipmentOffering(page: Page, tenant: string, testId: string): Promise<string> {
  await page.goto(`${origin(tenant)}/dashboard/shipments?tab=booking`);
  await settle(page);
  const numbers = await page.locator('[data-testid^="awb-link-"]').evaluateAll((links) => links.map((a) => a.getAttribute("data-testid")!.slice("awb-link-".length)));
  for (const mawb of numbers) {
    await page.goto(`${origin(tenant)}/dashboard/shipments/${mawb}`);
    await settle(page);
    if (await page.getByTestId(testId).count()) return mawb;
  }
  throw new Error(`no waybill on ${tenant} offers ${testId}`);
}

describe.each(jsModesOfRun(JS_MODES))("void requests and house waybills ($name)", ({ name, javaScriptEnabled }) => {
  it("the forwarder adds a house waybill and asks to void another waybill; the S7 manager accepts and it shows voided", async () => {
    // a serial of this run and mode: up to 12 letters and digits, the mode first so that cutting keeps it
    const serial = `${javaScriptEnabled ? "J" : "N"}${RUN_ID}`.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 12);
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("c6"), "forwarder@cargodesk.test");
      const master = await shipmentOffering(page, "c6", "house-waybill-add");
      await page.getByTestId("house-waybill-add").click();
      await page.waitForURL((url) => url.pathname.endsWith("/house-waybills/create"));
      await settle(page);
      const form = page.getByTestId("house-waybill-form");
      await form.locator('input[name="serial_number"]').fill(serial);
      await form.locator('input[name="pieces"]').fill("1");
      await form.locator('input[name="weight"]').fill("12,5");
      await form.locator('input[name="manifest_description_of_goods"]').fill("COTTON SHIRTS");
      await form.locator('input[name="hs_codes"]').fill("6205");
      await form.locator('input[name="shipper.name"]').fill("Tashkent Textile");
      await form.locator('input[name="consignee.name"]').fill("Moscow Retail");
      await page.getByTestId("house-waybill-submit").click();
      await page.waitForURL((url) => url.pathname === `/dashboard/shipments/${master}`);
      await settle(page);
      await expectText(page.getByTestId(`house-${serial}`), serial);
      await expectText(page.getByTestId("house-waybills"), /COTTON SHIRTS/);
    });

    let mawb = "";
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("s7"), "forwarder@cargodesk.test");
      mawb = await shipmentOffering(page, "s7", "action-void-request");
      await page.getByTestId("action-void-request").click();
      await page.getByTestId("void-request-dialog").waitFor();
      await page.locator('textarea[name="request_reason"]').fill(`Duplicate of another waybill (${name})`);
      await page.locator('input[name="payment_required"]').check();
      await page.getByTestId("void-request-submit").click();
      await expectText(page.getByTestId("void-request-open"), /Duplicate of another waybill/);
      expect(pathOf(page)).toBe(`/dashboard/shipments/${mawb}`);
    });

    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/air-waybills/void-requests");
      await page.getByTestId(`void-request-row-${mawb}`).waitFor();
      await page.goto(`${origin("s7")}/dashboard/shipments/${mawb}`);
      await settle(page);
      await page.getByTestId("void-request-answer").click();
      const dialog = page.getByTestId("void-resolve-dialog");
      await expectText(dialog, /FWDONE asks to void it/);
      await dialog.locator('input[name="status"][value="accepted"]').check();
      await dialog.locator('input[name="void_payment"][value="not_required"]').check();
      await dialog.locator('textarea[name="resolve_reason"]').fill("Agreed");
      await page.getByTestId("void-resolve-submit").click();
      await expectText(page.getByTestId("shipment-flags"), /voided/i);
    });

    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, origin("s7"), "forwarder@cargodesk.test", `/dashboard/shipments/${mawb}`);
      await expectText(page.getByTestId("shipment-flags"), /voided/i);
      await expectText(page.getByTestId("void-requests-table"), /accepted/i);
    });
  });
});
