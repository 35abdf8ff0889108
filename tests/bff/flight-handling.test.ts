/**
 * The flight page's handling tabs (issue 11) through the BFF against the real API, as a browser without JavaScript
 * posts them: booking several waybills at once with per-number outcomes, Receiving (a typo said beside its field with
 * what was typed kept, then received), Ready for Carriage, Build-Up with booked against manifested figures, departure,
 * the Notice tab, the forwarder's shipment page showing the movements, Russian labels, and another airline's 404;
 * the FBL, FFM and UWS tabs (issue 23): not enough data said before the build-up, then each telegram's text and summary,
 * the manifest's PDF.
 */
import { describe, expect, it } from "vitest";
import type { TestApi } from "../api/helpers";
import { bookingFixtures } from "../api/booking-fixtures";
import { configuredNow, csrfOf, inLanguage, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
// one set of fixtures for the file: its flight numbers and waybill serials count up, so records never collide
let shared: ReturnType<typeof bookingFixtures> | undefined;
const fixtures = () => (shared ??= bookingFixtures({ database: bff.api.database, clock: configuredNow } as unknown as TestApi));

const page = (id: number, tab: string, extra = "") => `/dashboard/flights/${id}?tab=${tab}${extra}`;
async function post(browser: Browser, id: number, tab: string, fields: Record<string, string>) {
  const csrf = await csrfOf(browser, S7, page(id, tab));
  return browser.request(S7, page(id, tab), { method: "POST", form: { csrf, tab, ...fields } });
}

/**
 * A flight of S7 from OVB (STD `hours` ahead) and an issued waybill of FWDONE (the demo's S7 agreement) not yet
 * booked: cargo is received and flown only under an issued waybill (cargo/awb/shipment-state).
 */
async function flightAndWaybill(weight = 120, hours = 72) {
  const f = fixtures();
  const segment = await f.flight({ hours });
  const awb = await f.waybill({ forwarder: "FWDONE", weight, pieces: 3, volume: 0.6, issued_at: configuredNow() });
  return { f, segment, awb };
}

describe("the flight's handling tabs (JS off)", () => {
  it("books waybills from the Shipments tab: each number's outcome is said, the booked one is listed with its status", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const { segment, awb } = await flightAndWaybill();
    const missing = "421-00000011";
    const noCert = await post(manager, segment.id, "shipments", { intent: "book_many", mawb_list: `${awb.mawb}\n${missing}` });
    expect([noCert.status, noCert.refused]).toEqual([200, 400]);
    expect(textOf(noCert.body)).toContain("The consignor certification must be accepted");
    expect(noCert.body).toContain(missing); // what was typed stays in the textarea

    const res = await post(manager, segment.id, "shipments", { intent: "book_many", mawb_list: `${awb.mawb}, ${missing}`, consignor_certified: "on" });
    expect(res.status, textOf(res.body).slice(0, 300)).toBe(200);
    const outcome = textOf(res.body);
    expect(outcome).toMatch(new RegExp(`${awb.mawb}\\s*:\\s*booked`));
    expect(outcome).toMatch(new RegExp(`${missing}\\s*:\\s*No such waybill of yours`));

    const tab = await manager.request(S7, page(segment.id, "shipments"));
    const table = textOf(tab.body.slice(tab.body.indexOf('data-testid="shipments-table"')));
    expect(table).toContain(awb.mawb);
    expect(table).toContain("KK");
    expect(table).toContain("FWDONE");
  });

  it("receives, builds up and departs the flight; the forwarder sees the movements on its shipment page", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    // STD within the hour: Depart is offered from STD − 60 min (cargo/flights/departure)
    const { segment, awb } = await flightAndWaybill(120, 0.5);
    await post(manager, segment.id, "shipments", { intent: "book_many", mawb_list: awb.mawb, consignor_certified: "on" });

    const toReceive = await manager.request(S7, page(segment.id, "receiving"));
    expect(toReceive.body).toContain(`data-testid="receive-${awb.mawb}"`);
    const typo = await post(manager, segment.id, "receiving", { intent: "receive", mawb: awb.mawb, pieces: "3", weight: "12o" });
    expect([typo.status, typo.refused]).toEqual([200, 400]);
    const form = typo.body.slice(typo.body.indexOf(`data-testid="receive-${awb.mawb}"`));
    expect(form).toContain('value="12o"');
    expect(textOf(form.slice(0, 3000))).toContain("Enter a number in digits, like 12.5");

    const received = await post(manager, segment.id, "receiving", { intent: "receive", mawb: awb.mawb, pieces: "3", weight: "118.5" });
    expect(received.status).toBe(302);
    const after = await manager.request(S7, received.location!);
    expect(textOf(after.body)).toContain(`${awb.mawb} received`);
    const receivedView = textOf((await manager.request(S7, page(segment.id, "receiving", "&state=received"))).body);
    expect(receivedView).toContain(awb.mawb);
    expect(receivedView).toContain("118.5 kg");

    const ready = await manager.request(S7, page(segment.id, "build_up"));
    expect(ready.body).toContain(`data-testid="manifest-add-${awb.mawb}"`);
    expect((await post(manager, segment.id, "build_up", { intent: "manifest_add", mawb: awb.mawb, priority: "1" })).status).toBe(302);

    const buildUp = await manager.request(S7, page(segment.id, "manifest"));
    const booked = textOf(buildUp.body.slice(buildUp.body.indexOf('data-testid="totals-booked"'), buildUp.body.indexOf('data-testid="totals-manifested"')));
    expect(booked).toContain("120 kg");
    const manifested = textOf(buildUp.body.slice(buildUp.body.indexOf('data-testid="totals-manifested"'), buildUp.body.indexOf('data-testid="build-up-table"')));
    expect(manifested).toContain("118.5 kg");
    expect(textOf(buildUp.body.slice(buildUp.body.indexOf('data-testid="build-up-table"')))).toContain(`${awb.mawb}`);

    const departed = await post(manager, segment.id, "manifest", { intent: "depart" });
    expect(departed.status).toBe(302);
    const notice = await manager.request(S7, page(segment.id, "notice"));
    expect(textOf(notice.body)).toContain("The flight has departed");
    expect(notice.body).not.toContain('data-testid="depart-form"');
    expect(notice.body).toContain('data-testid="arrive-form"');

    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const shipment = textOf((await forwarder.request(S7, `/dashboard/shipments/${awb.mawb}`)).body);
    for (const code of ["BKD", "RCS", "MAN", "DEP"]) expect(shipment).toContain(code);
    expect(shipment).toContain(segment.number_with_date);
  });

  it("says a refusal of the API beside the form: a waybill not booked on the flight cannot be added to the build-up", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const { segment, awb } = await flightAndWaybill();
    const res = await post(manager, segment.id, "manifest", { intent: "manifest_add", row: "manifest_add", mawb: awb.mawb, priority: "2" });
    expect([res.status, res.refused]).toEqual([200, 422]);
    const form = textOf(res.body.slice(res.body.indexOf('data-testid="manifest-add-number"')).slice(0, 4000));
    expect(form).toContain("Not booked on this flight");
    expect(res.body).toContain(`value="${awb.mawb}"`);
  });

  it("shows the tabs in Russian, and another airline's manager gets the not-found page", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const { segment } = await flightAndWaybill();
    await inLanguage(manager, S7, "ru", async () => {
      const text = textOf((await manager.request(S7, page(segment.id, "receiving"))).body);
      for (const label of ["Отправки", "Готово к перевозке", "Комплектация", "Приём", "Уведомления", "Вылет"]) expect(text).toContain(label);
    });
    const su = await bff.signedIn("su.localhost", "su.manager@cargodesk.test");
    expect((await su.request("su.localhost", page(segment.id, "shipments"))).status).toBe(404);
  });

  it("offers only what the shipment's state graph allows: a delivered waybill no Issue, RCF, NFD nor DLV; a stale form is refused in words", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const { f, segment, awb } = await flightAndWaybill(100, 0.5);
    // a waybill never issued: booked, but its cargo is not received (the tab says why instead of offering the form)
    const draft = await f.waybill({ forwarder: "FWDONE", weight: 50, pieces: 1, volume: 0.2 });
    await post(manager, segment.id, "shipments", { intent: "book_many", mawb_list: `${awb.mawb}\n${draft.mawb}`, consignor_certified: "on" });
    const receiving = (await manager.request(S7, page(segment.id, "receiving"))).body;
    expect(receiving).toContain(`data-testid="receive-${awb.mawb}"`);
    expect(receiving).not.toContain(`data-testid="receive-${draft.mawb}"`);
    expect(textOf(receiving.slice(receiving.indexOf(`data-testid="shipment-state-${draft.mawb}"`)).slice(0, 400))).toContain("not issued yet");
    expect((await post(manager, segment.id, "build_up", { intent: "manifest_add", mawb: awb.mawb, priority: "1" })).status).toBe(302);
    expect((await post(manager, segment.id, "manifest", { intent: "depart" })).status).toBe(302);
    expect((await post(manager, segment.id, "notice", { intent: "arrive" })).status).toBe(302);
    const arrived = (await manager.request(S7, page(segment.id, "notice"))).body;
    for (const code of ["RCF", "NFD", "DLV"]) expect(arrived).toContain(`data-testid="step-${code}-${awb.mawb}"`);
    expect((await post(manager, segment.id, "notice", { intent: "movement", mawb: awb.mawb, status_code: "DLV" })).status).toBe(302);

    const delivered = (await manager.request(S7, page(segment.id, "notice"))).body;
    expect(delivered).toContain(awb.mawb);
    for (const code of ["RCF", "NFD", "DLV"]) expect(delivered).not.toContain(`data-testid="step-${code}-${awb.mawb}"`);
    expect(delivered).not.toContain(`data-testid="discrepancy-${awb.mawb}"`);
    const shipment = (await manager.request(S7, `/dashboard/shipments/${awb.mawb}`)).body;
    for (const action of ["issue", "cancel_issue", "deliver", "void"]) expect(shipment).not.toContain(`data-testid="action-${action}"`);

    // the form of a page opened before the delivery: refused, saying the state, in the reader's language
    const stale = await post(manager, segment.id, "notice", { intent: "movement", mawb: awb.mawb, status_code: "RCF" });
    expect([stale.status, stale.refused]).toEqual([200, 422]);
    expect(textOf(stale.body)).toContain("The shipment is delivered: “Received from flight (RCF)” is not possible in this state");
    await inLanguage(manager, S7, "ru", async () => {
      const ru = await post(manager, segment.id, "notice", { intent: "movement", mawb: awb.mawb, status_code: "NFD" });
      expect(textOf(ru.body)).toContain("Отправка выдана получателю: действие «Получатель уведомлён (NFD)» в этом состоянии невозможно");
    });
  });

  it("offers Depart only from an hour before STD, saying from when in the origin's time; a forced departure is refused in words", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const { segment } = await flightAndWaybill(100, 48);
    const tab = (await manager.request(S7, page(segment.id, "manifest"))).body;
    expect(tab).not.toContain('data-testid="depart-form"');
    // OVB is UTC+7: STD − 60 min on the origin's clock
    const earliest = new Date(+segment.std - 3_600_000 + 7 * 3_600_000).toISOString();
    const wall = `${earliest.slice(0, 10)} ${earliest.slice(11, 16)} (UTC+07:00)`;
    expect(textOf(tab)).toContain(`Departure can be recorded from ${wall}`);
    const forced = await post(manager, segment.id, "manifest", { intent: "depart" });
    expect([forced.status, forced.refused]).toEqual([200, 422]);
    expect(textOf(forced.body)).toContain(`its departure can be recorded from ${wall} on (60 minutes before)`);
  });
});

describe("the flight's telegram tabs (JS off)", () => {
  it("says there is not enough data for an FFM before the build-up, then shows the FBL, FFM and UWS texts and the manifest's PDF", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const { segment, awb } = await flightAndWaybill(120, 30);
    await post(manager, segment.id, "shipments", { intent: "book_many", mawb_list: awb.mawb, consignor_certified: "on" });

    const before = await manager.request(S7, page(segment.id, "ffm"));
    expect(before.status).toBe(200);
    expect(textOf(before.body.slice(before.body.indexOf('data-testid="message-refusal"')))).toContain("Not enough data (FFM): the flight has no manifest yet");
    await inLanguage(manager, S7, "ru", async () => {
      const ru = textOf((await manager.request(S7, page(segment.id, "uws"))).body);
      expect(ru).toContain("Недостаточно данных (UWS)");
    });
    // the document asked for too early goes back to its tab, which says why
    const early = await manager.request(S7, `/dashboard/flights/${segment.id}/ffm.pdf`);
    expect([early.status, early.location]).toEqual([302, page(segment.id, "ffm")]);
    const back = (await manager.request(S7, early.location!)).body;
    expect(textOf(back.slice(back.indexOf('data-testid="notice"')).slice(0, 600))).toContain("Not enough data (FFM)");
    const fbl = await manager.request(S7, page(segment.id, "fbl"));
    const fblText = textOf(fbl.body.slice(fbl.body.indexOf('data-testid="message-text"')));
    expect(fblText).toContain("FBL/4");
    expect(fblText).toContain(`${awb.mawb}OVBDME/T3K120.0MC0.6/SPARE PARTS`);
    expect(textOf(fbl.body.slice(fbl.body.indexOf('data-testid="message-shipments-table"')))).toContain("KK");

    expect((await post(manager, segment.id, "build_up", { intent: "manifest_add", mawb: awb.mawb, priority: "1" })).status).toBe(302);
    const ffm = await manager.request(S7, page(segment.id, "ffm"));
    const ffmText = textOf(ffm.body.slice(ffm.body.indexOf('data-testid="message-text"')));
    expect(ffmText).toMatch(new RegExp(`FFM/8\\s+1/${segment.number}/`));
    expect(ffmText).toContain(`${awb.mawb}OVBDME/T3K120.0MC0.6/SPARE PARTS`);
    expect(ffmText).toContain("LAST");
    expect(ffm.body).toContain(`href="/dashboard/flights/${segment.id}/ffm.pdf"`);
    const uws = await manager.request(S7, page(segment.id, "uws"));
    expect(textOf(uws.body.slice(uws.body.indexOf('data-testid="message-text"')))).toContain("BULK DME/120/C");
    expect(uws.body).not.toContain("uws.pdf");

    const pdf = await manager.request(S7, `/dashboard/flights/${segment.id}/ffm.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("ffm.pdf");
    expect(pdf.body.startsWith("%PDF-")).toBe(true);
    const su = await bff.signedIn("su.localhost", "su.manager@cargodesk.test");
    expect((await su.request("su.localhost", `/dashboard/flights/${segment.id}/ffm.pdf`)).status).toBe(404);

    // sent from its tab: a wrong address is said beside the field as typed; a SITA address queues the FFM
    expect(ffm.body).toContain('data-testid="send-ffm"');
    const wrong = await post(manager, segment.id, "ffm", { intent: "send_telegram", addresses: "ops at s7" });
    expect([wrong.status, wrong.refused]).toEqual([200, 422]);
    expect(textOf(wrong.body.slice(wrong.body.indexOf('data-testid="send-ffm"')))).toContain("ops is not an e-mail address, a 7-character SITA address or an https URL");
    const sent = await post(manager, segment.id, "ffm", { intent: "send_telegram", addresses: "MOWFMS7" });
    expect([sent.status, sent.location]).toEqual([302, page(segment.id, "ffm")]);
    const noticed = (await manager.request(S7, sent.location!)).body;
    expect(textOf(noticed.slice(noticed.indexOf('data-testid="notice"')).slice(0, 300))).toContain("FFM sent: 1 message queued for delivery");
  });
});
