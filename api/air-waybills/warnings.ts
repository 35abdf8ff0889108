import { and, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { checkShipment } from "../../cargo/awb/business-checks";
import { checkConnection, isDomesticConnection, type ConnectionRules } from "../../cargo/flights/connections";
import { roundWeight } from "../../cargo/units";
import { houseTotals, totalsDiffer } from "../house-waybills/totals";
import type { Tx } from "../bookings/space";
import { airlines, airWaybills, awbStockNumbers, bookings, companies, handlers, permittedRoutes, segments } from "../db/schema";
import { WARNING_CODES, type WarningCode } from "./schemas";

// The warnings of a waybill (spec 3 §8 "Booking warning notices"; issue 10): what the business checks of cargo/awb
// say about its figures and its bookings, and what our own data can tell about it. They are stored on the waybill
// (air_waybills.warnings), so the shipments list's warning tab is an indexed filter; recompute them after every change
// of the waybill or its bookings. Each rule below says how it reads the spec's notice.

/**
 * Density above this is "maximum density exceeded": 950 kg/m3 is the heaviest Cargo-IMP density group (10), so no
 * group describes such cargo; dense goods exist (metal parts), but far more often the volume was typed too small.
 */
export const MAX_DENSITY_KG_PER_M3 = 950;

/** "Number reused within the last half year": the window in which an identical shipment counts as a duplicate. */
export const DUPLICATE_WINDOW_DAYS = 183;

/** The airline setting (airlines.settings JSON) that restricts a waybill to 500 kg: `{ "awb_weight_restriction": true }`. */
export const AWB_WEIGHT_RESTRICTION_SETTING = "awb_weight_restriction";

/** Codes this module decides; any other code on the waybill (bso_mismatch, set when the number was taken) is kept. */
const COMPUTED = new Set<WarningCode>(WARNING_CODES.filter((c) => c !== "bso_mismatch"));

type Waybill = typeof airWaybills.$inferSelect;
type Booking = typeof bookings.$inferSelect;
type Leg = Pick<typeof segments.$inferSelect, "id" | "carrier" | "origin_iata" | "destination_iata" | "origin_country_code" | "destination_country_code" | "std" | "sta" | "canceled">;

const blank = (s: string | null | undefined) => !s || !s.trim();
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim().toUpperCase() === (b ?? "").trim().toUpperCase();
const denseOver = (weight: number, volume: number) => volume > 0 && weight / volume > MAX_DENSITY_KG_PER_M3;

/**
 * Recomputes and stores air_waybills.warnings (codes of WARNING_CODES) from the waybill, its bookings and our data.
 * `now` is part of the contract for checks bound to the clock; none of today's rules is (the duplicate window is
 * counted from the waybill's own creation).
 */
export async function refreshWarnings(tx: Tx, awbId: number, _now: Date): Promise<string[]> {
  const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, awbId)).limit(1);
  if (!awb) return [];
  // a voided or deleted waybill asks nothing of anybody any more
  const found = awb.voided_at || awb.deleted ? new Set<WarningCode>() : await warningsOf(tx, awb);
  for (const code of awb.warnings) if (!COMPUTED.has(code as WarningCode)) found.add(code as WarningCode);
  const codes = WARNING_CODES.filter((c) => found.has(c));
  await tx.update(airWaybills).set({ warnings: codes }).where(eq(airWaybills.id, awb.id));
  return codes;
}

async function warningsOf(tx: Tx, awb: Waybill): Promise<Set<WarningCode>> {
  const active = await tx.select().from(bookings).where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.active, true)));
  const legs = active.length
    ? await tx
        .select({
          id: segments.id,
          carrier: segments.carrier,
          origin_iata: segments.origin_iata,
          destination_iata: segments.destination_iata,
          origin_country_code: segments.origin_country_code,
          destination_country_code: segments.destination_country_code,
          std: segments.std,
          sta: segments.sta,
          canceled: segments.canceled,
        })
        .from(segments)
        .where(inArray(segments.id, [...new Set(active.map((b) => b.segment_id))]))
    : [];
  const legOf = new Map(legs.map((s) => [s.id, s]));
  const carriers = [...new Set([awb.carrier, ...legs.map((s) => s.carrier)])];
  const airlineRows = await tx.select().from(airlines).where(inArray(airlines.carrier, carriers));
  const airlineOf = new Map(airlineRows.map((a) => [a.carrier, a]));
  const [forwarder] = await tx.select().from(companies).where(eq(companies.id, awb.forwarder_id)).limit(1);

  const out = new Set<WarningCode>();
  const add = (code: WarningCode, when: boolean) => when && out.add(code);

  // the business checks of spec 2 §5/§9, each active booking a part of the waybill
  const check = checkShipment({
    totals: { pieces: awb.pieces, weightKg: awb.weight, volumeM3: awb.volume },
    parts: active.map((b) => ({ pieces: b.pieces, weightKg: b.weight, volumeM3: b.volume })),
    shcs: awb.shcs,
    hasDimensions: awb.dimensions.length > 0,
    airlineWeightRestriction: airlineOf.get(awb.carrier)?.settings?.[AWB_WEIGHT_RESTRICTION_SETTING] === true,
    booking: false,
  });
  for (const w of check.warnings) out.add(w);

  add("density_exceeded", denseOver(awb.weight, awb.volume) || active.some((b) => denseOver(b.weight, b.volume)));
  // a booking of the whole waybill (T) must carry its weight
  add("weight_differs", active.some((b) => b.parts_code === "T" && roundWeight(b.weight) !== roundWeight(awb.weight)));
  add("route_not_permitted", await routeNotPermitted(tx, awb, forwarder?.short_name ?? ""));
  // an airline carries another airline's waybill only when it accepts that prefix for interline
  add("interline_not_allowed", legs.some((s) => s.carrier !== awb.carrier && !(airlineOf.get(s.carrier)?.interline_accepted_prefixes ?? []).includes(awb.prefix)));
  add("flight_canceled", legs.some((s) => s.canceled));
  add("unworkable_connection", await connectionUnworkable(tx, awb, active, legOf));
  add("missing_departure_date", active.length === 0);
  // the e-AWB names the agent by the issuing agent block, else by the forwarder company: both blank is a gap
  const agent = awb.issuing_agent;
  add("missing_forwarder", (blank(agent?.name) && blank(forwarder?.name)) || (blank(agent?.iata_code) && blank(forwarder?.forwarder_iata_code)));
  add("forwarder_iata_mismatch", !blank(agent?.iata_code) && !blank(forwarder?.forwarder_iata_code) && !same(agent!.iata_code, forwarder!.forwarder_iata_code));
  add("shipment_duplicate", await duplicated(tx, awb));
  add("not_assigned_to_company", await assignedElsewhere(tx, awb));
  add("house_totals_differ", totalsDiffer(await houseTotals(tx, awb.id), awb));
  return out;
}

/**
 * The airline sells routes from the origin (any permitted route starts there) and none of them goes to the
 * destination for everyone or for this forwarder.
 */
export async function routeNotPermitted(tx: Tx, awb: Pick<Waybill, "carrier" | "origin_iata" | "destination_iata">, forwarderShortName: string): Promise<boolean> {
  const routes = await tx
    .select({ destination: permittedRoutes.destination_iata, company: permittedRoutes.company_short_name })
    .from(permittedRoutes)
    .where(and(eq(permittedRoutes.carrier, awb.carrier), eq(permittedRoutes.origin_iata, awb.origin_iata)));
  if (!routes.length) return false;
  return !routes.some((r) => r.destination === awb.destination_iata && (r.company === null || r.company === forwarderShortName));
}

/**
 * Every leg that does not start at the waybill's origin must be fed by a leg arriving at its origin, with a
 * connection the transfer airport's handler accepts (cargo/flights/connections: its minimum for domestic or
 * international cargo, its maximum, whether it takes transfer cargo at all). Several arrivals (a split shipment):
 * one workable connection is enough.
 */
async function connectionUnworkable(tx: Tx, awb: Waybill, active: Booking[], legOf: Map<number, Leg>): Promise<boolean> {
  const legs = active.map((b) => legOf.get(b.segment_id)).filter((s): s is Leg => !!s);
  const onward = legs.filter((s) => s.origin_iata !== awb.origin_iata);
  if (!onward.length) return false;
  const stations = [...new Set(onward.map((s) => s.origin_iata))];
  const handlerRows = await tx.select().from(handlers).where(inArray(handlers.location, stations));
  const rulesAt = (carrier: string, station: string): ConnectionRules | null => {
    const h = handlerRows.find((r) => r.carrier === carrier && r.location === station);
    if (!h) return null;
    return {
      minConnectionTimeDomestic: h.min_connection_time_domestic ?? 0,
      minConnectionTimeIntl: h.min_connection_time_intl ?? 0,
      maxConnectionTime: h.max_connection_time,
      transfer: h.transfer,
    };
  };
  const country = (s: Leg) => ({ originCountry: s.origin_country_code ?? "", destinationCountry: s.destination_country_code ?? "" });
  return onward.some((next) => {
    const feeding = legs.filter((s) => s.destination_iata === next.origin_iata);
    // the departing airline's handler decides; an arriving airline's handler when the departing one has none there
    return !feeding.some((prev) => {
      const rules = rulesAt(next.carrier, next.origin_iata) ?? rulesAt(prev.carrier, next.origin_iata);
      const domestic = isDomesticConnection(country(prev), country(next));
      return checkConnection({ arrivalSta: prev.sta, departureStd: next.std, rules, domestic }).status === "ok";
    });
  });
}

/**
 * AWB numbers are unique here, so "the number reused within half a year" is read as the shipment entered twice:
 * another live waybill of the same forwarder, same origin, destination, pieces and weight, same shipper and consignee
 * names, created within DUPLICATE_WINDOW_DAYS of this one. Without both names nothing identifies a shipment.
 */
async function duplicated(tx: Tx, awb: Waybill): Promise<boolean> {
  const shipper = awb.shipper?.name?.trim();
  const consignee = awb.consignee?.name?.trim();
  if (!shipper || !consignee) return false;
  const windowMs = DUPLICATE_WINDOW_DAYS * 86_400_000;
  const [twin] = await tx
    .select({ id: airWaybills.id })
    .from(airWaybills)
    .where(
      and(
        eq(airWaybills.forwarder_id, awb.forwarder_id),
        gte(airWaybills.created_at, new Date(+awb.created_at - windowMs)),
        lte(airWaybills.created_at, new Date(+awb.created_at + windowMs)),
        ne(airWaybills.id, awb.id),
        eq(airWaybills.deleted, false),
        sql`${airWaybills.voided_at} is null`,
        eq(airWaybills.origin_iata, awb.origin_iata),
        eq(airWaybills.destination_iata, awb.destination_iata),
        eq(airWaybills.pieces, awb.pieces),
        eq(airWaybills.weight, awb.weight),
        sql`lower(trim(${airWaybills.shipper}->>'name')) = ${shipper.toLowerCase()}`,
        sql`lower(trim(${airWaybills.consignee}->>'name')) = ${consignee.toLowerCase()}`,
      ),
    )
    .limit(1);
  return !!twin;
}

/** The number is in the airline's stock and held by someone else (another forwarder, or the airline's own pool). */
async function assignedElsewhere(tx: Tx, awb: Waybill): Promise<boolean> {
  const [row] = await tx
    .select({ id: awbStockNumbers.id })
    .from(awbStockNumbers)
    .where(and(eq(awbStockNumbers.mawb, awb.mawb), sql`${awbStockNumbers.forwarder_id} is distinct from ${awb.forwarder_id}`))
    .limit(1);
  return !!row;
}
