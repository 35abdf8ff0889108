import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { awbForm, CREATE_PATH, dayFromToday, fillAirport, fillWaybill } from "./awb-form";
import { apiPort, DEMO_PASSWORD, inPage, JS_MODES, jsModesOfRun, origin, pathOf, settle, signIn, useBrowser } from "./helpers";

/**
 * Issue 12: a create submitted twice makes one record. Every form carries an idempotency_key the BFF sends as
 * Idempotency-Key; the API answers a repeat with the first answer. Here a forwarder double-clicks Save on the create
 * air waybill form, and (without JS, where the browser keeps the filled form, key included) goes Back and saves
 * again: each time one waybill, the same number. Counted through the API's list of the forwarder's waybills on that
 * route, which no other journey uses (the forwarder's page of shipments has no route filter).
 */

const browser = useBrowser();

const FORWARDER = "forwarder@cargodesk.test";
/** A route of its own per JS mode, so the list of it holds only this journey's waybills. */
const ROUTE = { off: { origin: "AER", destination: "KGD" }, on: { origin: "AER", destination: "MRV" } } as const;

async function waybillPage(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname.startsWith("/dashboard/shipments/"));
  await settle(page);
  return decodeURIComponent(pathOf(page).split("/").pop()!);
}

/** The numbers of the forwarder's waybills from `from` to `to`, read from the API as the forwarder. */
async function listed(from: string, to: string): Promise<string[]> {
  const api = `http://127.0.0.1:${apiPort()}`;
  const token = await fetch(`${api}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", carrier: "s7" },
    body: JSON.stringify({ grant_type: "password", username: FORWARDER, password: DEMO_PASSWORD }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const list = await fetch(`${api}/api/v3/air_waybills?tab=all&origin_iata=${from}&destination_iata=${to}&per_page=100`, {
    headers: { authorization: `Bearer ${token.access_token}`, carrier: "s7" },
  }).then((r) => r.json() as Promise<{ data: Array<{ mawb: string }> }>);
  return list.data.map((w) => w.mawb);
}

describe.each(jsModesOfRun(JS_MODES))("double submission ($name)", ({ javaScriptEnabled, name }) => {
  it("a double click on Save makes one waybill; without JS, Back and Save again answers it, Back, a change and Save makes another", async () => {
    const route = javaScriptEnabled ? ROUTE.on : ROUTE.off;
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("s7"), FORWARDER);
      expect(await listed(route.origin, route.destination), `no ${name} waybill on this route yet`).toEqual([]);

      await page.goto(`${origin("s7")}${CREATE_PATH}`);
      await settle(page);
      await fillWaybill(page, { ...route, date: dayFromToday(5), pieces: "2", weight: "35", commodity: "DOUBLE CLICK" });
      await page.getByTestId("awb-submit").dblclick();
      const mawb = await waybillPage(page);
      expect(mawb).toMatch(/^\d{3}-\d{8}$/);

      if (!javaScriptEnabled) {
        // Back to the form as the browser kept it (its key and values; the airport pickers, autocomplete off, are
        // typed again), Save again: the same waybill answers
        await page.goBack();
        await awbForm(page).waitFor();
        expect(await awbForm(page).locator('input[name="commodity"]').inputValue()).toBe("DOUBLE CLICK");
        await fillAirport(awbForm(page), "origin_iata", route.origin);
        await fillAirport(awbForm(page), "destination_iata", route.destination);
        await page.getByTestId("awb-submit").click();
        expect(await waybillPage(page)).toBe(mawb);
        expect(await listed(route.origin, route.destination)).toEqual([mawb]);

        // Back, another weight, Save: a new submission under the old key, sent again under a fresh one
        await page.goBack();
        await awbForm(page).waitFor();
        await fillAirport(awbForm(page), "origin_iata", route.origin);
        await fillAirport(awbForm(page), "destination_iata", route.destination);
        await awbForm(page).locator('input[name="weight"]').fill("36");
        await page.getByTestId("awb-submit").click();
        const second = await waybillPage(page);
        expect(second).not.toBe(mawb);
        expect((await listed(route.origin, route.destination)).sort()).toEqual([mawb, second].sort());
        return;
      }

      expect(await listed(route.origin, route.destination)).toEqual([mawb]);
    });
  }, 120_000);
});
