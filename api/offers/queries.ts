import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { chargeableWeight, roundVolume, volumeFromDimensions } from "../../cargo";
import { offerActions, type OfferStatus } from "../../cargo/offers/offer-status";
import { defaultBaseValue, offerRateAmounts, offerTotals, type OfferRateInput } from "../../cargo/offers/offer-rates";
import { Decimal, formatAmount } from "../../cargo/money/money";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airlines, companies, forwarderCustomers, offerDimensions, offerNumbers, offerRates, offers, segments, users } from "../db/schema";
import type { OfferCustomer, OfferSegment } from "../db/tables/offers";
import { addRefusal, notFound, type FieldRefusals } from "../http/errors";
import { checkAirports } from "../settings/common";
import { checkShcs } from "../settings/product-codes";
import { chargeableCalculation } from "../air-waybills/figures";
import { CURRENCIES } from "../air-waybills/prepare";
import type { OfferAnswer, OfferDimensionBody, OfferFieldsBody, OfferRateBody } from "./schemas";

// The reads and the checks behind api/offers/routes.ts: the caller's offers (tenancy), an offer's answer with its
// lines and totals, and what a create or edit must hold before it is written.

export type OfferRow = typeof offers.$inferSelect;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Pick<Db, "select">;

/** A forwarder's own offers (on an airline's host, only those quoting that airline): another company's are not found. */
export function offerScope(auth: Pick<AuthContext, "profile" | "carrier">): SQL | undefined {
  return and(eq(offers.forwarder_id, auth.profile!.company.id), auth.carrier ? eq(offers.carrier, auth.carrier) : undefined);
}

/** The offer `id` when the caller's; 404 offer_not_found otherwise (locked for the change with forUpdate). */
export async function findOffer(db: Reader, auth: AuthContext, id: number, opts: { forUpdate?: boolean } = {}): Promise<OfferRow> {
  const query = db.select().from(offers).where(and(eq(offers.id, id), offerScope(auth))).limit(1);
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("offer_not_found");
  return row;
}

/** "OF-000123": the forwarder's next number, counted in the caller's transaction (one row per forwarder, locked by the upsert). */
export async function nextOfferNumber(tx: Tx, forwarderId: number): Promise<string> {
  const [row] = await tx
    .insert(offerNumbers)
    .values({ forwarder_id: forwarderId, last_number: 1 })
    .onConflictDoUpdate({ target: offerNumbers.forwarder_id, set: { last_number: sql`${offerNumbers.last_number} + 1` } })
    .returning({ n: offerNumbers.last_number });
  return `OF-${String(row!.n).padStart(6, "0")}`;
}

/** An amount as the answers write it: the currency's minor units (what the line was rounded to). */
const inCurrency = (value: string, currency: string) => formatAmount(new Decimal(value), currency);
/** A rate or quantity as the answers write it: its digits, without numeric(21,6)'s trailing zeros. */
const plain = (value: string) => new Decimal(value).toString();

type RateRow = typeof offerRates.$inferSelect;
export function rateAnswer(r: RateRow): OfferAnswer["rates"][number] {
  const incoming = inCurrency(r.incoming_amount, r.currency);
  const outgoing = inCurrency(r.outgoing_amount, r.currency);
  return {
    id: r.id,
    type: r.type as OfferRateBody["type"],
    code: r.code,
    rate_class_code: r.rate_class_code as OfferRateBody["rate_class_code"] & string,
    description: r.description,
    rate: plain(r.rate),
    base_value: plain(r.base_value),
    amount: inCurrency(r.amount, r.currency),
    incoming_amount: incoming,
    outgoing_amount: outgoing,
    margin: formatAmount(new Decimal(outgoing).minus(incoming), r.currency),
    currency: r.currency,
    basis: r.basis as OfferRateBody["basis"],
    vat_percent: r.vat_percent === null ? null : plain(r.vat_percent),
    company: r.company as OfferRateBody["company"],
    added_by: r.added_by,
  };
}

/** The offer's chargeable weight: by its airline's ratio, rounding and minimum when it has one, else IATA's defaults. */
async function chargeableOf(db: Reader, row: Pick<OfferRow, "carrier" | "weight" | "volume">): Promise<number> {
  if (row.carrier) {
    const [airline] = await db.select().from(airlines).where(eq(airlines.carrier, row.carrier)).limit(1);
    if (airline) return chargeableCalculation(airline, { weight: row.weight, volume: row.volume, airlineDefinedCw: null }).chargeable_weight;
  }
  return chargeableWeight({ grossWeightKg: row.weight, volumeM3: row.volume }).chargeableWeightKg;
}

/** The totals of several offers at once, by offer id (one grouped query for a list page; SQL's numeric sums are exact). */
export async function totalsOf(db: Reader, ids: number[]): Promise<Map<number, ReturnType<typeof offerTotals>>> {
  const out = new Map<number, ReturnType<typeof offerTotals>>();
  if (!ids.length) return out;
  const sums = await db
    .select({ offer_id: offerRates.offer_id, currency: offerRates.currency, incoming_amount: sql<string>`sum(${offerRates.incoming_amount})::text`, outgoing_amount: sql<string>`sum(${offerRates.outgoing_amount})::text` })
    .from(offerRates)
    .where(inArray(offerRates.offer_id, ids))
    .groupBy(offerRates.offer_id, offerRates.currency);
  for (const id of ids) out.set(id, offerTotals(sums.filter((s) => s.offer_id === id)));
  return out;
}

type ListRow = OfferRow & { forwarder_short_name: string };

/** A list row's answer. */
export function listItemOf(row: ListRow, totals: ReturnType<typeof offerTotals>) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    carrier: row.carrier,
    forwarder_short_name: row.forwarder_short_name,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    origin_iata: row.origin_iata,
    destination_iata: row.destination_iata,
    date_toa: row.date_toa,
    pieces: row.pieces,
    weight: row.weight,
    volume: row.volume,
    commodity: row.commodity,
    valid_until: row.valid_until,
    air_waybills: row.air_waybills,
    totals,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The offer as GET offers/{id} answers it: its fields, lines, totals and the actions its status allows. */
export async function offerAnswer(db: Reader, row: OfferRow): Promise<OfferAnswer> {
  const [rates, dims, [forwarder], creator, chargeable] = await Promise.all([
    db.select().from(offerRates).where(eq(offerRates.offer_id, row.id)).orderBy(asc(offerRates.id)),
    db.select().from(offerDimensions).where(eq(offerDimensions.offer_id, row.id)).orderBy(asc(offerDimensions.id)),
    db.select({ short_name: companies.short_name }).from(companies).where(eq(companies.id, row.forwarder_id)).limit(1),
    row.created_by === null ? Promise.resolve([]) : db.select({ email: users.email }).from(users).where(eq(users.id, row.created_by)).limit(1),
    chargeableOf(db, row),
  ]);
  const rateAnswers = rates.map(rateAnswer);
  const allowed = offerActions(row.status as OfferStatus);
  return {
    ...listItemOf({ ...row, forwarder_short_name: forwarder?.short_name ?? "" }, offerTotals(rateAnswers)),
    customer: row.customer,
    chargeable_weight: chargeable,
    shcs: row.shcs,
    comment: row.comment,
    pickup_address: row.pickup_address,
    pickup_city: row.pickup_city,
    pickup_post_code: row.pickup_post_code,
    delivery_address: row.delivery_address,
    delivery_city: row.delivery_city,
    delivery_post_code: row.delivery_post_code,
    segments: row.segments,
    rates: rateAnswers,
    dimensions: dims.map((d) => ({ id: d.id, pieces: d.pieces, weight: d.weight, length: d.length, width: d.width, height: d.height, volume: d.volume })),
    sent_at: row.sent_at,
    accepted_at: row.accepted_at,
    closed_at: row.closed_at,
    created_by: creator[0]?.email ?? null,
    // a trip is what "book" fills in on the create page: without one there is nothing to book on
    actions: {
      edit: allowed.includes("edit"),
      delete: allowed.includes("delete"),
      send: allowed.includes("send"),
      accept: allowed.includes("accept"),
      close: allowed.includes("close"),
      create_awb: allowed.includes("create_awb"),
      book: allowed.includes("book") && row.segments.length > 0,
    },
  };
}

// ---- writing ----------------------------------------------------------------------------------------------------

/** A dimension row as stored: its volume (m3, all its pieces) from its sides. */
export function dimensionValues(d: OfferDimensionBody) {
  const volume = roundVolume(volumeFromDimensions({ pieces: d.pieces, lengthCm: d.length, widthCm: d.width, heightCm: d.height }));
  return { pieces: d.pieces, weight: d.weight ?? null, length: d.length, width: d.width, height: d.height, volume };
}

/** The offer's volume: from its dimension rows when it has any, else as typed. */
export const offerVolume = (dims: ReadonlyArray<{ pieces: number; length: number; width: number; height: number }>, typed: number | null | undefined) =>
  dims.length ? volumeFromDimensions(dims.map((d) => ({ pieces: d.pieces, lengthCm: d.length, widthCm: d.width, heightCm: d.height }))) : roundVolume(typed ?? 0);

/**
 * A rate line as stored, its amounts computed (cargo/offers/offer-rates): the base value, when not sent, from the
 * offer's gross or chargeable weight. 422 under `field` for a currency outside spec 2 §9's list.
 */
export async function rateValues(db: Reader, r: OfferRateBody, offer: Pick<OfferRow, "carrier" | "weight" | "volume">, addedBy: string, errors: FieldRefusals, field = "rates") {
  if (!(CURRENCIES as readonly string[]).includes(r.currency)) addRefusal(errors, `${field}.currency`, "currency_unknown", { currencies: CURRENCIES.join(", ") });
  const weights = { gross: new Decimal(String(offer.weight)).toString(), chargeable: new Decimal(String(await chargeableOf(db, offer))).toString() };
  const input: OfferRateInput = {
    basis: r.basis,
    rate_class_code: r.rate_class_code ?? null,
    rate: r.rate,
    base_value: r.base_value ?? defaultBaseValue({ basis: r.basis, rate_class_code: r.rate_class_code ?? null }, weights),
    incoming_amount: r.incoming_amount,
    outgoing_amount: r.outgoing_amount,
    currency: r.currency,
  };
  const amounts = offerRateAmounts(input);
  return {
    type: r.type,
    code: r.code,
    rate_class_code: r.rate_class_code ?? null,
    description: r.description ?? null,
    rate: r.rate,
    base_value: amounts.base_value,
    amount: amounts.amount,
    incoming_amount: amounts.incoming_amount,
    outgoing_amount: amounts.outgoing_amount,
    currency: r.currency,
    basis: r.basis,
    vat_percent: r.vat_percent ?? null,
    company: r.company,
    added_by: addedBy,
  };
}

/** What the offer's fields become once checked: the columns to write (absent fields left out). */
export type OfferColumns = Partial<Omit<OfferRow, "id" | "number" | "forwarder_id" | "status" | "created_at" | "updated_at">>;

/**
 * Checks the fields against the reference data and the forwarder's own records, collecting every bad field at once,
 * and answers the columns to write. `current`: the offer being edited (its values stand for the fields not sent).
 * - carrier: a known airline; the trip's airline when not given;
 * - customer_id: one of the forwarder's customers, whose name and address fill what is not given;
 * - airports and SHCs: known codes; origin and destination differ;
 * - segments: known flights of the offer's airline that lead from its origin to its destination leg after leg,
 *   stored with their numbers (the departure date follows the first leg's when not given).
 */
export async function offerColumns(db: Reader, forwarderId: number, f: OfferFieldsBody, current: OfferRow | null, errors: FieldRefusals): Promise<OfferColumns> {
  const { segments: segmentIds, customer, ...rest } = f;
  const out: OfferColumns = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  if (typeof out.carrier === "string") out.carrier = out.carrier.toUpperCase();
  if (customer !== undefined) out.customer = customer as OfferCustomer;

  const origin = out.origin_iata ?? current?.origin_iata;
  const destination = out.destination_iata ?? current?.destination_iata;
  if (origin && origin === destination) addRefusal(errors, "destination_iata", "same_as_origin");
  await checkAirports(db as Db, { origin_iata: f.origin_iata ?? undefined, destination_iata: f.destination_iata ?? undefined }, errors);
  await checkShcs(db as Db, "shcs", f.shcs, errors);

  if (f.customer_id) {
    const [found] = await db.select().from(forwarderCustomers).where(and(eq(forwarderCustomers.id, f.customer_id), eq(forwarderCustomers.company_id, forwarderId))).limit(1);
    if (!found) addRefusal(errors, "customer_id", "customer_not_found");
    else {
      out.customer_name = f.customer_name ?? found.name;
      if (customer === undefined) {
        const contacts = found.contacts.flatMap((c) => [c.phone ? { type: "phone", value: c.phone } : null, c.email ? { type: "email", value: c.email } : null].filter((x): x is { type: string; value: string } => x !== null));
        out.customer = { name: found.name, address: found.address, city: found.city, country_code: found.country_code, post_code: found.post_code, tax_id: found.tax_id, contacts };
      }
    }
  }
  if (out.customer_name === undefined && customer?.name && !current?.customer_name) out.customer_name = customer.name;

  if (segmentIds !== undefined) {
    const legs = segmentIds.length ? await db.select().from(segments).where(inArray(segments.id, segmentIds)) : [];
    const byId = new Map(legs.map((s) => [s.id, s]));
    const missing = segmentIds.filter((id) => !byId.has(id));
    if (missing.length) addRefusal(errors, "segments", "segment_not_found");
    else if (segmentIds.length) {
      const trip = segmentIds.map((id) => byId.get(id)!);
      const carrier = out.carrier ?? current?.carrier ?? trip[0]!.carrier;
      const chained = trip.every((leg, i) => i === 0 || trip[i - 1]!.destination_iata === leg.origin_iata);
      if (trip.some((leg) => leg.carrier !== carrier)) addRefusal(errors, "segments", "flight_of_other_airline", { carrier });
      else if (!chained || trip[0]!.origin_iata !== origin || trip.at(-1)!.destination_iata !== destination) {
        addRefusal(errors, "segments", "offer_trip_route", { origin: origin ?? "", destination: destination ?? "" });
      }
      out.carrier = carrier;
      if (out.date_toa === undefined && !current?.date_toa) out.date_toa = trip[0]!.std.toISOString().slice(0, 10);
    }
    out.segments = segmentIds.map((id): OfferSegment => {
      const s = byId.get(id);
      return { segment_id: id, number_with_date: s?.number_with_date ?? "", origin_iata: s?.origin_iata ?? "", destination_iata: s?.destination_iata ?? "", std: s?.std.toISOString() ?? "" };
    });
  }

  if (out.carrier) {
    const [airline] = await db.select({ carrier: airlines.carrier }).from(airlines).where(eq(airlines.carrier, out.carrier)).limit(1);
    if (!airline) addRefusal(errors, "carrier", "unknown_airline", { carrier: out.carrier });
  }
  return out;
}
