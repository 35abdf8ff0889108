import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { airWaybills, changeLogs, shipperLetters } from "../../api/db/schema";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// The shipper's letter of instruction (issue 11; spec 3 §7 POST /{id}/send_shipper_letter; spec 2 §3 SLI fields): the
// forwarder that owns the waybill sends it (a barcode, the airline's users notified); the airline accepts it or
// declines it with a reason (the forwarder's users notified) and a declined letter may be sent again under a new
// barcode. Another forwarder or airline gets 404; the airline cannot send, the forwarder cannot answer.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "c6Manager", "fwdTwo", "forwarder", "platform"] });
const s7 = callsOn(t, "s7");
const c6 = callsOn(t, "c6");
const anyHost = callsOn(t);
let f: ReturnType<typeof bookingFixtures>;
beforeAll(() => {
  f = bookingFixtures(t);
});

const letterUrl = (mawb: string) => `/api/v3/air_waybills/${mawb}/shipper_letter`;
const send = (mawb: string, tokens: Tokens = accounts.fwdTwo) => anyHost(tokens, "POST", `/api/v3/air_waybills/${mawb}/send_shipper_letter`);
const answer = (mawb: string, body: object, tokens: Tokens = accounts.s7Manager) => s7(tokens, "PATCH", letterUrl(mawb), body);
const activeNotices = async (tokens: Tokens, call = anyHost) => ((await call(tokens, "GET", "/api/v3/notifications/active")).json().data as Array<{ en_text: string; level: string }>);

describe("sending and answering", () => {
  it("the forwarder sends: a barcode and who sent it; the airline's users are told; the airline accepts and the forwarder hears it", async () => {
    const awb = await f.waybill();
    const before = (await anyHost(accounts.fwdTwo, "GET", letterUrl(awb.mawb))).json();
    expect(before).toMatchObject({ status: "not_sent", barcode: null, sends: 0, accepted: null, actions: { send: true, answer: false } });

    const sent = await send(awb.mawb);
    expect(sent.statusCode, sent.body).toBe(201);
    const digits = awb.mawb.replace("-", "");
    expect(sent.json()).toMatchObject({ status: "sent", barcode: `SLI${digits}01`, sends: 1, sent_by: "fwdtwo.operator@cargodesk.test", accepted: null, answered_at: null, actions: { send: false, answer: false } });
    expect((await activeNotices(accounts.s7Manager, s7)).some((n) => n.en_text.includes(awb.mawb) && n.en_text.includes(`SLI${digits}01`))).toBe(true);

    // the airline sees it waiting and may answer
    expect((await s7(accounts.s7Manager, "GET", letterUrl(awb.mawb))).json()).toMatchObject({ status: "sent", actions: { send: false, answer: true } });
    const accepted = await answer(awb.mawb, { shipper_letter: { accepted: true } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "accepted", accepted: true, answered_by: "s7.manager@cargodesk.test", info: null, actions: { send: false, answer: false } });
    expect(accepted.json().answered_at).toBe(t.clock().toISOString());
    expect((await activeNotices(accounts.fwdTwo)).some((n) => n.en_text === `The airline accepted the shipper's letter of instruction for air waybill ${awb.mawb}.`)).toBe(true);

    // accepted is final: neither a second send nor a second answer
    expect((await send(awb.mawb)).json().errors.base).toEqual(["has already been accepted"]);
    expect((await answer(awb.mawb, { accepted: false, info: "changed my mind" })).statusCode).toBe(422);
    const logged = await t.database.db.select({ action: changeLogs.action }).from(changeLogs).where(eq(changeLogs.record_id, awb.id));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(["send_shipper_letter", "shipper_letter_accepted"]));
  });

  it("a decline needs a reason; the forwarder is warned with it and sends again under a new barcode", async () => {
    const awb = await f.waybill();
    await send(awb.mawb);
    // sending twice while the airline has not answered is refused
    const twice = await send(awb.mawb);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.base).toEqual(["has already been sent: waiting for the airline's answer"]);

    const noReason = await answer(awb.mawb, { shipper_letter: { accepted: "false" } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ info: ["can't be blank"] });
    const declined = await answer(awb.mawb, { shipper_letter: { accepted: "false", info: "Consignee phone missing" } });
    expect(declined.json()).toMatchObject({ status: "declined", accepted: false, info: "Consignee phone missing", actions: { answer: false } });
    const warning = (await activeNotices(accounts.fwdTwo)).find((n) => n.en_text.includes(awb.mawb) && n.en_text.includes("declined"));
    expect(warning).toMatchObject({ level: "warning", en_text: `The airline declined the shipper's letter of instruction for air waybill ${awb.mawb}: Consignee phone missing` });

    expect((await anyHost(accounts.fwdTwo, "GET", letterUrl(awb.mawb))).json().actions.send).toBe(true);
    const again = await send(awb.mawb);
    expect(again.json()).toMatchObject({ status: "sent", sends: 2, barcode: `SLI${awb.mawb.replace("-", "")}02`, accepted: null, info: null, answered_at: null });
    // still one letter per waybill
    expect(await t.database.db.select().from(shipperLetters).where(eq(shipperLetters.air_waybill_id, awb.id))).toHaveLength(1);
  });

  it("a voided waybill's letter cannot be sent", async () => {
    const awb = await f.waybill();
    await t.database.db.update(airWaybills).set({ voided_at: t.clock() }).where(eq(airWaybills.id, awb.id));
    const res = await send(awb.mawb);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.base).toEqual(["the air waybill is voided"]);
  });
});

describe("who may", () => {
  it("another forwarder or airline: 404 on every call; the airline cannot send, the forwarder cannot answer; nothing stored", async () => {
    const awb = await f.waybill();
    for (const res of [
      await anyHost(accounts.forwarder, "GET", letterUrl(awb.mawb)),
      await send(awb.mawb, accounts.forwarder),
      await c6(accounts.c6Manager, "GET", letterUrl(awb.mawb)),
      await c6(accounts.c6Manager, "POST", `/api/v3/air_waybills/${awb.mawb}/send_shipper_letter`),
      await c6(accounts.c6Manager, "PATCH", letterUrl(awb.mawb), { accepted: true }),
    ])
      expect(res.statusCode, res.body).toBe(404);
    expect((await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${awb.mawb}/send_shipper_letter`)).statusCode).toBe(403);
    expect(await t.database.db.select().from(shipperLetters).where(eq(shipperLetters.air_waybill_id, awb.id))).toEqual([]);

    await send(awb.mawb);
    expect((await anyHost(accounts.fwdTwo, "PATCH", letterUrl(awb.mawb), { accepted: true })).statusCode).toBe(403);
    expect((await anyHost(accounts.forwarder, "PATCH", letterUrl(awb.mawb), { accepted: true })).statusCode).toBe(404);
    // a number that is no number, and an answer too long, never reach the database
    expect((await anyHost(accounts.fwdTwo, "GET", "/api/v3/air_waybills/not-a-number/shipper_letter")).statusCode).toBe(404);
    const tooLong = await answer(awb.mawb, { accepted: false, info: "x".repeat(2001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.info[0]).toMatch(/too long/);
    expect((await s7(accounts.s7Manager, "GET", letterUrl(awb.mawb))).json().status).toBe("sent");
  });
});
