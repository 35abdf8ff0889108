import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { checkShipment } from "../../cargo/awb/business-checks";
import { addShipmentErrors, incompatiblePairs } from "../air-waybills/prepare";
import { agreementInForce } from "../air-waybills/agreement-in-force";
import { densityGroup, densityKgPerM3 } from "../../cargo/awb/density";
import { roundVolume, roundWeight } from "../../cargo/units";
import { formatLocalIso } from "../../cargo/time/zoned-time";
import type { BookingAnswer } from "../air-waybills/schemas";
import type { Db } from "../db/open";
import { aircraftCapacities, airlines, airWaybills, bookingRules, bookings, companies, segments } from "../db/schema";
import { DEFAULT_RESPONSE_STATUS, pickRule } from "../flights/booking-rules";
import { assertBookable, diff, writeChangeLog, type Segment } from "../flights/common";
import { activeMovements, deactivateMovements, recordMovement } from "../handling/movements";
import { isUniqueViolation, notFound, refusal, refuse, refuseField, refuseFields } from "../http/errors";
import { throwIfErrors } from "../settings/common";
import { asDb, capacityKnown, capacityOf, heldAllotment, lockSegment, NO_SPACE, planSpace, releaseSpace, takeSpace, type Space, type Tx } from "./space";
import { sentenceOf } from "../http/refusals";

// Booking (part of) a waybill on one flight leg, and cancelling it (issue 10 "Bookings"; spec 3 §7, §8). Every
// function runs inside the caller's transaction, so a waybill created with its bookings, or a change (cancel +
// rebook), is stored whole or not at all. The checks, in order: an agreement between the waybill's airline and its
// forwarder on the flight date (403), SHCs the route forbids (403), the waybill creation's other checks on the booked
// SHCs and cargo (422: incompatible SHC pairs, heavy cargo without dimensions, the consignor certification), the flight
// locked, its sales closed or cancelled (422), a second active booking of the waybill on the leg (422 "has already
// been taken"); then the answer: the booking rule (KK, NN or UU), and for KK the space, the forwarder's own
// allotment first, then free space; not enough makes it LL (waitlisted) with the reason.

export type { Tx } from "./space";

export interface BookingContext {
  /** Who books: a signed-in user, or a telegram applied by the queue (no user; its sender names it). */
  auth: { user: { id: number | null; email: string } };
  now: Date;
}

export interface Leg {
  segment_id?: number;
  number_with_date?: string;
  origin_iata?: string;
}

export interface Figures {
  pieces: number;
  weight: number;
  volume: number;
  shcs: string[];
}

type Waybill = typeof airWaybills.$inferSelect;
type Booking = typeof bookings.$inferSelect;

/** The refusal the BFF maps to Exists. */
export const alreadyBooked = () => refuseFields({ booking: [refusal("taken")] }, 422, { message: sentenceOf("booking_exists"), code: "booking_exists", params: {} });
export const FORBIDDEN_SHC = "Forbidden SHC for this route";

const legMissing = () => refuseField("segment", "must_exist");

/** The segment a leg names: its id, or its number_with_date (+ origin_iata when the flight has several legs). */
export async function findLeg(tx: Tx, leg: Leg): Promise<number> {
  if (leg.segment_id !== undefined) {
    const [row] = await tx.select({ id: segments.id }).from(segments).where(eq(segments.id, leg.segment_id)).limit(1);
    if (!row) throw legMissing();
    return row.id;
  }
  const nwd = leg.number_with_date?.replace(/\s+/g, "").toUpperCase();
  if (!nwd) throw refuseField("segment_id", "booking_segment_needed");
  const origin = leg.origin_iata?.trim().toUpperCase();
  const rows = await tx
    .select({ id: segments.id })
    .from(segments)
    .where(and(eq(segments.number_with_date, nwd), origin ? eq(segments.origin_iata, origin) : undefined))
    .limit(2);
  if (rows.length === 0) throw legMissing();
  if (rows.length > 1) throw refuseField("origin_iata", "booking_leg_needed");
  return rows[0]!.id;
}

/** 403 unless the waybill's airline and its forwarder have an active agreement in force on the flight date. */
async function assertAgreement(tx: Tx, awb: Waybill, segment: Segment) {
  const found = await agreementInForce(tx, awb, segment.flight_date);
  if (!found) throw refuse(403, "no_agreement", {}, { as: "errors" });
}

/** What the route forbids: the flight's own list, its airline's and the waybill airline's, the aircraft's. */
async function forbiddenShcs(tx: Tx, awb: Waybill, segment: Segment): Promise<string[]> {
  const airlineRows = await tx
    .select({ forbidden: airlines.forbidden_shcs })
    .from(airlines)
    .where(inArray(airlines.carrier, [...new Set([segment.carrier, awb.carrier])]));
  const aircraft = segment.aircraft_type
    ? await tx
        .select({ forbidden: aircraftCapacities.forbidden_shcs })
        .from(aircraftCapacities)
        .where(and(eq(aircraftCapacities.carrier, segment.carrier), eq(aircraftCapacities.aircraft_type, segment.aircraft_type)))
    : [];
  return [...segment.forbidden_shc, ...airlineRows.flatMap((r) => r.forbidden), ...aircraft.flatMap((r) => r.forbidden)];
}

/** The status the airline's rules give (the flight's own rules first; none: the flight's default, else KK). */
async function ruleAnswer(tx: Tx, segment: Segment, percent: number | null, f: Figures): Promise<{ status: string; byRule: boolean }> {
  const rules = await tx
    .select()
    .from(bookingRules)
    .where(
      and(
        eq(bookingRules.carrier, segment.carrier),
        eq(bookingRules.origin_iata, segment.origin_iata),
        eq(bookingRules.destination_iata, segment.destination_iata),
        or(isNull(bookingRules.segment_id), eq(bookingRules.segment_id, segment.id)),
      ),
    );
  const rule = pickRule(rules, { percent, weight: f.weight, volume: f.volume, shcs: f.shcs });
  if (rule) return { status: rule.response_status, byRule: true };
  return { status: segment.response_status ?? DEFAULT_RESPONSE_STATUS, byRule: false };
}

async function shortNameOf(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx.select({ short_name: companies.short_name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.short_name ?? "";
}

const upperCodes = (codes: readonly string[]) => [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];

/** A booking's figures as stored: weights to 0.1 kg, volumes to 0.01 m3, SHCs upper case once each. */
function normalised(f: Figures): Figures {
  const out = { pieces: f.pieces, weight: roundWeight(f.weight), volume: roundVolume(f.volume), shcs: upperCodes(f.shcs) };
  if (!Number.isInteger(out.pieces) || out.pieces < 1) throw refuseField("pieces", "pieces_whole_from_one");
  if (!(out.weight > 0)) throw refuseField("weight", "must_be_positive");
  if (!(out.volume >= 0)) throw refuseField("volume", "must_be_zero_or_more");
  return out;
}

/** Records a booking change in the change log (record_type "Booking", on the booking's segment). */
async function logBooking(tx: Tx, auth: BookingContext["auth"], action: string, before: Booking | null, after: Booking) {
  const change_set = diff(before as Record<string, unknown> | null, after as Record<string, unknown>);
  if (!Object.keys(change_set).length) return;
  await writeChangeLog(asDb(tx), auth, { carrier: after.carrier, record_type: "Booking", record_id: after.id, action, change_set, segment_id: after.segment_id });
}

/** The decided answer of a new booking. */
interface Decision {
  status: "KK" | "NN" | "LL" | "UU";
  reason: string | null;
  space: Space;
}

async function decide(tx: Tx, ctx: BookingContext, awb: Waybill, segment: Segment, f: Figures): Promise<Decision> {
  const cap = await capacityOf(tx, segment, ctx.now);
  const rule = await ruleAnswer(tx, segment, cap.loadFactor.overall, f);
  const source = rule.byRule ? "booking rule" : "flight setting";
  if (rule.status === "UU") return { status: "UU", reason: `Unable to accept (${source})`, space: NO_SPACE };
  if (rule.status === "NN") return { status: "NN", reason: `Awaiting the airline's answer (${source})`, space: NO_SPACE };
  // Without an aircraft capacity nothing tells whether it fits: the airline answers the request itself.
  if (!capacityKnown(cap)) return { status: "NN", reason: "Awaiting the airline's answer (capacity of the flight not known)", space: NO_SPACE };
  const allotment = await heldAllotment(tx, segment, await shortNameOf(tx, awb.forwarder_id), ctx.now);
  const plan = planSpace(cap, allotment, f);
  if (!plan.fits) return { status: "LL", reason: plan.reason, space: NO_SPACE };
  return { status: "KK", reason: null, space: plan.space };
}

/**
 * Books (part of) a waybill on one leg inside the caller's transaction; throws HttpError on a refusal. `certified`:
 * the consignor certification was accepted for this booking (spec 2 §5; a change moves a booking that had it).
 */
export async function bookLeg(tx: Tx, ctx: BookingContext, awb: Waybill, leg: Leg, figures: Figures, opts: { certified: boolean }): Promise<Booking> {
  if (awb.deleted) throw notFound();
  if (awb.voided_at) throw refuseField("base", "awb_voided");
  const f = normalised(figures);
  const segment = await lockSegment(tx, await findLeg(tx, leg));
  if (!segment) throw legMissing();

  await assertAgreement(tx, awb, segment);
  const check = checkShipment({
    totals: { pieces: awb.pieces, weightKg: awb.weight, volumeM3: awb.volume },
    parts: [{ pieces: f.pieces, weightKg: f.weight, volumeM3: f.volume }],
    shcs: f.shcs,
    hasDimensions: awb.dimensions.length > 0,
    forbiddenShcs: await forbiddenShcs(tx, awb, segment),
    incompatibleShcs: await incompatiblePairs(asDb(tx), f.shcs),
    booking: true,
    certificationAccepted: opts.certified,
  });
  const blocked = check.errors.find((e) => e.code === "forbidden_shc");
  if (blocked) throw refuse(403, "forbidden_shc", {}, { as: "errors", extra: { shcs: blocked.shcs ?? [] } });
  // the same field errors and texts as the waybill's creation (api/air-waybills/prepare.ts)
  throwIfErrors(addShipmentErrors({}, check.errors));
  assertBookable(segment);
  const [twin] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.segment_id, segment.id), eq(bookings.active, true)))
    .limit(1);
  if (twin) throw alreadyBooked();

  const d = await decide(tx, ctx, awb, segment, f);
  const whole = f.pieces === awb.pieces && f.weight === roundWeight(awb.weight);
  let row: Booking;
  try {
    [row] = (await tx
      .insert(bookings)
      .values({
        air_waybill_id: awb.id,
        mawb: awb.mawb,
        carrier: segment.carrier,
        forwarder_id: awb.forwarder_id,
        segment_id: segment.id,
        number_with_date: segment.number_with_date,
        origin_iata: segment.origin_iata,
        destination_iata: segment.destination_iata,
        std: segment.std,
        parts_code: whole ? "T" : "P",
        pieces: f.pieces,
        weight: f.weight,
        weight_code: awb.weight_code,
        volume: f.volume,
        volume_code: awb.volume_code,
        density_group: densityGroup(densityKgPerM3(f.weight, f.volume)),
        shcs: f.shcs,
        request_status: "NN",
        response_status: d.status,
        response_reason: d.reason,
        ...d.space,
        created_by: ctx.auth.user.id,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returning()) as [Booking];
  } catch (err) {
    // the partial unique index backs the check above when two requests race past it
    if (isUniqueViolation(err)) throw alreadyBooked();
    throw err;
  }
  if (d.status === "KK") {
    await takeSpace(tx, segment.id, d.space);
    await writeBooked(tx, ctx, awb, segment, row);
  }
  await logBooking(tx, ctx.auth, "create", null, row);
  return row;
}

/**
 * The BKD movement of a confirmed booking (issue 11): written once, whichever way the booking got its KK (POST
 * bookings, a waybill booked at creation, segments/{id}/bookings, a move, the airline's answer), and only while the
 * waybill has no standing BKD on that flight. A booking that stops being confirmed (cancelled, answered otherwise)
 * deactivates it: the history keeps it, the shipment no longer stands booked there.
 */
async function writeBooked(tx: Tx, ctx: BookingContext, awb: Waybill, segment: Segment, booking: Booking) {
  if ((await activeMovements(tx, awb.id, segment.id, "BKD")).length) return;
  await recordMovement(tx, ctx.auth, { status: "BKD", awb, segment, pieces: booking.pieces, weight: booking.weight, volume: booking.volume, at: ctx.now });
}

async function unbook(tx: Tx, booking: Booking) {
  const standing = await activeMovements(tx, booking.air_waybill_id, booking.segment_id, "BKD");
  await deactivateMovements(tx, standing.map((m) => m.id));
}

/** The booking row again, locked for the rest of the transaction (a cancel and an answer never cross). */
async function lockBooking(tx: Tx, id: number): Promise<Booking> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

const spaceOf = (b: Booking): Space => ({
  allotment_id: b.allotment_id,
  allotment_weight: b.allotment_weight,
  allotment_volume: b.allotment_volume,
  counted_weight: b.counted_weight,
  counted_volume: b.counted_volume,
});

/**
 * Cancels an active booking (frees its space): response status XX, no longer active. A cancelled flight's bookings
 * may be cancelled; on a locked or sales-closed flight only with `ignoreFlightState` (the airline voiding a waybill).
 */
/** The reason a booking moved to another flight keeps (the pages translate it: cargo/awb/booking-reasons.ts). */
export const movedTo = (flight: string) => `Moved to ${flight}`;

export async function cancelBooking(
  tx: Tx,
  ctx: BookingContext,
  booking: Booking,
  opts: { ignoreFlightState?: boolean; reason?: string } = {},
): Promise<Booking> {
  const current = await lockBooking(tx, booking.id);
  if (!current.active) throw refuseField("booking", "booking_already_cancelled");
  const segment = (await lockSegment(tx, current.segment_id))!;
  if (!opts.ignoreFlightState) assertBookable(segment, "base", { canceledAllowed: true });
  await releaseSpace(tx, segment.id, spaceOf(current));
  await unbook(tx, current);
  const [row] = (await tx
    .update(bookings)
    .set({ ...NO_SPACE, active: false, response_status: "XX", ...(opts.reason ? { response_reason: opts.reason } : {}), canceled_at: ctx.now, updated_at: ctx.now })
    .where(eq(bookings.id, current.id))
    .returning()) as [Booking];
  await logBooking(tx, ctx.auth, "cancel", current, row);
  return row;
}

/**
 * Moves a booking to another leg or other figures: cancel and rebook in the caller's transaction, so a refusal of
 * the new booking leaves the old one as it was. Both segments are locked in id order first, so two changes
 * moving cargo in opposite directions never wait on each other.
 */
export async function changeBooking(
  tx: Tx,
  ctx: BookingContext,
  awb: Waybill,
  booking: Booking,
  leg: Leg,
  figures: Partial<Figures>,
): Promise<{ cancelled: Booking; booked: Booking }> {
  const current = await lockBooking(tx, booking.id);
  const target = await findLeg(tx, leg);
  const locked = new Map<number, Segment | null>();
  for (const id of [...new Set([current.segment_id, target])].sort((a, b) => a - b)) locked.set(id, await lockSegment(tx, id));
  const to = locked.get(target);
  const cancelled = await cancelBooking(tx, ctx, current, to ? { reason: movedTo(to.number_with_date) } : {});
  // the booking moved was certified when it was made (both ways of booking ask for it)
  const booked = await bookLeg(tx, ctx, awb, { segment_id: target }, {
    pieces: figures.pieces ?? current.pieces,
    weight: figures.weight ?? current.weight,
    volume: figures.volume ?? current.volume,
    shcs: figures.shcs ?? current.shcs,
  }, { certified: true });
  return { cancelled, booked };
}

/**
 * The airline's answer to a booking (PATCH bookings): KK takes the space, anything else gives it back. KK is
 * refused (422 under `status`) when the space is not there beyond the airline's overflow allowance, unless the
 * airline overbooks on purpose (`overbook`); with no aircraft capacity known the airline's word is taken.
 */
export async function answerBooking(
  tx: Tx,
  ctx: BookingContext,
  booking: Booking,
  answer: { status: "KK" | "NN" | "LL" | "UU"; response_reason?: string | null; overbook?: boolean },
): Promise<Booking> {
  const current = await lockBooking(tx, booking.id);
  if (!current.active) throw refuseField("booking", "booking_cancelled");
  const segment = (await lockSegment(tx, current.segment_id))!;
  assertBookable(segment, "base", { canceledAllowed: answer.status !== "KK" });
  let space = spaceOf(current);
  if (answer.status === "KK" && current.response_status !== "KK") {
    const cap = await capacityOf(tx, segment, ctx.now);
    const allotment = await heldAllotment(tx, segment, await shortNameOf(tx, current.forwarder_id), ctx.now);
    const unlimited = answer.overbook === true || !capacityKnown(cap);
    const allowance = unlimited
      ? { weight: Number.MAX_SAFE_INTEGER, volume: Number.MAX_SAFE_INTEGER }
      : { weight: cap.overflowAllowanceWeightKg, volume: cap.overflowAllowanceVolumeM3 };
    const plan = planSpace(cap, allotment, { weight: current.weight, volume: current.volume }, allowance);
    if (!plan.fits) throw refuseField("status", "booking_does_not_fit", { detail: plan.reason });
    space = plan.space;
    await takeSpace(tx, segment.id, space);
    const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, current.air_waybill_id)).limit(1);
    if (awb) await writeBooked(tx, ctx, awb, segment, current);
  } else if (answer.status !== "KK" && current.response_status === "KK") {
    await releaseSpace(tx, segment.id, space);
    await unbook(tx, current);
    space = NO_SPACE;
  }
  const [row] = (await tx
    .update(bookings)
    .set({ ...space, response_status: answer.status, response_reason: answer.response_reason ?? null, updated_at: ctx.now })
    .where(eq(bookings.id, current.id))
    .returning()) as [Booking];
  await logBooking(tx, ctx.auth, "update", current, row);
  return row;
}

/** PATCH bookings/touch: the waybill's active bookings on the flight lose their priority. */
export async function touchBookings(tx: Tx, ctx: BookingContext, awb: Waybill, numberWithDate: string): Promise<Booking[]> {
  const nwd = numberWithDate.replace(/\s+/g, "").toUpperCase();
  const before = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.number_with_date, nwd), eq(bookings.active, true)))
    .for("update");
  if (!before.length) throw notFound();
  const rows = (await tx
    .update(bookings)
    .set({ priority: false, updated_at: ctx.now })
    .where(inArray(bookings.id, before.map((b) => b.id)))
    .returning()) as Booking[];
  for (const row of rows) await logBooking(tx, ctx.auth, "touch", before.find((b) => b.id === row.id)!, row);
  return rows;
}

const EFFECTIVE = new Set(["KK", "NN", "LL"]);

/** The booking answer (BookingSchema) of rows; forwarder short names and the flights' departures read once for all. */
export async function bookingAnswers(db: Db | Tx, rows: Booking[], now: Date): Promise<BookingAnswer[]> {
  if (!rows.length) return [];
  const names = new Map(
    (await db
      .select({ id: companies.id, short_name: companies.short_name })
      .from(companies)
      .where(inArray(companies.id, [...new Set(rows.map((b) => b.forwarder_id))]))).map((c) => [c.id, c.short_name]),
  );
  const flights = new Map(
    (await db
      .select({ id: segments.id, atot: segments.atot, origin_time_zone: segments.origin_time_zone })
      .from(segments)
      .where(inArray(segments.id, [...new Set(rows.map((b) => b.segment_id))]))).map((s) => [s.id, s]),
  );
  return rows.map((b) => ({
    id: b.id,
    mawb: b.mawb,
    carrier: b.carrier,
    forwarder_short_name: names.get(b.forwarder_id) ?? "",
    segment_id: b.segment_id,
    number_with_date: b.number_with_date,
    origin_iata: b.origin_iata,
    destination_iata: b.destination_iata,
    std: b.std.toISOString(),
    // the departure on the origin's own clock, as a segment answers it (the local/UTC switch reads it)
    std_local: formatLocalIso(b.std, flights.get(b.segment_id)?.origin_time_zone ?? "UTC"),
    parts_code: b.parts_code,
    pieces: b.pieces,
    weight: b.weight,
    weight_code: b.weight_code,
    volume: b.volume,
    volume_code: b.volume_code,
    density_group: b.density_group,
    shcs: b.shcs,
    request_status: b.request_status,
    response_status: b.response_status as BookingAnswer["response_status"],
    response_reason: b.response_reason,
    source: b.source,
    active: b.active,
    effective: b.active && EFFECTIVE.has(b.response_status),
    priority: b.priority,
    // departed: the actual take-off is known, or the scheduled one has passed
    is_departed: flights.get(b.segment_id)?.atot != null || +b.std <= +now,
    placi_status: b.placi_status,
    placi_comment: b.placi_comment,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  }));
}
