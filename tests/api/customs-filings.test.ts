import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
// a strict XML 1.0 parser (exceljs reads workbooks with it): the documents must be well-formed for any reader
import { SaxesParser } from "saxes";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, houseWaybills, outgoingMessages, preManifestItems, awbMovements, airWaybills } from "../../api/db/schema";
import { DEFAULT_AIRLINE_LISTS } from "../../cargo/access/airline-lists";
import type { CsnMessage } from "../../cargo/telegrams/cimp/csn";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import { bookingFixtures } from "./booking-fixtures";
import { pdfText } from "./documents-pdf";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// A flight's customs filings (issue 23; spec 3 §7 segments/{id}/aci, /placi, /csn_list, /aci_statuses,
// /mrn_list.xlsx, /uws.xml, /fbl/correspondence.pdf): what each document says about the flight's waybills (read back:
// the XML parsed, the CSN through the codec, the workbook and the PDF's words), the ACI statuses they leave, the
// refusals with their codes (spec 2 §5: "Sending CSN requires every selected AWB to have an MRN"), and who gets
// nothing: another airline's flight is not found (SU is put on the ACI list here, so the flight is what refuses it),
// Billing and forwarders are refused, a hostile list of 10 000 waybills is a 422.

const { t, accounts } = useTestApi({
  signIn: ["s7Manager", "s7Billing", "suManager", "c6Manager", "forwarderOnS7"],
  config: { airlineLists: { ...DEFAULT_AIRLINE_LISTS, aci: [...DEFAULT_AIRLINE_LISTS.aci, "su"] } },
});
const on = (tokens: Tokens) => callsOn(t, tokens === accounts.suManager ? "su" : tokens === accounts.c6Manager ? "c6" : "s7");
const s7 = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) => on(accounts.s7Manager)(accounts.s7Manager, method, url, payload);
let f: ReturnType<typeof bookingFixtures>;

const MRN = ["26RU0000000000001A", "26RU0000000000002B", "26RU0000000000003C"];

beforeAll(async () => {
  f = bookingFixtures(t);
  await f.agreement("S7", "FWDTWO");
});

/** The document's element texts by element name (in order), after a strict parser read it whole. */
function xmlTexts(xml: string): Map<string, string[]> {
  const parser = new SaxesParser();
  const texts = new Map<string, string[]>();
  const open: string[] = [];
  parser.on("error", (e) => {
    throw e;
  });
  parser.on("opentag", (tag) => open.push(tag.name));
  parser.on("closetag", () => open.pop());
  parser.on("text", (text) => {
    const name = open.at(-1);
    if (name && text.trim()) texts.set(name, [...(texts.get(name) ?? []), text]);
  });
  parser.write(xml).close();
  return texts;
}

/**
 * A flight (ACI required unless told) with `count` issued waybills of FWDTWO booked on it; `manifest`: all of them on
 * its Build-Up too. The first waybill's parties are hostile text, the second has a house waybill.
 */
async function flightWith(count: number, opts: { aci?: boolean; manifest?: boolean } = {}) {
  const segment = await f.flight({ hours: 30, extra: { aci_required: opts.aci ?? true } });
  const awbs = [];
  for (let i = 0; i < count; i++) {
    awbs.push(
      await f.waybill({
        weight: 100 + i * 10,
        issued_at: t.clock(),
        shipper: { name: i === 0 ? `<ACME & "Sons">` : `SHIPPER ${i}`, address: "LENINA 1", city: "NOVOSIBIRSK", country_code: "RU" },
        consignee: { name: `CONSIGNEE ${i}`, city: "MOSCOW", country_code: "RU" },
      }),
    );
  }
  if (awbs.length) {
    const res = await s7("POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: awbs.map((a) => a.mawb), consignor_certified: true });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (opts.manifest) for (const awb of awbs) expect((await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb })).statusCode).toBe(201);
  if (awbs[1]) {
    await t.database.db.insert(houseWaybills).values({
      air_waybill_id: awbs[1].id,
      mawb: awbs[1].mawb,
      serial_number: "HAWB77",
      origin_iata: "OVB",
      destination_iata: "DME",
      pieces: 1,
      weight: 40,
      manifest_description_of_goods: "BOOKS",
      hs_codes: ["4901"],
      shipper: { name: "HOUSE SHIPPER", country_code: "RU" },
      consignee: { name: "HOUSE CONSIGNEE", country_code: "RU" },
   });
  }
  return { segment, awbs };
}

const messagesOf = async (segmentId: number) => t.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.segment_id, segmentId));

describe("ACI and PLACI", () => {
  it("the ACI lists each manifested waybill with its parties (escaped), goods, HS codes, ULD, MRN and houses; its status is listed", async () => {
    const { segment, awbs } = await flightWith(2, { manifest: true });
    await t.database.db.update(airWaybills).set({ mrn: MRN[0] }).where(eq(airWaybills.id, awbs[0]!.id));
    const [item] = await t.database.db.select().from(preManifestItems).where(and(eq(preManifestItems.segment_id, segment.id), eq(preManifestItems.air_waybill_id, awbs[0]!.id)));
    await t.database.db.update(awbMovements).set({ uld: "AKE12345S7" }).where(eq(awbMovements.id, item!.movement_id!));

    const res = await s7("POST", `/api/v3/segments/${segment.id}/aci`, { message: { addresses: ["customs.gateway@s7.example", "https://customs.example/aci"] } });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.aci_status).toMatchObject({ segment_id: segment.id, message_type: "ACI", direction: "out", shipments: 2, generated_at: t.clock().toISOString() });
    expect(answer.aci_status.name).toMatch(new RegExp(`^ACI-${segment.number_with_date.replace("/", "-")}-OVBDME-\\d{8}T\\d{4}$`));
    expect(answer.data.map((m: { channel_type: string; message_format: string; message_type: string }) => [m.channel_type, m.message_format, m.message_type])).toEqual([
      ["email", "xml", "ACI"],
      ["url", "xml", "ACI"],
    ]);
    const [mail, url] = (await messagesOf(segment.id)).sort((a, b) => a.id - b.id);
    expect(url!.request_headers).toEqual({ "content-type": "application/xml; charset=utf-8" });
    expect(mail!.meta_tags).toEqual([answer.aci_status.name]);

    const body = mail!.body;
    expect(body).toContain(`<advance_cargo_information type="ACI" name="${answer.aci_status.name}"`);
    expect(body).toContain("&lt;ACME &amp; &quot;Sons&quot;&gt;");
    const xml = xmlTexts(body);
    expect(xml.get("mawb")).toEqual([awbs[0]!.mawb, awbs[1]!.mawb]);
    expect(xml.get("name")).toEqual(expect.arrayContaining([`<ACME & "Sons">`, "CONSIGNEE 0", "HOUSE SHIPPER", "HOUSE CONSIGNEE"]));
    expect(xml.get("mrn")).toEqual([MRN[0]]);
    expect(xml.get("uld_number")).toEqual(["AKE12345S7"]);
    expect(xml.get("house_number")).toEqual(["HAWB77"]);
    expect(xml.get("hs_code")).toEqual(["8708", "8708", "4901"]);
    expect(xml.get("number_with_date")).toEqual([segment.number_with_date]);
    expect(xml.get("weight_kg")).toEqual(["210", "100", "110", "40"]);

    const placi = await s7("POST", `/api/v3/segments/${segment.id}/placi`, { message: { addresses: ["customs.gateway@s7.example"] } });
    expect(placi.statusCode, placi.body).toBe(201);
    const statuses = await s7("GET", `/api/v3/segments/${segment.id}/aci_statuses`);
    expect(statuses.statusCode).toBe(200);
    expect(statuses.json().data.map((s: { message_type: string; direction: string }) => `${s.message_type}/${s.direction}`).sort()).toEqual(["ACI/out", "PLACI/out"]);
    expect(statuses.json().meta.total_count).toBe(2);

    // the ACI tab of the flights list shows when the last ACI went
    const list = await s7("GET", `/api/v3/segments?state=aci&number=${segment.number}`);
    expect(list.json().data.map((s: { id: number; aci_sent_at: string | null }) => [s.id, s.aci_sent_at])).toEqual([[segment.id, t.clock().toISOString()]]);
  });

  it("the PLACI lists each booked house (the master where it has none); bookings and houses say sent, an answer already there stays", async () => {
    const { segment, awbs } = await flightWith(3);
    await t.database.db.insert(houseWaybills).values({
      air_waybill_id: awbs[1]!.id,
      mawb: awbs[1]!.mawb,
      serial_number: "HAWB78",
      origin_iata: "OVB",
      destination_iata: "DME",
      pieces: 1,
      weight: 30,
      manifest_description_of_goods: "TOYS",
      placi_status: "assessment_complete",
   });
    const res = await s7("POST", `/api/v3/segments/${segment.id}/placi`, { message: { channel: "email", addresses: ["ics2@s7.example"] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().aci_status).toMatchObject({ message_type: "PLACI", shipments: 4 });
    const [message] = await messagesOf(segment.id);
    const xml = xmlTexts(message!.body);
    expect(xml.get("mawb")).toEqual([awbs[0]!.mawb, awbs[1]!.mawb, awbs[1]!.mawb, awbs[2]!.mawb]);
    expect(xml.get("house_number")).toEqual(["HAWB77", "HAWB78"]);
    expect(message!.body).toContain('<house_number nil="true"/>');

    const booked = await t.database.db.select().from(bookings).where(eq(bookings.segment_id, segment.id));
    expect(booked.map((b) => b.placi_status)).toEqual(["sent", "sent", "sent"]);
    const houses = await t.database.db.select().from(houseWaybills).where(eq(houseWaybills.air_waybill_id, awbs[1]!.id));
    expect(new Map(houses.map((h) => [h.serial_number, h.placi_status]))).toEqual(new Map([["HAWB77", "sent"], ["HAWB78", "assessment_complete"]]));
    const detail = await s7("GET", `/api/v3/air_waybills/${awbs[0]!.mawb}/bookings`);
    expect(detail.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ segment_id: segment.id, placi_status: "sent" })]));
  });

  it("refuses with a code: a flight without ACI required, no addresses, a SITA address, nothing manifested or booked", async () => {
    const plain = await flightWith(1, { aci: false });
    const notRequired = await s7("POST", `/api/v3/segments/${plain.segment.id}/aci`, { message: { addresses: ["c@s7.example"] } });
    expect([notRequired.statusCode, notRequired.json().code, notRequired.json().params]).toEqual([422, "aci_not_required", { type: "ACI" }]);
    const { segment } = await flightWith(0);
    const cases: Array<[string, object, string]> = [
      ["aci", {}, "blank"],
      ["aci", { message: { addresses: ["MOWFMS7"] } }, "channel_not_for_message"],
      ["placi", { message: { channel: "sita", addresses: ["c@s7.example"] } }, "channel_not_for_message"],
      ["aci", { message: { addresses: ["not an address"] } }, "invalid_address"],
    ];
    for (const [path, body, code] of cases) {
      const res = await s7("POST", `/api/v3/segments/${segment.id}/${path}`, body);
      expect([res.statusCode, res.json().error_codes?.addresses?.[0]?.code], `${path} ${JSON.stringify(body)}`).toEqual([422, code]);
    }
    const aci = await s7("POST", `/api/v3/segments/${segment.id}/aci`, { message: { addresses: ["c@s7.example"] } });
    expect([aci.statusCode, aci.json().code, aci.json().params]).toEqual([422, "not_enough_data", { type: "ACI" }]);
    const placi = await s7("POST", `/api/v3/segments/${segment.id}/placi`, { message: { addresses: ["c@s7.example"] } });
    expect([placi.statusCode, placi.json().code]).toEqual([422, "nothing_booked"]);
    expect(await messagesOf(segment.id)).toEqual([]);
  });
});

describe("a waybill's own PLACI", () => {
  it("is filed for its first booked flight that requires ACI, with its own houses only; recorded on the waybill too", async () => {
    const { segment, awbs } = await flightWith(2);
    const earlier = await f.flight({ hours: 20 });
    const booked = await s7("POST", `/api/v3/segments/${earlier.id}/bookings`, { mawb_list: [awbs[1]!.mawb], consignor_certified: true });
    expect(booked.statusCode, booked.body).toBe(200);

    const res = await s7("POST", `/api/v3/air_waybills/${awbs[1]!.mawb}/placi`, { message: { addresses: ["ics2@s7.example"] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().aci_status).toMatchObject({ segment_id: segment.id, message_type: "PLACI", direction: "out", shipments: 1 });
    expect(res.json().data[0]).toMatchObject({ message_type: "PLACI", mawb: awbs[1]!.mawb, segment_id: segment.id });
    const [message] = await messagesOf(segment.id);
    expect(message!.air_waybill_id).toBe(awbs[1]!.id);
    const xml = xmlTexts(message!.body);
    expect([xml.get("mawb"), xml.get("house_number"), xml.get("number_with_date")]).toEqual([[awbs[1]!.mawb], ["HAWB77"], [segment.number_with_date]]);

    // its booking on that flight and its house say sent; the other waybill's booking is untouched
    const placiOf = async (segmentId: number) =>
      new Map((await t.database.db.select().from(bookings).where(eq(bookings.segment_id, segmentId))).map((b) => [b.mawb, b.placi_status]));
    expect(await placiOf(segment.id)).toEqual(new Map([[awbs[0]!.mawb, null], [awbs[1]!.mawb, "sent"]]));
    expect(await placiOf(earlier.id)).toEqual(new Map([[awbs[1]!.mawb, null]]));
    const [house] = await t.database.db.select().from(houseWaybills).where(eq(houseWaybills.air_waybill_id, awbs[1]!.id));
    expect(house!.placi_status).toBe("sent");
    const onWaybill = (await s7("GET", `/api/v3/air_waybills/${awbs[1]!.mawb}/outgoing_messages?message_type=PLACI`)).json();
    expect(onWaybill.data.map((m: { id: number }) => m.id)).toEqual([res.json().data[0].id]);
  });

  it("refuses with a code a waybill not booked or booked on no ACI flight, and gives another airline, Billing and a forwarder nothing", async () => {
    const unbooked = await f.waybill({ issued_at: t.clock() });
    const plain = await flightWith(1, { aci: false });
    const cases: Array<[string, object, string]> = [
      [unbooked.mawb, { message: { addresses: ["c@s7.example"] } }, "waybill_not_booked"],
      [plain.awbs[0]!.mawb, { message: { addresses: ["c@s7.example"] } }, "waybill_no_aci_flight"],
    ];
    for (const [mawb, body, code] of cases) {
      const res = await s7("POST", `/api/v3/air_waybills/${mawb}/placi`, body);
      expect([res.statusCode, res.json().code, res.json().params], code).toEqual([422, code, { type: "PLACI" }]);
    }
    const { segment, awbs } = await flightWith(1);
    const sita = await s7("POST", `/api/v3/air_waybills/${awbs[0]!.mawb}/placi`, { message: { addresses: ["MOWFMS7"] } });
    expect([sita.statusCode, sita.json().error_codes?.addresses?.[0]?.code]).toEqual([422, "channel_not_for_message"]);
    const url = `/api/v3/air_waybills/${awbs[0]!.mawb}/placi`;
    const body = { message: { addresses: ["c@s7.example"] } };
    expect((await on(accounts.suManager)(accounts.suManager, "POST", url, body)).statusCode).toBe(404);
    expect((await on(accounts.forwarderOnS7)(accounts.forwarderOnS7, "POST", url, body)).statusCode).toBe(403);
    expect((await on(accounts.s7Billing)(accounts.s7Billing, "POST", url, body)).statusCode).toBe(403);
    expect(await messagesOf(segment.id)).toEqual([]);
  });
});

describe("CSN", () => {
  it("names every selected waybill with its MRN and this flight; read back by the codec", async () => {
    const { segment, awbs } = await flightWith(2);
    for (const [i, awb] of awbs.entries()) await t.database.db.update(airWaybills).set({ mrn: MRN[i] }).where(eq(airWaybills.id, awb.id));
    const res = await s7("POST", `/api/v3/segments/${segment.id}/csn_list`, { mawbs: awbs.map((a) => a.mawb.replace("-", "")), channel: "sita", addresses: ["MOWFMS7"] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sent).toEqual(awbs.map((a) => a.mawb));
    const [row] = res.json().data;
    expect(row).toMatchObject({ message_type: "CSN", channel_type: "sita", segment_id: segment.id, meta_tags: awbs.map((a) => a.mawb) });
    const [stored] = await messagesOf(segment.id);
    const parsed = parseTelegram(stored!.body);
    expect(parsed.errors).toEqual([]);
    const message = parsed.message as CsnMessage;
    expect(message.notifications.map((n) => [n.mawb, n.mrn, n.arrival?.flight_number, n.statuses[0]?.action_code, n.quantity?.pieces])).toEqual([
      [awbs[0]!.mawb, MRN[0], segment.number, "1C", 2],
      [awbs[1]!.mawb, MRN[1], segment.number, "1C", 2],
    ]);
  });

  it("refuses a waybill not on the flight and one without an MRN, naming them, and sends nothing", async () => {
    const { segment, awbs } = await flightWith(2);
    await t.database.db.update(airWaybills).set({ mrn: MRN[2] }).where(eq(airWaybills.id, awbs[0]!.id));
    const elsewhere = await f.waybill({ issued_at: t.clock() });
    const off = await s7("POST", `/api/v3/segments/${segment.id}/csn_list`, { mawbs: [awbs[0]!.mawb, elsewhere.mawb, "123"], addresses: ["csn@s7.example"] });
    expect(off.statusCode).toBe(422);
    expect(off.json().error_codes.mawbs[0]).toMatchObject({ code: "csn_not_on_flight", params: { count: 2 } });
    expect(off.json().not_on_flight).toEqual(["123", elsewhere.mawb]);
    const none = await s7("POST", `/api/v3/segments/${segment.id}/csn_list`, { mawbs: awbs.map((a) => a.mawb), addresses: ["csn@s7.example"] });
    expect(none.statusCode).toBe(422);
    expect(none.json().error_codes.mawbs[0]).toMatchObject({ code: "mrn_missing", params: { count: 1, mawbs: awbs[1]!.mawb } });
    expect(none.json().without_mrn).toEqual([awbs[1]!.mawb]);
    const noSetting = await s7("POST", `/api/v3/segments/${segment.id}/csn_list`, { mawbs: [awbs[0]!.mawb] });
    expect([noSetting.statusCode, noSetting.json().error_codes.addresses[0].code]).toEqual([422, "no_message_setting"]);
    expect(await messagesOf(segment.id)).toEqual([]);
    // a list of 10 000 numbers is refused by its length before any is looked up
    const hostile = await s7("POST", `/api/v3/segments/${segment.id}/csn_list`, { mawbs: Array.from({ length: 10_000 }, (_, i) => `421-${String(i).padStart(8, "0")}`), addresses: ["csn@s7.example"] });
    expect([hostile.statusCode, hostile.json().error_codes?.mawbs?.[0]?.code]).toEqual([422, "too_many"]);
    const addresses = await s7("POST", `/api/v3/segments/${segment.id}/aci`, { message: { addresses: Array.from({ length: 10_000 }, (_, i) => `a${i}@s7.example`) } });
    expect(addresses.statusCode).toBe(422);
  });

  it("the waybill's MRN is kept in its written form; what is not an MRN is refused beside the field", async () => {
    const awb = await f.waybill({});
    const typed = await s7("PATCH", `/api/v3/air_waybills/${awb.mawb}`, { air_waybill: { mrn: "26ru 0000-0000-0000-1a" } });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().mrn).toBe("26RU0000000000001A");
    const bad = await s7("PATCH", `/api/v3/air_waybills/${awb.mawb}`, { air_waybill: { mrn: "10702030/281126/0000001" } });
    expect([bad.statusCode, bad.json().error_codes.mrn[0].code]).toEqual([422, "mrn_format"]);
    const cleared = await s7("PATCH", `/api/v3/air_waybills/${awb.mawb}`, { air_waybill: { mrn: "" } });
    expect(cleared.json().mrn).toBeNull();
  });
});

describe("documents", () => {
  it("mrn_list.xlsx lists the flight's waybills with their MRN, blank where none", async () => {
    const { segment, awbs } = await flightWith(2);
    await t.database.db.update(airWaybills).set({ mrn: MRN[1] }).where(eq(airWaybills.id, awbs[1]!.id));
    const res = await s7("GET", `/api/v3/segments/${segment.id}/mrn_list.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="mrn_list.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (book.getWorksheet("MRN")!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows[0]).toEqual(["AWB", "Origin", "Destination", "Pieces", "Weight", "Unit", "Goods", "HS codes", "Shipper", "Consignee", "MRN"]);
    expect(rows.slice(1).map((r) => [r[0], r[10] ?? ""])).toEqual([
      [awbs[0]!.mawb, ""],
      [awbs[1]!.mawb, MRN[1]],
    ]);
  });

  it("uws.xml is what uws.json answers, as XML; the correspondence FBL adds the letter's addressee and each shipment's remarks", async () => {
    const { segment, awbs } = await flightWith(2, { manifest: true });
    const json = (await s7("GET", `/api/v3/segments/${segment.id}/uws.json`)).json();
    const res = await s7("GET", `/api/v3/segments/${segment.id}/uws.xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = xmlTexts(res.body);
    expect(xml.get("number_with_date")).toEqual([json.number_with_date]);
    expect(xml.get("text")).toEqual([json.text.replace(/\r\n/g, "\n")]);
    expect(xml.get("mawb")).toEqual(json.shipments.map((s: { mawb: string }) => s.mawb));
    expect(xml.get("weight")?.slice(0, json.message.bulk.length)).toEqual(json.message.bulk.map((b: { weight: number }) => String(b.weight)));

    await t.database.db.update(airWaybills).set({ handling_information: "KEEP DRY\nDO NOT STACK" }).where(eq(airWaybills.id, awbs[1]!.id));
    const pdf = await s7("GET", `/api/v3/segments/${segment.id}/fbl/correspondence.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-disposition"]).toBe('inline; filename="correspondence.pdf"');
    const words = (await pdfText(pdf.rawPayload)).flat().map((p) => p.str).join(" ");
    expect(words).toContain("FREIGHT BOOKED LIST - CORRESPONDENCE");
    expect(words).toContain("To: Cargo handling OVB");
    expect(words).toContain("SHIPPER 1 > CONSIGNEE 1; Handling: KEEP DRY DO NOT STACK");
  });
});

describe("who gets nothing", () => {
  it("another airline's flight is not found; Billing, another airline off the ACI list and a forwarder are refused", async () => {
    const { segment, awbs } = await flightWith(1, { manifest: true });
    const calls: Array<["GET" | "POST", string, object?]> = [
      ["GET", "aci_statuses"],
      ["POST", "aci", { message: { addresses: ["c@s7.example"] } }],
      ["POST", "placi", { message: { addresses: ["c@s7.example"] } }],
      ["POST", "csn_list", { mawbs: [awbs[0]!.mawb], addresses: ["c@s7.example"] }],
      ["GET", "mrn_list.xlsx"],
      ["GET", "uws.xml"],
      ["GET", "fbl/correspondence.pdf"],
    ];
    for (const [method, path, body] of calls) {
      const url = `/api/v3/segments/${segment.id}/${path}`;
      const as = (tokens: Tokens) => on(tokens)(tokens, method, url, body);
      expect((await as(accounts.suManager)).statusCode, `su ${path}`).toBe(404);
      expect((await as(accounts.forwarderOnS7)).statusCode, `forwarder ${path}`).toBe(403);
      if (["aci_statuses", "aci", "placi"].includes(path)) expect((await as(accounts.c6Manager)).statusCode, `c6 ${path}`).toBe(403);
      if (method === "POST") expect((await as(accounts.s7Billing)).statusCode, `billing ${path}`).toBe(403);
    }
    expect(await messagesOf(segment.id)).toEqual([]);
  });
});
