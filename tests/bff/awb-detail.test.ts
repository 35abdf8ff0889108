/**
 * The shipment page and its edit pages (issue 10) through the BFF against the real API: flags and the actions each
 * role may take (the forwarder cannot issue, the S7 manager can), issue, verify and void with its reason dialog, the
 * change log, edit-awb with the stored values, edit-booking's cancel, Russian labels, and a number nobody may see.
 */
import { eq } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { configuredNow, csrfOf, fieldErrorOf, inLanguage, submit, textOf, useBff, type Browser } from "./harness";
import { airWaybills, awbMovements } from "../../api/db/schema";
import { books, CREATE_WAYBILL, savedWaybill, type WaybillFields } from "./waybills";

const bff = useBff();
afterEach(() => bff.msw.resetHandlers());
const S7 = "s7.localhost";
const cargo = (extra: WaybillFields = {}) => books({ accounting_information: "FREIGHT PREPAID", ...extra });

/** A new waybill of the forwarder on S7 (from its stock); its number. */
const newWaybill = (forwarder: Browser, extra: WaybillFields = {}) => savedWaybill(forwarder, S7, cargo(extra));

/** A flight the route search offers DME→OVB in the coming days: the form's trip value and its date. */
async function bookableTrip(forwarder: Browser): Promise<{ trip: string; date: string }> {
  for (let day = 1; day <= 10; day++) {
    const date = new Date(configuredNow().getTime() + day * 86_400_000).toISOString().slice(0, 10);
    const searched = await submit(forwarder, S7, CREATE_WAYBILL, { ...cargo(), flight_date: date, step: "search" });
    const trip = searched.body.match(/<input[^>]*name="trip"[^>]*value="(\d[\d-]*)"(?![^>]*disabled)/)?.[1];
    if (trip) return { trip, date };
  }
  throw new Error("no DME-OVB flight in the coming days");
}

/** A new waybill of the forwarder booked on a coming DME→OVB flight; its number. */
async function bookedWaybill(forwarder: Browser): Promise<string> {
  const { trip, date } = await bookableTrip(forwarder);
  const answer = await submit(forwarder, S7, CREATE_WAYBILL, { ...cargo(), flight_date: date, trip, consignor_certified: "on" });
  expect(answer.status, textOf(answer.body).slice(0, 500)).toBe(302);
  return answer.location!.split("/").pop()!;
}

const page = (mawb: string) => `/dashboard/shipments/${mawb}`;
const action = async (browser: Browser, mawb: string, fields: Record<string, string>) =>
  browser.request(S7, page(mawb), { method: "POST", form: { csrf: await csrfOf(browser, S7, page(mawb)), ...fields } });

describe("the shipment page", () => {
  it("shows the forwarder its waybill without the airline's actions; the S7 manager issues, verifies and voids it", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await newWaybill(forwarder);
    const own = await forwarder.request(S7, page(mawb));
    expect(own.status).toBe(200);
    const text = textOf(own.body);
    expect(text).toContain(mawb);
    expect(text).toContain("DME → OVB");
    expect(text).toContain("READERS LLC");
    expect(text).toContain("FREIGHT PREPAID");
    expect(text).toContain("4901");
    expect(own.body).toMatch(/data-testid="flag-notBooked"/);
    expect(own.body).toMatch(/data-testid="action-edit"/);
    expect(own.body).not.toMatch(/data-testid="action-issue"/);
    expect(own.body).not.toMatch(/data-testid="action-void"/);
    // the change log says it was created
    expect(text).toMatch(/Change log.*Created/);

    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const seen = await manager.request(S7, page(mawb));
    expect(seen.status).toBe(200);
    expect(seen.body).toMatch(/data-testid="action-issue"/);
    expect(seen.body).not.toMatch(/data-testid="action-verify"/);

    const issued = await action(manager, mawb, { intent: "issue" });
    expect(issued.status).toBe(302);
    const afterIssue = await manager.get(S7, issued.location!, { follow: true });
    expect(textOf(afterIssue.body)).toContain(`Air waybill ${mawb} issued`);
    expect(afterIssue.body).toMatch(/data-testid="flag-issued"/);
    expect(afterIssue.body).toMatch(/data-testid="action-verify"/);
    expect(afterIssue.body).toMatch(/data-testid="action-cancel_issue"/);
    // issued: the forwarder may no longer edit it
    expect((await forwarder.request(S7, page(mawb))).body).not.toMatch(/data-testid="action-edit"/);
    expect((await forwarder.request(S7, `${page(mawb)}/edit-awb`)).status).toBe(404);

    const verified = await action(manager, mawb, { intent: "verify" });
    expect(textOf((await manager.get(S7, verified.location!, { follow: true })).body)).toContain(`Air waybill ${mawb} verified`);
    // Issue pressed on a page drawn before another desk issued it: the state graph's refusal, not the not-found page
    const stale = await action(manager, mawb, { intent: "issue" });
    expect(stale.status).toBe(302);
    const afterStale = textOf((await manager.get(S7, stale.location!, { follow: true })).body);
    expect(afterStale).toContain("The shipment is issued: “Issue” is not possible in this state");
    expect(afterStale).not.toContain("not found");

    const dialog = await manager.request(S7, `${page(mawb)}?dialog=void`);
    expect(dialog.body).toMatch(/data-testid="dialog-void"/);
    const noReason = await action(manager, mawb, { intent: "void", reason: " " });
    expect([noReason.status, noReason.refused]).toEqual([200, 400]);
    expect(noReason.body).toMatch(/data-testid="dialog-void"/);
    expect(textOf(noReason.body)).toContain("The field is required");
    const voided = await action(manager, mawb, { intent: "void", reason: "Shipper cancelled" });
    const afterVoid = await manager.get(S7, voided.location!, { follow: true });
    expect(textOf(afterVoid.body)).toContain(`Air waybill ${mawb} voided`);
    expect(afterVoid.body).toMatch(/data-testid="flag-voided"/);
    expect(afterVoid.body).toMatch(/data-testid="action-cancel_void"/);
    expect(afterVoid.body).not.toMatch(/data-testid="action-issue"/);
    // eleven page loads and five actions, each change now also writing its FWB for the airline's settings: 15-21 s
    // alone, over 30 s beside the e2e journeys on two cores
  }, 60_000);

  it("the duplicate-shipment warning says what the check compares, not a reused number (issue 22 §4)", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const twin = await newWaybill(forwarder);
    // the warning as refreshWarnings stores it (its rule: tests/api/awb-warnings.test.ts)
    await bff.api.database.db.update(airWaybills).set({ warnings: ["shipment_duplicate"] }).where(eq(airWaybills.mawb, twin));
    const text = textOf((await forwarder.request(S7, page(twin))).body);
    expect(text).toContain("Another air waybill of the last half year has the same shipper, consignee, route, pieces and weight");
    expect(text).not.toContain("The number was used within the last half year");
  });

  it("a forged airline action by the forwarder is refused and changes nothing", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await newWaybill(forwarder);
    const forged = await action(forwarder, mawb, { intent: "issue" });
    // the waybill's actions do not offer it to the forwarder: the not-found page, nothing sent upstream
    expect(forged.status).toBe(404);
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    expect((await manager.request(S7, page(mawb))).body).not.toMatch(/data-testid="flag-issued"/);
  });

  it("a number that is not one, or one nobody holds, is the not-found page", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    expect((await forwarder.request(S7, page("not-a-number"))).status).toBe(404);
    // a wrong control digit (9999999 mod 7 is 2): refused before any upstream call
    expect((await forwarder.request(S7, page("421-99999995"))).status).toBe(404);
    // a valid number nobody holds: the API's 404 is the not-found page too
    expect((await forwarder.request(S7, page("421-99999992"))).status).toBe(404);
  });

  it("reads in Russian", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await newWaybill(forwarder);
    const text = await inLanguage(forwarder, S7, "ru", async () => textOf((await forwarder.request(S7, page(mawb))).body));
    expect(text).toContain("Отправитель");
    expect(text).toContain("Журнал изменений");
    expect(text).toContain("Редактировать авианакладную");
  });
});

describe("editing", () => {
  it("edit-awb shows the stored values and saves a change; a bad value is said beside its field with the rest kept", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await newWaybill(forwarder, { "dimensions[0].pieces": "3", "dimensions[0].length": "40", "dimensions[0].width": "30", "dimensions[0].height": "20" });
    const edit = `${page(mawb)}/edit-awb`;
    const form = await forwarder.request(S7, edit);
    expect(form.status).toBe(200);
    expect(form.body).toMatch(/name="commodity"[^>]*value="BOOKS"|value="BOOKS"[^>]*name="commodity"/);
    expect(form.body).toMatch(/name="dimensions\[0\]\.length"/);
    const bad = await submit(forwarder, S7, edit, cargo({ commodity: "КНИГИ", weight: "31,5" }));
    expect([bad.status, bad.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(bad.body, "commodity")).toBe("Latin letters and numbers only");
    const saved = await submit(forwarder, S7, edit, cargo({ commodity: "OLD BOOKS", weight: "31,5" }));
    expect(saved.status, textOf(saved.body).slice(0, 400)).toBe(302);
    const after = textOf((await forwarder.get(S7, saved.location!, { follow: true })).body);
    expect(after).toContain(`Air waybill ${mawb} saved`);
    expect(after).toContain("OLD BOOKS");
    expect(after).toContain("31.5 kg");
  });

  it("edit-booking cancels a booking", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await bookedWaybill(forwarder);
    const shipment = await forwarder.request(S7, page(mawb));
    expect(shipment.body).toMatch(/data-testid="action-edit-booking"/);
    const editPage = `${page(mawb)}/edit-booking`;
    const bookings = await forwarder.request(S7, editPage);
    expect(bookings.status).toBe(200);
    const id = bookings.body.match(/data-testid="cancel-(\d+)"/)?.[1];
    expect(id).toBeDefined();
    // a move the API refuses is said in the user's words, not in the API's English
    bff.msw.use(http.post(`${bff.api.url}/api/v3/bookings/change`, () => HttpResponse.json({ errors: { base: ["Sales are closed for this flight"] }, error_codes: { base: [{ code: "flight_sales_closed", params: {} }] } }, { status: 422 }), { once: true }));
    const refused = await submit(forwarder, S7, editPage, { intent: "change", id: id!, segment_id: "1" });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(textOf(refused.body)).toContain("The flight is locked, closed for sales or cancelled");
    expect(textOf(refused.body)).not.toContain("Sales are closed");
    const cancelled = await submit(forwarder, S7, editPage, { intent: "cancel", id: id! });
    expect(cancelled.status, textOf(cancelled.body).slice(0, 400)).toBe(302);
    const after = await forwarder.get(S7, cancelled.location!, { follow: true });
    expect(textOf(after.body)).toContain(`Booking of ${mawb} cancelled`);
    expect(after.body).toMatch(/data-testid="booking-status-XX"/);
  });
});

describe("times and the change log (issue 22 §2, §3)", () => {
  /** The page's text in the given time mode (the header's switch, as a user flips it). */
  async function inMode(browser: Browser, mawb: string, mode: "local" | "utc"): Promise<string> {
    const csrf = await csrfOf(browser, S7, page(mawb));
    const switched = await browser.request(S7, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "timeMode", value: mode, redirectTo: page(mawb) } });
    expect(switched.status).toBe(302);
    return textOf((await browser.request(S7, page(mawb))).body);
  }
  const section = (text: string, from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));

  it("bookings, movements and the change log follow the local/UTC switch with their zone; the log names only what the user changed", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await bookedWaybill(forwarder);
    // a movement at Domodedovo (Moscow, UTC+3 all year) at a known instant
    const [awb] = await bff.api.database.db.select({ id: airWaybills.id }).from(airWaybills).where(eq(airWaybills.mawb, mawb));
    await bff.api.database.db.insert(awbMovements).values({ air_waybill_id: awb!.id, mawb, status_code: "RCS", location_iata: "DME", pieces: 2, weight: 31.5, time_utc: new Date(Date.UTC(2030, 0, 1, 10, 0)) });
    // the whole edit form posted again, shipper and consignee unchanged: only the commodity is a change
    const saved = await submit(forwarder, S7, `${page(mawb)}/edit-awb`, cargo({ commodity: "OLD BOOKS" }));
    expect(saved.status, textOf(saved.body).slice(0, 400)).toBe(302);

    const local = await inMode(forwarder, mawb, "local");
    const movementsLocal = section(local, "Movements", "Warnings");
    expect(movementsLocal).toMatch(/Jan 01, 2030 13:00 \+03:00\s+RCS/);
    expect(section(local, "Bookings", "Movements")).toMatch(/DME → OVB\s+\w{3} \d{2}, \d{4} \d{2}:\d{2} \+03:00/);
    const logLocal = section(local, "Change log", "Documents");
    expect(logLocal).toMatch(/\d{2}:\d{2} \+03:00\s+forwarder@cargodesk\.test\s+Edited\s+Commodity\s*: BOOKS → OLD BOOKS/);
    expect(local).not.toContain("(UTC)");
    // the edit is the commodity alone; the creation lists what the forwarder typed, no bookkeeping
    expect(section(logLocal, "Edited", "Created")).toMatch(/^Edited\s+Commodity\s*: BOOKS → OLD BOOKS\s+\S+ \d{2}, \d{4} \d{2}:\d{2} \+03:00 forwarder@cargodesk\.test\s+$/);
    expect(logLocal).toMatch(/Created\s+Origin\s*: — → DME .*Shipper\s*: — → READERS LLC/);
    for (const internal of ["bso", "prefix", "rating", "totals", "wt_val", "deleted", "created_by", "Postal shipment", "Charter", "{}", "[]"]) {
      expect(logLocal, internal).not.toContain(internal);
    }

    const utc = await inMode(forwarder, mawb, "utc");
    expect(section(utc, "Movements", "Warnings")).toMatch(/Jan 01, 2030 10:00 UTC\s+RCS/);
    expect(section(utc, "Bookings", "Movements")).toMatch(/DME → OVB\s+\w{3} \d{2}, \d{4} \d{2}:\d{2} UTC/);
    expect(section(utc, "Change log", "Documents")).toMatch(/\d{2}:\d{2} UTC\s+forwarder@cargodesk\.test\s+Edited/);

    const ru = await inLanguage(forwarder, S7, "ru", async () => textOf((await forwarder.request(S7, page(mawb))).body));
    expect(ru).toMatch(/Наименование груза\s*: BOOKS → OLD BOOKS/);
    expect(section(ru, "Журнал изменений", "Документы")).not.toMatch(/commodity|weight|pieces/);
  });
});
