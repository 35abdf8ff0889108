import { z } from "zod";
import { carrierField } from "~/lib/forms/airline-fields";
import { codeList, joinCodes, optionalNonNegative, SHC } from "~/lib/forms/field-rules";
import type { AircraftCapacity, AircraftCapacityInput } from "~/lib/upstream/aircraft-capacities.server";
import { INT32_MAX } from "../../../cargo/limits";
import { decimalField, VOLUME, WEIGHT, wholeNumberField } from "~/lib/forms/decimal-field";

/** Aircraft registrations ("VQ-BCF"): letters, digits and dashes. */
const REGISTRATION = /^[A-Z0-9][A-Z0-9-]{1,9}$/;
const nonNegative = () => optionalNonNegative("capacities:errors.nonNegative");
const weight = () => decimalField(WEIGHT, { min: "capacities:errors.nonNegative" }).optional();
const volume = () => decimalField(VOLUME, { min: "capacities:errors.nonNegative" }).optional();

/**
 * The add and edit form of an aircraft capacity (spec 2 "Aircraft capacity"): the maximum cargo weight (kg) and
 * volume (m3) every flight on the type is measured against, plus the type's other figures and limits.
 */
export const AircraftCapacityFormSchema = z.object({
  aircraft_type: z
    .string({ required_error: "errors:required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,4}$/, "errors:unknownAircraftType"),
  max_cargo_weight: decimalField(WEIGHT, { min: "capacities:errors.nonNegative" }),
  max_cargo_volume: decimalField(VOLUME, { min: "capacities:errors.nonNegative" }),
  payload: weight(),
  mtow: weight(),
  pax: wholeNumberField(0, INT32_MAX, { min: "capacities:errors.nonNegative" }).optional(),
  baggage_compartment_max_weight: weight(),
  baggage_compartment_max_volume: volume(),
  max_linear_load: nonNegative(),
  reg_numbers: codeList(REGISTRATION, "capacities:errors.registration"),
  forbidden_shcs: codeList(SHC, "errors:shc"),
  /** Create only, platform users on a host without an airline. */
  carrier: carrierField(),
});
export type AircraftCapacityForm = z.infer<typeof AircraftCapacityFormSchema>;

export const AIRCRAFT_CAPACITY_FIELDS = [
  "aircraft_type", "max_cargo_weight", "max_cargo_volume", "payload", "mtow", "pax", "baggage_compartment_max_weight",
  "baggage_compartment_max_volume", "max_linear_load", "reg_numbers", "forbidden_shcs", "carrier",
] as const;

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** Form values of a stored capacity (empty for a new one). */
export function aircraftCapacityDefaults(c?: AircraftCapacity | null): Record<string, string | undefined> {
  if (!c) return {};
  return {
    aircraft_type: c.aircraft_type,
    max_cargo_weight: text(c.max_cargo_weight),
    max_cargo_volume: text(c.max_cargo_volume),
    payload: text(c.payload),
    mtow: text(c.mtow),
    pax: text(c.pax),
    baggage_compartment_max_weight: text(c.baggage_compartment_max_weight),
    baggage_compartment_max_volume: text(c.baggage_compartment_max_volume),
    max_linear_load: text(c.max_linear_load),
    reg_numbers: joinCodes(c.reg_numbers),
    forbidden_shcs: joinCodes(c.forbidden_shcs),
  };
}

/** Every field sent: an emptied optional figure is cleared (null). */
export function aircraftCapacityInput(v: AircraftCapacityForm): AircraftCapacityInput {
  return {
    aircraft_type: v.aircraft_type,
    max_cargo_weight: v.max_cargo_weight,
    max_cargo_volume: v.max_cargo_volume,
    payload: v.payload ?? null,
    mtow: v.mtow ?? null,
    pax: v.pax ?? null,
    baggage_compartment_max_weight: v.baggage_compartment_max_weight ?? null,
    baggage_compartment_max_volume: v.baggage_compartment_max_volume ?? null,
    max_linear_load: v.max_linear_load ?? null,
    reg_numbers: v.reg_numbers,
    forbidden_shcs: v.forbidden_shcs,
  };
}
