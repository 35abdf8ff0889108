import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { refreshWarnings, routeNotPermitted } from "../../api/air-waybills/warnings";
import { airlines, airWaybills, awbStockNumbers, companies, permittedRoutes, segments } from "../../api/db/schema";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi } from "./helpers";

// The warnings of a waybill (api/air-waybills/warnings.ts): each rule on a small fixture of its own, with the
// waybill that does not trip it beside the one that does. Bookings go through the API (which refreshes the warnings
// itself); changes made behind its back are followed by refreshWarnings, as every writer of a waybill does.

const { t, accounts } = useTestApi({ signIn: ["fwdTwo"] });
let f: ReturnType<typeof bookingFixtures>;
type Awb = typeof airWaybills.$inferSelect;

const refresh = (awb: Awb) => t.database.db.transaction((tx) => refreshWarnings(tx, awb.id, t.clock()));
const book = async (awb: Awb, segmentId: number, figures: { pieces?: number; weight?: number; volume?: number } = {}) => {
  const res = await callsOn(t)(accounts.fwdTwo, "POST", "/api/v3/bookings", {
    booking: { mawb: awb.mawb, segment_id: segmentId, pieces: figures.pieces ?? awb.pieces, weight: figures.weight ?? awb.weight, volume: figures.volume ?? awb.volume, consignor_certified: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
/** A waybill already booked on a flight of its O&D: no missing_departure_date in the way. */
async function booked(opts: Parameters<typeof f.waybill>[0] = {}) {
  const awb = await f.waybill(opts);
  const seg = await f.flight({ carrier: awb.carrier, origin: awb.origin_iata, destination: awb.destination_iata, aircraft: awb.carrier === "S7" ? "73H" : null });
  await book(awb, seg.id);
  return { awb, seg };
}

beforeAll(async () => {
  f = bookingFixtures(t);
  await f.agreement("S7", "FWDTWO");
  await f.agreement("SU", "FWDTWO");
  await f.agreement("C6", "FWDTWO");
});

describe("the demo is a consistent world (issue 22 §5)", () => {
  it("every seeded waybill's route passes the route check its warnings apply, and none carries route_not_permitted", async () => {
    const rows = await t.database.db
      .select({ awb: airWaybills, forwarder: companies.short_name })
      .from(airWaybills)
      .innerJoin(companies, eq(companies.id, airWaybills.forwarder_id))
      .orderBy(asc(airWaybills.id));
    expect(rows.length).toBeGreaterThan(50);
    const refused: string[] = [];
    for (const { awb, forwarder } of rows) if (!awb.voided_at && (await routeNotPermitted(t.database.db, awb, forwarder))) refused.push(`${awb.mawb} ${forwarder} ${awb.carrier} ${awb.origin_iata}-${awb.destination_iata}`);
    expect(refused).toEqual([]);
    expect(rows.filter(({ awb }) => awb.warnings.includes("route_not_permitted")).map(({ awb }) => awb.mawb)).toEqual([]);
  });
});

describe("the business checks of the figures", () => {
  it("sizes over the limits, and parts over the waybill's totals", async () => {
    const heavy = await f.waybill({ pieces: 2, weight: 6000, volume: 50 });
    expect(await refresh(heavy)).toEqual(expect.arrayContaining(["average_piece_volume", "average_piece_weight", "weight_over_limit", "volume_over_limit"]));
    const { awb } = await booked({ pieces: 2, weight: 100, volume: 1 });
    expect(await refresh(awb)).toEqual([]);
    const seg = await f.flight();
    await book(awb, seg.id, { pieces: 3, weight: 150, volume: 1 });
    expect((await f.waybillNow(awb.id)).warnings).toEqual(["pieces_over_totals", "weight_over_totals"]);
  });

  it("the airline's 500 kg restriction, when its settings say awb_weight_restriction", async () => {
    const db = t.database.db;
    const [c6] = await db.select().from(airlines).where(eq(airlines.carrier, "C6"));
    const heavy = await f.waybill({ carrier: "C6", prefix: "745", origin: "TAS", destination: "DME", weight: 600, volume: 1 });
    expect(await refresh(heavy)).not.toContain("airline_weight_restriction");
    await db.update(airlines).set({ settings: { ...c6!.settings, awb_weight_restriction: true } }).where(eq(airlines.carrier, "C6"));
    expect(await refresh(heavy)).toContain("airline_weight_restriction");
    const light = await f.waybill({ carrier: "C6", prefix: "745", origin: "TAS", destination: "DME", weight: 500, volume: 1 });
    expect(await refresh(light)).not.toContain("airline_weight_restriction");
    await db.update(airlines).set({ settings: c6!.settings }).where(eq(airlines.carrier, "C6"));
  });
});

describe("what our data tells", () => {
  it("density over 950 kg/m3", async () => {
    expect(await refresh(await f.waybill({ weight: 1000, volume: 1 }))).toContain("density_exceeded");
    expect(await refresh(await f.waybill({ weight: 950, volume: 1 }))).not.toContain("density_exceeded");
  });

  it("weight differs: a booking of the whole waybill (T) no longer carries its weight", async () => {
    const { awb } = await booked({ weight: 100 });
    expect(await refresh(awb)).not.toContain("weight_differs");
    await t.database.db.update(airWaybills).set({ weight: 120 }).where(eq(airWaybills.id, awb.id));
    expect(await refresh(awb)).toContain("weight_differs");
  });

  it("route not permitted: the airline sells routes from the origin, none to the destination for this forwarder", async () => {
    await t.database.db.insert(permittedRoutes).values([
      { carrier: "C6", origin_iata: "TAS", destination_iata: "DME" },
      { carrier: "C6", origin_iata: "TAS", destination_iata: "LED", company_short_name: "FWDONE" },
    ]);
    const c6 = { carrier: "C6", prefix: "745", origin: "TAS" };
    expect(await refresh(await f.waybill({ ...c6, destination: "LED" }))).toContain("route_not_permitted");
    expect(await refresh(await f.waybill({ ...c6, destination: "DME" }))).not.toContain("route_not_permitted");
    expect(await refresh(await f.waybill({ ...c6, forwarder: "FWDONE", destination: "LED" }))).not.toContain("route_not_permitted");
    // no route sold from the origin at all: nothing to compare with
    expect(await refresh(await f.waybill({ ...c6, origin: "SVO", destination: "LED" }))).not.toContain("route_not_permitted");
  });

  it("interline not allowed: a leg of an airline that does not accept the waybill's prefix", async () => {
    const s7 = await f.waybill({ origin: "TAS", destination: "DME" });
    await book(s7, (await f.flight({ carrier: "C6", origin: "TAS", destination: "DME", aircraft: null })).id);
    expect((await f.waybillNow(s7.id)).warnings).toContain("interline_not_allowed");
    // S7 accepts SU's prefix 555 (demo airline settings)
    const su = await f.waybill({ carrier: "SU", prefix: "555" });
    const [s7Airline] = await t.database.db.select().from(airlines).where(eq(airlines.carrier, "S7"));
    expect(s7Airline!.interline_accepted_prefixes).toContain("555");
    await book(su, (await f.flight()).id);
    expect((await f.waybillNow(su.id)).warnings).not.toContain("interline_not_allowed");
  });

  it("cancelled flight: an active booking on a cancelled segment", async () => {
    const { awb, seg } = await booked();
    await t.database.db.update(segments).set({ canceled: true }).where(eq(segments.id, seg.id));
    expect(await refresh(awb)).toContain("flight_canceled");
  });

  it("unworkable connection: less than the transfer handler's minimum (S7 at OVB: 120 min domestic), or no leg feeding the next", async () => {
    const make = async (minutes: number) => {
      const awb = await f.waybill({ origin: "DME", destination: "KJA" });
      const first = await f.flight({ origin: "DME", destination: "OVB", hours: 72, blockMinutes: 240 });
      const second = await f.flight({ origin: "OVB", destination: "KJA", std: new Date(+first.sta + minutes * 60_000) });
      await book(awb, first.id);
      await book(awb, second.id);
      return (await f.waybillNow(awb.id)).warnings;
    };
    expect(await make(60)).toContain("unworkable_connection");
    expect(await make(180)).not.toContain("unworkable_connection");
    const gap = await f.waybill({ origin: "DME", destination: "KJA" });
    await book(gap, (await f.flight({ origin: "OVB", destination: "KJA" })).id);
    expect((await f.waybillNow(gap.id)).warnings).toContain("unworkable_connection");
  });

  it("missing departure date: no active booking", async () => {
    const awb = await f.waybill();
    expect(await refresh(awb)).toContain("missing_departure_date");
    await book(awb, (await f.flight()).id);
    expect((await f.waybillNow(awb.id)).warnings).not.toContain("missing_departure_date");
  });

  it("missing forwarder: neither the issuing agent block nor the forwarder company gives an agent IATA code", async () => {
    const db = t.database.db;
    await db.insert(companies).values({ short_name: "FWDNOCODE", name: "No Code Forwarding", business_type: "forwarder" });
    expect(await refresh(await f.waybill({ forwarder: "FWDNOCODE" }))).toContain("missing_forwarder");
    expect(await refresh(await f.waybill({ forwarder: "FWDNOCODE", issuing_agent: { name: "No Code Forwarding", iata_code: "1112223" } }))).not.toContain("missing_forwarder");
    expect(await refresh(await f.waybill({ forwarder: "FWDTWO" }))).not.toContain("missing_forwarder");
  });

  it("forwarder IATA code mismatch: the issuing agent's code is not the forwarder company's", async () => {
    const [fwd] = await t.database.db.select().from(companies).where(eq(companies.short_name, "FWDTWO"));
    expect(await refresh(await f.waybill({ issuing_agent: { name: "Forwarder Two", iata_code: "1111111" } }))).toContain("forwarder_iata_mismatch");
    expect(await refresh(await f.waybill({ issuing_agent: { name: "Forwarder Two", iata_code: fwd!.forwarder_iata_code } }))).not.toContain("forwarder_iata_mismatch");
  });

  it("shipment duplicate: the same shipment entered twice within half a year", async () => {
    const shipment = { shipper: { name: "Ob River Foods" }, consignee: { name: "Moscow Market" }, pieces: 3, weight: 210 };
    const first = await f.waybill(shipment);
    expect(await refresh(first)).not.toContain("shipment_duplicate");
    const again = await f.waybill({ ...shipment, consignee: { name: "  moscow market " } });
    expect(await refresh(again)).toContain("shipment_duplicate");
    const otherWeight = await f.waybill({ ...shipment, weight: 211 });
    expect(await refresh(otherWeight)).not.toContain("shipment_duplicate");
    const longAfter = await f.waybill({ ...shipment, created_at: new Date(+first.created_at + 200 * 86_400_000) });
    expect(await refresh(longAfter)).not.toContain("shipment_duplicate");
  });

  it("not assigned to company: the number is another holder's in the airline's stock", async () => {
    const held = async (shortName: string) => {
      const [row] = await t.database.db
        .select({ mawb: awbStockNumbers.mawb })
        .from(awbStockNumbers)
        .where(and(eq(awbStockNumbers.forwarder_id, await f.companyId(shortName)), eq(awbStockNumbers.prefix, "421"), eq(awbStockNumbers.state, "free")))
        .orderBy(asc(awbStockNumbers.serial))
        .limit(1);
      return row!.mawb;
    };
    expect(await refresh(await f.waybill({ mawb: await held("FWDONE") }))).toContain("not_assigned_to_company");
    expect(await refresh(await f.waybill({ mawb: await held("FWDTWO") }))).not.toContain("not_assigned_to_company");
  });
});

describe("what refreshWarnings keeps and drops", () => {
  it("keeps a code it does not compute (bso_mismatch); a voided waybill has none of its own", async () => {
    const awb = await f.waybill({ pieces: 10, weight: 1000, volume: 1 });
    await t.database.db.update(airWaybills).set({ warnings: ["bso_mismatch", "flight_canceled"] }).where(eq(airWaybills.id, awb.id));
    expect(await refresh(awb)).toEqual(["density_exceeded", "missing_departure_date", "bso_mismatch"]);
    await t.database.db.update(airWaybills).set({ voided_at: t.clock() }).where(eq(airWaybills.id, awb.id));
    expect(await refresh(awb)).toEqual(["bso_mismatch"]);
  });
});
