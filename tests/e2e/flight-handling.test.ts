import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { createWaybill, dayFromToday } from "./awb-form";
import { apiGetAs, expectText, inPage, JS_MODES, jsModesOfRun, openAs, origin, settle, signIn, useBrowser } from "./helpers";

/**
 * Handling on the flight (issue 11) in Chromium with JavaScript on and off: FWDONE's forwarder creates a waybill booked
 * on S7 0101 DME→OVB; S7's manager issues it (cargo is received only under an issued waybill), opens that flight,
 * receives the waybill with the pieces and weight counted, puts it on the build-up from the Ready for Carriage tab,
 * and reads that Depart is offered only from an hour before STD (the flight is weeks away); the forwarder then sees
 * BKD (the booking made with the waybill), RCS and MAN on its shipment page, each named, with the flight. The FFM
 * tab then carries the waybill as loaded (issue 23). Departure itself: tests/bff/flight-handling.test.ts.
 */

const browser = useBrowser();

const MODES = [
  { ...JS_MODES[0], flightDay: 47 },
  { ...JS_MODES[1], flightDay: 48 },
];

/** The flight (segment id) the waybill was booked on, read from the API as the airline (test setup only). */
async function bookedSegmentOf(mawb: string): Promise<number> {
  const bookings = await apiGetAs<{ data: Array<{ segment_id: number; active: boolean }> }>("s7.manager@cargodesk.test", "s7", `api/v3/air_waybills/${mawb}/bookings`);
  return bookings.data.find((b) => b.active)!.segment_id;
}

async function openTab(page: Page, segmentId: number, tab: string, extra = "") {
  await page.goto(`${origin("s7")}/dashboard/flights/${segmentId}?tab=${tab}${extra}`);
  await settle(page);
}

describe("handling a flight's cargo from issue to the build-up", () => {
  for (const { name, javaScriptEnabled, flightDay } of jsModesOfRun(MODES)) {
    it(`${name}: the S7 manager issues, receives and builds up; the forwarder sees the movements`, async () => {
      let mawb = "";
      await inPage(browser(), { javaScriptEnabled }, async (page) => {
        await signIn(page, origin("s7"), "forwarder@cargodesk.test");
        mawb = await createWaybill(page, origin("s7"), { origin: "DME", destination: "OVB", date: dayFromToday(flightDay), pieces: "4", weight: "210", flight: /S70101/ });
      });
      const segmentId = await bookedSegmentOf(mawb);

      await inPage(browser(), { javaScriptEnabled }, async (page) => {
        page.on("dialog", (d) => void d.accept());
        await signIn(page, origin("s7"), "s7.manager@cargodesk.test");
        await page.goto(`${origin("s7")}/dashboard/shipments/${mawb}`);
        await settle(page);
        await page.getByTestId("action-issue").click();
        await expectText(page.locator("body"), `Air waybill ${mawb} issued`);
        await openTab(page, segmentId, "shipments");
        await expectText(page.getByTestId("shipments-table").locator("tr", { hasText: mawb }), /KK/);

        await openTab(page, segmentId, "receiving");
        const receive = page.getByTestId(`receive-${mawb}`);
        await receive.locator('input[name="weight"]').fill("208.5");
        await receive.getByTestId("receive-submit").click();
        await expectText(page.locator("body"), `${mawb} received`);

        await openTab(page, segmentId, "build_up");
        await page.getByTestId(`manifest-add-${mawb}`).getByTestId("manifest-add-submit").click();
        await expectText(page.locator("body"), `${mawb} added to the build-up`);

        await openTab(page, segmentId, "manifest");
        await expectText(page.getByTestId("totals-manifested"), /4 pcs · 208\.5 kg/);
        await expectText(page.getByTestId("depart-not-due"), /Departure can be recorded from \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+03:00\)/);

        // the flight's manifest telegram names the waybill with what was loaded
        await openTab(page, segmentId, "ffm");
        await expectText(page.getByTestId("message-text"), new RegExp(`${mawb}DMEOVB/T4K208\\.5`));
      });

      await inPage(browser(), { javaScriptEnabled }, async (page) => {
        await openAs(page, origin("s7"), "forwarder@cargodesk.test", `/dashboard/shipments/${mawb}`);
        const movements = page.getByTestId("movements-table");
        const named = { BKD: "Booked", RCS: "Received from shipper", MAN: "Manifested" };
        for (const [code, name] of Object.entries(named)) await expectText(movements, new RegExp(`${code}\\s*${name}`));
        await expectText(movements, /208\.5/);
      });
    });
  }
});
