import { and, count, desc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { addDays } from "../../cargo/time/local-date";
import { refreshBookingSummary } from "../air-waybills/booking-summary";
import { BOOKING_STATUSES } from "../../cargo/bookings/booking-status";
import { BookingSchema, Pieces } from "../air-waybills/schemas";
import { refreshWarnings } from "../air-waybills/warnings";
import type { AuthContext } from "../auth/authenticate";
import { airWaybills, bookings } from "../db/schema";
import { refuseField } from "../http/errors";
import { Id, IdParams, TEXT_MAX } from "../http/input";
import { pageMeta, pageOf, pageOffset, PageQuerySchema, refuseBeyondRow } from "../http/pagination";
import { COUNT_CAP } from "../air-waybills/list-query";
import { FormBoolean, resourceErrors } from "../http/schemas";
import { allow, type Who } from "../settings/access";
import { BLANK, codeList, iataCode, isoDate, optText, optVolume, optWeight, throwIfErrors, wrapped } from "../settings/common";
import { checkShcs } from "../settings/product-codes";
import { assertAnswers, BOOKINGS_ACCESS, bookingScope, findBooking, findWaybill, type Booking, type Waybill } from "./access";
import { answerBooking, bookingAnswers, bookLeg, cancelBooking, changeBooking, touchBookings, type BookingContext, type Figures } from "./book";
import type { Tx } from "./space";
import { said } from "../http/refusals";
import { airportInfo } from "../flights/common";
import { TelegramText } from "../telegrams/schemas";
import { bookFfrFlights, ffaText, ffrAnswers, ffrFigures, readFfr } from "./ffr";

// Bookings (spec 3 §7 "Bookings and booking rules", §8 booking errors; issue 10): book a waybill on a flight leg,
// change or cancel the booking, the airline's answer to a request, dropping priority (touch), the bookings list,
// and the forwarder's v1 variant by id. Every change runs in one transaction that also refreshes the waybill's
// booking summary and warnings; the decisions themselves are book.ts.

const tags = ["bookings"];

/** The forwarder's own variant (v1 bookings/{id}): the waybill's forwarder, or platform on its behalf. */
const FORWARDER_VARIANT: Who = { platform: true, forwarder: true };

const shc = () => z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1);
const Mawb = () => z.string({ required_error: BLANK }).max(TEXT_MAX.code * 4).trim().min(1, BLANK);
const NumberWithDate = () => z.string().max(TEXT_MAX.search).trim().min(1, BLANK).describe("S71234/22NOV26");
const positiveWeight = () => optWeight().refine((v) => v == null || v > 0, said("must_be_positive"));

/** The leg a booking goes on: a segment id, or the flight's number with date (+ the leg's origin on a multi-leg flight). */
const LegShape = {
  segment_id: Id().optional(),
  number_with_date: NumberWithDate().optional(),
  origin_iata: iataCode().optional().describe("the leg's origin, when the flight has several legs"),
};
const needsLeg = (v: { segment_id?: number; number_with_date?: string }, ctx: z.RefinementCtx) => {
  if (v.segment_id === undefined && !v.number_with_date) ctx.addIssue({ code: "custom", path: ["segment_id"], message: said("booking_segment_needed") });
};

const BookFields = z
  .object({
    mawb: Mawb(),
    ...LegShape,
    pieces: Pieces().pipe(z.number({ required_error: BLANK })),
    weight: positiveWeight().pipe(z.number({ required_error: BLANK })),
    volume: optVolume(),
    shcs: codeList(shc()).optional().describe("default: the waybill's"),
    consignor_certified: FormBoolean.optional().describe("the consignor certification text accepted (spec 2 §5): without it 422 under consignor_certified"),
  })
  .superRefine(needsLeg);

const ChangeShape = {
  ...LegShape,
  pieces: Pieces().transform((v) => v ?? undefined),
  weight: positiveWeight().transform((v) => v ?? undefined),
  volume: optVolume().transform((v) => v ?? undefined),
  shcs: codeList(shc()).optional(),
};
const ChangeFields = z.object({ id: Id(), ...ChangeShape }).superRefine(needsLeg);
const V1ChangeFields = z.object(ChangeShape).superRefine(needsLeg);

const IdFields = z.object({ id: Id() });

const ANSWERS = ["KK", "NN", "LL", "UU"] as const;
const AnswerFields = z.object({
  id: Id(),
  status: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(ANSWERS, { message: `must be one of ${ANSWERS.join(", ")}` })),
  response_reason: optText(TEXT_MAX.text),
  overbook: FormBoolean.optional().describe("KK beyond the free space and the airline's overflow allowance, on purpose"),
});

const TouchFields = z.object({ mawb: Mawb(), number_with_date: NumberWithDate() });

const ListQuery = PageQuerySchema.extend({
  status: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v), z.enum(BOOKING_STATUSES).optional()).describe("response status"),
  requests: FormBoolean.optional().describe("true: only the active requests still to answer (NN, LL) whose flight has not left"),
  mawb: z.string().max(TEXT_MAX.code * 4).optional().describe("digits of the number"),
  number_with_date: z.string().max(TEXT_MAX.search).optional(),
  date_from: isoDate().optional().describe("STD from this UTC day"),
  date_to: isoDate().optional().describe("STD to this UTC day, inclusive"),
}).superRefine(refuseBeyondRow(COUNT_CAP));

const figuresOf = (b: { pieces: number; weight: number; volume?: number | null; shcs?: string[] }, awb: Waybill): Figures => ({
  pieces: b.pieces,
  weight: b.weight,
  volume: b.volume ?? 0,
  shcs: b.shcs ?? awb.shcs,
});

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const ctxOf = (auth: AuthContext): BookingContext => ({ auth, now: app.deps.now() });

  /** Runs a booking change in one transaction with the waybill locked, then refreshes its summary and warnings. */
  async function onWaybill<T extends Booking | Booking[]>(awbId: number, work: (tx: Tx, awb: Waybill) => Promise<T>, now: Date): Promise<T> {
    return db.transaction(async (tx) => {
      const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, awbId)).for("update");
      const out = await work(tx, awb!);
      await refreshBookingSummary(tx, awbId);
      await refreshWarnings(tx, awbId, now);
      return out;
    });
  }

  const answer = async (row: Booking, now: Date) => (await bookingAnswers(db, [row], now))[0]!;

  app.post(
    "/api/v3/bookings",
    {
      schema: {
        tags,
        summary:
          "Book a waybill on one flight leg. 403 'No valid agreement with airline' or 'Forbidden SHC for this route'; 422 as the waybill's creation: 'Incompatible codes: A, B' under shcs, HEA without dimensions, 'must be accepted' under consignor_certified; 422 flight locked/closed/cancelled, or 'has already been taken'. The answer's response_status: KK, NN (the airline answers), LL (waitlisted, with response_reason) or UU",
        body: wrapped("booking", BookFields),
        response: { 201: BookingSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      allow(auth, BOOKINGS_ACCESS.book);
      const ctx = ctxOf(auth);
      const b = request.body;
      throwIfErrors(await checkShcs(db, "shcs", b.shcs));
      const awb = await findWaybill(db, auth, b.mawb);
      const row = await onWaybill(awb.id, (tx, locked) => bookLeg(tx, ctx, locked, b, figuresOf(b, locked), { certified: b.consignor_certified === true }), ctx.now);
      return reply.code(201).send(await answer(row, ctx.now));
    },
  );

  app.post(
    "/api/v3/bookings/ffr",
    {
      schema: {
        tags,
        summary:
          "Book from a Cargo-IMP FFR text: the waybill it names on each flight it asks for, each in its own transaction (consignor_certified as the booking form sends it; without it each flight is answered UU consignor_certification). 422 under cimp_text when the text is no FFR or has faults; 404 when the waybill is not the caller's. The answer: the bookings made, the refusal of each flight that could not be booked (answered UU), and the FFA text",
        body: z.object({ cimp_text: TelegramText, consignor_certified: BookFields.innerType().shape.consignor_certified }),
        response: {
          200: z.object({ data: z.array(BookingSchema), refused: z.array(z.object({ flight: z.string(), code: z.string() })), ffa: z.string() }),
          ...resourceErrors,
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      allow(auth, BOOKINGS_ACCESS.book);
      const ctx = ctxOf(auth);
      const message = readFfr(request.body.cimp_text);
      const awb = await findWaybill(db, auth, message.mawb);
      const zones = await airportInfo(db, message.bookings.map((leg) => leg.origin_iata));
      const certified = request.body.consignor_certified === true;
      const legs = await bookFfrFlights(message, ctx.now, (iata) => zones.get(iata)?.timezone, (leg) =>
        onWaybill(awb.id, (tx, locked) => bookLeg(tx, ctx, locked, leg, ffrFigures(message, locked.shcs), { certified }), ctx.now),
      );
      const booked = legs.flatMap((l) => (l.booking ? [l.booking] : []));
      const refused = legs.flatMap((l) => (l.booking ? [] : [{ flight: l.flight, code: l.code }]));
      return { data: await bookingAnswers(db, booked, ctx.now), refused, ffa: ffaText(message, ffrAnswers(legs)) };
    },
  );

  /** Cancel and rebook in one transaction; a refusal of the new booking leaves the old one. */
  async function change(auth: AuthContext, id: number, body: z.infer<typeof V1ChangeFields>) {
    const ctx = ctxOf(auth);
    throwIfErrors(await checkShcs(db, "shcs", body.shcs));
    const { booking } = await findBooking(db, auth, id);
    const row = await onWaybill(
      booking.air_waybill_id,
      async (tx, awb) => (await changeBooking(tx, ctx, awb, booking, body, { pieces: body.pieces, weight: body.weight, volume: body.volume, shcs: body.shcs })).booked,
      ctx.now,
    );
    return answer(row, ctx.now);
  }

  async function cancel(auth: AuthContext, id: number) {
    const ctx = ctxOf(auth);
    const { booking } = await findBooking(db, auth, id);
    const row = await onWaybill(booking.air_waybill_id, (tx) => cancelBooking(tx, ctx, booking), ctx.now);
    return answer(row, ctx.now);
  }

  app.post(
    "/api/v3/bookings/change",
    {
      schema: {
        tags,
        summary: "Move a booking to another leg or change its figures: the old one is cancelled and a new one booked at once (a refusal leaves the old one)",
        body: wrapped("booking", ChangeFields),
        response: { 200: BookingSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, BOOKINGS_ACCESS.book);
      return change(request.auth, request.body.id, request.body);
    },
  );

  app.delete(
    "/api/v3/bookings",
    {
      schema: {
        tags,
        summary: "Cancel a booking (body { booking: { id } } or ?id=): response status XX, its space freed",
        querystring: z.object({ id: Id().optional() }),
        body: wrapped("booking", IdFields).nullish(),
        response: { 200: BookingSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, BOOKINGS_ACCESS.book);
      const id = request.body?.id ?? request.query.id;
      if (id === undefined) throw refuseField("id", "blank");
      return cancel(request.auth, id);
    },
  );

  app.patch(
    "/api/v3/bookings",
    {
      schema: {
        tags,
        summary:
          "The airline answers a booking: KK takes the space (422 under `status` when it is not there beyond the overflow allowance, unless `overbook`), NN, LL or UU give it back",
        body: wrapped("booking", AnswerFields),
        response: { 200: BookingSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const auth = request.auth;
      allow(auth, BOOKINGS_ACCESS.answer);
      const ctx = ctxOf(auth);
      const { id, ...given } = request.body;
      const { booking } = await findBooking(db, auth, id);
      assertAnswers(auth, booking);
      const row = await onWaybill(booking.air_waybill_id, (tx) => answerBooking(tx, ctx, booking, given), ctx.now);
      return answer(row, ctx.now);
    },
  );

  app.patch(
    "/api/v3/bookings/touch",
    {
      schema: {
        tags,
        summary: "Drop the priority of the waybill's active bookings on the flight",
        body: wrapped("booking", TouchFields),
        response: { 200: pageOf(BookingSchema), ...resourceErrors },
      },
    },
    async (request) => {
      const auth = request.auth;
      allow(auth, BOOKINGS_ACCESS.book);
      const ctx = ctxOf(auth);
      const awb = await findWaybill(db, auth, request.body.mawb);
      const rows = await onWaybill(awb.id, (tx, locked) => touchBookings(tx, ctx, locked, request.body.number_with_date), ctx.now);
      const data = await bookingAnswers(db, rows, ctx.now);
      return { data, meta: pageMeta(data.length, 1, Math.max(data.length, 1)) };
    },
  );

  app.get(
    "/api/v3/bookings",
    {
      schema: {
        tags,
        summary: `Bookings: a forwarder its company's, an airline those on its flights and of its waybills; latest departure first; no page beyond row ${COUNT_CAP} (422 under page)`,
        querystring: ListQuery,
        response: { 200: pageOf(BookingSchema), ...resourceErrors },
      },
    },
    async (request) => {
      const auth = request.auth;
      allow(auth, BOOKINGS_ACCESS.read);
      const q = request.query;
      const digits = q.mawb?.replace(/\D/g, "");
      const nwd = q.number_with_date?.replace(/\s+/g, "").toUpperCase();
      const where = and(
        bookingScope(auth),
        eq(airWaybills.deleted, false),
        q.status ? eq(bookings.response_status, q.status) : undefined,
        // a request on a flight that has left can no longer be answered (is_departed): not one to answer
        q.requests ? and(eq(bookings.active, true), inArray(bookings.response_status, ["NN", "LL"]), gt(bookings.std, app.deps.now())) : undefined,
        digits ? sql`replace(${bookings.mawb}, '-', '') like ${`%${digits}%`}` : undefined,
        nwd ? eq(bookings.number_with_date, nwd) : undefined,
        q.date_from ? gte(bookings.std, new Date(`${q.date_from}T00:00:00Z`)) : undefined,
        q.date_to ? lt(bookings.std, new Date(`${addDays(q.date_to, 1)}T00:00:00Z`)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(bookings).innerJoin(airWaybills, eq(airWaybills.id, bookings.air_waybill_id)).where(where);
      const rows = await db
        .select({ b: bookings })
        .from(bookings)
        .innerJoin(airWaybills, eq(airWaybills.id, bookings.air_waybill_id))
        .where(where)
        .orderBy(desc(bookings.std), desc(bookings.id))
        .limit(q.per_page)
        .offset(pageOffset(q.page, q.per_page));
      return { data: await bookingAnswers(db, rows.map((r) => r.b), app.deps.now()), meta: pageMeta(total?.n ?? 0, q.page, q.per_page) };
    },
  );

  // ---- the forwarder's variant: one booking by id -------------------------------------------------------------

  app.get(
    "/api/v1/bookings/:id",
    { schema: { tags, summary: "One booking of the forwarder's", params: IdParams, response: { 200: BookingSchema, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, FORWARDER_VARIANT);
      const { booking } = await findBooking(db, request.auth, request.params.id);
      return answer(booking, app.deps.now());
    },
  );

  app.post(
    "/api/v1/bookings/:id",
    {
      schema: {
        tags,
        summary: "Change the booking (as POST api/v3/bookings/change): the new booking",
        params: IdParams,
        body: wrapped("booking", V1ChangeFields),
        response: { 200: BookingSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, FORWARDER_VARIANT);
      return change(request.auth, request.params.id, request.body);
    },
  );

  app.delete(
    "/api/v1/bookings/:id",
    { schema: { tags, summary: "Cancel the booking: response status XX, its space freed", params: IdParams, response: { 200: BookingSchema, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, FORWARDER_VARIANT);
      return cancel(request.auth, request.params.id);
    },
  );
};
