/**
 * The bookings page (issue 10; spec 1 §6 "Bookings") through the BFF against the real API and its demo history: a
 * forwarder's bookings with their statuses and its cancel; an airline's requests to answer, KK at once or UU with a
 * reason in a dialog that keeps what was typed; who may open the page and who may post what.
 */
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { call, signIn } from "../api/helpers";
import { inLanguage, submit, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
afterEach(() => bff.msw.resetHandlers());
const S7 = "s7.localhost";
const PAGE = "/dashboard/bookings";

/** The bookings of a list page as the user sees them: id, waybill number, status code, with the actions each row offers. */
function bookingsOf(html: string) {
  const rows: Array<{ id: number; mawb: string; status: string; canConfirm: boolean; canCancel: boolean }> = [];
  for (const row of html.split(/<tr\b/).slice(1)) {
    const m = row.match(/data-testid="booking-status-(\d+)"[\s\S]*?>(KK|NN|LL|UU|XX)</);
    if (!m) continue;
    const id = Number(m[1]);
    const mawb = textOf(row).match(/\b\d{3}-\d{8}\b/)?.[0] ?? "";
    rows.push({ id, mawb, status: m[2]!, canConfirm: row.includes(`data-testid="booking-confirm-${id}"`), canCancel: row.includes(`data-testid="booking-cancel-${id}"`) });
  }
  return rows;
}

/** The error shown beside a textarea (fieldErrorOf reads inputs only). */
function textareaErrorOf(html: string, name: string): string | undefined {
  const tag = (html.match(/<textarea\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`));
  const ids = tag?.match(/aria-describedby="([^"]*)"/)?.[1]?.split(/\s+/) ?? [];
  for (const id of ids.filter((i) => /error/.test(i))) {
    const m = html.match(new RegExp(`<[^>]*id="${id}"[^>]*>([\\s\\S]*?)</`));
    if (m) return textOf(m[1]!);
  }
  return undefined;
}

const textareaValueOf = (html: string, name: string) => html.match(new RegExp(`<textarea\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`))?.[1];

/**
 * A request of S7's for a test to answer: an active booking on a coming S7 flight put back to "requested" (NN)
 * through the API, as the airline's desk may; the demo history holds only a few requests of its own.
 */
async function freshRequest(): Promise<{ id: number; mawb: string }> {
  const tokens = await signIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
  const list = await call(bff.api.app, tokens, "GET", "/api/v3/bookings?per_page=100", { carrier: "s7" });
  expect(list.statusCode, list.body).toBe(200);
  const rows = list.json().data as Array<{ id: number; mawb: string; carrier: string; active: boolean; is_departed: boolean; response_status: string }>;
  const pick = rows.find((b) => b.carrier === "S7" && b.active && !b.is_departed && b.response_status !== "NN" && b.response_status !== "LL");
  expect(pick, "an active booking on a coming S7 flight").toBeDefined();
  const patched = await call(bff.api.app, tokens, "PATCH", "/api/v3/bookings", { carrier: "s7", payload: { booking: { id: pick!.id, status: "NN", response_reason: "Awaiting the airline's answer" } } });
  expect(patched.statusCode, patched.body).toBe(200);
  return pick!;
}

/** A booking's row as a user finds it: all bookings of its waybill (by number, never by a row's place on a page). */
async function rowOf(browser: Browser, booking: { id: number; mawb: string }, view: "all" | "requests" = "all") {
  const page = await browser.request(S7, `${PAGE}?view=${view}&mawb=${booking.mawb}`);
  expect(page.status).toBe(200);
  return bookingsOf(page.body).find((b) => b.id === booking.id);
}

const statusOf = async (browser: Browser, booking: { id: number; mawb: string }) => (await rowOf(browser, booking))?.status;

describe("the airline's bookings page", () => {
  it("opens on the requests to answer: only waiting (NN) and waitlisted (LL) bookings, each with its answers", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const page = await manager.request(S7, PAGE);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain("Requests to answer");
    const rows = bookingsOf(page.body);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(rows.map((r) => r.status).filter((s) => s === "NN" || s === "LL")));
    expect(rows.every((r) => r.canConfirm && !r.canCancel)).toBe(true);
    // every booking here is on an S7 waybill or flight, with its route
    expect(textOf(page.body)).toMatch(/S7\d{4}\/\d{2}[A-Z]{3}\d{2}/);
  });

  it("refuses a request (UU): a missing reason is said beside its field with the dialog still open, then the answer lands", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const request = await freshRequest();
    expect((await rowOf(manager, request, "requests"))?.canConfirm).toBe(true);
    // the dialog is drawn for a request of the page it opens on: the list narrowed to the request's waybill
    const listed = `${PAGE}?mawb=${request.mawb}&answer=${request.id}`;
    const dialog = await manager.request(S7, listed);
    expect(dialog.body).toContain('data-testid="booking-answer-dialog"');

    const blank = await submit(manager, S7, listed, { intent: "answer", id: String(request.id), status: "UU", response_reason: "" });
    expect([blank.status, blank.refused]).toEqual([200, 400]);
    expect(blank.body).toContain('data-testid="booking-answer-dialog"');
    expect(textareaErrorOf(blank.body, "response_reason")).toBe("Say why the booking cannot be accepted");
    expect(blank.body).toMatch(/<input[^>]*value="UU"[^>]*checked|<input[^>]*checked[^>]*value="UU"/);

    const tooLong = await submit(manager, S7, listed, { intent: "answer", id: String(request.id), status: "UU", response_reason: "x".repeat(501) });
    expect([tooLong.status, tooLong.refused]).toEqual([200, 400]);
    expect(textareaErrorOf(tooLong.body, "response_reason")).toBe("At most 500 characters");
    expect(textareaValueOf(tooLong.body, "response_reason")).toBe("x".repeat(501));

    const answered = await submit(manager, S7, listed, { intent: "answer", id: String(request.id), status: "UU", response_reason: "Embargo on lithium batteries" });
    expect(answered.status, textOf(answered.body).slice(-300)).toBe(302);
    expect(answered.location).not.toContain("answer=");
    const after = await manager.get(S7, answered.location!, { follow: true });
    expect(textOf(after.body)).toMatch(/Booking \d{3}-\d{8} on S7\d{4}\/\w+ answered: UU/);
    // no longer a request to answer; among all bookings it reads UU with the reason given
    expect(await rowOf(manager, request, "requests")).toBeUndefined();
    expect(await rowOf(manager, request)).toMatchObject({ status: "UU", canConfirm: false });
    expect(textOf((await manager.request(S7, `${PAGE}?view=all&status=UU&mawb=${request.mawb}`)).body)).toContain("Embargo on lithium batteries");
  });

  it("confirms a waiting request at once (KK) from its row", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const booking = await freshRequest();
    const confirmed = await submit(manager, S7, PAGE, { intent: "answer", id: String(booking.id), status: "KK" });
    expect(confirmed.status, textOf(confirmed.body).slice(-300)).toBe(302);
    expect(textOf((await manager.get(S7, confirmed.location!, { follow: true })).body)).toMatch(/answered: KK/);
    expect(await statusOf(manager, booking)).toBe("KK");
  });

  it("says the API's refusal of an answer in the user's words, never its English text", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const request = await freshRequest();
    const listed = `${PAGE}?mawb=${request.mawb}&answer=${request.id}`;
    // the API's answer as it gives it: the sentence under the field, its code beside it (the page reads the code only)
    const refuse = (field: string, code: string, sentence: string) =>
      bff.msw.use(
        http.patch(`${bff.api.url}/api/v3/bookings`, () => HttpResponse.json({ errors: { [field]: [sentence] }, error_codes: { [field]: [{ code, params: {} }] } }, { status: 422 }), {
          once: true,
        }),
      );

    refuse("status", "booking_does_not_fit", "Not enough capacity: 120 kg free, 500 kg asked");
    const full = await submit(manager, S7, listed, { intent: "answer", id: String(request.id), status: "KK" });
    expect([full.status, full.refused]).toEqual([200, 422]);
    expect(full.body).toContain('data-testid="booking-answer-dialog"');
    expect(textOf(full.body)).toContain("There is not enough free space on the flight to confirm");
    expect(textOf(full.body)).not.toContain("Not enough capacity");

    refuse("base", "some_new_rule", "Some new rule of the airline");
    const other = await submit(manager, S7, listed, { intent: "answer", id: String(request.id), status: "KK" });
    expect([other.status, other.refused]).toEqual([200, 422]);
    expect(textOf(other.body)).toContain("The booking could not be changed");
    expect(textOf(other.body)).not.toContain("Some new rule");
    const ru = await inLanguage(manager, S7, "ru", async () => {
      refuse("base", "flight_locked", "Flight is locked");
      return textOf((await submit(manager, S7, listed, { intent: "answer", id: String(request.id), status: "KK" })).body);
    });
    expect(ru).toContain("Рейс заблокирован, закрыт для продаж или отменён");
    expect(ru).not.toContain("Flight is locked");
  });

  it("reads in Russian", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    await freshRequest();
    const text = await inLanguage(manager, S7, "ru", async () => textOf((await manager.request(S7, PAGE)).body));
    expect(text).toContain("Запросы на ответ");
    expect(text).toContain("Подтвердить (KK)");
  });

  it("says the API's own reasons in the reader's language, and an airline's typed reason as it was typed", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const tokens = await signIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
    // a request already waiting (NN) keeps waiting: only its reason changes, so other tests' bookings are untouched
    const list = await call(bff.api.app, tokens, "GET", "/api/v3/bookings?per_page=100", { carrier: "s7" });
    const ours = (list.json().data as Array<{ id: number; mawb: string; carrier: string; active: boolean; response_status: string }>).find(
      (b) => b.carrier === "S7" && b.active && b.response_status === "NN",
    )!;
    expect(ours, "a waiting S7 request in the demo data").toBeDefined();
    const reason = (id: number, response_reason: string) =>
      call(bff.api.app, tokens, "PATCH", "/api/v3/bookings", { carrier: "s7", payload: { booking: { id, status: "NN", response_reason } } });
    expect((await reason(ours.id, "Not enough capacity: 120 kg free, 500 kg asked")).statusCode).toBe(200);
    const row = async () => textOf((await manager.request(S7, `${PAGE}?view=all&mawb=${ours.mawb}`)).body);
    expect(await row()).toContain("Not enough space: 120 kg free, 500 kg asked");
    expect(await inLanguage(manager, S7, "ru", row)).toContain("Недостаточно места: свободно 120 кг, запрошено 500 кг");
    expect((await reason(ours.id, "Warehouse closed for inventory")).statusCode).toBe(200);
    expect(await inLanguage(manager, S7, "ru", row)).toContain("Warehouse closed for inventory");
  });
});

describe("the forwarder's bookings page", () => {
  it("shows its bookings with their statuses, cancels one, and says a bad number filter beside its field", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const page = await forwarder.request(S7, PAGE);
    expect(page.status).toBe(200);
    const rows = bookingsOf(page.body);
    expect(rows.length).toBeGreaterThan(0);
    // a forwarder answers nothing; it may cancel what is still active
    expect(rows.some((r) => r.canConfirm)).toBe(false);
    const active = rows.find((r) => r.canCancel && r.status !== "XX");
    expect(active).toBeDefined();
    const cancelled = await submit(forwarder, S7, PAGE, { intent: "cancel", id: String(active!.id) });
    expect(cancelled.status).toBe(302);
    expect(textOf((await forwarder.get(S7, cancelled.location!, { follow: true })).body)).toMatch(/Booking \d{3}-\d{8} on S7\d{4}\/\w+ cancelled/);
    expect(await statusOf(forwarder, active!)).toBe("XX");
    // cancelled twice: said as a notice, nothing else changes
    const again = await submit(forwarder, S7, PAGE, { intent: "cancel", id: String(active!.id) });
    expect(again.status).toBe(302);
    expect(textOf((await forwarder.get(S7, again.location!, { follow: true })).body)).toContain("The booking could not be cancelled");

    const bad = await forwarder.request(S7, `${PAGE}?mawb=42A-1`);
    expect(bad.status).toBe(200);
    expect(textOf(bad.body)).toContain("An AWB number or its first digits");
    expect(bad.body).toMatch(/name="mawb"[^>]*value="42A-1"|value="42A-1"[^>]*name="mawb"/);
  });

  it("finds a booking by its number written with or without the hyphen", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const page = await forwarder.request(S7, PAGE);
    const numbers = new Set(bookingsOf(page.body).map((b) => b.mawb));
    // the filter is seen to work only where the unfiltered page shows other waybills too
    expect(numbers.size).toBeGreaterThan(1);
    const [mawb] = numbers;
    const found = textOf((await forwarder.request(S7, `${PAGE}?mawb=${mawb!.replace("-", "")}`)).body);
    expect(found).toContain(mawb);
    const others = found.match(/\b\d{3}-\d{8}\b/g)!.filter((m) => m !== mawb);
    expect(others).toEqual([]);
  });
});

describe("booking from an FFR telegram", () => {
  it("answers each flight it names and shows the FFA; a text that is no FFR is refused beside the field, as typed", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const page = await forwarder.request(S7, PAGE);
    expect(page.body).toContain('data-testid="ffr-booking-form"');
    const [own] = bookingsOf(page.body);
    expect(own, "a booking of the forwarder's in the demo data").toBeDefined();

    const blank = await submit(forwarder, S7, PAGE, { intent: "ffr", cimp_text: "  " });
    expect([blank.status, blank.refused]).toEqual([200, 400]);
    expect(textareaErrorOf(blank.body, "cimp_text")).toBe("The field is required");
    const fsu = `FSU/14\r\n${own!.mawb}DMEOVB/T2K100.0\r\n`;
    const wrong = await submit(forwarder, S7, PAGE, { intent: "ffr", cimp_text: fsu });
    expect([wrong.status, wrong.refused]).toEqual([200, 422]);
    expect(textareaErrorOf(wrong.body, "cimp_text")).toBe("is not a booking request (FFR)");
    expect(textareaValueOf(wrong.body, "cimp_text")).toContain("FSU/14");

    // a flight S7 does not fly: the request is answered, that flight UU with the reason in the reader's words
    const ffr = `FFR/8\r\n${own!.mawb}DMEOVB/T2K100.0/SPARE PARTS\r\nS79999/01JAN/DMEOVB/NN\r\n`;
    const answered = await submit(forwarder, S7, PAGE, { intent: "ffr", cimp_text: ffr, consignor_certified: "on" });
    expect(answered.status).toBe(200);
    const text = textOf(answered.body);
    expect(text).toMatch(/S79999\/01JAN\d\d: not booked — Segment not found/);
    expect(answered.body).toMatch(/data-testid="ffr-answer"[^>]*>FFA\/8\s+\d{3}-\d{8}DMEOVB\/T2K100\.0\/SPARE PARTS\s+S79999\/01JAN\/DMEOVB\/UU/);
    const ru = await inLanguage(forwarder, S7, "ru", async () => textOf((await submit(forwarder, S7, PAGE, { intent: "ffr", cimp_text: ffr, consignor_certified: "on" })).body));
    expect(ru).toMatch(/S79999\/01JAN\d\d: не забронировано — /);
  });
});

describe("who may use the bookings page", () => {
  it("is not on su, not for billing, and a forged answer or cancel by the wrong side is refused", async () => {
    const su = await bff.signedIn("su.localhost", "su.manager@cargodesk.test");
    expect((await su.request("su.localhost", PAGE)).status).toBe(404);
    const billing = await bff.signedIn(S7, "s7.billing@cargodesk.test");
    expect((await billing.request(S7, PAGE)).status).toBe(404);

    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    // an active booking of the forwarder's: the airline may not cancel it, the forwarder may not answer it
    const own = bookingsOf((await forwarder.request(S7, PAGE)).body).find((b) => b.canCancel);
    expect(own).toBeDefined();
    expect((await submit(forwarder, S7, PAGE, { intent: "answer", id: String(own!.id), status: "KK" })).status).toBe(404);
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    expect((await submit(manager, S7, PAGE, { intent: "cancel", id: String(own!.id) })).status).toBe(404);
    expect(await statusOf(forwarder, own!)).toBe(own!.status);
    // a booking of S7's is not another airline's to answer: V0's manager posting its id meets the not-found page
    const request = await freshRequest();
    const v0 = await bff.signedIn("v0.localhost", "v0.manager@cargodesk.test");
    expect((await submit(v0, "v0.localhost", PAGE, { intent: "answer", id: String(request.id), status: "KK" })).status).toBe(404);
    expect(await statusOf(manager, request)).toBe("NN");
  });
});
