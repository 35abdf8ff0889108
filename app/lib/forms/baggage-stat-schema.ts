import { z } from "zod";
import { flag, requiredDate } from "./field-rules";
import { airportField, carrierField } from "./airline-fields";
import { withCrossChecks } from "./cross-checks";
import { INT32_MAX } from "../../../cargo/limits";
import { decimalField, WEIGHT, wholeNumberField } from "./decimal-field";

const amount = () => decimalField(WEIGHT, { min: "errors:positive" }).optional();
const count = () => wholeNumberField(0, INT32_MAX, { min: "errors:positive" }).optional();

/** Create and edit form of a baggage average (spec 2 "Statistics" baggage stat). */
export const BaggageStatFormSchema = withCrossChecks(
  z.object({
    carrier: carrierField(),
    origin_iata: airportField(),
    destination_iata: airportField(),
    period_start: requiredDate(),
    period_end: requiredDate(),
    total_baggage_weight: amount(),
    total_baggage_pcs: count(),
    total_pax: count(),
    manual_average_baggage_weight: amount(),
    segments_count: count(),
    external_source: flag(),
  }),
  (v, ctx) => {
    if (v.period_start && v.period_end && v.period_end < v.period_start) {
      ctx.addIssue({ code: "custom", path: ["period_end"], message: "errors:dateOrder" });
    }
  },
);
export type BaggageStatForm = z.infer<typeof BaggageStatFormSchema>;

export const BAGGAGE_STAT_FIELDS = [
  "carrier", "origin_iata", "destination_iata", "period_start", "period_end", "total_baggage_weight", "total_baggage_pcs",
  "total_pax", "manual_average_baggage_weight", "segments_count", "external_source",
] as const;
