import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq as same } from "drizzle-orm";
import { airWaybills, awbMovements, changeLogs, telegrams } from "../../api/db/schema";
import { awbNumberFromSerial } from "../../cargo/awb/awb-number";
import { formatIataDate } from "../../cargo/time/iata-date";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi } from "./helpers";

// Cargo-IMP telegrams received (issue 23; spec 3 §7 "CIMP telegrams: GET, POST, PATCH, POST /{id}/restart"): the text
// is kept as sent beside what it read as, each fault on its line; a person corrects or restarts what failed, as the
// telegram's state graph allows (cargo/telegrams/telegram-state); another airline, or a role the lists do not admit,
// gets nothing. Telegrams are told apart by a marker in their text, never by position.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Comcor", "s7Operator", "c6Manager", "platform"] });
const s7 = callsOn(t, "s7");
const c6 = callsOn(t, "c6");
const anyHost = callsOn(t);

const marker = () => `M${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
const receive = (cimp_text: string, extra: object = {}, tokens = accounts.s7Manager) => s7(tokens, "POST", "/api/v3/cimp_telegrams", { cimp_text, ...extra });

describe("receiving a telegram", () => {
  it("keeps the text as sent; a type nobody reads is an error on its line, and nothing is applied", async () => {
    const text = `QU HDQFMS7\r\n.HDQRMXH 281200\r\nXYZ/1\r\n${marker()}\r\n`;
    const res = await receive(text);
    expect(res.statusCode, res.body).toBe(201);
    const telegram = res.json();
    expect(telegram).toMatchObject({ carrier: "S7", source: "api", sender: "HDQRMXH", parsing_status: "failed", processing_status: "skipped", state: "parse_failed", error_count: 1 });
    expect(telegram.original_content).toBe(text);
    expect(telegram.error_messages).toEqual([{ line: 3, code: "unknown_type", params: { type: "XYZ" }, message: "Unknown message type XYZ" }]);
    expect(telegram.actions).toEqual({ correct: true, restart: true });
  });

  it("stores a message sent twice with the same identifier once, and answers the first", async () => {
    const identifier = marker();
    const first = await receive(`XYZ/1\n${identifier}`, { message_identifier: identifier });
    const again = await receive(`XYZ/1\n${identifier} AGAIN`, { message_identifier: identifier });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    expect(await t.database.db.select().from(telegrams).where(eq(telegrams.message_identifier, identifier))).toHaveLength(1);
  });

  it("keeps two senders' telegrams that carry the same envelope reference, and one sender's repeat once", async () => {
    const reference = marker().slice(0, 8);
    const from = (origin: string) => receive(`QU HDQFMS7\r\n.${origin} 281200/${reference}\r\nXYZ/1\r\nBODY\r\n`);
    const [first, other, repeat] = [await from("DMEFHXH"), await from("OVBFHXH"), await from("DMEFHXH")];
    expect([first.statusCode, other.statusCode, repeat.statusCode]).toEqual([201, 201, 200]);
    expect(other.json().id).not.toBe(first.json().id);
    expect(repeat.json().id).toBe(first.json().id);
    expect(first.json().message_identifier).toBe(`DMEFHXH/${reference}`);
  });

  it("refuses an empty or oversized text beside the field, and stores nothing", async () => {
    const before = (await t.database.db.select().from(telegrams)).length;
    const empty = await receive("");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error_codes.cimp_text[0].code).toBe("blank");
    const huge = await receive("A".repeat(10_001));
    expect([400, 413, 422]).toContain(huge.statusCode);
    expect((await t.database.db.select().from(telegrams)).length).toBe(before);
  });
});

describe("correcting and restarting", () => {
  it("a corrected text is read again and names its corrector; a restart reads the stored text again", async () => {
    const id = (await receive(`XYZ/1\n${marker()}`)).json().id;
    const corrected = await s7(accounts.s7Comcor, "PATCH", `/api/v3/cimp_telegrams/${id}`, { cimp_telegram: { cimp_text: "ABC/2\nSTILL UNKNOWN" } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ corrected: true, corrector_email: "s7.comcor@cargodesk.test", original_content: "ABC/2\nSTILL UNKNOWN", state: "parse_failed" });
    expect(corrected.json().error_messages[0]).toMatchObject({ line: 1, code: "unknown_type", params: { type: "ABC" } });
    const restarted = await s7(accounts.s7Manager, "POST", `/api/v3/cimp_telegrams/${id}/restart`);
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json().original_content).toBe("ABC/2\nSTILL UNKNOWN");
  });

  it("refuses what the state graph does not allow, naming the state", async () => {
    const id = (await receive(`XYZ/1\n${marker()}`)).json().id;
    // as the queue holds it while it applies the telegram
    await t.database.db.update(telegrams).set({ parsing_status: "parsed", processing_status: "processing" }).where(eq(telegrams.id, id));
    const restart = await s7(accounts.s7Manager, "POST", `/api/v3/cimp_telegrams/${id}/restart`);
    expect(restart.statusCode).toBe(422);
    expect(restart.json()).toMatchObject({ code: "telegram_state_forbids", params: { state: "processing", action: "restart" } });
    await t.database.db.update(telegrams).set({ processing_status: "processed" }).where(eq(telegrams.id, id));
    const correct = await s7(accounts.s7Manager, "PATCH", `/api/v3/cimp_telegrams/${id}`, { cimp_text: "XYZ/1" });
    expect(correct.json()).toMatchObject({ code: "telegram_state_forbids", params: { state: "processed", action: "correct" } });
    const [row] = await t.database.db.select().from(telegrams).where(eq(telegrams.id, id));
    expect(row!.corrected).toBe(false);
  });
});

describe("who sees what", () => {
  it("another airline and the platform elsewhere get nothing; roles outside the lists are refused", async () => {
    const text = `XYZ/1\n${marker()}`;
    const id = (await receive(text)).json().id;
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/cimp_telegrams/${id}`)).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "POST", `/api/v3/cimp_telegrams/${id}/restart`)).statusCode).toBe(404);
    const c6List = (await c6(accounts.c6Manager, "GET", "/api/v3/cimp_telegrams?per_page=100")).json();
    expect(c6List.data.map((r: { id: number }) => r.id)).not.toContain(id);
    // the platform on the default host sees every airline's
    expect((await anyHost(accounts.platform, "GET", `/api/v3/cimp_telegrams/${id}`)).statusCode).toBe(200);
    // Default (operator) may neither list nor send; ComCor may send and read what it may correct
    expect((await s7(accounts.s7Operator, "GET", "/api/v3/cimp_telegrams")).statusCode).toBe(403);
    expect((await s7(accounts.s7Operator, "POST", "/api/v3/cimp_telegrams", { cimp_text: text })).statusCode).toBe(403);
    expect((await s7(accounts.s7Comcor, "GET", `/api/v3/cimp_telegrams/${id}`)).statusCode).toBe(200);
  });

  it("lists newest first with the filters in the query, each telegram with its counts and actions", async () => {
    const type = `Q${marker().slice(1, 3)}`.replace(/\d/g, "Z").slice(0, 3);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await receive(`${type}/1\nLINE ${i}`)).json().id);
    const list = await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams?message_type=${type.toLowerCase()}&state=parse_failed&per_page=2`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.meta).toMatchObject({ total_count: 3, total_pages: 2, per_page: 2 });
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(body.data[0]).not.toHaveProperty("original_content");
    const none = await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams?message_type=${type}&state=processed`);
    expect(none.json().meta.total_count).toBe(0);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/cimp_telegrams?state=lost")).statusCode).toBe(422);
    // no deeper than the other lists page (an OFFSET past it is a scan)
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/cimp_telegrams?page=1000&per_page=100")).statusCode).toBe(422);
  });
});

describe("applying a status update (FSU) to its waybill", () => {
  let f: ReturnType<typeof bookingFixtures>;
  beforeAll(() => {
    f = bookingFixtures(t);
  });
  // the API's day as a telegram writes it ("28NOV"), and an envelope of a DME handler with its own reference
  const today = () => formatIataDate(t.clock().toISOString().slice(0, 10)).slice(0, 5);
  const fsu = (mawb: string, ...statuses: string[]) => `QU HDQFMS7\r\n.DMEFHS7 ${today().slice(0, 2)}1200/${marker().slice(0, 8)}\r\nFSU/14\r\n${mawb}DMEOVB/T2K100.0\r\n${statuses.join("\r\n")}\r\n`;
  const applied = async (text: string) => {
    const res = await receive(text);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().state).toBe("queued");
    await t.app.jobs.drain();
    return (await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams/${res.json().id}`)).json();
  };
  const movementsOf = (awbId: number) => t.database.db.select().from(awbMovements).where(eq(awbMovements.air_waybill_id, awbId));

  it("records a receipt at its station's local time, by the sender, once however often it comes", async () => {
    const awb = await f.waybill({ origin: "DME", destination: "OVB", pieces: 2, weight: 100, issued_at: t.clock() });
    const telegram = await applied(fsu(awb.mawb, `RCS/${today()}1510/DME/T2K100.0/ACME`));
    expect(telegram).toMatchObject({ state: "processed", processing_status: "processed", mawb: awb.mawb });
    expect(telegram.processing_notes).toEqual([{ code: "telegram_status_applied", params: { status: "RCS", line: 1 } }]);
    const [rcs] = await movementsOf(awb.id);
    // 15:10 in Moscow (UTC+3)
    expect(rcs).toMatchObject({ status_code: "RCS", location_iata: "DME", pieces: 2, weight: 100, recorded_by: "DMEFHS7" });
    expect(rcs!.time_utc.toISOString()).toBe(`${t.clock().toISOString().slice(0, 10)}T12:10:00.000Z`);

    const again = await applied(fsu(awb.mawb, `RCS/${today()}1510/DME/T2K100.0/ACME`));
    expect(again.state).toBe("processed");
    expect(again.processing_notes).toEqual([{ code: "telegram_status_already_recorded", params: { status: "RCS", line: 1 } }]);
    expect(await movementsOf(awb.id)).toHaveLength(1);
  });

  it("refuses by the shipment's state what the cargo has not reached (a delivery before departure), writing nothing for it", async () => {
    const awb = await f.waybill({ origin: "DME", destination: "OVB", issued_at: t.clock() });
    const telegram = await applied(fsu(awb.mawb, `RCS/${today()}0900/DME/T2K100.0`, `BKD/S70101/${today()}/DMEOVB/T2K100.0`, `DLV/${today()}1800/OVB/T2K100.0/CONSIGNEE`));
    expect(telegram.state).toBe("rejected");
    expect(telegram.processing_notes).toEqual([
      { code: "telegram_status_applied", params: { status: "RCS", line: 1 } },
      { code: "telegram_status_from_other_message", params: { status: "BKD", line: 2 } },
      { code: "shipment_state_forbids", params: { status: "DLV", line: 3, state: "received", action: "deliver" } },
    ]);
    expect((await movementsOf(awb.id)).map((m) => m.status_code)).toEqual(["RCS"]);
    expect((await f.waybillNow(awb.id)).delivered_at).toBeNull();
  });

  it("a telegram that cannot be applied says its processing failed; a restart reads and applies it again", async () => {
    const awb = await f.waybill({ origin: "DME", destination: "OVB", issued_at: t.clock() });
    const res = await receive(fsu(awb.mawb, `RCS/${today()}1000/DME/T2K100.0`));
    // what the codec stored, spoiled (by hand, or by an older codec): the job cannot succeed however often it runs
    await t.database.db.update(telegrams).set({ parsed_content: { spoiled: true } }).where(eq(telegrams.id, res.json().id));
    await t.app.jobs.drain();
    const failed = (await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams/${res.json().id}`)).json();
    expect(failed).toMatchObject({ state: "processing_failed", processing_notes: [{ code: "telegram_processing_error" }], actions: { restart: true } });
    expect(await movementsOf(awb.id)).toEqual([]);

    expect((await s7(accounts.s7Manager, "POST", `/api/v3/cimp_telegrams/${res.json().id}/restart`)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams/${res.json().id}`)).json().state).toBe("processed");
    expect((await movementsOf(awb.id)).map((m) => m.status_code)).toEqual(["RCS"]);
  });

  it("never touches another airline's waybill: its number is not found", async () => {
    const su = await f.waybill({ carrier: "SU", prefix: "555", origin: "DME", destination: "OVB", issued_at: t.clock() });
    const telegram = await applied(fsu(su.mawb, `RCS/${today()}1510/DME/T2K100.0`));
    expect(telegram.state).toBe("rejected");
    expect(telegram.processing_notes).toEqual([{ code: "telegram_awb_not_found", params: { mawb: su.mawb } }]);
    expect(await movementsOf(su.id)).toEqual([]);
  });
});

describe("applying an air waybill (FWB)", () => {
  let f: ReturnType<typeof bookingFixtures>;
  beforeAll(() => {
    f = bookingFixtures(t);
  });
  // serials of their own: the fixtures count up from 8 000 000
  let serial = 6_100_000;
  const number = (prefix = "421") => awbNumberFromSerial(prefix, serial++);
  const fwb = (mawb: string, o: { weight?: string; agent?: string; destination?: string } = {}) =>
    [
      "FWB/17",
      `${mawb}DME${o.destination ?? "OVB"}/T2${o.weight ?? "K100.0"}`,
      "FLT/S70101/28",
      `RTG/${o.destination ?? "OVB"}S7`,
      "SHP",
      "/VOLGA MACHINERY",
      "/NIZHEGORODSKAYA 32",
      "/MOSCOW",
      "/RU/109029",
      "CNE",
      "/OB RIVER FOODS",
      "/VOKZALNAYA 4",
      "/NOVOSIBIRSK",
      "/RU/630004",
      `AGT//${o.agent ?? "7654321"}/0001`,
      "/FORWARDER TWO",
      "/NOVOSIBIRSK",
      "CVD/RUB//PP/NVD/NCV/XXX",
      `RTD/1/P2/${o.weight ?? "K100.0"}/CN/W${(o.weight ?? "K100.0").slice(1)}/R45.50/T4550.00`,
      "/NG/MACHINE PARTS",
      "/2/ND/K50/CMT60-40-30/2",
      "/3/NH/847990",
      "PPD/WT4550.00/CT4550.00",
      "ISU/28NOV26/MOSCOW/S7 CARGO",
      "",
    ].join("\r\n");
  const applied = async (text: string, tokens = accounts.s7Manager, on = s7) => {
    const res = await on(tokens, "POST", "/api/v3/cimp_telegrams", { cimp_text: text });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.drain();
    return (await on(tokens, "GET", `/api/v3/cimp_telegrams/${res.json().id}`)).json();
  };
  const waybillOf = async (mawb: string) => (await t.database.db.select().from(airWaybills).where(same(airWaybills.mawb, mawb)))[0];
  const logsOf = (id: number) => t.database.db.select().from(changeLogs).where(and(same(changeLogs.record_type, "AirWaybill"), same(changeLogs.record_id, id)));

  it("creates the airline's waybill for the agent it names, in the product's units, once however often it comes", async () => {
    const mawb = number();
    const telegram = await applied(fwb(mawb, { weight: "L220.5" }));
    expect(telegram).toMatchObject({ state: "processed", processing_notes: [{ code: "telegram_awb_created", params: { mawb } }] });
    const awb = (await waybillOf(mawb))!;
    expect(awb).toMatchObject({
      carrier: "S7",
      forwarder_id: await f.companyId("FWDTWO"),
      air_waybill_source: "fwb",
      custom_number: true,
      origin_iata: "DME",
      destination_iata: "OVB",
      pieces: 2,
      weight: 100, // 220.5 lb
      commodity: "MACHINE PARTS",
      hs_codes: ["847990"],
      currency: "RUB",
      wt_val: "P",
      shipper: { name: "VOLGA MACHINERY", city: "MOSCOW", country_code: "RU", post_code: "109029" },
      issuing_agent: { iata_code: "7654321/0001", name: "FORWARDER TWO" },
      dimensions: [{ pieces: 2, weight: 50, length: 60, width: 40, height: 30 }],
      // money as the telegram wrote it: decimal text, never a binary number (issue 24)
      rating: [{ pieces: 2, rate_class_code: "N", chargeable_weight: 100, rate: "45.50", total: "4550.00", nature_of_goods: "MACHINE PARTS" }],
      totals: { weight_charge: "4550.00", total: "4550.00" },
      executed_on: "2026-11-28",
      issued_at: null,
    });
    expect((await logsOf(awb.id)).map((l) => [l.action, l.channel_id])).toEqual([["create", "s7.manager@cargodesk.test"]]);

    const again = await applied(fwb(mawb, { weight: "L220.5" }));
    expect(again).toMatchObject({ state: "processed", processing_notes: [{ code: "telegram_awb_unchanged", params: { mawb } }] });
    expect(await logsOf(awb.id)).toHaveLength(1);
  });

  it("updates the waybill a later FWB corrects, naming the fields it changed; a voided waybill is not edited", async () => {
    const mawb = number();
    await applied(fwb(mawb));
    const corrected = await applied(fwb(mawb, { weight: "K120.0" }));
    expect(corrected).toMatchObject({ state: "processed", processing_notes: [{ code: "telegram_awb_updated", params: { mawb, fields: "weight, rating" } }] });
    const awb = (await waybillOf(mawb))!;
    expect(awb).toMatchObject({ weight: 120, charge_weight: 120 });
    expect((await logsOf(awb.id)).map((l) => l.action).sort()).toEqual(["create", "fwb"]);

    await t.database.db.update(airWaybills).set({ voided_at: t.clock(), void_reason: "test" }).where(same(airWaybills.id, awb.id));
    const refused = await applied(fwb(mawb, { weight: "K130.0" }));
    expect(refused).toMatchObject({ state: "rejected", processing_notes: [{ code: "telegram_awb_state_forbids", params: { mawb, state: "voided" } }] });
    expect((await waybillOf(mawb))!.weight).toBe(120);
  });

  it("refuses what the waybill's rules refuse, an unknown agent and another airline's number, creating nothing", async () => {
    const unknownAirport = number();
    expect(await applied(fwb(unknownAirport, { destination: "QQQ" }))).toMatchObject({
      state: "rejected",
      processing_notes: expect.arrayContaining([{ code: "telegram_field_refused", params: { field: "destination_iata", reason: "unknown_airport", code: "QQQ" } }]),
    });
    const unknownAgent = number();
    expect(await applied(fwb(unknownAgent, { agent: "1111111" }))).toMatchObject({ state: "rejected", processing_notes: [{ code: "telegram_agent_unknown", params: { agent: "1111111" } }] });
    const suNumber = number("555");
    expect(await applied(fwb(suNumber))).toMatchObject({ state: "rejected", processing_notes: [{ code: "telegram_awb_other_airline", params: { mawb: suNumber, carrier: "S7" } }] });
    for (const mawb of [unknownAirport, unknownAgent, suNumber]) expect(await waybillOf(mawb)).toBeUndefined();
  });
});

describe("applying a consolidation list (FHL) to its master", () => {
  let f: ReturnType<typeof bookingFixtures>;
  beforeAll(() => {
    f = bookingFixtures(t);
  });
  const house = (serial: string, o: { weight?: string; consignee?: boolean; destination?: string } = {}) => [
    `HBS/${serial}/DME${o.destination ?? "OVB"}/2/${o.weight ?? "K40"}//MACHINE PARTS`,
    "HTS/847990",
    "SHP/VOLGA MACHINERY",
    "/NIZHEGORODSKAYA 32",
    "/MOSCOW",
    "/RU/109029",
    ...(o.consignee === false ? [] : ["CNE/OB RIVER FOODS", "/VOKZALNAYA 4", "/NOVOSIBIRSK", "/RU/630004"]),
  ];
  // serials of their own: each bookingFixtures counts up from 8 000 000
  let serial = 6_200_000;
  const master = (o: { carrier?: string; prefix?: string } = {}) =>
    f.waybill({ ...o, mawb: awbNumberFromSerial(o.prefix ?? "421", serial++), origin: "DME", destination: "OVB", pieces: 4, weight: 100 });
  const fhl = (mawb: string, ...houses: string[][]) => ["FHL/4", `MBI/${mawb}DMEOVB/T4K100.0`, ...houses.flat(), ""].join("\r\n");
  const applied = async (text: string) => {
    const res = await receive(text);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.drain();
    return (await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams/${res.json().id}`)).json();
  };
  const housesOf = async (mawb: string) => (await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${mawb}/house_waybills.json`)).json().data as Array<Record<string, unknown>>;

  it("adds the houses it lists under the master, changes one a later FHL corrects, and a repeat changes nothing", async () => {
    const awb = await master();
    const first = await applied(fhl(awb.mawb, house("HA1"), house("HA2", { weight: "L132.3" })));
    expect(first).toMatchObject({ state: "processed", processing_notes: [{ code: "telegram_house_added", params: { serial: "HA1" } }, { code: "telegram_house_added", params: { serial: "HA2" } }] });
    const houses = await housesOf(awb.mawb);
    expect(houses.map((h) => [h.serial_number, h.pieces, h.weight, h.weight_code, h.manifest_description_of_goods]).sort()).toEqual([
      ["HA1", 2, 40, "K", "MACHINE PARTS"],
      ["HA2", 2, 132.3, "L", "MACHINE PARTS"],
    ]);
    expect(houses.find((h) => h.serial_number === "HA1")).toMatchObject({ shipper: { name: "VOLGA MACHINERY", country_code: "RU" }, consignee: { name: "OB RIVER FOODS" }, hs_codes: ["847990"] });

    const corrected = await applied(fhl(awb.mawb, house("HA1", { weight: "K45" }), house("HA2", { weight: "L132.3" })));
    expect(corrected.processing_notes).toEqual([
      { code: "telegram_house_updated", params: { serial: "HA1", fields: "weight" } },
      { code: "telegram_house_unchanged", params: { serial: "HA2" } },
    ]);
    expect((await housesOf(awb.mawb)).find((h) => h.serial_number === "HA1")!.weight).toBe(45);
  });

  it("refuses a house the form's rules refuse, naming it, and applies the others; another airline's master is not found", async () => {
    const awb = await master();
    const telegram = await applied(fhl(awb.mawb, house("HB1", { consignee: false }), house("HB2", { destination: "QQQ" }), house("HB3")));
    expect(telegram.state).toBe("rejected");
    expect(telegram.processing_notes).toEqual([
      { code: "telegram_house_refused", params: { serial: "HB1", field: "consignee", reason: "blank" } },
      { code: "telegram_house_refused", params: { serial: "HB2", field: "destination_iata", reason: "unknown_airport", code: "QQQ" } },
      { code: "telegram_house_added", params: { serial: "HB3" } },
    ]);
    expect((await housesOf(awb.mawb)).map((h) => h.serial_number)).toEqual(["HB3"]);

    const su = await master({ carrier: "SU", prefix: "555" });
    expect(await applied(fhl(su.mawb, house("HC1")))).toMatchObject({ state: "rejected", processing_notes: [{ code: "telegram_awb_not_found", params: { mawb: su.mawb } }] });
  });
});

describe("applying a manifest (FFM) to the airline's flight", () => {
  let f: ReturnType<typeof bookingFixtures>;
  beforeAll(async () => {
    f = bookingFixtures(t);
    await f.agreement("S7", "FWDTWO");
  });
  let serial = 6_300_000;
  const bookedWaybill = async (seg: { id: number }, pieces = 4, weight = 200) => {
    // issued: the shipment's state lets a booked waybill go on a manifest
    const awb = await f.waybill({ mawb: awbNumberFromSerial("421", serial++), pieces, weight, volume: 1, issued_at: t.clock() });
    const booked = await s7(accounts.s7Manager, "POST", "/api/v3/bookings", { booking: { mawb: awb.mawb, segment_id: seg.id, pieces, weight, volume: 1, consignor_certified: true } });
    expect(booked.statusCode, booked.body).toBe(201);
    return awb;
  };
  const ffm = (seg: { number: string; number_with_date: string }, ...lines: string[]) =>
    ["FFM/8", `1/${seg.number}/${seg.number_with_date.split("/")[1]!.slice(0, 5)}/OVB`, "DME", ...lines, "LAST", ""].join("\r\n");
  const applied = async (text: string) => {
    const res = await receive(text);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.drain();
    return (await s7(accounts.s7Manager, "GET", `/api/v3/cimp_telegrams/${res.json().id}`)).json();
  };
  const manifestOf = async (segmentId: number) => (await s7(accounts.s7Manager, "GET", `/api/v3/segments/${segmentId}/pre_manifest_items?per_page=100`)).json().data as Array<Record<string, unknown>>;

  it("puts each shipment it lists on the flight's manifest with a MAN movement, corrects one on it, and a repeat changes nothing", async () => {
    const seg = await f.flight();
    const whole = await bookedWaybill(seg);
    const split = await bookedWaybill(seg, 6, 300);
    const text = ffm(seg, `${whole.mawb}OVBDME/T4K200.0/SPARE PARTS`, "ULD/AKE12345S7", `${split.mawb}OVBDME/P2K100.0T6/SPARE PARTS`);
    const first = await applied(text);
    expect(first).toMatchObject({ state: "processed", processing_notes: [{ code: "telegram_manifest_added", params: { mawb: whole.mawb, pieces: 4 } }, { code: "telegram_manifest_added", params: { mawb: split.mawb, pieces: 2 } }] });
    const items = await manifestOf(seg.id);
    expect(items.map((i) => [i.mawb, i.pieces, i.part_code, i.weight]).sort()).toEqual([
      [whole.mawb, 4, "T", 200],
      [split.mawb, 2, "P", 100],
    ].sort());
    const man = await t.database.db.select().from(awbMovements).where(and(same(awbMovements.air_waybill_id, whole.id), same(awbMovements.status_code, "MAN")));
    expect(man).toHaveLength(1);

    const again = await applied(text);
    expect(again.processing_notes.map((n: { code: string }) => n.code)).toEqual(["telegram_manifest_unchanged", "telegram_manifest_unchanged"]);
    const corrected = await applied(ffm(seg, `${whole.mawb}OVBDME/T4K210.0/SPARE PARTS`));
    expect(corrected.processing_notes).toEqual([{ code: "telegram_manifest_changed", params: { mawb: whole.mawb, pieces: 4, uld: "BULK" } }]);
    expect((await manifestOf(seg.id)).find((i) => i.mawb === whole.mawb)!.weight).toBe(210);
  });

  it("refuses a shipment not booked on the flight and a flight the airline does not fly, naming each", async () => {
    const seg = await f.flight();
    const booked = await bookedWaybill(seg);
    const stranger = await f.waybill({ mawb: awbNumberFromSerial("421", serial++) });
    const telegram = await applied(ffm(seg, `${stranger.mawb}OVBDME/T2K100.0/SPARE PARTS`, `${booked.mawb}OVBDME/T4K200.0/SPARE PARTS`));
    expect(telegram).toMatchObject({
      state: "rejected",
      processing_notes: [
        { code: "telegram_manifest_refused", params: { mawb: stranger.mawb, reason: "not_booked_on_flight" } },
        { code: "telegram_manifest_added", params: { mawb: booked.mawb, pieces: 4 } },
      ],
    });
    const unknown = await applied(ffm({ number: "S79999", number_with_date: seg.number_with_date }, `${booked.mawb}OVBDME/T4K200.0/SPARE PARTS`));
    expect(unknown).toMatchObject({ state: "rejected", processing_notes: [{ code: "telegram_flight_not_found", params: { origin: "OVB" } }] });
  });
});
