import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { airWaybills, awbMovements, bookings, preManifestItems, receptacles, segments } from "../../api/db/schema";
import { awbNumberFromSerial } from "../../cargo/awb/awb-number";
import { mergeFfmParts, type FfmManifest } from "../../cargo/telegrams/cimp/ffm";
import type { FblList } from "../../cargo/telegrams/cimp/fbl";
import type { ManifestItem } from "../../cargo/telegrams/cimp/manifest-lines";
import type { UwsStatement } from "../../cargo/telegrams/cimp/uws";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import { bookingFixtures } from "./booking-fixtures";
import { pdfText } from "./documents-pdf";
import { callsOn, signIn, useTestApi, type Tokens } from "./helpers";

// The flight's FBL, FFM and UWS (issue 23; spec 3 §7 segments/{id}/fbl, /ffm, /uws.json, /fbl.pdf, /ffm.pdf): each text
// is read back with the codec and compared with what was booked or loaded (pieces and weight per waybill, ULDs and
// bulk, parts of split shipments, a long manifest in parts); not enough data before there is a manifest (spec 3 §8);
// the documents are PDFs naming the flight; another airline's flight is not found, a forwarder is refused.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "suManager", "fwdTwo", "s7Billing"] });
const get = (tokens: Tokens, url: string) => callsOn(t, tokens === accounts.suManager ? "su" : tokens === accounts.fwdTwo ? undefined : "s7")(tokens, "GET", url);
const s7 = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) => callsOn(t, "s7")(accounts.s7Manager, method, url, payload);
let f: ReturnType<typeof bookingFixtures>;

type Answer = { type: string; text: string; parts: string[]; message: Record<string, unknown>; shipments: Array<{ mawb: string; uld_number: string | null; pieces: number; weight: number }>; totals: { shipments: number; pieces: number; weight: number } };

async function telegramOf(segmentId: number, path: "fbl" | "ffm" | "uws.json"): Promise<Answer> {
  const res = await s7("GET", `/api/v3/segments/${segmentId}/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The parts of an answer read back by the codec, without a fault, as one message. */
function readBack<T>(answer: Answer): T {
  const parsed = answer.parts.map((part) => parseTelegram(part));
  for (const p of parsed) expect(p.errors).toEqual([]);
  if (answer.type !== "FFM") return parsed[0]!.message as T;
  const merged = mergeFfmParts(parsed.map((p) => p.message as FfmManifest));
  expect(merged.complete).toBe(true);
  return merged.message as T;
}

const itemsOf = (m: FfmManifest): ManifestItem[] => m.points.flatMap((p) => [...p.bulk, ...p.ulds.flatMap((u) => u.items)]);
const figures = (items: Array<{ mawb: string; pieces: number; weight: number }>) => new Map(items.map((i) => [i.mawb, [i.pieces, i.weight]]));

/** A flight (STD `hours` from now) with issued waybills of FWDTWO booked on it (KK). */
async function flightWith(count: number, opts: { hours?: number; pieces?: number } = {}) {
  const segment = await f.flight({ hours: opts.hours ?? 0.5 });
  const awbs = [];
  for (let i = 0; i < count; i++) awbs.push(await f.waybill({ weight: 100 + i * 10, pieces: opts.pieces ?? 2, volume: 0.5, issued_at: t.clock(), shcs: i === 0 ? ["EAP"] : [] }));
  if (awbs.length) {
    const res = await s7("POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: awbs.map((a) => a.mawb), consignor_certified: true });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { segment, awbs };
}

beforeAll(async () => {
  f = bookingFixtures(t);
  await f.agreement("S7", "FWDTWO");
});

describe("FFM", () => {
  it("writes what the manifest loads: bulk, a ULD, a part of a split shipment; read back, each waybill's pieces and weight are the loaded ones", async () => {
    const { segment, awbs } = await flightWith(3);
    const [whole, split, inUld] = awbs as [(typeof awbs)[0], (typeof awbs)[0], (typeof awbs)[0]];
    expect((await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: whole.mawb, pieces: 2, weight: 98.5 })).statusCode).toBe(201);
    expect((await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: split.mawb, pieces: 1, weight: 55 })).statusCode).toBe(201);
    expect((await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: inUld.mawb })).statusCode).toBe(201);
    // the MAN movement names the ULD the shipment is loaded in (as an FSU with a ULD line does)
    const [uldItem] = await t.database.db.select().from(preManifestItems).where(and(eq(preManifestItems.segment_id, segment.id), eq(preManifestItems.air_waybill_id, inUld.id)));
    await t.database.db.update(awbMovements).set({ uld: "AKE12345S7" }).where(eq(awbMovements.id, uldItem!.movement_id!));

    const answer = await telegramOf(segment.id, "ffm");
    // the departure time is left out when the fixture's flight date (UTC) is not the local day at OVB (as for the FBL)
    expect(answer.text).toMatch(/^FFM\/8\r\n1\/S7\d{4}\/\d{2}[A-Z]{3}(?:\d{4})?\/OVB\r\n/);
    const m = readBack<FfmManifest>(answer);
    expect(m).toMatchObject({ carrier: "S7", flight_number: segment.number, origin_iata: "OVB" });
    expect(m.points.map((p) => [p.destination_iata, p.bulk.map((i) => i.mawb), p.ulds.map((u) => [u.uld_number, u.items.map((i) => i.mawb)])])).toEqual([
      ["DME", [whole.mawb, split.mawb], [["AKE12345S7", [inUld.mawb]]]],
    ]);
    const loaded = await t.database.db.select().from(preManifestItems).where(eq(preManifestItems.segment_id, segment.id));
    expect(figures(itemsOf(m))).toEqual(figures(loaded));
    const part = itemsOf(m).find((i) => i.mawb === split.mawb)!;
    expect(part).toMatchObject({ parts_code: "P", pieces: 1, total_pieces: 2, origin_iata: "OVB", destination_iata: "DME", commodity: "SPARE PARTS" });
    expect(itemsOf(m).find((i) => i.mawb === whole.mawb)).toMatchObject({ parts_code: "T", shcs: ["EAP"], volume: 0.5, volume_code: "MC" });
    expect(answer.totals).toEqual({ shipments: 3, pieces: 5, weight: 98.5 + 55 + 120, volume: 1.5 });
    expect(answer.shipments.find((s) => s.mawb === inUld.mawb)?.uld_number).toBe("AKE12345S7");

    // the UWS weighs that manifest: the ULD with its shipment, the bulk per point of unloading, whole kilograms; and
    // the mail on the flight (its postal receptacles), load category M
    await t.database.db.insert(receptacles).values([12.4, 3].map((weight, i) => ({
      uid: `RUMOWARUOVBAAUN6${String(segment.id).padStart(5, "0")}00${i}1000${i}`.slice(0, 29),
      post_office_origin: "RUMOWA",
      post_office_destination: "RUOVBA",
      mail_category: "A",
      mail_subclass: "UN",
      dispatch_number: "0001",
      receptacle_number: `00${i}`,
      weight,
      segment_id: segment.id,
      carrier: "S7",
    })));
    const uws = readBack<UwsStatement>(await telegramOf(segment.id, "uws.json"));
    expect(uws).toMatchObject({ flight_number: segment.number, origin_iata: "OVB" });
    expect(uws.ulds.map((u) => [u.uld_number, u.destination_iata, u.weight, u.load_category])).toEqual([["AKE12345S7", "DME", 120, "C"]]);
    expect(uws.bulk.map((b) => [b.destination_iata, b.weight, b.load_category, b.shcs])).toEqual([
      ["DME", 154, "C", ["EAP"]],
      ["DME", 15, "M", []],
    ]);
  });

  it("sends a long manifest in parts (CONT … LAST) that read back as the whole manifest; its document prints at most 500 shipments", async () => {
    const segment = await f.flight({ hours: 24 });
    const forwarder = await f.companyId("FWDTWO");
    const count = 501;
    const awbs = await t.database.db
      .insert(airWaybills)
      .values(Array.from({ length: count }, (_, i) => ({ mawb: awbNumberFromSerial("421", 7_000_000 + segment.id * 1000 + i), prefix: "421", carrier: "S7", forwarder_id: forwarder, origin_iata: "OVB", destination_iata: "DME", pieces: 1, weight: 10 + i, volume: 0, charge_weight: 10 + i, commodity: "SPARE PARTS" })))
      .returning();
    const rows = awbs.map((awb) => ({ segment_id: segment.id, carrier: "S7", air_waybill_id: awb.id, mawb: awb.mawb, origin_iata: "OVB", destination_iata: "DME", total_pieces: 1, pieces: 1, weight: awb.weight, commodity: "SPARE PARTS" }));
    await t.database.db.insert(preManifestItems).values(rows);
    const answer = await telegramOf(segment.id, "ffm");
    expect(answer.parts.length).toBeGreaterThan(1);
    expect(answer.parts.slice(0, -1).every((p) => p.endsWith("CONT\r\n"))).toBe(true);
    expect(answer.parts.at(-1)).toMatch(/LAST\r\n$/);
    for (const part of answer.parts) expect(part.length).toBeLessThanOrEqual(3840);
    expect(answer.text).toBe(answer.parts.join(""));
    expect(figures(itemsOf(readBack<FfmManifest>(answer)))).toEqual(figures(rows));
    const pdf = await s7("GET", `/api/v3/segments/${segment.id}/ffm.pdf`);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json()).toMatchObject({ code: "document_too_many_shipments", params: { type: "FFM", max: 500 } });
  });

  it("says there is not enough data before the flight has a manifest (FFM and UWS); a flight departed without cargo gets the NIL FFM", async () => {
    const { segment } = await flightWith(0);
    for (const path of ["ffm", "uws.json", "ffm.pdf"]) {
      const res = await s7("GET", `/api/v3/segments/${segment.id}/${path}`);
      expect(res.statusCode, path).toBe(422);
      expect(res.json()).toMatchObject({ code: "not_enough_data", params: { type: path === "uws.json" ? "UWS" : "FFM" } });
    }
    expect((await s7("POST", `/api/v3/segments/${segment.id}/depart`, { time: segment.std.toISOString() })).statusCode).toBe(200);
    const nil = await telegramOf(segment.id, "ffm");
    expect(nil.text).toContain("\r\nDME/NIL\r\nLAST\r\n");
    expect(itemsOf(readBack<FfmManifest>(nil))).toEqual([]);
    expect((await s7("GET", `/api/v3/segments/${segment.id}/uws.json`)).json().code).toBe("not_enough_data");
  });
});

describe("FBL", () => {
  it("lists the flight's active bookings per point of unloading, read back with their figures; a cancelled one is not listed", async () => {
    const { segment, awbs } = await flightWith(3, { hours: 48 });
    const cancelled = awbs[2]!;
    const [booking] = await t.database.db.select().from(bookings).where(and(eq(bookings.air_waybill_id, cancelled.id), eq(bookings.segment_id, segment.id)));
    const del = await s7("DELETE", `/api/v3/bookings?id=${booking!.id}`);
    expect(del.statusCode, del.body).toBe(200);
    const answer = await telegramOf(segment.id, "fbl");
    // the departure time is left out when the fixture's flight date (UTC) is not the local day at OVB (a shifted-date run)
    expect(answer.text).toMatch(/^FBL\/4\r\n1\/S7\d{4}\/\d{2}[A-Z]{3}(?:\d{4})?\/OVB\r\nDME\/\d{2}[A-Z]{3}\d{4}\r\n/);
    const list = readBack<FblList>(answer);
    expect(list.points.map((p) => [p.destination_iata, p.bookings.map((b) => b.mawb).sort()])).toEqual([["DME", [awbs[0]!.mawb, awbs[1]!.mawb].sort()]]);
    expect(figures(list.points[0]!.bookings)).toEqual(new Map([[awbs[0]!.mawb, [2, 100]], [awbs[1]!.mawb, [2, 110]]]));
    expect(answer.shipments.map((s) => (s as unknown as { response_status: string }).response_status)).toEqual(["KK", "KK"]);
  });

  it("is the NIL list for a flight without bookings", async () => {
    const { segment } = await flightWith(0, { hours: 48 });
    const answer = await telegramOf(segment.id, "fbl");
    expect(answer.text).toContain("\r\nDME/NIL\r\nLAST\r\n");
    expect(answer.totals).toMatchObject({ shipments: 0, pieces: 0 });
  });
});

describe("documents and access", () => {
  it("prints the FFM and FBL as PDFs that name the flight and its waybills", async () => {
    const { segment, awbs } = await flightWith(1, { hours: 30 });
    await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awbs[0]!.mawb });
    for (const [path, title] of [["ffm.pdf", "CARGO MANIFEST"], ["fbl.pdf", "FREIGHT BOOKED LIST"]] as const) {
      const res = await s7("GET", `/api/v3/segments/${segment.id}/${path}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`inline; filename="${path}"`);
      const words = (await pdfText(res.rawPayload)).flat().map((p) => p.str);
      expect(words).toContain(title);
      expect(words).toContain(segment.number_with_date);
      // pdf.js joins the runs of a table row that stand close together
      expect(words.join(" ")).toContain(awbs[0]!.mawb);
    }
  });

  it("gives another airline's flight to nobody (404) and refuses a forwarder (403); Billing reads", async () => {
    const { segment, awbs } = await flightWith(1, { hours: 30 });
    await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awbs[0]!.mawb });
    for (const path of ["fbl", "ffm", "uws.json", "fbl.pdf", "ffm.pdf"]) {
      const url = `/api/v3/segments/${segment.id}/${path}`;
      expect((await get(accounts.suManager, url)).statusCode, path).toBe(404);
      expect((await get(accounts.fwdTwo, url)).statusCode, path).toBe(403);
      expect((await get(accounts.s7Billing, url)).statusCode, path).toBe(200);
    }
    expect((await s7("GET", "/api/v3/segments/2147483647/ffm")).statusCode).toBe(404);
  });
});

// before "a demo flight", which moves the clock past the signed-in tokens' lifetime
describe("sending a flight's messages (POST segments/{id}/ffm, fbl, send_uws)", () => {
  it("records each message for the queue to send, the text as its tab shows it; a UWS without addresses is refused", async () => {
    const { segment, awbs } = await flightWith(1);
    expect((await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awbs[0]!.mawb })).statusCode).toBe(201);
    const sent = await s7("POST", `/api/v3/segments/${segment.id}/ffm`, { message: { channel: "sita", addresses: ["MOWFMS7"] } });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = sent.json().data;
    expect(row).toMatchObject({ message_type: "FFM", channel_type: "sita", segment_id: segment.id, status: "queued", to: ["MOWFMS7"] });
    const shown = (await s7("GET", `/api/v3/segments/${segment.id}/ffm`)).json();
    const detail = (await s7("GET", `/api/v3/outgoing_messages/${row.id}`)).json();
    // a SITA message goes in its Type-B envelope around the text the tab shows
    expect(detail.body).toContain(shown.parts[0]);
    expect(itemsOf(parseTelegram(detail.body).message as FfmManifest).map((i) => i.mawb)).toEqual([awbs[0]!.mawb]);

    const fbl = await s7("POST", `/api/v3/segments/${segment.id}/fbl`, { message: { addresses: ["fbl.desk@s7.example"] } });
    expect(fbl.statusCode, fbl.body).toBe(201);
    expect(fbl.json().data[0]).toMatchObject({ message_type: "FBL", channel_type: "email", segment_id: segment.id });
    const uws = await s7("POST", `/api/v3/segments/${segment.id}/send_uws`, {});
    expect(uws.statusCode).toBe(422);
    expect(uws.json().error_codes.addresses[0].code).toBe("blank");
  });
});

describe("a demo flight", () => {
  // Last in the file: it moves the API's clock past the flight's departure.
  it("FFM of a departed demo flight matches what was loaded", async () => {
    const [demo] = await t.database.db
      .select({ segment: segments })
      .from(preManifestItems)
      .innerJoin(segments, eq(segments.id, preManifestItems.segment_id))
      .where(and(eq(segments.carrier, "S7"), eq(segments.number, "S70101")))
      .orderBy(asc(segments.std))
      .limit(1);
    expect(demo, "the demo data puts waybills on S7 0101's build-up").toBeDefined();
    const segment = demo!.segment;
    const loaded = await t.database.db.select().from(preManifestItems).where(eq(preManifestItems.segment_id, segment.id));
    t.clock.advance(Math.max(0, (+segment.std - +t.clock()) / 1000) + 600);
    const manager = await signIn(t.app, "s7.manager@cargodesk.test", { carrier: "s7" });
    const as = callsOn(t, "s7");
    const departed = await as(manager, "POST", `/api/v3/segments/${segment.id}/depart`, {});
    expect(departed.statusCode, departed.body).toBe(200);
    const res = await as(manager, "GET", `/api/v3/segments/${segment.id}/ffm`);
    expect(res.statusCode, res.body).toBe(200);
    const m = readBack<FfmManifest>(res.json());
    expect(m).toMatchObject({ flight_number: "S70101", origin_iata: "DME" });
    expect(figures(itemsOf(m))).toEqual(figures(loaded));
  });
});
