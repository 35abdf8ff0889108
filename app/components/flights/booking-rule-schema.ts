import { z } from "zod";
import { airportField, carrierField } from "~/lib/forms/airline-fields";
import { withCrossChecks } from "~/lib/forms/cross-checks";
import { codeList, joinCodes, SHC } from "~/lib/forms/field-rules";
import type { BookingRule, BookingRuleInput } from "~/lib/upstream/booking-rules.server";
import { RULE_RESPONSE_STATUSES } from "../../../cargo/bookings/booking-status";
import { isNumberWithDate } from "./allotment-schema";
import { decimalField, idField, PERCENT, VOLUME, WEIGHT } from "~/lib/forms/decimal-field";

const nonNegative = { min: "booking-rules:errors.nonNegative" };
const percent = () => decimalField(PERCENT, { ...nonNegative, max: "booking-rules:errors.percent" }).optional();
const weight = () => decimalField(WEIGHT, nonNegative).optional();
const volume = () => decimalField(VOLUME, nonNegative).optional();
const RANGES = [
  ["min_percent", "max_percent"],
  ["min_weight", "max_weight"],
  ["min_volume", "max_volume"],
] as const;

/**
 * Create and edit form of a booking rule (spec 2 "Booking rule"): on an O&D (or one flight of it), a booking
 * request whose load factor (percent), weight and volume fall within the bounds (an empty bound is open) and
 * which carries one of the SHCs (none: any) is answered with the rule's response status.
 */
export const BookingRuleFormSchema = withCrossChecks(
  z.object({
    /** The list page's edit dialog posts "update" with the id. */
    intent: z.enum(["create", "update"]).default("create"),
    id: idField().optional(),
    origin_iata: airportField(),
    destination_iata: airportField(),
    response_status: z.enum(RULE_RESPONSE_STATUSES, { required_error: "errors:required", invalid_type_error: "errors:invalid" }),
    min_percent: percent().refine((v) => v === undefined || v <= 100, "booking-rules:errors.percent"),
    max_percent: percent().refine((v) => v === undefined || v <= 100, "booking-rules:errors.percent"),
    min_weight: weight(),
    max_weight: weight(),
    min_volume: volume(),
    max_volume: volume(),
    /** Empty: the rule applies to every flight of the O&D. */
    flight_number_with_date: z
      .string()
      .transform((s) => s.replace(/\s+/g, "").toUpperCase())
      .pipe(z.string().refine(isNumberWithDate, "booking-rules:errors.flightFormat"))
      .optional(),
    shcs: codeList(SHC, "errors:shc"),
    /** Create only, platform users on a host without an airline. */
    carrier: carrierField(),
  }),
  (v, ctx) => {
    for (const [min, max] of RANGES) {
      const lo = v[min];
      const hi = v[max];
      if (lo !== undefined && hi !== undefined && hi < lo) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [max], message: "booking-rules:errors.maxBelowMin" });
    }
  },
);
export type BookingRuleForm = z.infer<typeof BookingRuleFormSchema>;

export const BOOKING_RULE_FIELDS = [
  "origin_iata", "destination_iata", "response_status", "min_percent", "max_percent", "min_weight", "max_weight", "min_volume", "max_volume",
  "flight_number_with_date", "shcs", "carrier",
] as const;

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** Form values of a stored rule, or of a new one (confirmed, optionally prefilled from a flight). */
export function bookingRuleDefaults(
  r: BookingRule | null,
  prefill: { origin_iata?: string; destination_iata?: string; flight_number_with_date?: string } = {},
): Record<string, string | undefined> {
  if (!r) return { intent: "create", response_status: "KK", ...prefill };
  return {
    intent: "update",
    id: String(r.id),
    origin_iata: r.origin_iata,
    destination_iata: r.destination_iata,
    response_status: r.response_status,
    min_percent: text(r.min_percent),
    max_percent: text(r.max_percent),
    min_weight: text(r.min_weight),
    max_weight: text(r.max_weight),
    min_volume: text(r.min_volume),
    max_volume: text(r.max_volume),
    flight_number_with_date: r.flight_number_with_date ?? "",
    shcs: joinCodes(r.shcs),
  };
}

/** Every field sent: an emptied bound is open (null), no flight means the whole O&D. */
export function bookingRuleInput(v: BookingRuleForm): BookingRuleInput {
  return {
    origin_iata: v.origin_iata,
    destination_iata: v.destination_iata,
    response_status: v.response_status,
    min_percent: v.min_percent ?? null,
    max_percent: v.max_percent ?? null,
    min_weight: v.min_weight ?? null,
    max_weight: v.max_weight ?? null,
    min_volume: v.min_volume ?? null,
    max_volume: v.max_volume ?? null,
    flight_number_with_date: v.flight_number_with_date ?? null,
    shcs: v.shcs,
  };
}
