import { and, asc, eq, isNull, ne, or } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Id, TEXT_MAX, tooLong } from "../http/input";
import { checkShcs } from "../settings/product-codes";
import { DECIMALS, MAX_LIST_ITEMS, MAX_PERCENT, MAX_VOLUME_M3, MAX_WEIGHT_KG } from "../../cargo/limits";
import type { Db } from "../db/open";
import { bookingRules, segments } from "../db/schema";
import { addRefusal, notFound, refuse, refuseField } from "../http/errors";
import { ErrorSchema, StampsShape } from "../http/schemas";
import { allow, scopeCarrier, type Who } from "../settings/access";
import { carrierResource } from "../settings/carrier-resource";
import { addFieldError, codeList, iataCode, optNumber, reqIata, reqText, sortColumns, throwIfErrors, nonNegative, optVolume, optWeight, type FieldErrors } from "../settings/common";
import { capacitiesOf } from "./capacity";
import { FLIGHTS_ACCESS, logChanges, ResponseStatus, segmentRowsRoute } from "./common";
import { decimalRange } from "../../cargo/numbers/decimal-text";
import { strictNumber } from "../http/decimal-input";
import { sentenceOf } from "../http/refusals";

// Booking rules (spec 2 "Booking rule"): how a booking request on an O&D (optionally one flight) is answered,
// by the flight's load factor (percent), the request's weight and volume and its SHCs. A null bound is open.
// Spec 3 §8: 422 "There is already a rule" (Exists) for an overlapping rule, "must exist" for an unknown flight.

/** The answer when no rule applies: confirmed. */
export const DEFAULT_RESPONSE_STATUS = "KK";

export const BookingRuleSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  response_status: z.string().describe("KK confirmed, NN requested (the airline answers), UU unable (cargo/bookings/booking-status)"),
  min_percent: z.number().nullable(),
  max_percent: z.number().nullable(),
  min_weight: z.number().nullable(),
  max_weight: z.number().nullable(),
  min_volume: z.number().nullable(),
  max_volume: z.number().nullable(),
  segment_id: z.number().int().nullable(),
  flight_number_with_date: z.string().nullable(),
  shcs: z.array(z.string()),
  ...StampsShape,
});

type Rule = typeof bookingRules.$inferSelect;

const BookingRuleFields = z.object({
  origin_iata: reqIata(),
  destination_iata: reqIata(),
  response_status: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), reqText(TEXT_MAX.code).pipe(ResponseStatus)),
  min_percent: nonNegative(optNumber(MAX_PERCENT, DECIMALS.percent)),
  max_percent: nonNegative(optNumber(MAX_PERCENT, DECIMALS.percent)),
  min_weight: optWeight(),
  max_weight: optWeight(),
  min_volume: optVolume(),
  max_volume: optVolume(),
  flight_number_with_date: z
    .preprocess((v) => (typeof v === "string" ? v.replace(/\s+/g, "").toUpperCase() || null : v), z.string().max(TEXT_MAX.search, tooLong(TEXT_MAX.search)).nullish())
    .describe("a rule for one flight; empty: the whole O&D"),
  segment_number_with_date: z.preprocess((v) => (typeof v === "string" ? v.replace(/\s+/g, "").toUpperCase() || null : v), z.string().max(TEXT_MAX.search, tooLong(TEXT_MAX.search)).nullish()).describe("alias of flight_number_with_date"),
  shcs: codeList(z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1)).optional(),
});

/** Spec 1 §6 "Flight booking rule": platform; airline Default/Manager/ComCor (ComCor creates rules from a flight). */
const BOOKING_RULE_WRITE = { platform: true, airline: ["manager", "operator", "com_cor"] } as const satisfies Who;

const lo = (v: number | null) => v ?? -Infinity;
const hi = (v: number | null) => v ?? Infinity;
const overlap = (a1: number | null, a2: number | null, b1: number | null, b2: number | null) => lo(a1) <= hi(b2) && lo(b1) <= hi(a2);
const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Two rules that could both answer one request: same O&D, flight and SHCs, overlapping ranges. */
function conflicts(a: Pick<Rule, "min_percent" | "max_percent" | "min_weight" | "max_weight" | "min_volume" | "max_volume" | "shcs">, b: typeof a) {
  return (
    sameSet(a.shcs, b.shcs) &&
    overlap(a.min_percent, a.max_percent, b.min_percent, b.max_percent) &&
    overlap(a.min_weight, a.max_weight, b.min_weight, b.max_weight) &&
    overlap(a.min_volume, a.max_volume, b.min_volume, b.max_volume)
  );
}

const bookingRuleCrud = carrierResource({
  path: "booking_rules",
  record: "booking_rule",
  tag: "booking rules",
  table: bookingRules,
  answer: BookingRuleSchema,
  fields: BookingRuleFields,
  access: { read: BOOKING_RULE_WRITE, write: BOOKING_RULE_WRITE },
  filters: { segment_id: Id().optional(), origin_iata: iataCode().optional(), destination_iata: iataCode().optional() },
  where: (q) => [
    q.segment_id ? eq(bookingRules.segment_id, q.segment_id) : undefined,
    q.origin_iata ? eq(bookingRules.origin_iata, q.origin_iata) : undefined,
    q.destination_iata ? eq(bookingRules.destination_iata, q.destination_iata) : undefined,
  ],
  search: [bookingRules.origin_iata, bookingRules.destination_iata, bookingRules.flight_number_with_date, bookingRules.response_status],
  orderBy: [bookingRules.origin_iata, bookingRules.destination_iata, bookingRules.flight_number_with_date],
  sortable: sortColumns(bookingRules, [
    "carrier", "origin_iata", "destination_iata", "response_status", "min_percent", "max_percent", "min_weight", "max_weight",
    "min_volume", "max_volume", "flight_number_with_date", "created_at", "updated_at",
  ]),
  prepare: async (db, raw, { carrier, existing }) => {
    const { segment_number_with_date: alias, ...values } = raw as Record<string, unknown> & { segment_number_with_date?: string | null };
    const errors: FieldErrors = {};
    for (const [a, b] of [["min_percent", "max_percent"], ["min_weight", "max_weight"], ["min_volume", "max_volume"]] as const) {
      const x = values[a] as number | null | undefined;
      const y = values[b] as number | null | undefined;
      if (x != null && y != null && y < x) addFieldError(errors, b, "not_less_than", { field: a });
    }
    const nwd = (alias ?? (values.flight_number_with_date as string | null | undefined)) || null;
    let segmentId: number | null = null;
    if (nwd) {
      const [s] = await db
        .select({ id: segments.id })
        .from(segments)
        .where(and(eq(segments.carrier, carrier), eq(segments.number_with_date, nwd), eq(segments.origin_iata, values.origin_iata as string)))
        .limit(1);
      if (!s) addRefusal(errors, "segment", "must_exist");
      segmentId = s?.id ?? null;
    }
    await checkShcs(db, "shcs", values.shcs as string[] | undefined, errors);
    throwIfErrors(errors);
    const rule = {
      ...values,
      flight_number_with_date: nwd,
      segment_id: segmentId,
      shcs: (values.shcs as string[] | undefined) ?? [],
      min_percent: (values.min_percent as number | null | undefined) ?? null,
      max_percent: (values.max_percent as number | null | undefined) ?? null,
      min_weight: (values.min_weight as number | null | undefined) ?? null,
      max_weight: (values.max_weight as number | null | undefined) ?? null,
      min_volume: (values.min_volume as number | null | undefined) ?? null,
      max_volume: (values.max_volume as number | null | undefined) ?? null,
    };
    const others = await db
      .select()
      .from(bookingRules)
      .where(
        and(
          eq(bookingRules.carrier, carrier),
          eq(bookingRules.origin_iata, values.origin_iata as string),
          eq(bookingRules.destination_iata, values.destination_iata as string),
          segmentId === null ? isNull(bookingRules.segment_id) : eq(bookingRules.segment_id, segmentId),
          existing ? ne(bookingRules.id, existing.id) : undefined,
        ),
      );
    if (others.some((o) => conflicts(o, rule))) throw refuse(422, "booking_rule_exists", {}, { as: "errors", extra: { message: sentenceOf("booking_rule_exists") } });
    return rule;
  },
  duplicate: () => refuse(422, "booking_rule_exists", {}, { as: "errors", extra: { message: sentenceOf("booking_rule_exists") } }),
  onWrite: logChanges("BookingRule", (r) => r.segment_id),
});

/** The rule that answers a request: the flight's own rules before the O&D's, rules naming SHCs before the others. */
export function pickRule(rules: Rule[], req: { percent: number | null; weight: number; volume: number; shcs: string[] }): Rule | null {
  const within = (v: number | null, min: number | null, max: number | null) => (v === null ? min === null && max === null : v >= lo(min) && v <= hi(max));
  const fits = rules.filter(
    (r) =>
      within(req.percent, r.min_percent, r.max_percent) &&
      within(req.weight, r.min_weight, r.max_weight) &&
      within(req.volume, r.min_volume, r.max_volume) &&
      (r.shcs.length === 0 || r.shcs.some((c) => req.shcs.includes(c))),
  );
  fits.sort((a, b) => Number(b.segment_id !== null) - Number(a.segment_id !== null) || b.shcs.length - a.shcs.length || a.id - b.id);
  return fits[0] ?? null;
}

const CheckQuery = z.object({
  origin_iata: iataCode(),
  destination_iata: iataCode(),
  number_with_date: z.string().max(TEXT_MAX.search).optional().describe("the flight (segment) of the request"),
  weight: strictNumber(decimalRange(0, MAX_WEIGHT_KG, DECIMALS.weight)).default(0),
  volume: strictNumber(decimalRange(0, MAX_VOLUME_M3, DECIMALS.volume)).default(0),
  shcs: z.preprocess((v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v ?? []), z.array(z.string().max(TEXT_MAX.code).toUpperCase()).max(MAX_LIST_ITEMS)),
  "shcs[]": z.preprocess((v) => (typeof v === "string" ? [v] : v ?? []), z.array(z.string().max(TEXT_MAX.code).toUpperCase()).max(MAX_LIST_ITEMS)).optional(),
  carrier: z.string().max(TEXT_MAX.search).optional(),
});

const checkRoute: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.get(
    "/api/v3/booking_rules/check",
    {
      schema: {
        tags: ["booking rules"],
        summary: "Which rule answers a booking request (O&D, flight, weight, volume, SHCs) and its response status",
        querystring: CheckQuery,
        response: {
          200: z.object({ rule: BookingRuleSchema.nullable(), response_status: z.string(), load_factor: z.number().nullable() }),
          403: ErrorSchema,
          404: ErrorSchema,
          422: ErrorSchema,
        },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const q = request.query;
      const carrier = scopeCarrier(request.auth, q.carrier);
      if (!carrier) throw refuseField("carrier", "blank");
      let segmentId: number | null = null;
      let percent: number | null = null;
      if (q.number_with_date) {
        const nwd = q.number_with_date.replace(/\s+/g, "").toUpperCase();
        const [s] = await db
          .select()
          .from(segments)
          .where(and(eq(segments.carrier, carrier), eq(segments.number_with_date, nwd), eq(segments.origin_iata, q.origin_iata)))
          .limit(1);
        if (!s) throw notFound();
        segmentId = s.id;
        percent = (await capacitiesOf(db, [s], app.deps.now())).get(s.id)!.loadFactor.overall;
      }
      const rules = await db
        .select()
        .from(bookingRules)
        .where(
          and(
            eq(bookingRules.carrier, carrier),
            eq(bookingRules.origin_iata, q.origin_iata),
            eq(bookingRules.destination_iata, q.destination_iata),
            segmentId === null ? isNull(bookingRules.segment_id) : or(isNull(bookingRules.segment_id), eq(bookingRules.segment_id, segmentId)),
          ),
        );
      const rule = pickRule(rules, { percent, weight: q.weight, volume: q.volume, shcs: [...q.shcs, ...(q["shcs[]"] ?? [])] });
      return { rule, response_status: rule?.response_status ?? DEFAULT_RESPONSE_STATUS, load_factor: percent };
    },
  );
};

export const bookingRuleRoutes: FastifyPluginAsync = async (app) => {
  await app.register(checkRoute);
  await app.register(bookingRuleCrud);
  segmentRowsRoute(app, {
    path: "booking_rules",
    summary: "Booking rules of the segment's flight (oldest first)",
    item: BookingRuleSchema,
    rows: (db, s) => db.select().from(bookingRules).where(eq(bookingRules.segment_id, s.id)).orderBy(asc(bookingRules.id)),
  });
};

export type { Db };
