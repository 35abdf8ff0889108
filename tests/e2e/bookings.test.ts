import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chooseFlight, CREATE_PATH, createWaybill, dayFromToday, fillWaybill, submitWaybill } from "./awb-form";
import { expectText, fieldError, inPage, JS_MODES, jsModesOfRun, openAs, origin, settle, signIn, useBrowser } from "./helpers";

/**
 * Bookings (issue 10) in Chromium with JavaScript on and off, from both sides. S7's booking rules make OVB→KJA cargo
 * of 1 000 kg or more a request (NN) the airline answers itself (api/flights/demo.ts; api/bookings/book.ts): the
 * forwarder books two such waybills, `s7.manager@` finds them among the requests on /dashboard/bookings, confirms one
 * (KK) and refuses the other (UU) with a reason, which a refusal without a reason is not let through. The forwarder
 * then reads each answer on its bookings page and on the waybill's page. A booking over the flight's free space is
 * waitlisted (LL) with the reason, and the forwarder sees both.
 *
 * Each mode books flights of its own days far ahead (no demo load, no demo allotment there), so the two runs never
 * share a flight's space; the waybills are found by their numbers, never by a row's place.
 */

const browser = useBrowser();

const S7 = () => origin("s7");
const FORWARDER = "forwarder@cargodesk.test";
const MANAGER = "s7.manager@cargodesk.test";
const BOOKINGS = "/dashboard/bookings";

const MODES = [
  { ...JS_MODES[0], requestDay: 41, fullDay: 43 },
  { ...JS_MODES[1], requestDay: 42, fullDay: 44 },
];

/** The bookings list narrowed to one waybill (the page's own AWB filter, in its address). */
async function openBookingsOf(page: Page, mawb: string, view?: "requests" | "all"): Promise<void> {
  const params = new URLSearchParams({ mawb, ...(view ? { view } : {}) });
  await page.goto(`${S7()}${BOOKINGS}?${params}`);
  await settle(page);
}

/** The one row of a waybill in the bookings list (the list was narrowed to it). */
const bookingRow = (page: Page, mawb: string) => page.getByTestId("bookings-table").locator("tbody tr", { hasText: mawb });

describe.each(jsModesOfRun(MODES))("bookings ($name)", ({ javaScriptEnabled, requestDay, fullDay }) => {
  it("the airline confirms one request (KK) and refuses another (UU) with a reason; the forwarder reads both answers", async () => {
    const reason = `No ULD positions left on this day (${javaScriptEnabled ? "on" : "off"})`;
    const cargo = { origin: "OVB", destination: "KJA", date: dayFromToday(requestDay), pieces: "5", volume: "6", flight: /S70103/ };
    let confirmed = "";
    let refused = "";

    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, S7(), FORWARDER);
      confirmed = await createWaybill(page, S7(), { ...cargo, weight: "1210" });
      // a request, not a confirmation: the airline has not answered yet
      await expectText(page.getByTestId("shipment-bookings"), /Requested \(NN\)/i);
      refused = await createWaybill(page, S7(), { ...cargo, weight: "1220,5" });
      await expectText(page.getByTestId("shipment-bookings"), /Requested \(NN\)/i);
    });

    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, S7(), MANAGER);
      // on a 1440 px screen every column, the row's actions last, is on it (issue 22 §10: 180 px a column hid them)
      await page.setViewportSize({ width: 1440, height: 900 });
      // the airline's list opens on the requests waiting for its answer
      await openBookingsOf(page, confirmed);
      await expectText(bookingRow(page, confirmed), /S70103.*OVB → KJA.*NN\s+Requested/s);
      // polled: with JavaScript the server's table is swapped for the browser's once hydrated
      const reject = bookingRow(page, confirmed).locator('[data-testid^="booking-reject-"]');
      await expect.poll(async () => reject.evaluate((el) => el.getBoundingClientRect().right).catch(() => Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(1440);
      await bookingRow(page, confirmed).locator('[data-testid^="booking-confirm-"] button').click();
      await expectText(page.getByTestId("notice"), new RegExp(`Booking ${confirmed} on S70103/\\w+ answered: KK`));
      // answered, it is no longer a request
      await expectText(page.getByTestId("bookings-table"), "No bookings");

      await openBookingsOf(page, refused, "requests");
      await bookingRow(page, refused).locator('[data-testid^="booking-reject-"]').click();
      const answer = page.getByTestId("booking-answer-form");
      await answer.waitFor();
      // Unable needs a reason: said beside the field, the dialog stays open
      await page.getByTestId("booking-answer-submit").click();
      await expectText(fieldError(answer, "response_reason"), "Say why the booking cannot be accepted");
      expect(await answer.locator('input[name="status"][value="UU"]').isChecked()).toBe(true);
      await answer.locator('textarea[name="response_reason"]').fill(reason);
      await page.getByTestId("booking-answer-submit").click();
      await expectText(page.getByTestId("notice"), new RegExp(`Booking ${refused} on S70103/\\w+ answered: UU`));
      await expect.poll(() => page.getByTestId("booking-answer-form").count()).toBe(0);
    });

    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, S7(), FORWARDER);
      await openBookingsOf(page, confirmed);
      await expectText(bookingRow(page, confirmed), /KK\s+Confirmed/);
      await openBookingsOf(page, refused);
      await expectText(bookingRow(page, refused), /UU\s+Unable/);
      await expectText(bookingRow(page, refused), reason);

      await page.goto(`${S7()}/dashboard/shipments/${refused}`);
      await settle(page);
      await expectText(page.getByTestId("shipment-bookings"), /Unable \(UU\)/i);
      await expectText(page.getByTestId("shipment-bookings"), reason);
      await page.goto(`${S7()}/dashboard/shipments/${confirmed}`);
      await settle(page);
      await expectText(page.getByTestId("shipment-bookings"), /Confirmed \(KK\)/i);
    });
  }, 120_000);

  it("cargo over the flight's free space is waitlisted (LL) and the forwarder is told why", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, S7(), FORWARDER, CREATE_PATH);
      // 4 000 kg on an A320neo that carries 3 000 kg of cargo
      await fillWaybill(page, { origin: "DME", destination: "OVB", date: dayFromToday(fullDay), pieces: "14", weight: "4000", volume: "10" });
      const choice = await chooseFlight(page, /S70101/);
      // the search already says so; the forwarder may still ask
      expect(await choice.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.innerText ?? "")).toMatch(/not enough space/);
      const mawb = await submitWaybill(page);
      const bookings = page.getByTestId("shipment-bookings");
      await expectText(bookings, /Waitlisted \(LL\)/i);
      await expectText(bookings, /Not enough space: [\d.]+ kg free, 4000 kg asked/);

      await openBookingsOf(page, mawb);
      await expectText(bookingRow(page, mawb), /LL\s+Waitlisted/);
      await expectText(bookingRow(page, mawb), /Not enough space: [\d.]+ kg free, 4000 kg asked/);
    });
  }, 90_000);
});
