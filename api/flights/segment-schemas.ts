import { z } from "zod";
import { Id, INT32_MAX, SearchTerm, TEXT_MAX } from "../http/input";
import { PageMetaSchema, PageQuerySchema } from "../http/pagination";
import { IsoDateTime } from "../http/schemas";
import {
  BLANK,
  codeList,
  iataCode,
  optBool,
  optDate,
  optInt,
  optText,
  optVolume,
  optWeight,
  reqDate,
  reqIata,
  reqText,
} from "../settings/common";
import { ResponseStatus, SegmentSchema } from "./common";
import { wholeNumber } from "../http/decimal-input";

// What the segment, schedule and change-log calls take and answer (spec 3 §7 "Segments"); the calls are in
// segments.ts, their reads and writes in segment-queries.ts.


export const TimeMode = z.enum(["utc", "local"]);

export const SegmentFields = z.object({
  number: reqText(TEXT_MAX.code).describe('flight number "S71234" (or "1234": the airline\'s own)'),
  flight_date: optDate().describe("local departure date at the origin; default: from STD"),
  origin_iata: reqIata(),
  destination_iata: reqIata(),
  // Read in the airport's zone or as UTC by segmentValues, which also keeps them in MIN_YEAR..MAX_YEAR.
  std: reqText(TEXT_MAX.search),
  sta: reqText(TEXT_MAX.search),
  etd: optText(TEXT_MAX.search),
  eta: optText(TEXT_MAX.search),
  atot: optText(TEXT_MAX.search),
  atl: optText(TEXT_MAX.search),
  segment_number: optInt(),
  flight_type: optText(TEXT_MAX.code).describe("IATA service type letter A..X; default J"),
  segment_type: optText(TEXT_MAX.code),
  code_shared: codeList(z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1)).optional(),
  aircraft_type: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), optText(TEXT_MAX.code)).describe("IATA aircraft type (reference list)"),
  aircraft_reg: optText(TEXT_MAX.code),
  available: optBool(),
  locked: optBool(),
  sales_closed: optBool(),
  canceled: optBool(),
  charter: optBool(),
  aci_required: optBool(),
  notation: optText(),
  region: optText(),
  response_status: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), optText(TEXT_MAX.code).pipe(ResponseStatus.nullish())),
  forbidden_shc: codeList(z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1)).optional(),
  estimated_weight: optWeight(),
  estimated_volume: optVolume(),
  payload: optWeight(),
  days_of_week: optText(TEXT_MAX.code),
  notes: optText(TEXT_MAX.text),
  time_mode: TimeMode.optional().describe("how the times are written: utc (default) or local airport time"),
});
export type SegmentInput = Partial<z.infer<typeof SegmentFields>>;

/** `{ segment: {...}, time_mode }` (spec 3) or a flat body. */
export const segmentBody = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => {
    if (v && typeof v === "object" && !Array.isArray(v) && "segment" in v) {
      const o = v as Record<string, unknown>;
      const inner = (o.segment ?? {}) as Record<string, unknown>;
      return { ...inner, ...(o.time_mode !== undefined ? { time_mode: o.time_mode } : {}) };
    }
    return v;
  }, schema);

const SummarySchema = z.object({
  segments_count: z.number().int(),
  total_weight: z.number().describe("booked kg"),
  total_volume: z.number().describe("booked m3"),
  loadfactor: z.number().nullable().describe("booked weight over the aircraft capacities' max cargo weight, percent"),
});

export const STATES = ["current", "action_required", "with_shipments", "aci", "all"] as const;

export const ListQuery = PageQuerySchema.extend({
  q: SearchTerm(),
  carrier: z.string().max(TEXT_MAX.search).optional().describe("platform only"),
  date_from: optDate().describe("flight date from (YYYY-MM-DD)"),
  date_to: optDate(),
  origin: iataCode().optional(),
  destination: iataCode().optional(),
  number: z.string().max(TEXT_MAX.search).optional().describe("flight number or its beginning"),
  state: z.enum(STATES).default("all").describe("tab: current, action_required, with_shipments, aci, all"),
});
export type ListQueryValues = z.infer<typeof ListQuery>;

/** The segment list: a page with the booked totals of every segment the filters find. */
export const SegmentListSchema = z.object({
  data: z.array(SegmentSchema),
  meta: PageMetaSchema.extend({ summary: SummarySchema, date_from: z.string().nullable(), date_to: z.string().nullable() }),
});

export const ScheduleFields = z.object({
  number: reqText(),
  origin_iata: reqIata(),
  destination_iata: reqIata(),
  period_from: reqDate(),
  period_to: reqDate(),
  days_of_week: z.union([z.string().max(TEXT_MAX.search), z.array(wholeNumber(-INT32_MAX - 1, INT32_MAX)).max(7)], { required_error: BLANK }),
  departure_time: reqText().describe("HH:mm"),
  arrival_time: optText().describe("HH:mm (or block_minutes)"),
  block_minutes: optInt(),
  arrival_date_variation: optInt(),
  time_mode: TimeMode.default("local"),
  segment_number: optInt(),
  flight_type: optText(),
  aircraft_type: optText(),
  aircraft_reg: optText(),
  aci_required: optBool(),
  carrier: z.string().max(TEXT_MAX.search).optional().describe("platform only"),
});

/** A body wrapped in `schedule` (spec 3) or flat. */
export const scheduleBody = z.preprocess((v) => (v && typeof v === "object" && "schedule" in v ? (v as { schedule: unknown }).schedule : v), ScheduleFields);
export type ScheduleInput = z.infer<typeof ScheduleFields>;

export const ChangeLogSchema = z.object({
  id: z.number().int(),
  carrier: z.string().nullable(),
  record_type: z.string(),
  record_id: z.number().int(),
  action: z.string(),
  channel_source: z.string(),
  channel_type: z.string(),
  channel_id: z.string().nullable(),
  segment_id: z.number().int().nullable().describe("the segment the record belongs to (Segment, Allotment, flight BookingRule)"),
  change_set: z.record(z.tuple([z.unknown(), z.unknown()])).describe("field: [before, after]"),
  created_at: IsoDateTime,
});

export const ChangeLogQuery = PageQuerySchema.extend({
  record_type: z.string().max(TEXT_MAX.search).optional(),
  record_id: Id().optional(),
  include_related: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  carrier: z.string().max(TEXT_MAX.search).optional(),
});
export type ChangeLogQueryValues = z.infer<typeof ChangeLogQuery>;
