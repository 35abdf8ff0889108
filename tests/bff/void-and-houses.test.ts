/**
 * The shipment page's void-request dialogs and the house waybill pages (issue 11) through the BFF against the real
 * API, as a browser without JavaScript posts them: the forwarder asks (a blank reason comes back with the dialog open
 * and the payment box as ticked), withdraws, asks again; the S7 manager answers (no payment decision: the dialog stays
 * with the typed reason) and accepts, and the waybill shows voided. House waybills on C6 (a house-waybill airline):
 * create with errors beside their fields and values kept, a taken serial, edit, delete, the totals warning; absent on
 * S7; Russian and Spanish.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills } from "../../api/db/schema";
import { csrfOf, fieldErrorOf, hiddenInput, inLanguage, submit, textOf, useBff, type Browser } from "./harness";
import { savedWaybill, type WaybillFields } from "./waybills";

const bff = useBff();
const S7 = "s7.localhost";
const C6 = "c6.localhost";

const newWaybill = (forwarder: Browser, host: string, route: WaybillFields) =>
  savedWaybill(forwarder, host, { pieces: "5", weight: "100", commodity: "GARMENTS", hs_codes: "6109", "shipper.name": "TEXTILE LLC", accounting_information: "FREIGHT PREPAID", ...route });
const onS7 = (forwarder: Browser) => newWaybill(forwarder, S7, { origin_iata: "DME", destination_iata: "OVB" });
const onC6 = (forwarder: Browser) => newWaybill(forwarder, C6, { origin_iata: "TAS", destination_iata: "SVO" });

const page = (mawb: string) => `/dashboard/shipments/${mawb}`;
const post = async (browser: Browser, host: string, mawb: string, fields: Record<string, string>) =>
  browser.request(host, page(mawb), { method: "POST", form: { csrf: await csrfOf(browser, host, page(mawb)), ...fields } });
const follow = async (browser: Browser, host: string, answer: { status: number; location: string | null; body: string }) => {
  expect(answer.status, textOf(answer.body).slice(0, 300)).toBe(302);
  return browser.get(host, answer.location!, { follow: true });
};
/** The checked state of a checkbox or radio input by name and value. */
const isChecked = (html: string, name: string, value?: string) =>
  (html.match(/<input\b[^>]*>/g) ?? []).some((t) => t.includes(`name="${name}"`) && (value === undefined || t.includes(`value="${value}"`)) && /\bchecked\b/.test(t));

describe("void requests on the shipment page", () => {
  it("the forwarder asks, the S7 manager accepts, and the waybill shows voided; mistakes come back in the open dialog", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await onS7(forwarder);
    const own = await forwarder.request(S7, page(mawb));
    expect(own.body).toMatch(/data-testid="action-void-request"/);
    const dialog = await forwarder.request(S7, `${page(mawb)}?dialog=void_request`);
    expect(dialog.body).toMatch(/data-testid="void-request-dialog"/);
    expect(textOf(dialog.body)).toContain(`Ask the airline to void ${mawb}`);

    // a blank reason: the dialog again, the error beside the reason, the payment box as it was ticked
    const blank = await post(forwarder, S7, mawb, { intent: "void_request", request_reason: "  ", payment_required: "on" });
    expect([blank.status, blank.refused]).toEqual([200, 400]);
    expect(blank.body).toMatch(/data-testid="void-request-dialog"/);
    expect(textOf(blank.body)).toContain("Give a reason");
    expect(isChecked(blank.body, "payment_required")).toBe(true);

    const asked = await follow(forwarder, S7, await post(forwarder, S7, mawb, { intent: "void_request", request_reason: "Consignee refused the goods", payment_required: "on" }));
    expect(textOf(asked.body)).toContain(`Void request for ${mawb} sent to the airline`);
    expect(asked.body).toMatch(/data-testid="void-request-withdraw"/);
    expect(asked.body).not.toMatch(/data-testid="action-void-request"/);
    expect(textOf(asked.body)).toContain("In progress");

    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const seen = await manager.request(S7, page(mawb));
    expect(seen.body).toMatch(/data-testid="void-request-answer"/);
    expect(seen.body).not.toMatch(/data-testid="void-request-withdraw"/);
    const answer = await manager.request(S7, `${page(mawb)}?dialog=resolve_void`);
    expect(answer.body).toMatch(/data-testid="void-resolve-dialog"/);
    expect(textOf(answer.body)).toContain("FWDONE asks to void it: Consignee refused the goods");
    // the forwarder said payment is needed: the airline's choice starts there
    expect(isChecked(answer.body, "void_payment", "required")).toBe(true);
    const id = hiddenInput(answer.body, "id")!;

    // declining without a reason: the dialog stays with the decision as chosen
    const noReason = await post(manager, S7, mawb, { intent: "void_request_resolve", id, status: "declined", resolve_reason: "", void_payment: "required" });
    expect([noReason.status, noReason.refused]).toEqual([200, 400]);
    expect(noReason.body).toMatch(/data-testid="void-resolve-dialog"/);
    expect(textOf(noReason.body)).toContain("Give a reason");
    expect(isChecked(noReason.body, "status", "declined")).toBe(true);
    // accepting without a payment decision: the typed reason is kept
    const noPayment = await post(manager, S7, mawb, { intent: "void_request_resolve", id, status: "accepted", resolve_reason: "Agreed with the shipper" });
    expect([noPayment.status, noPayment.refused]).toEqual([200, 400]);
    expect(textOf(noPayment.body)).toContain("Say whether the voided air waybill must still be paid");
    expect(noPayment.body).toContain("Agreed with the shipper");

    const accepted = await follow(manager, S7, await post(manager, S7, mawb, { intent: "void_request_resolve", id, status: "accepted", resolve_reason: "Agreed with the shipper", void_payment: "not_required" }));
    expect(textOf(accepted.body)).toContain(`${mawb} voided at the forwarder's request`);
    expect(accepted.body).toMatch(/data-testid="flag-voided"/);
    const forwarderView = await forwarder.request(S7, page(mawb));
    expect(forwarderView.body).toMatch(/data-testid="flag-voided"/);
    expect(textOf(forwarderView.body)).toMatch(/Accepted.*Agreed with the shipper.*Payment not required/);
    expect(forwarderView.body).not.toMatch(/data-testid="action-void-request"/);
  });

  it("the forwarder withdraws; a forged answer, another airline and a hostile id are the not-found page", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await onS7(forwarder);
    await post(forwarder, S7, mawb, { intent: "void_request", request_reason: "Duplicate entry" });
    const open = await forwarder.request(S7, page(mawb));
    const id = hiddenInput(open.body.slice(open.body.indexOf('data-testid="void-request-open"')), "id")!;
    // the forwarder cannot answer its own request: the not-found page, nothing sent to the API
    const forged = await post(forwarder, S7, mawb, { intent: "void_request_resolve", id, status: "accepted", void_payment: "required" });
    expect(forged.status).toBe(404);
    expect((await forwarder.request(S7, page(mawb))).body).not.toMatch(/data-testid="flag-voided"/);
    const withdrawn = await follow(forwarder, S7, await post(forwarder, S7, mawb, { intent: "void_request_withdraw", id }));
    expect(textOf(withdrawn.body)).toContain(`Void request for ${mawb} withdrawn`);
    expect(textOf(withdrawn.body)).toContain("Withdrawn");
    expect(withdrawn.body).toMatch(/data-testid="action-void-request"/);
    expect(withdrawn.body).not.toMatch(/data-testid="flag-voided"/);
    // another airline does not see the waybill at all
    const c6 = await bff.signedIn(C6, "c6.manager@cargodesk.test");
    expect((await c6.request(C6, page(mawb))).status).toBe(404);
    // a hostile id never reaches the API
    expect((await post(forwarder, S7, mawb, { intent: "void_request_withdraw", id: "99999999999" })).status).toBe(404);
  });

  it("each side lists its requests: the airline opens on what waits for its answer, the forwarder on all of its own; the shipments lists link there", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const waiting = await onS7(forwarder);
    const withdrawnOne = await onS7(forwarder);
    await post(forwarder, S7, waiting, { intent: "void_request", request_reason: "Wrong route" });
    await post(forwarder, S7, withdrawnOne, { intent: "void_request", request_reason: "Typo" });
    const open = await forwarder.request(S7, page(withdrawnOne));
    const id = hiddenInput(open.body.slice(open.body.indexOf('data-testid="void-request-open"')), "id")!;
    expect((await post(forwarder, S7, withdrawnOne, { intent: "void_request_withdraw", id })).status).toBe(302);

    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const list = await manager.request(S7, "/dashboard/air-waybills");
    expect(list.body).toMatch(/data-testid="shipments-tab-void_requests"[^>]*href="\/dashboard\/air-waybills\/void-requests"|href="\/dashboard\/air-waybills\/void-requests"[^>]*data-testid="shipments-tab-void_requests"/);
    const airline = await manager.request(S7, "/dashboard/air-waybills/void-requests");
    expect(airline.status).toBe(200);
    expect(airline.body).toMatch(new RegExp(`data-testid="void-request-row-${waiting}"`));
    expect(airline.body).not.toMatch(new RegExp(`data-testid="void-request-row-${withdrawnOne}"`));
    expect(textOf(airline.body)).toContain("Wrong route");
    // "All" shows the withdrawn one too
    const all = await manager.request(S7, `/dashboard/air-waybills/void-requests?status=&mawb=${withdrawnOne}`);
    expect(textOf(all.body)).toContain("Withdrawn");
    expect((await manager.request(S7, "/dashboard/air-waybills/void-requests?mawb=abc")).body).toContain("An AWB number or its start");

    const mine = await forwarder.request(S7, `/dashboard/air-waybills/void-requests?mawb=${withdrawnOne}`);
    expect(mine.body).toMatch(new RegExp(`data-testid="void-request-row-${withdrawnOne}"`));
    // another airline sees none of them
    const c6 = await bff.signedIn(C6, "c6.manager@cargodesk.test");
    const other = await c6.request(C6, `/dashboard/air-waybills/void-requests?status=&mawb=${waiting}`);
    expect(other.status).toBe(200);
    expect(other.body).not.toMatch(new RegExp(`data-testid="void-request-row-${waiting}"`));
  });

  it("speaks Russian", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await onS7(forwarder);
    const text = await inLanguage(forwarder, S7, "ru", async () => textOf((await forwarder.request(S7, `${page(mawb)}?dialog=void_request`)).body));
    expect(text).toContain("Запросы на аннулирование");
    expect(text).toContain(`Попросить авиакомпанию аннулировать ${mawb}`);
    expect(text).toContain("Аннулированную авианакладную всё равно нужно оплатить");
  });
});

describe("house waybills", () => {
  const house = (extra: Record<string, string> = {}) => ({
    serial_number: "hwb1",
    origin_iata: "TAS",
    destination_iata: "SVO",
    pieces: "2",
    weight: "40,5",
    weight_code: "K",
    manifest_description_of_goods: "T-SHIRTS",
    hs_codes: "6109",
    "shipper.name": "TASHKENT TEXTILE",
    "consignee.name": "MOSCOW RETAIL",
    placi_status: "OK",
    ...extra,
  });

  it("adds, refuses with errors beside the fields and values kept, edits and deletes; the master is warned while the houses do not add up", async () => {
    const forwarder = await bff.signedIn(C6, "forwarder@cargodesk.test");
    const mawb = await onC6(forwarder);
    const shipment = await forwarder.request(C6, page(mawb));
    expect(shipment.body).toMatch(/data-testid="house-waybills"/);
    expect(textOf(shipment.body)).toContain("No house waybills under this air waybill yet.");
    const createPath = `/dashboard/air-waybills/${mawb}/house-waybills/create`;
    const form = await forwarder.request(C6, createPath);
    expect(form.status).toBe(200);
    // a new house starts on the master's route
    expect(form.body).toMatch(/name="origin_iata"[^>]*value="TAS"|value="TAS"[^>]*name="origin_iata"/);

    const bad = await submit(forwarder, C6, createPath, house({ serial_number: "HWB-1", pieces: "two", "shipper.name": "" }));
    expect([bad.status, bad.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(bad.body, "serial_number")).toBe("Up to 12 letters and digits");
    expect(fieldErrorOf(bad.body, "pieces")).toBeTruthy();
    expect(fieldErrorOf(bad.body, "shipper.name")).toBe("The field is required");
    // issue 22 item 15: a consignee in GB needs its post code, said beside it in the same pass
    const inGb = await submit(forwarder, C6, createPath, house({ "consignee.country_code": "GB", "consignee.city": "London" }));
    expect([inGb.status, inGb.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(inGb.body, "consignee.post_code")).toBe("A post code is required for addresses in Great Britain and the EU");
    expect(inGb.body).toContain('value="London"');
    expect(bad.body).toContain('value="MOSCOW RETAIL"');
    expect(bad.body).toContain('value="HWB-1"');

    const created = await submit(forwarder, C6, createPath, house());
    expect(created.status, textOf(created.body).slice(0, 400)).toBe(302);
    expect(created.location).toBe(page(mawb));
    const after = await forwarder.get(C6, created.location!, { follow: true });
    expect(textOf(after.body)).toContain("House waybill HWB1 added");
    expect(after.body).toMatch(/data-testid="house-HWB1"/);
    expect(textOf(after.body)).toContain("TAS → SVO");
    // 2 pcs / 40.5 kg under a master of 5 pcs / 100 kg; one house waybill is said as one (issue 22 §10)
    expect(textOf(after.body)).toContain("The house waybills do not add up to the master's pieces or weight.");
    expect(textOf(after.body)).toMatch(/\b1 house waybill: 2 pcs, 40\.5 kg; the master: 5 pcs, 100 kg/);
    expect(after.body).toMatch(/data-testid="flag-warnings"/);

    // the same serial again: said beside the number, everything typed kept
    const taken = await submit(forwarder, C6, createPath, house({ serial_number: "HWB1", "consignee.name": "OTHER SHOP" }));
    expect([taken.status, taken.refused]).toEqual([200, 422]);
    expect(fieldErrorOf(taken.body, "serial_number")).toBe("This house waybill number is already used under this air waybill");
    expect(taken.body).toContain('value="OTHER SHOP"');

    // edit: the stored values, then the rest of the master's figures
    const editPath = after.body.match(/href="(\/dashboard\/air-waybills\/[^"]+\/house-waybills\/\d+\/edit)"/)![1]!;
    const editForm = await forwarder.request(C6, editPath);
    expect(editForm.body).toContain('value="TASHKENT TEXTILE"');
    const edited = await submit(forwarder, C6, editPath, house({ serial_number: "HWB1", pieces: "5", weight: "100" }));
    const afterEdit = await forwarder.get(C6, edited.location!, { follow: true });
    expect(textOf(afterEdit.body)).toContain("House waybill HWB1 saved");
    expect(textOf(afterEdit.body)).not.toContain("do not add up");

    const id = editPath.match(/house-waybills\/(\d+)\/edit/)![1]!;
    const deleted = await follow(forwarder, C6, await post(forwarder, C6, mawb, { intent: "house_delete", id }));
    expect(textOf(deleted.body)).toContain("House waybill HWB1 deleted");
    expect(deleted.body).not.toMatch(/data-testid="house-HWB1"/);
  });

  it("is not offered on an airline without house waybills (S7), and another company's master is not found", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await onS7(forwarder);
    expect((await forwarder.request(S7, page(mawb))).body).not.toMatch(/data-testid="house-waybills"/);
    expect((await forwarder.request(S7, `/dashboard/air-waybills/${mawb}/house-waybills/create`)).status).toBe(404);
    const c6Waybill = await onC6(await bff.signedIn(C6, "forwarder@cargodesk.test"));
    const c6Manager = await bff.signedIn(C6, "c6.manager@cargodesk.test");
    // the C6 airline may add houses to its waybills; it sees the page
    expect((await c6Manager.request(C6, `/dashboard/air-waybills/${c6Waybill}/house-waybills/create`)).status).toBe(200);
    // the S7 waybill is not C6's: not found, and so is a house id that is not a number
    expect((await c6Manager.request(C6, `/dashboard/air-waybills/${mawb}/house-waybills/create`)).status).toBe(404);
    expect((await c6Manager.request(C6, `/dashboard/air-waybills/${c6Waybill}/house-waybills/abc/edit`)).status).toBe(404);
  });

  it("speaks Spanish on V0 and Russian on C6", async () => {
    const [v0Waybill] = await bff.api.database.db.select({ mawb: airWaybills.mawb }).from(airWaybills).where(eq(airWaybills.carrier, "V0")).limit(1);
    const v0 = await bff.signedIn("v0.localhost", "v0.manager@cargodesk.test");
    const spanish = await inLanguage(v0, "v0.localhost", "es", async () => textOf((await v0.request("v0.localhost", page(v0Waybill!.mawb))).body));
    expect(spanish).toContain("Guías hijas");
    const form = await inLanguage(v0, "v0.localhost", "es", async () => textOf((await v0.request("v0.localhost", `/dashboard/air-waybills/${v0Waybill!.mawb}/house-waybills/create`)).body));
    expect(form).toContain("Número de guía hija");
    const forwarder = await bff.signedIn(C6, "forwarder@cargodesk.test");
    const mawb = await onC6(forwarder);
    const russian = await inLanguage(forwarder, C6, "ru", async () => textOf((await forwarder.request(C6, `/dashboard/air-waybills/${mawb}/house-waybills/create`)).body));
    expect(russian).toContain("Номер домашней накладной");
    expect(russian).toContain("Характер груза");
  });
});
