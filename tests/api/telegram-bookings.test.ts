import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { awbMovements, bookings, messageSettings, outgoingMessages } from "../../api/db/schema";
import { awbNumberFromSerial } from "../../cargo/awb/awb-number";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// Received telegrams that book (issue 23; spec 2 §9 "Processable: FBL for airlines; FBL, FFA, FWB for the platform"):
// an FBL makes the bookings it lists exist on its flight, an FFR books as POST bookings/ffr does and is answered with
// an FFA recorded for sending where the message settings say so, an FFA sets the bookings' answers, an FFM puts its
// ULDs on the manifest so the flight's own FFM and UWS list them. Each applied twice changes nothing; another airline's
// telegram touches nothing of S7's. Records are picked by what they are (their numbers), never by position.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "c6Manager"] });
const s7 = callsOn(t, "s7");
const c6 = callsOn(t, "c6");
let f: ReturnType<typeof bookingFixtures>;
beforeAll(async () => {
  f = bookingFixtures(t);
  await f.agreement("S7", "FWDTWO");
});

let serial = 6_400_000;
const nextMawb = (prefix = "421") => awbNumberFromSerial(prefix, serial++);
/** The flight's day as the messages write it ("28NOV"). */
const dayOf = (seg: { number_with_date: string }) => seg.number_with_date.split("/")[1]!.slice(0, 5);
const reference = () => Math.random().toString(36).slice(2, 10).toUpperCase();

/** Receives the text as the airline's (or `host`'s) telegram, lets the queue apply it and answers the telegram. */
async function applied(text: string, call = s7, tokens: Tokens = accounts.s7Manager) {
  const res = await call(tokens, "POST", "/api/v3/cimp_telegrams", { cimp_text: text });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.jobs.drain();
  return (await call(tokens, "GET", `/api/v3/cimp_telegrams/${res.json().id}`)).json();
}
const restarted = async (id: number) => {
  expect((await s7(accounts.s7Manager, "POST", `/api/v3/cimp_telegrams/${id}/restart`)).statusCode).toBe(200);
  await t.app.jobs.drain();
  return (await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams/${id}`)).json();
};
const bookingsOf = (awbId: number) => t.database.db.select().from(bookings).where(eq(bookings.air_waybill_id, awbId));
const codes = (telegram: { processing_notes: Array<{ code: string }> }) => telegram.processing_notes.map((n) => n.code);

describe("a received FBL", () => {
  const fbl = (seg: { number: string; number_with_date: string }, ...lines: string[]) => ["FBL/4", `1/${seg.number}/${dayOf(seg)}/OVB`, "DME", ...lines, "LAST", ""].join("\r\n");

  it("books each waybill it lists on its flight, names the unknown and the refused, and a repeat changes nothing", async () => {
    const seg = await f.flight({ free: { weight: 2000, volume: 12 } });
    const listed = await f.waybill({ mawb: nextMawb(), consignor_certified: true });
    const uncertified = await f.waybill({ mawb: nextMawb() });
    const su = await f.waybill({ carrier: "SU", prefix: "555", mawb: nextMawb("555"), consignor_certified: true });
    const text = fbl(seg, `${listed.mawb}OVBDME/T2K100.0MC0.5/SPARE PARTS`, `${uncertified.mawb}OVBDME/T2K100.0/SPARE PARTS`, `${su.mawb}OVBDME/T2K100.0/SPARE PARTS`);
    const first = await applied(text);
    expect(first).toMatchObject({ state: "rejected" });
    expect(first.processing_notes).toEqual([
      { code: "telegram_booked_added", params: { mawb: listed.mawb, pieces: 2, status: "KK" } },
      expect.objectContaining({ code: "telegram_booked_refused", params: expect.objectContaining({ mawb: uncertified.mawb, reason: "consignor_certification" }) }),
      { code: "telegram_booked_awb_unknown", params: { mawb: su.mawb } },
    ]);
    const [booking] = await bookingsOf(listed.id);
    expect(booking).toMatchObject({ segment_id: seg.id, pieces: 2, weight: 100, volume: 0.5, response_status: "KK", active: true });
    expect(await bookingsOf(uncertified.id)).toEqual([]);
    expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight + 100);

    const again = await restarted(first.id);
    expect(codes(again)).toEqual(["telegram_booked_unchanged", "telegram_booked_refused", "telegram_booked_awb_unknown"]);
    expect(await bookingsOf(listed.id)).toHaveLength(1);
    expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight + 100);
  });

  it("of another airline touches nothing of S7's", async () => {
    const seg = await f.flight();
    const awb = await f.waybill({ mawb: nextMawb(), consignor_certified: true });
    const telegram = await applied(fbl(seg, `${awb.mawb}OVBDME/T2K100.0/SPARE PARTS`), c6, accounts.c6Manager);
    expect(telegram).toMatchObject({ state: "rejected", processing_notes: [{ code: "telegram_flight_other_airline", params: { carrier: "C6" } }] });
    expect(await bookingsOf(awb.id)).toEqual([]);
  });
});

describe("a received FFR", () => {
  const ffr = (mawb: string, ...flights: string[]) =>
    ["QU HDQFMS7", `.MOWFWD2 ${t.clock().toISOString().slice(8, 10)}1200/${reference()}`, "FFR/8", `${mawb}OVBDME/T2K100.0MC0.5/SPARE PARTS`, ...flights.map((x) => `${x}/OVBDME/NN`), "REF/MOWFWD2/BK-1", ""].join("\r\n");

  it("books as POST bookings/ffr does and records the FFA answer to its sender and the setting's addresses, once", async () => {
    const [setting] = await t.database.db
      .insert(messageSettings)
      .values({ carrier: "S7", message_type: "FFA", source_type: "booking_answered", message_format: "cimp", message_to: ["bookings.copy@s7.example"], active: true })
      .returning();
    const seg = await f.flight({ free: { weight: 2000, volume: 12 } });
    const awb = await f.waybill({ mawb: nextMawb(), consignor_certified: true });
    const first = await applied(ffr(awb.mawb, `${seg.number}/${dayOf(seg)}`, `S79999/${dayOf(seg)}`));
    expect(first.state).toBe("rejected");
    expect(first.processing_notes).toEqual([
      { code: "telegram_booking_made", params: { mawb: awb.mawb, flight: seg.number_with_date, status: "KK" } },
      { code: "telegram_booking_refused", params: { mawb: awb.mawb, flight: expect.stringMatching(/^S79999\//), reason: "segment_not_found" } },
      { code: "telegram_answer_recorded", params: { mawb: awb.mawb, count: 2, to: expect.stringMatching(/^(MOWFWD2, bookings\.copy@s7\.example|bookings\.copy@s7\.example, MOWFWD2)$/) } },
    ]);
    expect(await bookingsOf(awb.id)).toEqual([expect.objectContaining({ segment_id: seg.id, response_status: "KK", active: true })]);

    const answers = await t.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.message_setting_id, setting!.id));
    expect(answers.map((a) => [a.channel_type, a.to, a.message_type, a.event_identifier, a.mawb]).sort()).toEqual([
      ["email", ["bookings.copy@s7.example"], "FFA", "booking_answered", awb.mawb],
      ["sita", ["MOWFWD2"], "FFA", "booking_answered", awb.mawb],
    ]);
    const email = answers.find((a) => a.channel_type === "email")!;
    expect(parseTelegram(email.body).message).toMatchObject({
      mawb: awb.mawb,
      bookings: [
        { flight_number: seg.number, response_status: "KK" },
        { flight_number: "S79999", response_status: "UU" },
      ],
    });

    const again = await restarted(first.id);
    expect(codes(again)).toEqual(["telegram_booking_exists", "telegram_booking_refused", "telegram_answer_already_sent"]);
    expect(await bookingsOf(awb.id)).toHaveLength(1);
    expect(await t.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.message_setting_id, setting!.id))).toHaveLength(2);

    // without a setting for it no answer is recorded, and the notes say why
    await t.database.db.update(messageSettings).set({ active: false }).where(eq(messageSettings.id, setting!.id));
    const quiet = await f.waybill({ mawb: nextMawb(), consignor_certified: true });
    const unanswered = await applied(ffr(quiet.mawb, `${seg.number}/${dayOf(seg)}`));
    expect(unanswered).toMatchObject({ state: "processed" });
    expect(codes(unanswered)).toEqual(["telegram_booking_made", "telegram_answer_no_setting"]);
  });
});

describe("a received FFA", () => {
  const ffa = (mawb: string, ...flights: string[]) => ["FFA/8", `${mawb}OVBDME/T2K100.0/SPARE PARTS`, ...flights, ""].join("\r\n");

  it("sets the answer of the waybill's booking on each flight it names, and a repeat changes nothing", async () => {
    // no aircraft capacity known: the booking waits for the airline's answer (NN)
    const seg = await f.flight({ aircraft: null });
    const awb = await f.waybill({ mawb: nextMawb(), consignor_certified: true });
    const booked = await s7(accounts.s7Manager, "POST", "/api/v3/bookings", { booking: { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100, volume: 0.5, consignor_certified: true } });
    expect(booked.json().response_status, booked.body).toBe("NN");
    const other = await f.flight({ aircraft: null });
    const text = ffa(awb.mawb, `${seg.number}/${dayOf(seg)}/OVBDME/KK`, `${other.number}/${dayOf(other)}/OVBDME/KK`);

    const first = await applied(text);
    expect(first).toMatchObject({ state: "rejected" });
    expect(first.processing_notes).toEqual([
      { code: "telegram_answer_applied", params: { mawb: awb.mawb, flight: seg.number_with_date, from: "NN", status: "KK" } },
      { code: "telegram_answer_booking_not_found", params: { mawb: awb.mawb, flight: other.number_with_date } },
    ]);
    expect(await bookingsOf(awb.id)).toEqual([expect.objectContaining({ segment_id: seg.id, response_status: "KK", active: true })]);
    // confirmed: the shipment stands booked on the flight (its BKD movement)
    const bkd = await t.database.db.select().from(awbMovements).where(and(eq(awbMovements.air_waybill_id, awb.id), eq(awbMovements.status_code, "BKD")));
    expect(bkd.map((m) => [m.segment_id, m.deactivated])).toEqual([[seg.id, false]]);

    const again = await restarted(first.id);
    expect(codes(again)).toEqual(["telegram_answer_unchanged", "telegram_answer_booking_not_found"]);
    expect(await t.database.db.select().from(awbMovements).where(and(eq(awbMovements.air_waybill_id, awb.id), eq(awbMovements.status_code, "BKD")))).toHaveLength(1);

    // another airline's FFA about S7's waybill finds no waybill of its own, and leaves the booking as it is
    const foreign = await applied(ffa(awb.mawb, `${seg.number}/${dayOf(seg)}/OVBDME/XX`), c6, accounts.c6Manager);
    expect(foreign).toMatchObject({ state: "rejected", processing_notes: [{ code: "telegram_awb_not_found", params: { mawb: awb.mawb } }] });
    expect((await bookingsOf(awb.id))[0]).toMatchObject({ response_status: "KK", active: true });

    // XX cancels it: the space is given back
    const cancelled = await applied(ffa(awb.mawb, `${seg.number}/${dayOf(seg)}/OVBDME/XX`));
    expect(codes(cancelled)).toEqual(["telegram_answer_applied"]);
    expect((await bookingsOf(awb.id))[0]).toMatchObject({ response_status: "XX", active: false });
  });
});

describe("a received FFM with ULDs", () => {
  const ffm = (seg: { number: string; number_with_date: string }, ...lines: string[]) => ["FFM/8", `1/${seg.number}/${dayOf(seg)}/OVB`, "DME", ...lines, "LAST", ""].join("\r\n");
  const bookedWaybill = async (seg: { id: number }) => {
    const awb = await f.waybill({ mawb: nextMawb(), pieces: 4, weight: 200, volume: 1, issued_at: t.clock() });
    const booked = await s7(accounts.s7Manager, "POST", "/api/v3/bookings", { booking: { mawb: awb.mawb, segment_id: seg.id, pieces: 4, weight: 200, volume: 1, consignor_certified: true } });
    expect(booked.statusCode, booked.body).toBe(201);
    return awb;
  };
  const flightMessage = async (segId: number, path: "ffm" | "uws.json") => {
    const res = await s7(accounts.s7Manager, "GET", `/api/v3/segments/${segId}/${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("keeps each shipment's ULD on its MAN movement, so the flight's own FFM and UWS list the ULD instead of bulk", async () => {
    const seg = await f.flight();
    const inUld = await bookedWaybill(seg);
    const loose = await bookedWaybill(seg);
    const text = ffm(seg, `${loose.mawb}OVBDME/T4K200.0/SPARE PARTS`, "ULD/AKE12345S7", `${inUld.mawb}OVBDME/T4K200.0/SPARE PARTS`);
    const first = await applied(text);
    expect(first).toMatchObject({ state: "processed" });
    expect(first.processing_notes).toEqual([
      { code: "telegram_manifest_added", params: { mawb: loose.mawb, pieces: 4, uld: "BULK" } },
      { code: "telegram_manifest_added", params: { mawb: inUld.mawb, pieces: 4, uld: "AKE12345S7" } },
    ]);
    const man = await t.database.db.select().from(awbMovements).where(and(eq(awbMovements.air_waybill_id, inUld.id), eq(awbMovements.status_code, "MAN")));
    expect(man.map((m) => m.uld)).toEqual(["AKE12345S7"]);

    const ours = await flightMessage(seg.id, "ffm");
    const lines: string[] = ours.text.split("\r\n");
    // the shipment's line follows its ULD's line; the loose one stands before any ULD (bulk)
    expect(lines[lines.indexOf("ULD/AKE12345S7") + 1]).toMatch(new RegExp(`^${inUld.mawb}OVBDME/T4K200\\.0`));
    expect(lines.findIndex((l) => l.startsWith(loose.mawb))).toBeLessThan(lines.indexOf("ULD/AKE12345S7"));
    expect(ours.shipments.map((s: { mawb: string; uld_number: string | null }) => [s.mawb, s.uld_number]).sort()).toEqual([
      [inUld.mawb, "AKE12345S7"],
      [loose.mawb, null],
    ].sort());
    const uws = await flightMessage(seg.id, "uws.json");
    expect(uws.message.ulds).toEqual([expect.objectContaining({ uld_number: "AKE12345S7", destination_iata: "DME", weight: 200 })]);
    expect(uws.message.bulk).toEqual([expect.objectContaining({ destination_iata: "DME", weight: 200 })]);

    const again = await restarted(first.id);
    expect(codes(again)).toEqual(["telegram_manifest_unchanged", "telegram_manifest_unchanged"]);
    // a later FFM loads the loose one into a ULD too: its MAN movement says so
    const moved = await applied(ffm(seg, "ULD/PMC54321S7", `${loose.mawb}OVBDME/T4K200.0/SPARE PARTS`));
    expect(moved.processing_notes).toEqual([{ code: "telegram_manifest_changed", params: { mawb: loose.mawb, pieces: 4, uld: "PMC54321S7" } }]);
    expect((await flightMessage(seg.id, "ffm")).text).toContain(`ULD/PMC54321S7\r\n${loose.mawb}OVBDME/T4K200.0`);
  });
});
