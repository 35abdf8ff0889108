import { z } from "zod";
import { DECIMALS } from "../../cargo/limits";
import { decimalRange } from "../../cargo/numbers/decimal-text";
import { numberOf, readNumberInput } from "../http/decimal-input";
import { Id, Text } from "../http/input";
import { PageMetaSchema, PageQuerySchema } from "../http/pagination";
import { IsoDateTime, StampsShape } from "../http/schemas";
import { optDate, optText, reqText, wrapped, BLANK } from "../settings/common";
import { RECEPTACLE_UID_LENGTH } from "./uid";

// Bodies, queries and answers of the receptacles resource (spec 2 §3 "Receptacle (postal)"; spec 3 §7 "receptacles").

/** The UID states weight in hectograms with four digits: 999.9 kg is the most a receptacle can weigh. */
export const MAX_RECEPTACLE_WEIGHT = 999.9;

/** Office of exchange codes and the UID arrive as typed: trimmed and upper-cased here, checked by the service. */
const upper = (max: number) => optText(max).transform((v) => (typeof v === "string" ? v.toUpperCase() : v));

const WEIGHT_RANGE = decimalRange(0.1, MAX_RECEPTACLE_WEIGHT, DECIMALS.weight);
/** Kept to 0.1 kg as the UID states it; a weighed figure may come finer and is rounded. */
const weight = z.preprocess(
  (v, ctx) => (v === "" || v === null ? undefined : readNumberInput(WEIGHT_RANGE)(v, ctx)),
  numberOf(WEIGHT_RANGE)
    .transform((n) => Math.round(n * 10) / 10)
    .optional(),
);

/** A flight to put it on; "" or null takes it off its flight (on update), absent leaves it. */
const segmentId = z.preprocess((v) => (v === "" ? null : v), Id().nullish());

const fields = {
  uid: reqText(RECEPTACLE_UID_LENGTH + 10).transform((s) => s.toUpperCase()),
  /** Given or not, they must be the UID's: they are derived from it. */
  post_office_origin: upper(10),
  post_office_destination: upper(10),
  /** Default: the UID's weight. A weighed figure may differ from the declared one. */
  weight,
  segment_id: segmentId,
  /** The flight by number with date ("S70101/15MAR26", its first leg), as people name it; instead of segment_id. */
  number_with_date: upper(20),
};

export const ReceptacleCreateBody = wrapped("receptacle", z.object(fields));
export const ReceptacleUpdateBody = wrapped("receptacle", z.object({ ...fields, uid: fields.uid.optional() }));
export type ReceptacleInput = z.infer<typeof ReceptacleUpdateBody>;

export const ReceptacleListQuery = PageQuerySchema.extend({
  uid: Text(RECEPTACLE_UID_LENGTH).trim().optional().describe("part of the UID"),
  post_office_origin: Text(10).trim().optional(),
  post_office_destination: Text(10).trim().optional(),
  segment_id: Id().optional().describe("receptacles put on this flight"),
  flight: Text(20).trim().optional().describe("flight number or number with date (S70101, S70101/01JAN26): a prefix"),
  carrier: Text(3).trim().optional().describe("the operating airline of the flight"),
  date_from: optDate().describe("flight date from (YYYY-MM-DD)"),
  date_to: optDate().describe("flight date to (YYYY-MM-DD)"),
});

/** Steps recorded by hand; MAN, DEP and ARR follow the flight (put on it, departure, arrival). */
export const MANUAL_RECEPTACLE_STEPS = ["RCS", "RCF", "DLV"] as const;
export const ReceptacleMovementBody = z.object({
  status_code: z.enum(MANUAL_RECEPTACLE_STEPS, { message: `must be one of ${MANUAL_RECEPTACLE_STEPS.join(", ")}`, required_error: BLANK }),
});

export const ReceptacleMovementSchema = z.object({
  id: z.number().int(),
  receptacle_id: z.number().int(),
  status_code: z.string(),
  location_iata: z.string(),
  segment_id: z.number().int().nullable(),
  segment_number_with_date: z.string().nullable(),
  weight: z.number(),
  time_utc: IsoDateTime,
  deactivated: z.boolean(),
  recorded_by: z.string().nullable(),
});

export const ReceptacleFlightSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  number_with_date: z.string(),
  flight_date: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  std: IsoDateTime,
  atot: IsoDateTime.nullable(),
  atl: IsoDateTime.nullable(),
});

export const ReceptacleSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  post_office_origin: z.string(),
  post_office_destination: z.string(),
  mail_category: z.string(),
  mail_subclass: z.string(),
  dispatch_number: z.string(),
  receptacle_number: z.string(),
  last_in_dispatch: z.boolean(),
  registered: z.string(),
  weight: z.number(),
  carrier: z.string().nullable(),
  segment: ReceptacleFlightSchema.nullable(),
  /** The latest standing movement's status code (null: accepted, not yet on a flight). */
  status: z.string().nullable(),
  movements: z.array(ReceptacleMovementSchema),
  ...StampsShape,
});
export type ReceptacleAnswer = z.input<typeof ReceptacleSchema>;

/** The list's meta: the page's, plus how many receptacles the filters find and their total weight (kg). */
export const ReceptaclePageSchema = z.object({
  data: z.array(ReceptacleSchema),
  meta: PageMetaSchema.extend({ count: z.number().int(), sum_weight: z.number() }),
});
