import { z } from "zod";
import { mapCodes, MUST_EXIST } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { LooseCodes, NumberLike } from "./schemas";

// Booking rules (spec 2 "Booking rule"; spec 3 §7 "Bookings and booking rules"): which answer status a booking
// request gets on an O&D (or one flight) by load factor, weight, volume and SHC.

export const BOOKING_RULE_RESOURCE = "booking_rules";

const Limit = NumberLike.nullish().transform((v) => v ?? null);

export const BookingRuleSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  response_status: z.string(),
  min_percent: Limit,
  max_percent: Limit,
  min_weight: Limit,
  max_weight: Limit,
  min_volume: Limit,
  max_volume: Limit,
  segment_id: NumberLike.nullish(),
  flight_number_with_date: z.string().nullish(),
  shcs: LooseCodes,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type BookingRule = z.infer<typeof BookingRuleSchema>;

export interface BookingRuleInput {
  /** Platform only: the airline. */
  carrier?: string;
  origin_iata: string;
  destination_iata: string;
  response_status: string;
  min_percent: number | null;
  max_percent: number | null;
  min_weight: number | null;
  max_weight: number | null;
  min_volume: number | null;
  max_volume: number | null;
  /** A rule for one flight; null: the whole O&D. */
  flight_number_with_date: string | null;
  shcs: string[];
}

export const {
  list: listBookingRules,
  get: getBookingRule,
  create: createBookingRule,
  update: updateBookingRule,
  delete: deleteBookingRule,
} = resourceClient<
  BookingRule,
  PageQuery & { segment_id?: number; origin_iata?: string; destination_iata?: string; q?: string },
  BookingRuleInput,
  Partial<BookingRuleInput>
>({
  path: `api/v3/${BOOKING_RULE_RESOURCE}`,
  schema: BookingRuleSchema,
  bodyKey: "booking_rule",
  /** Spec 3 §8: booking rule 422 "There is already a rule" → Exists; "must exist" → EmptyFields. */
  errors: mapCodes([[422, "booking_rule_exists", "Exists"], MUST_EXIST]),
});
