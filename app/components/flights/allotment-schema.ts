import { z } from "zod";
import { parseNumberWithDate } from "../../../cargo";
import { carrierField } from "~/lib/forms/airline-fields";
import { checked, flag, IATA, optionalDate } from "~/lib/forms/field-rules";
import type { Allotment, AllotmentInput } from "~/lib/upstream/allotments.server";
import { ALLOTMENT_TYPES } from "./allotment-values";
import { INT32_MAX } from "../../../cargo/limits";
import { decimalField, idField, VOLUME, WEIGHT, wholeNumberField } from "~/lib/forms/decimal-field";

/** "S70101/22NOV26": flight number, "/", an IATA date that exists, as the domain library (and the API) reads it. */
export const isNumberWithDate = (text: string) => parseNumberWithDate(text).ok;

/** @deprecated `isNumberWithDate`; kept for the allotments create route's `NUMBER_WITH_DATE.test(…)` until it moves. */
export const NUMBER_WITH_DATE = { test: isNumberWithDate };

/** A flight number with date as typed: spaces out, upper case. */
export const numberWithDate = (message: string) =>
  z
    .string({ required_error: "errors:required" })
    .transform((s) => s.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().min(1, "errors:required").refine((s) => !s || isNumberWithDate(s), message));

const nonNegative = { min: "allotments:errors.nonNegative" };

/**
 * Create and edit form of an allotment (spec 2 "Allotment"): space held for a forwarder on one flight, released
 * `timelimit_to_std` hours before departure (0 = full block space: held until departure).
 */
export const AllotmentFormSchema = z.object({
  /** The list page's edit dialog posts "update" with the id; the create page posts "create". */
  intent: z.enum(["create", "update"]).default("create"),
  id: idField().optional(),
  segment_number_with_date: numberWithDate("allotments:errors.flightFormat"),
  /** The leg's origin, only needed for a flight of several legs. */
  origin_iata: z.string().trim().toUpperCase().regex(IATA, "errors:unknownAirport").optional(),
  forwarder_short_name: z.string({ required_error: "errors:required" }).trim().toUpperCase().min(1, "errors:required").max(50, "errors:invalid"),
  type: z.enum(ALLOTMENT_TYPES, { required_error: "errors:required", invalid_type_error: "errors:invalid" }),
  weight: decimalField(WEIGHT, nonNegative),
  volume: decimalField(VOLUME, nonNegative),
  timelimit_to_std: wholeNumberField(0, INT32_MAX, nonNegative).optional(),
  valid_until: optionalDate(),
  postal: flag(),
  /** Create only, platform users on a host without an airline. */
  carrier: carrierField(),
});
export type AllotmentForm = z.infer<typeof AllotmentFormSchema>;

export const ALLOTMENT_FIELDS = [
  "segment_number_with_date", "origin_iata", "forwarder_short_name", "type", "weight", "volume", "timelimit_to_std", "valid_until", "postal", "carrier",
] as const;

/** Form values of a stored allotment, or of a new one (hard, full block space, optionally on a given flight). */
export function allotmentDefaults(a: Allotment | null, prefill: { segment?: string } = {}): Record<string, string | undefined> {
  if (!a) return { intent: "create", type: "hard", timelimit_to_std: "0", segment_number_with_date: prefill.segment };
  return {
    intent: "update",
    id: String(a.id),
    segment_number_with_date: a.segment_number_with_date,
    origin_iata: a.origin_iata,
    forwarder_short_name: a.forwarder_short_name,
    type: a.type,
    weight: String(a.weight),
    volume: String(a.volume),
    timelimit_to_std: String(a.timelimit_to_std),
    valid_until: a.valid_until?.slice(0, 10) ?? "",
    postal: checked(a.postal),
  };
}

/** Every field sent: an emptied date clears it, an unticked box is false, no time limit is full block space. */
export function allotmentInput(v: AllotmentForm): AllotmentInput {
  return {
    segment_number_with_date: v.segment_number_with_date,
    // absent, not null: the API resolves the flight by number and date alone when no origin is named
    origin_iata: v.origin_iata,
    forwarder_short_name: v.forwarder_short_name,
    type: v.type,
    weight: v.weight,
    volume: v.volume,
    timelimit_to_std: v.timelimit_to_std ?? 0,
    valid_until: v.valid_until ?? null,
    postal: Boolean(v.postal),
  };
}
