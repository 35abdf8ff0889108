import { and, eq, inArray, type SQL } from "drizzle-orm";
import { RULE_RESPONSE_STATUSES } from "../../cargo/bookings/booking-status";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParams } from "../http/input";
import { formatLocalIso, localToUtc } from "../../cargo/time/zoned-time";
import { sameRecordValue } from "../../cargo/records/same-value";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airports, changeLogs, segments } from "../db/schema";
import { notFound, refuseField } from "../http/errors";
import { pageOf } from "../http/pagination";
import { ErrorSchema, IsoDateTime, StampsShape } from "../http/schemas";
import { allow, scopeCarrier, type Who } from "../settings/access";
import { wholeList } from "../settings/common";
import { ATTENTION_CODES, ATTENTION_WINDOW_HOURS, segmentsWithAttention, type AttentionCode } from "./attention";

// Shared pieces of the flights resources (issue 4): access, tenancy, the segment answer with local times,
// time conversion on write, the change log.

export const FLIGHTS_ACCESS = {
  /** Flight lists and details: every airline role, platform, forwarders (their tabs are filtered by the BFF). */
  read: { platform: true, airline: true, forwarder: true },
  /**
   * Changing flights from their page (flags, capacities, allotments, booking rules): platform, airline Manager and
   * Default. Creating, editing and cancelling a flight is the shared rule FLIGHT_EDIT (cargo/access/rules.ts).
   */
  write: { platform: true, airline: ["manager", "operator"] },
} as const satisfies Record<string, Who>;

export type Segment = typeof segments.$inferSelect;

/** Tenancy filter on segments: the caller's airline (platform: Carrier header / carrier parameter / all). */
export function segmentScope(request: FastifyRequest, requested?: string | null): SQL | undefined {
  const carrier = scopeCarrier(request.auth, requested);
  return carrier ? eq(segments.carrier, carrier) : undefined;
}

export async function findSegment(db: Db, request: FastifyRequest, id: number): Promise<Segment> {
  const [row] = await db.select().from(segments).where(and(eq(segments.id, id), segmentScope(request))).limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * GET segments/{id}/<path>: the whole list of a segment's rows of one resource (allotments, booking rules), in
 * the list envelope, each row with the resource's own answer schema. Airline write roles, as the resources.
 */
export function segmentRowsRoute<T extends z.ZodTypeAny>(
  app: FastifyInstance,
  opts: { path: string; summary: string; item: T; rows: (db: Db, segment: Segment) => Promise<unknown[]> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `/api/v3/segments/:id/${opts.path}`,
    {
      schema: {
        tags: ["segments"],
        summary: opts.summary,
        params: IdParams,
        response: { 200: pageOf(opts.item), 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.write);
      const segment = await findSegment(app.deps.db, request, request.params.id);
      return wholeList(await opts.rows(app.deps.db, segment));
    },
  );
}

const DEPARTURE_TIMES = ["std", "etd", "atot"] as const;
const ARRIVAL_TIMES = ["sta", "eta", "atl"] as const;
export const TIME_FIELDS = [...DEPARTURE_TIMES, ...ARRIVAL_TIMES] as const;
export type TimeField = (typeof TIME_FIELDS)[number];

const nullableTime = z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.string().nullable());

export const SegmentSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  number: z.string(),
  flight_date: z.string(),
  number_with_date: z.string(),
  segment_number: z.number().int(),
  flight_type: z.string(),
  segment_type: z.string().nullable(),
  code_shared: z.array(z.string()),
  aircraft_type: z.string().nullable(),
  aircraft_reg: z.string().nullable(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  origin_country_code: z.string().nullable(),
  destination_country_code: z.string().nullable(),
  origin_time_zone: z.string(),
  destination_time_zone: z.string(),
  std: IsoDateTime,
  sta: IsoDateTime,
  etd: nullableTime,
  eta: nullableTime,
  atot: nullableTime,
  atl: nullableTime,
  std_local: z.string().describe("ISO with the origin's offset"),
  sta_local: z.string().describe("ISO with the destination's offset"),
  etd_local: z.string().nullable(),
  eta_local: z.string().nullable(),
  atot_local: z.string().nullable(),
  atl_local: z.string().nullable(),
  departure_time: z.string().describe("HH:mm local at the origin"),
  arrival_time: z.string().describe("HH:mm local at the destination"),
  time_mode: z.string(),
  available: z.boolean(),
  locked: z.boolean(),
  sales_closed: z.boolean(),
  canceled: z.boolean(),
  charter: z.boolean(),
  aci_required: z.boolean(),
  notation: z.string().nullable(),
  region: z.string().nullable(),
  response_status: z.string().nullable(),
  forbidden_shc: z.array(z.string()),
  estimated_weight: z.number(),
  estimated_volume: z.number(),
  booked_weight: z.number(),
  booked_volume: z.number(),
  payload: z.number().nullable(),
  days_of_week: z.string().nullable(),
  schedule_id: z.string().nullable(),
  notes: z.string().nullable(),
  ffm_received_at: nullableTime.describe("when the FFM arrived (set by messaging); null: none yet"),
  aci_sent_at: nullableTime.optional().describe("lists only: when the flight's last ACI was filed (its ACI statuses); null: none yet"),
  attention: z
    .array(z.enum(ATTENTION_CODES))
    .describe(`why the flight needs attention (the action_required tab), within ${ATTENTION_WINDOW_HOURS} h after STD: over_capacity, ffm_missing, cancelled_with_bookings`),
  ...StampsShape,
});

const local = (d: Date | null, zone: string) => (d ? formatLocalIso(d, zone) : null);

/** A segment row as answered: UTC times plus each time in its airport's local time, and its attention reasons. */
export function segmentAnswer(s: Segment, attention: readonly AttentionCode[]) {
  const stdLocal = formatLocalIso(s.std, s.origin_time_zone);
  const staLocal = formatLocalIso(s.sta, s.destination_time_zone);
  return {
    ...s,
    std_local: stdLocal,
    sta_local: staLocal,
    etd_local: local(s.etd, s.origin_time_zone),
    eta_local: local(s.eta, s.destination_time_zone),
    atot_local: local(s.atot, s.origin_time_zone),
    atl_local: local(s.atl, s.destination_time_zone),
    departure_time: stdLocal.slice(11, 16),
    arrival_time: staLocal.slice(11, 16),
    attention: [...attention],
  };
}

/** Answers of segments read or written outside the list query: their attention reasons in one more query. */
export async function segmentAnswers(db: Db, rows: Segment[], now: Date) {
  const reasons = new Map((await segmentsWithAttention(db, rows.map((s) => s.id), now)).map((r) => [r.id, r.attention]));
  return rows.map((s) => segmentAnswer(s, reasons.get(s.id) ?? []));
}

export interface AirportInfo {
  iata: string;
  timezone: string;
  country_code: string | null;
}

export async function airportInfo(db: Db, codes: string[]): Promise<Map<string, AirportInfo>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ iata: airports.iata, timezone: airports.timezone, country_code: airports.country_code })
    .from(airports)
    .where(inArray(airports.iata, [...new Set(codes)]));
  return new Map(rows.map((r) => [r.iata, r]));
}

const UTC_WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_FORM = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

/**
 * A time field of a write body to a UTC instant. time_mode "utc": an ISO text (a missing zone means UTC);
 * "local": "YYYY-MM-DDTHH:mm" wall time at the airport (departure times at the origin, arrival times at the
 * destination), converted with the airport's IANA zone. An explicit offset is always honoured.
 */
export function toUtc(value: string, mode: "utc" | "local", zone: string): Date | null {
  const v = value.trim();
  if (UTC_WITH_ZONE.test(v)) {
    const d = new Date(v);
    return Number.isNaN(+d) ? null : d;
  }
  if (!LOCAL_FORM.test(v)) return null;
  if (mode === "utc") {
    const d = new Date(`${v.replace(" ", "T")}Z`);
    return Number.isNaN(+d) ? null : d;
  }
  try {
    return localToUtc(v, zone);
  } catch {
    return null;
  }
}

export const isDepartureTime = (f: TimeField) => (DEPARTURE_TIMES as readonly string[]).includes(f);

// ---- Change log -------------------------------------------------------------------------------------------

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** { field: [before, after] } for every field whose value changed (stamps left out). */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(after)) {
    if (k === "created_at" || k === "updated_at" || k === "id") continue;
    const b = comparable(before?.[k] ?? null);
    const a = comparable(v ?? null);
    // by content: a stored block's keys come back in another order, and [] where there was nothing is no change
    if (!sameRecordValue(b, a)) out[k] = [b, a];
  }
  return out;
}

export interface ChangeLogEntry {
  carrier: string;
  record_type: string;
  record_id: number;
  action: string;
  change_set: Record<string, [unknown, unknown]>;
  /** The segment the record belongs to (the flight page's change log); a Segment's own id. */
  segment_id?: number | null;
}

/** Who made a change: a user of the API (by e-mail), or a channel such as a received telegram (its list and id). */
export type ChangeAuthor = { user: Pick<AuthContext["user"], "email"> } | { channel: { source: string; type: string; id: string } };

export const changeChannelOf = (by: ChangeAuthor) =>
  "channel" in by
    ? { channel_source: by.channel.source, channel_type: by.channel.type, channel_id: by.channel.id }
    : { channel_source: "api", channel_type: "user", channel_id: by.user.email };

export async function writeChangeLog(db: Pick<Db, "insert">, by: ChangeAuthor, entry: ChangeLogEntry) {
  await db.insert(changeLogs).values({ ...entry, ...changeChannelOf(by) });
}

type LoggedRow = { id: number; carrier: string };

/**
 * The carrierResource onWrite hook that logs every create, update and delete of a flights resource: the same
 * change_set as segments ({ field: [before, after] }; a delete has every field [value, null]).
 */
export function logChanges<R extends LoggedRow>(recordType: string, segmentOf: (row: R) => number | null) {
  return async (tx: Db, e: { request: FastifyRequest; action: string; before: R | null; after: R | null }) => {
    const row = (e.after ?? e.before)!;
    const after = e.after ?? Object.fromEntries(Object.keys(row).map((k) => [k, null]));
    const change_set = diff(e.before as Record<string, unknown> | null, after as Record<string, unknown>);
    if (!Object.keys(change_set).length) return;
    await writeChangeLog(tx, e.request.auth, {
      carrier: row.carrier,
      record_type: recordType,
      record_id: row.id,
      action: e.action,
      change_set,
      segment_id: segmentOf(row),
    });
  };
}

/**
 * Booking and reservation changes on a segment are refused while it is locked, its sales are closed or it is
 * cancelled (spec 2 §4 "Flight"). Used by allotments now and by bookings later.
 */
export function assertBookable(s: Segment, what = "base", opts: { canceledAllowed?: boolean } = {}) {
  if (s.canceled && !opts.canceledAllowed) throw refuseField(what, "flight_canceled");
  if (s.locked) throw refuseField(what, "flight_locked");
  if (s.sales_closed) throw refuseField(what, "flight_sales_closed");
}

/** The answer a rule or a segment gives a new booking (cargo/bookings/booking-status: KK, NN or UU). */
export const ResponseStatus = z.enum(RULE_RESPONSE_STATUSES, { message: `must be one of ${RULE_RESPONSE_STATUSES.join(", ")}` });
