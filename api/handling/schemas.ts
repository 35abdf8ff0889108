import { z } from "zod";
import { BookingSchema, MovementSchema, Pieces } from "../air-waybills/schemas";
import { MANIFEST_PRIORITIES } from "../db/tables/handling";
import { Id, TEXT_MAX } from "../http/input";
import { FormBoolean, StampsShape } from "../http/schemas";
import { BLANK, optVolume, optWeight } from "../settings/common";
import { DISCREPANCY_CODES, HAND_MOVEMENTS } from "../../cargo/awb/movement-codes";
import { FLIGHT_ROW_STATES } from "./flight-rows";
import { PageMetaSchema, PageQuerySchema } from "../http/pagination";
import { INT32_MAX } from "../../cargo/limits";
import { wholeNumber } from "../http/decimal-input";
import { said } from "../http/refusals";

// What the handling calls take and answer (spec 3 §7 "Segments": segments/{id}/bookings, pre_manifest_items,
// air_waybills/ready_to_go; "Air waybills": POST and DELETE /{id}/movements). Bounded before any work: a number is a
// short text, a list of numbers at most MAX_MAWB_LIST long, figures within the waybill limits.

/** At most this many waybills in one POST segments/{id}/bookings: each is a booking transaction of its own. */
export const MAX_MAWB_LIST = 50;

export const Mawb = () => z.string({ required_error: BLANK }).max(TEXT_MAX.code * 4).trim().min(1, BLANK);
const positive = () => optWeight().refine((v) => v == null || v > 0, said("must_be_positive"));
const Priority = wholeNumber(-INT32_MAX - 1, INT32_MAX)
  .refine((v) => (MANIFEST_PRIORITIES as readonly number[]).includes(v), `must be one of ${MANIFEST_PRIORITIES.join(", ")}`);

export const MawbListBody = z.object({
  mawb_list: z.array(Mawb()).min(1, BLANK).max(MAX_MAWB_LIST, `must have at most ${MAX_MAWB_LIST} items`),
  consignor_certified: FormBoolean.optional().describe("the consignor certification accepted for these bookings (else each waybill's own)"),
});

export const BulkBookingResultSchema = z.object({
  data: z.array(
    z.object({
      mawb: z.string(),
      booked: z.boolean(),
      booking: BookingSchema.nullable(),
      /** Why it was refused: the status the single booking call would answer and its errors. */
      status: z.number().int().nullable(),
      errors: z.unknown().nullable(),
    }),
  ),
});

export const ReceiveBody = z.object({
  mawb: Mawb(),
  pieces: Pieces().pipe(z.number({ required_error: BLANK })),
  weight: positive().pipe(z.number({ required_error: BLANK })),
});

export const FlightRowsQuery = PageQuerySchema.extend({ state: z.enum(FLIGHT_ROW_STATES).default("all") });

export const AddItemBody = z.object({
  mawb: Mawb(),
  pieces: Pieces().optional().describe("default: received, else booked, else the waybill's"),
  weight: positive().optional(),
  volume: optVolume().optional(),
  priority: Priority.optional().describe("1 loads first, 3 last; default 2"),
});

export const ChangeItemBody = z.object({
  pieces: Pieces().optional(),
  weight: positive().optional(),
  volume: optVolume().optional(),
  priority: Priority.optional(),
  segment_id: Id().optional().describe("move the waybill to this flight (same origin): its booking and capacity go with it"),
});

export const PreManifestItemSchema = z.object({
  id: z.number().int(),
  segment_id: z.number().int(),
  mawb: z.string(),
  origin: z.string(),
  destination: z.string(),
  total_pieces: z.number().int(),
  pieces: z.number().int(),
  part_code: z.string(),
  weight: z.number(),
  weight_code: z.string(),
  volume: z.number(),
  volume_code: z.string(),
  commodity: z.string().nullable(),
  shcs: z.array(z.string()),
  priority: z.number().int(),
  ...StampsShape,
});

const Totals = z.object({ pieces: z.number().int(), weight: z.number(), volume: z.number() });

export const PreManifestListSchema = z.object({
  data: z.array(PreManifestItemSchema),
  meta: PageMetaSchema.extend({
    /** Confirmed (KK) bookings on the flight against what is on its manifest: the Build-Up tab's figures. */
    booked: Totals,
    manifested: Totals,
  }),
});

export const ReadyToGoSchema = z.object({
  segment: z.object({ id: z.number().int(), number_with_date: z.string(), origin_iata: z.string(), destination_iata: z.string() }),
  mawb: z.string(),
  booking: BookingSchema.nullable(),
  movements: z.array(MovementSchema),
  manifested: z.boolean(),
});

export const FlightEventBody = z
  .object({ time: z.string().datetime({ offset: true, message: "must be an ISO date and time" }).optional().describe("default: now") })
  .default({});

export const MovementBody = z.object({
  segment_id: Id(),
  status_code: z.enum(HAND_MOVEMENTS, { message: `must be one of ${HAND_MOVEMENTS.join(", ")}` }),
  pieces: Pieces().optional(),
  weight: positive().optional(),
  discrepancy_code: z.enum(DISCREPANCY_CODES, { message: `must be one of ${DISCREPANCY_CODES.join(", ")}` }).optional(),
});

export const MovementIdParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4), id: Id() });
