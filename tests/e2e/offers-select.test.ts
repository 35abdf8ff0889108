import { describe, expect, it } from "vitest";
import { expectText, inPage, JS_MODES, jsModesOfRun, origin, pathOf, serviceNow, settle, signIn, useBrowser } from "./helpers";

/**
 * The forwarders' booking search on a forwarder host (spec 1 §Offers "order selection"), with JavaScript on and off:
 * forwarder@ lands on it, searches DME→OVB on a day the demo S7 flight flies, sees the option and books it: the create
 * air waybill page opens with the route, the date and the flight chosen. A wrong code is said beside its field.
 */
const browser = useBrowser();

/** S7 0101 flies DME→OVB daily for 60 days from the seed date (api/flights/demo.ts). */
const dayAfter = (days: number) => new Date(serviceNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(jsModesOfRun(JS_MODES))("booking search ($name)", ({ javaScriptEnabled }) => {
  it("searches DME→OVB, books an S7 flight and gets the create page filled in", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("cargo"), "forwarder@cargodesk.test");
      expect(pathOf(page)).toBe("/dashboard/offers/select");
      const filters = page.getByTestId("filters");
      await settle(page);
      // a wrong code first: said beside the field, what was typed kept
      await filters.locator('input[name="origin_iata"]').fill("D1");
      await filters.locator('input[name="destination_iata"]').fill("OVB");
      await filters.locator('input[name="flight_date"]').fill(dayAfter(2));
      await filters.getByRole("button", { name: "Search" }).click();
      await expectText(page.getByText("An airport code is three letters"), "An airport code is three letters");
      await expect(filters.locator('input[name="origin_iata"]').inputValue()).resolves.toBe("D1");

      await filters.locator('input[name="origin_iata"]').fill("DME");
      await filters.getByRole("button", { name: "Search" }).click();
      const option = page.locator('[data-testid="offer-option"][data-carrier="S7"]').first();
      await option.waitFor();
      await expectText(option, /DME \d{2}:\d{2}.*→ OVB/);
      await option.getByTestId("offer-book").click();
      await page.waitForURL(/\/dashboard\/air-waybills\/create\?/);
      const form = page.getByTestId("awb-form");
      await form.waitFor();
      await expect(form.locator('input[name="origin_iata"]').first().inputValue()).resolves.toBe("DME");
      await expect(form.locator('input[name="destination_iata"]').first().inputValue()).resolves.toBe("OVB");
      await expect(form.locator('input[name="trip"]:checked').inputValue()).resolves.toMatch(/^\d+$/);
    });
  });
});
