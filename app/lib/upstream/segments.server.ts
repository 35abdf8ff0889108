import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapCodes, TAKEN } from "./errors";
import { LooseCodes as Codes, NumberLike, pageOf } from "./schemas";
import type { FlightTab, LoadFactorKind, SegmentFlagAction } from "~/lib/flights/segment-values";

// Segments, flights and schedules (spec 2 §3 "Flight / segment", §4 "Flight"; spec 3 §7 "Segments", schedules,
// change_logs). A segment is one dated leg; a flight is the segments sharing carrier + number_with_date.
// Times arrive in UTC plus `*_local` (ISO with the airport's offset); pages show the local ones unless the user
// chose UTC display.

export { FLIGHT_TABS, LOAD_FACTOR_KINDS, SEGMENT_FLAG_ACTIONS } from "~/lib/flights/segment-values";
export type { FlightTab, LoadFactorKind, SegmentFlagAction };

const Time = z.string().nullish().transform((v) => v ?? null);
const Num = NumberLike.nullish().transform((v) => v ?? 0);

export const SegmentSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  number: z.string(),
  flight_date: z.string(),
  number_with_date: z.string(),
  segment_number: NumberLike.nullish(),
  flight_type: z.string().nullish(),
  segment_type: z.string().nullish(),
  code_shared: Codes,
  aircraft_type: z.string().nullish(),
  aircraft_reg: z.string().nullish(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  origin_country_code: z.string().nullish(),
  destination_country_code: z.string().nullish(),
  origin_time_zone: z.string().nullish(),
  destination_time_zone: z.string().nullish(),
  std: z.string(),
  sta: z.string(),
  etd: Time,
  eta: Time,
  atot: Time,
  atl: Time,
  std_local: Time,
  sta_local: Time,
  etd_local: Time,
  eta_local: Time,
  atot_local: Time,
  atl_local: Time,
  departure_time: z.string().nullish(),
  arrival_time: z.string().nullish(),
  time_mode: z.string().nullish(),
  available: z.boolean().default(true),
  locked: z.boolean().default(false),
  sales_closed: z.boolean().default(false),
  canceled: z.boolean().default(false),
  charter: z.boolean().default(false),
  aci_required: z.boolean().default(false),
  /** Lists: when the flight's last ACI was filed with customs; null: none yet. */
  aci_sent_at: Time,
  notation: z.string().nullish(),
  region: z.string().nullish(),
  response_status: z.string().nullish(),
  forbidden_shc: Codes,
  estimated_weight: Num,
  estimated_volume: Num,
  booked_weight: Num,
  booked_volume: Num,
  payload: NumberLike.nullish(),
  days_of_week: z.string().nullish(),
  schedule_id: z.string().nullish(),
  notes: z.string().nullish(),
  /** Why the flight needs attention (action_required tab): over_capacity, ffm_missing, cancelled_with_bookings. */
  attention: Codes,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type Segment = z.infer<typeof SegmentSchema>;

const SegmentListMeta = z
  .object({
    summary: z
      .object({
        segments_count: NumberLike.nullish(),
        total_weight: NumberLike.nullish(),
        total_volume: NumberLike.nullish(),
        loadfactor: NumberLike.nullish(),
      })
      .nullish(),
    date_from: z.string().nullish(),
    date_to: z.string().nullish(),
  })
  .passthrough();

export interface SegmentFilters {
  date_from?: string;
  date_to?: string;
  origin?: string;
  destination?: string;
  /** Flight number or its beginning. */
  number?: string;
  q?: string;
  /** Platform only: the airline. */
  carrier?: string;
}

export function listSegments(api: Upstream, query: { page: number; per_page: number; state: FlightTab } & SegmentFilters & SortQuery) {
  return api.get("api/v3/segments", {
    query: { ...query },
    schema: pageOf(SegmentSchema).and(z.object({ meta: SegmentListMeta })),
  });
}

/** `segments_report.xlsx` with the list's filters (at most 31 days). */
export function downloadSegmentsReport(api: Upstream, filters: SegmentFilters & { state?: FlightTab }) {
  return api.download("api/v3/segments.xlsx", { ...filters });
}

/** Spec 3 §8: segment create 422 "has already been taken" → Exists (404 is NotFound by default). */
const segmentErrors = mapCodes([TAKEN]);

export function getSegment(api: Upstream, id: number) {
  return api.get(`api/v3/segments/${id}`, { schema: SegmentSchema, errors: segmentErrors });
}

/** What the create and edit form sends (spec 3 §7: body `segment` and `time_mode`). Times `YYYY-MM-DDTHH:mm`. */
export interface SegmentInput {
  number: string;
  flight_date?: string | null;
  origin_iata: string;
  destination_iata: string;
  std: string;
  sta: string;
  etd?: string | null;
  eta?: string | null;
  atot?: string | null;
  atl?: string | null;
  segment_number?: number | null;
  flight_type?: string | null;
  aircraft_type?: string | null;
  aircraft_reg?: string | null;
  code_shared?: string[];
  forbidden_shc?: string[];
  aci_required?: boolean;
  charter?: boolean;
  estimated_weight?: number | null;
  estimated_volume?: number | null;
  payload?: number | null;
  notation?: string | null;
  notes?: string | null;
}
export type TimeMode = "utc" | "local";

export function createSegment(api: Upstream, segment: SegmentInput & { carrier?: string }, timeMode: TimeMode) {
  return api.post("api/v3/segments", { json: { segment, time_mode: timeMode }, schema: SegmentSchema, errors: segmentErrors });
}

export function updateSegment(api: Upstream, id: number, segment: Partial<SegmentInput>, timeMode: TimeMode) {
  return api.patch(`api/v3/segments/${id}`, { json: { segment, time_mode: timeMode }, schema: SegmentSchema, errors: segmentErrors });
}

export function setSegmentFlag(api: Upstream, id: number, action: SegmentFlagAction) {
  return api.post(`api/v3/segments/${id}/${action}`, { json: {}, schema: SegmentSchema, errors: segmentErrors });
}

/** Cancels every leg of the flight. */
export function cancelFlight(api: Upstream, numberWithDate: string) {
  return api.post("api/v3/segments/cancel", { json: { number_with_date: numberWithDate }, errors: segmentErrors });
}

/** A regular schedule (spec 1 §2: chosen by weekday) or a schedule period: every dated segment in one transaction. */
export interface ScheduleInput {
  carrier?: string;
  number: string;
  origin_iata: string;
  destination_iata: string;
  period_from: string;
  period_to: string;
  /** ISO weekdays 1 (Monday) … 7, as digits ("135") or a list. */
  days_of_week: string | number[];
  departure_time: string;
  arrival_time?: string | null;
  block_minutes?: number | null;
  arrival_date_variation?: number | null;
  time_mode: TimeMode;
  aircraft_type?: string | null;
  aircraft_reg?: string | null;
  flight_type?: string | null;
  segment_number?: number | null;
  aci_required?: boolean;
}

export function createSchedule(api: Upstream, schedule: ScheduleInput) {
  return api.post("api/v3/schedules", {
    json: { schedule },
    schema: z.object({ created: NumberLike, schedule_id: z.string(), data: z.array(SegmentSchema) }),
    errors: segmentErrors,
  });
}

export const ChangeLogSchema = z.object({
  id: NumberLike,
  carrier: z.string().nullish(),
  record_type: z.string(),
  record_id: NumberLike,
  action: z.string().nullish(),
  channel_source: z.string().nullish(),
  channel_type: z.string().nullish(),
  channel_id: z.string().nullish(),
  change_set: z.record(z.array(z.unknown())).nullish().transform((v) => v ?? {}),
  created_at: z.string(),
});
export type ChangeLog = z.infer<typeof ChangeLogSchema>;

export function listChangeLogs(
  api: Upstream,
  query: { record_type: string; record_id: number; include_related?: boolean; page: number; per_page: number },
) {
  return api.get("api/v3/change_logs", { query: { ...query }, schema: pageOf(ChangeLogSchema) });
}

export const LoadFactorSchema = z.object({
  weight: NumberLike.nullish(),
  volume: NumberLike.nullish(),
  overall: NumberLike.nullish(),
});

export const SegmentCapacitySchema = z.object({
  segment_id: NumberLike,
  aircraft_capacity_id: NumberLike.nullish(),
  max_weight: Num,
  max_volume: Num,
  booked_weight: Num,
  booked_volume: Num,
  estimated_weight: Num,
  estimated_volume: Num,
  allotment_weight: Num,
  allotment_volume: Num,
  available_weight: Num,
  available_volume: Num,
  load_factor: LoadFactorSchema,
  capacity_available: z.boolean(),
  load_factor_overflow: z.boolean(),
  overflow_allowance_weight: Num,
  overflow_allowance_volume: Num,
});
export type SegmentCapacity = z.infer<typeof SegmentCapacitySchema>;

export function getSegmentCapacity(api: Upstream, id: number) {
  return api.get(`api/v3/segments/${id}/capacity`, { schema: SegmentCapacitySchema, errors: segmentErrors });
}

const LoadFactorSetSchema = z
  .object({
    weight: NumberLike.nullish(),
    volume: NumberLike.nullish(),
    pax: NumberLike.nullish(),
    payload: NumberLike.nullish(),
    data: z.record(z.unknown()).nullish(),
    updated_at: z.string().nullish(),
  })
  .nullish()
  .transform((v) => v ?? null);

export const SegmentLoadFactorSchema = z.object({
  segment_id: NumberLike,
  load_factor: LoadFactorSchema,
  planned: LoadFactorSetSchema,
  load_sheet: LoadFactorSetSchema,
  ldm: LoadFactorSetSchema,
  raw_data: LoadFactorSetSchema,
});
export type SegmentLoadFactor = z.infer<typeof SegmentLoadFactorSchema>;

export function getSegmentLoadFactor(api: Upstream, id: number) {
  return api.get(`api/v3/segments/${id}/loadfactor`, { schema: SegmentLoadFactorSchema, errors: segmentErrors });
}

export function updateSegmentLoadFactor(
  api: Upstream,
  id: number,
  set: { kind: LoadFactorKind; weight?: number | null; volume?: number | null; pax?: number | null; payload?: number | null },
) {
  return api.patch(`api/v3/segments/${id}/loadfactor`, { json: set, schema: SegmentLoadFactorSchema, errors: segmentErrors });
}
