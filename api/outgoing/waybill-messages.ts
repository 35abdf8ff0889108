import { and, asc, eq } from "drizzle-orm";
import type { FhlHouseWaybill, FhlMessage } from "../../cargo/telegrams/cimp/fhl";
import { type ChargeSummary, emptyRatingLine, type FwbMessage, type FwbRatingLine } from "../../cargo/telegrams/cimp/fwb";
import type { TelegramAgent, TelegramParty } from "../../cargo/telegrams/cimp/party";
import type { StatusMessage, StatusMovement } from "../../cargo/telegrams/cimp/status-message";
import { telegramText } from "../../cargo/telegrams/outgoing-message";
import type { AirWaybillRow } from "../air-waybills/access";
import type { Tx } from "../bookings/space";
import { bookings, houseWaybills, segments } from "../db/schema";
import type { PartyBlock } from "../db/tables/air-waybills";
import { type Decimal, decimalOfStored, formatAmount, formatRate } from "../../cargo/money/money";
import { AMOUNT } from "../../cargo/telegrams/cimp/cimp-fields";
import { chargesOf, type AwbCharges } from "../documents/charges";
import type { Movement } from "../handling/movements";

// The waybill, its house waybills and its movements as the Cargo-IMP models the codec writes (issue 23): FWB, FHL
// and FSU. The models speak the product's names by design, so this is a mapping: what differs is only that a
// telegram carries upper-case Latin letters (telegramText), amounts as decimal strings with the currency's decimals
// (RUB 4550.00, JPY 5000, KWD 12.345; a rate keeps finer digits), and the flights as a carrier, a number and a day.

type HouseRow = typeof houseWaybills.$inferSelect;

/** Party line lengths of Cargo-IMP: a name or an address line takes 35 characters, a place 17, a post code 9. */
const LINE = 35;

const CONTACT_TYPES: Readonly<Record<string, string>> = { phone: "TE", telephone: "TE", fax: "FX", telex: "TL", te: "TE", fx: "FX", tl: "TL" };

function partyOf(block: PartyBlock | null | undefined): TelegramParty | null {
  if (!block) return null;
  const party: TelegramParty = {
    account_number: telegramText(block.account_number, 14),
    name: telegramText(block.name, LINE),
    address: telegramText(block.address, LINE),
    city: telegramText(block.city, 17),
    state: telegramText(block.state, 9),
    country_code: /^[A-Za-z]{2}$/.test(block.country_code ?? "") ? block.country_code!.toUpperCase() : null,
    post_code: telegramText(block.post_code, 9),
    contacts: (block.contacts ?? []).flatMap((c) => {
      const type = CONTACT_TYPES[c.type.toLowerCase()];
      const value = telegramText(c.value, 25);
      return type && value ? [{ type, value }] : [];
    }),
  };
  return party.name || party.account_number ? party : null;
}

function agentOf(block: PartyBlock | null | undefined): TelegramAgent | null {
  if (!block) return null;
  const agent: TelegramAgent = {
    account_number: telegramText(block.account_number, 14),
    iata_code: /^\d{7}$/.test(block.iata_code ?? "") ? block.iata_code! : null,
    cass_address: null,
    participant_identifier: null,
    name: telegramText(block.name, LINE),
    city: telegramText(block.city, 17),
  };
  return agent.name || agent.iata_code ? agent : null;
}

/** HS codes as Cargo-IMP carries them: 6 to 18 letters and digits (a 4-digit heading is not sent). */
const hsCodes = (codes: readonly string[]) => codes.filter((c) => /^[A-Z0-9]{6,18}$/.test(c));

/**
 * An amount as Cargo-IMP writes it (written by `write`: formatAmount or formatRate in the currency); null when absent
 * or outside what the format carries (negative, more than 12 digits before the point, a rate finer than 5 decimals
 * rounded to 5 first).
 */
function cimpAmount(value: Decimal, currency: string, write: (value: Decimal, currency: string) => string): string | null {
  const text = write(value.decimalPlaces() > 5 ? value.toDecimalPlaces(5) : value, currency);
  return AMOUNT.test(text) ? text : null;
}

/** A stored amount (decimal text; a number in a block written before migration 0024) as Cargo-IMP writes it. */
const storedAmount = (value: string | number | null | undefined, currency: string, write = formatAmount): string | null =>
  value == null ? null : cimpAmount(decimalOfStored(value), currency, write);

const declared = (value: string | null, none: string) => (value && (value === none || /^\d{1,12}(?:\.\d{1,5})?$/.test(value)) ? value : none);

function summary(charges: AwbCharges, side: "prepaid" | "collect"): ChargeSummary | null {
  const own = (charges.wtVal === "P") === (side === "prepaid");
  const total = side === "prepaid" ? charges.totalPrepaid : charges.totalCollect;
  if (total.isZero()) return null;
  // a figure of zero is left out of the line, as the waybill leaves its box empty
  const money = (amount: Decimal, shown = true) => (shown && !amount.isZero() ? cimpAmount(amount, charges.currency, formatAmount) : null);
  return {
    weight_charge: money(charges.weightCharge, own),
    valuation: money(charges.valuationCharge, own),
    tax: money(charges.tax, own),
    due_agent: money(charges.dueAgent[side]),
    due_carrier: money(charges.dueCarrier[side]),
    total: cimpAmount(total, charges.currency, formatAmount),
  };
}

function ratingOf(awb: AirWaybillRow): FwbRatingLine[] {
  const nature = telegramText(awb.commodity, 60) ?? "CONSOLIDATION";
  const hs = hsCodes(awb.hs_codes);
  const dims = awb.dimensions.map((d) => ({ weight_code: null, weight: null, unit: "CMT" as const, length: d.length, width: d.width, height: d.height, pieces: d.pieces }));
  if (!awb.rating.length) {
    return [{ ...emptyRatingLine(), pieces: awb.pieces, gross_weight: awb.weight, rate_class_code: awb.charge_weight >= 45 ? "Q" : "N", chargeable_weight: awb.charge_weight, nature_of_goods: nature, dimensions: dims, hs_codes: hs, volume_code: awb.volume ? "MC" : null, volume: awb.volume || null }];
  }
  return awb.rating.map((line, i) => ({
    ...emptyRatingLine(),
    pieces: line.pieces,
    gross_weight: line.gross_weight,
    rate_class_code: /^[A-Z]$/.test(line.rate_class_code) ? line.rate_class_code : null,
    commodity_item_number: telegramText(line.commodity_item_number, 7),
    chargeable_weight: line.chargeable_weight,
    rate: storedAmount(line.rate, awb.currency ?? "", formatRate),
    total: storedAmount(line.total, awb.currency ?? ""),
    nature_of_goods: telegramText(line.nature_of_goods, 60) ?? (i === 0 ? nature : null),
    ...(i === 0 ? { dimensions: dims, hs_codes: hs, volume_code: awb.volume ? ("MC" as const) : null, volume: awb.volume || null } : {}),
  }));
}

type Consigned = Pick<AirWaybillRow, "mawb" | "origin_iata" | "destination_iata" | "pieces" | "weight_code" | "weight">;

/** The waybill's identification and totals, as every message about it opens. */
const consignmentOf = (awb: Consigned) => ({
  mawb: awb.mawb,
  origin_iata: awb.origin_iata,
  destination_iata: awb.destination_iata,
  pieces: awb.pieces,
  weight_code: awb.weight_code === "L" ? ("L" as const) : ("K" as const),
  weight: awb.weight,
});

/** The flights the waybill is booked on (active bookings, first leg first), as an FWB's FLT and RTG carry them. */
async function legsOf(db: Tx, awb: AirWaybillRow) {
  return db
    .select({ number: segments.number, flight_date: segments.flight_date, carrier: segments.carrier, destination: bookings.destination_iata })
    .from(bookings)
    .innerJoin(segments, eq(segments.id, bookings.segment_id))
    .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.active, true)))
    .orderBy(asc(bookings.std), asc(bookings.id));
}

/** The waybill as an FWB (the model the codec writes): what it says now, its flights from its active bookings. */
export async function fwbOfWaybill(db: Tx, awb: AirWaybillRow): Promise<FwbMessage> {
  const legs = await legsOf(db, awb);
  const charges = chargesOf(awb);
  const rating = ratingOf(awb);
  const other = awb.other_charges.flatMap((c) => {
    const code = c.code.toUpperCase().slice(0, 2);
    const value = storedAmount(c.amount, awb.currency ?? "");
    return /^[A-Z]{2}$/.test(code) && value ? [{ code, due: c.due, payment: c.payment, amount: value }] : [];
  });
  return {
    ...consignmentOf(awb),
    volume_code: awb.volume ? "MC" : null,
    volume: awb.volume || null,
    density_group: awb.density_group,
    flights: legs.map((l) => ({ carrier: l.number.slice(0, 2), flight_number: l.number.slice(2), day: Number(l.flight_date.slice(8, 10)) })),
    routing: legs.length ? legs.map((l) => ({ airport_iata: l.destination, carrier: l.carrier })) : [{ airport_iata: awb.destination_iata, carrier: awb.carrier }],
    shipper: partyOf(awb.shipper),
    consignee: partyOf(awb.consignee),
    issuing_agent: agentOf(awb.issuing_agent),
    special_service_requests: awb.handling_information ? [telegramText(awb.handling_information, 65)].filter((s): s is string => s !== null) : [],
    notify: partyOf(awb.notify),
    accounting_information: awb.accounting_information ? [{ identifier: "GEN", text: telegramText(awb.accounting_information, 34) }] : [],
    currency: /^[A-Z]{3}$/.test(awb.currency ?? "") ? awb.currency : null,
    chgs_code: /^[A-Z]{2}$/.test(awb.chgs_code ?? "") ? awb.chgs_code : null,
    wt_val: awb.wt_val === "C" ? "C" : "P",
    other_charges_payment: awb.other_charges_payment === "C" ? "C" : "P",
    declared_value_carriage: declared(awb.declared_value_carriage, "NVD"),
    declared_value_customs: declared(awb.declared_value_customs, "NCV"),
    insurance_amount: declared(awb.insurance_amount, "XXX"),
    rating,
    other_charges: other,
    totals: { prepaid: summary(charges, "prepaid"), collect: summary(charges, "collect") },
    shipper_certification: telegramText(awb.shipper?.name, 20),
    executed_on: awb.executed_on ?? awb.created_at.toISOString().slice(0, 10),
    executed_at: telegramText(awb.executed_at, 17) ?? awb.origin_iata,
    signature: telegramText(awb.signature, 20),
    other_service_information: [],
    sender_reference: null,
    customs_origin_code: null,
    agent_reference: null,
    shcs: awb.shcs.filter((s) => /^[A-Z]{3}$/.test(s)),
    nominated_handling_party: null,
    shipment_reference: null,
    other_participants: [],
    customs_information: [],
    commodity: rating[0]?.nature_of_goods ?? null,
    hs_codes: rating.flatMap((r) => r.hs_codes),
    dimensions: rating.flatMap((r) => r.dimensions),
  };
}

function houseOf(h: HouseRow): FhlHouseWaybill {
  return {
    serial_number: h.serial_number,
    origin_iata: h.origin_iata,
    destination_iata: h.destination_iata,
    pieces: h.pieces,
    weight_code: h.weight_code === "L" ? "L" : "K",
    weight: h.weight,
    slac: null,
    manifest_description_of_goods: telegramText(h.manifest_description_of_goods, 15),
    shcs: h.shcs.filter((s) => /^[A-Z]{3}$/.test(s)),
    free_text: telegramText(h.free_text, 65),
    hs_codes: hsCodes(h.hs_codes),
    customs_information: [],
    shipper: partyOf(h.shipper),
    consignee: partyOf(h.consignee),
    charge_declarations: null,
  };
}

/** The waybill's house waybills as an FHL; null when it has none (there is nothing to send). */
export async function fhlOfWaybill(db: Tx, awb: AirWaybillRow): Promise<FhlMessage | null> {
  const houses = await db.select().from(houseWaybills).where(eq(houseWaybills.air_waybill_id, awb.id)).orderBy(asc(houseWaybills.serial_number));
  if (!houses.length) return null;
  return {
    ...consignmentOf(awb),
    house_waybills: houses.map(houseOf),
  };
}

type StatusWaybill = Consigned;
type StatusSegment = { number: string; flight_date: string; origin_iata: string; destination_iata: string } | null;

/** One movement as an FSU: the waybill's consignment line and the movement's status line (its instant in UTC). */
export function fsuOfMovement(awb: StatusWaybill, movement: Movement, segment: StatusSegment): StatusMessage {
  const at = movement.time_utc;
  const time = { day: at.getUTCDate(), month: at.getUTCMonth() + 1, time: `${String(at.getUTCHours()).padStart(2, "0")}${String(at.getUTCMinutes()).padStart(2, "0")}`, time_zone: "utc" as const };
  const partial = movement.pieces < awb.pieces;
  const line: StatusMovement = {
    status_code: movement.status_code as StatusMovement["status_code"],
    location_iata: movement.location_iata,
    arrival_iata: segment?.destination_iata ?? null,
    carrier: segment ? segment.number.slice(0, 2) : null,
    flight_number: segment?.number ?? null,
    flight_day: segment ? { day: Number(segment.flight_date.slice(8, 10)), month: Number(segment.flight_date.slice(5, 7)) } : null,
    time,
    departure_time: null,
    arrival_time: null,
    parts_code: partial ? "P" : "T",
    pieces: movement.pieces,
    weight_code: movement.weight_code === "L" ? "L" : "K",
    weight: movement.weight,
    volume_code: null,
    volume: null,
    density_group: null,
    total_pieces: partial ? awb.pieces : null,
    discrepancy_code: (movement.discrepancy_code as StatusMovement["discrepancy_code"]) ?? null,
    name: null,
    reference: null,
    // a shipment loaded in a ULD (an FFM's MAN) says which
    ulds: movement.uld ? [movement.uld] : [],
    osi: [],
  };
  return {
    ...consignmentOf(awb),
    parts_code: "T",
    volume_code: null,
    volume: null,
    density_group: null,
    total_pieces: null,
    movements: [line],
    customs: [],
  };
}
