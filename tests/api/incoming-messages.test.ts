import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awbMovements, companies, incomingMessages, telegrams } from "../../api/db/schema";
import { startSmtpReceiver, type SmtpReceiver } from "../../api/messages/smtp-receiver";
import { awbNumberFromSerial } from "../../cargo/awb/awb-number";
import { INCOMING_LIMITS } from "../../cargo/telegrams/incoming-message";
import { formatIataDate } from "../../cargo/time/iata-date";
import { bookingFixtures } from "./booking-fixtures";
import { authHeaders, callsOn, useTestApi } from "./helpers";

// Incoming messages (issue 23; spec 2 §3 "Incoming message"; spec 3 §7 "messages (plus restart)"): a message posted
// or mailed to the SMTP receiver is stored as received, and the queue makes each Cargo-IMP telegram in its body a
// CIMP telegram of the message's airline, applied as POST cimp_telegrams applies it. Restart is the graph's
// (cargo/telegrams/incoming-message.ts); another airline gets nothing; sizes over the limits are refused, never 5xx.
// Messages are told apart by a marker in their subject, never by position.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Operator", "s7Billing", "c6Manager", "platform"] });
const s7 = callsOn(t, "s7");
const c6 = callsOn(t, "c6");
const anyHost = callsOn(t);

const marker = () => `M${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
const post = (message: object, tokens = accounts.s7Manager, on = s7) => on(tokens, "POST", "/api/v3/messages", { message });
const read = async (id: number, tokens = accounts.s7Manager, on = s7) => (await on(tokens, "GET", `/api/v3/messages/${id}`)).json();
const drain = async () => {
  // the message's job makes telegrams, whose own jobs apply them: run until nothing is due
  while ((await t.app.jobs.drain()) > 0);
};

let f: ReturnType<typeof bookingFixtures>;
beforeAll(() => {
  f = bookingFixtures(t);
});
/** The API's day as a telegram writes it ("28NOV"). */
const today = () => formatIataDate(t.clock().toISOString().slice(0, 10)).slice(0, 5);
const fsuBody = (mawb: string) => ["Good morning,", "", "the status of today:", "", "FSU/14", `${mawb}DMEOVB/T2K100.0`, `RCS/${today()}1510/DME/T2K100.0/ACME`, "", "Best regards,", "DME handling"].join("\r\n");

describe("POST messages", () => {
  it("stores the message, and the queue makes its FSU a processed CIMP telegram whose movement exists", async () => {
    const awb = await f.waybill({ origin: "DME", destination: "OVB", pieces: 2, weight: 100, issued_at: t.clock() });
    const subject = `FSU ${marker()}`;
    const res = await post({ subject, sender: ["DME Handling <ops@dme-handling.example>"], recipient: ["cimp@s7.example"], sent_date: t.clock().toISOString(), body: fsuBody(awb.mawb) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ carrier: "S7", source: "api", subject, status: "queued", processed: false, cimp_telegram_id: null, actions: { restart: false } });
    await drain();

    const message = await read(res.json().id);
    expect(message).toMatchObject({ status: "processed", processed: true, processing_notes: [{ code: "message_telegram_made", params: { type: "FSU" } }] });
    expect(message.telegrams).toEqual([expect.objectContaining({ id: message.cimp_telegram_id, message_type: "FSU", mawb: awb.mawb, state: "processed" })]);
    const telegram = (await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams/${message.cimp_telegram_id}`)).json();
    // the telegram is the bare Cargo-IMP text, without the greeting and the signature
    expect(telegram).toMatchObject({ carrier: "S7", source: "api", subject, sender: "DME Handling <ops@dme-handling.example>", state: "processed", error_count: 0 });
    expect(telegram.original_content.split("\n")[0]).toBe("FSU/14");
    const movements = await t.database.db.select().from(awbMovements).where(eq(awbMovements.air_waybill_id, awb.id));
    expect(movements.map((m) => [m.status_code, m.location_iata])).toEqual([["RCS", "DME"]]);
  });

  it("keeps a body without a telegram with its note; restart runs it again; a processed one is not restarted", async () => {
    const none = (await post({ subject: marker(), body: "Dear colleagues, the manifest follows tomorrow." })).json();
    await drain();
    expect(await read(none.id)).toMatchObject({ status: "no_telegram", processed: false, processing_notes: [{ code: "message_no_telegram" }], actions: { restart: true } });
    const restarted = await s7(accounts.s7Manager, "POST", `/api/v3/messages/${none.id}/restart`);
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json()).toMatchObject({ status: "queued", processing_notes: [] });
    await drain();
    expect((await read(none.id)).status).toBe("no_telegram");

    const awb = await f.waybill({ origin: "DME", destination: "OVB", issued_at: t.clock() });
    const made = (await post({ subject: marker(), body: fsuBody(awb.mawb) })).json();
    await drain();
    const refused = await s7(accounts.s7Manager, "POST", `/api/v3/messages/${made.id}/restart`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: "incoming_state_forbids", params: { state: "processed", action: "restart" } });
  });

  it("lists the airline's messages newest first, filtered by status and subject", async () => {
    const subject = `LIST ${marker()}`;
    const id = (await post({ subject, body: "no telegram here" })).json().id;
    await drain();
    const found = await s7(accounts.s7Operator, "GET", `/api/v3/messages?status=no_telegram&q=${encodeURIComponent(subject)}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((m: { id: number }) => m.id)).toEqual([id]);
    expect(found.json().meta).toMatchObject({ total_count: 1, current_page: 1 });
    expect((await s7(accounts.s7Operator, "GET", "/api/v3/messages?status=lost")).statusCode).toBe(422);
  });
});

describe("whose a message is", () => {
  it("another airline's message is not found, not listed, not restarted; a role outside Messaging is refused", async () => {
    const subject = `S7 ONLY ${marker()}`;
    const id = (await post({ subject, body: "nothing" })).json().id;
    await drain();
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/messages/${id}`)).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "POST", `/api/v3/messages/${id}/restart`)).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/messages?q=${encodeURIComponent(subject)}`)).json().data).toEqual([]);
    expect((await s7(accounts.s7Billing, "GET", `/api/v3/messages/${id}`)).statusCode).toBe(403);
    expect((await s7(accounts.s7Billing, "POST", "/api/v3/messages", { body: "x" })).statusCode).toBe(403);
  });

  it("platform staff on the default host: the recipient's CIMP address decides; none matching stays unassigned until one is configured", async () => {
    const toC6 = (await post({ subject: marker(), recipient: ["Centrum Cargo <CIMP@c6.example>"], body: "hello" }, accounts.platform, anyHost)).json();
    expect(toC6.carrier).toBe("C6");
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/messages/${toC6.id}`)).statusCode).toBe(200);

    const address = `${marker().toLowerCase()}@c6.example`;
    const lost = (await post({ subject: marker(), recipient: [address], body: "hello" }, accounts.platform, anyHost)).json();
    expect(lost.carrier).toBeNull();
    await drain();
    expect(await read(lost.id, accounts.platform, anyHost)).toMatchObject({ status: "unassigned", processing_notes: [{ code: "message_no_airline" }], actions: { restart: true } });
    // no airline sees an unassigned message, and an airline's own list leaves it out
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/messages/${lost.id}`)).statusCode).toBe(404);

    await t.database.db.update(companies).set({ cimp_email: address }).where(eq(companies.short_name, "C6"));
    try {
      expect((await anyHost(accounts.platform, "POST", `/api/v3/messages/${lost.id}/restart`)).statusCode).toBe(200);
      await drain();
      expect(await read(lost.id, accounts.c6Manager, c6)).toMatchObject({ carrier: "C6", status: "no_telegram" });
    } finally {
      await t.database.db.update(companies).set({ cimp_email: "cimp@c6.example" }).where(eq(companies.short_name, "C6"));
    }
  });
});

describe("hostile sizes", () => {
  it("refuses what is over the limits with 413 or 422, storing nothing", async () => {
    const before = (await t.database.db.select({ id: incomingMessages.id }).from(incomingMessages)).length;
    const send = (payload: string) =>
      t.app.inject({ method: "POST", url: "/api/v3/messages", headers: { ...authHeaders(accounts.s7Manager, "s7"), "content-type": "application/json" }, payload });
    const huge = await send(JSON.stringify({ body: "A".repeat(5 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    // 600 000 Cyrillic letters: within the characters, over the bytes
    const raw = await post({ body: "FSU/14", raw_source: "Ж".repeat(600_000) });
    expect(raw.statusCode, raw.body).toBe(422);
    expect(raw.json().error_codes.raw_source[0].code).toBe("too_long");
    const body = await post({ body: "A".repeat(INCOMING_LIMITS.bodyChars + 1) });
    expect(body.statusCode).toBe(422);
    const senders = await post({ body: "x", sender: Array.from({ length: 10_000 }, (_, i) => `a${i}@x.example`) });
    expect(senders.statusCode).toBe(422);
    expect(senders.json().error_codes.sender[0].code).toBe("too_many");
    const nul = await post({ body: "FSU\u0000" });
    expect(nul.statusCode).toBe(422);
    expect((await post({ body: "" })).json().error_codes.body[0].code).toBe("blank");
    expect((await post({ body: "x", sent_date: "yesterday" })).statusCode).toBe(422);
    expect((await t.database.db.select({ id: incomingMessages.id }).from(incomingMessages)).length).toBe(before);
  });
});

describe("a flight's incoming telegrams", () => {
  it("an FFM mailed about a flight lists under the flight (segments/{id}/cimp_telegrams), not under another airline", async () => {
    await f.agreement("S7", "FWDTWO");
    const seg = await f.flight();
    const awb = await f.waybill({ mawb: awbNumberFromSerial("421", 6_400_001), pieces: 4, weight: 200, volume: 1, issued_at: t.clock() });
    const booked = await s7(accounts.s7Manager, "POST", "/api/v3/bookings", { booking: { mawb: awb.mawb, segment_id: seg.id, pieces: 4, weight: 200, volume: 1, consignor_certified: true } });
    expect(booked.statusCode, booked.body).toBe(201);
    const ffm = ["FFM/8", `1/${seg.number}/${seg.number_with_date.split("/")[1]!.slice(0, 5)}/OVB`, "DME", `${awb.mawb}OVBDME/T4K200.0/SPARE PARTS`, "LAST"];
    const id = (await post({ subject: marker(), body: ["QK MOWFMS7", `.OVBFHXH ${today().slice(0, 2)}0800/${marker().slice(0, 6)}`, ...ffm, "NNNN"].join("\r\n") })).json().id;
    await drain();
    const message = await read(id);
    expect(message.telegrams).toEqual([expect.objectContaining({ message_type: "FFM", state: "processed" })]);
    const list = await s7(accounts.s7Operator, "GET", `/api/v3/segments/${seg.id}/cimp_telegrams`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: { id: number; segment_id: number }) => [r.id, r.segment_id])).toEqual([[message.cimp_telegram_id, seg.id]]);
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/segments/${seg.id}/cimp_telegrams`)).statusCode).toBe(404);
    const [telegram] = await t.database.db.select().from(telegrams).where(eq(telegrams.id, message.cimp_telegram_id));
    expect(telegram!.sender).toBe("OVBFHXH");
  });
});

describe("the SMTP receiver", () => {
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startSmtpReceiver({ port: 0, host: "127.0.0.1", db: t.database.db, now: t.clock, log: t.app.log });
  });
  afterAll(() => receiver?.close());
  const transport = () => nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });

  it("stores a mail sent to S7's CIMP address as S7's message, and its FSU becomes a processed telegram", async () => {
    const awb = await f.waybill({ origin: "DME", destination: "OVB", pieces: 2, weight: 100, issued_at: t.clock() });
    const subject = `Mailed FSU ${marker()}`;
    const sent = await transport().sendMail({ from: "DME Handling <ops@dme-handling.example>", to: "S7 CIMP <cimp@s7.example>", subject, text: fsuBody(awb.mawb) });
    expect(sent.accepted).toEqual(["cimp@s7.example"]);
    const [stored] = await t.database.db.select().from(incomingMessages).where(eq(incomingMessages.subject, subject));
    expect(stored).toMatchObject({ carrier: "S7", source: "email", sender: ["ops@dme-handling.example"], recipient: ["cimp@s7.example"], status: "queued" });
    expect(stored!.raw_source).toContain(`Subject: ${subject}`);
    expect(stored!.message_id).toBe(sent.messageId);
    await drain();
    const message = await read(stored!.id);
    expect(message).toMatchObject({ status: "processed", telegrams: [expect.objectContaining({ message_type: "FSU", state: "processed" })] });
    const [telegram] = await t.database.db.select().from(telegrams).where(eq(telegrams.id, message.cimp_telegram_id));
    expect(telegram).toMatchObject({ source: "email", subject, message_identifier: `${sent.messageId}#1` });
  });

  it("refuses a mail over the size limit (552) and stores nothing", async () => {
    const subject = `Too big ${marker()}`;
    const error = await transport()
      .sendMail({ from: "ops@dme-handling.example", to: "cimp@s7.example", subject, text: "A".repeat(INCOMING_LIMITS.rawSourceBytes + 10) })
      .catch((e: { responseCode?: number }) => e);
    expect((error as { responseCode?: number }).responseCode).toBe(552);
    expect(await t.database.db.select().from(incomingMessages).where(eq(incomingMessages.subject, subject))).toEqual([]);
  });
});
