import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, text } from "drizzle-orm/pg-core";
import type { PriceReason } from "../../../cargo/pricing/types";
import { airWaybills } from "./air-waybills";
import { amount } from "./billing";
import { createdStamp } from "./columns";
import { companies } from "./companies";

// A waybill's rate lines (spec 2 "Rate line"; spec 3 air_waybills/{id}/rates, calculate): what the airline bills for
// it. Lines the rate engine wrote (calculation_type "auto") are replaced by each calculation; lines a person added
// ("manual") stay until deleted. Each auto line keeps the engine's explanation (which tariff, which break, why).

export const rateLines = pgTable(
  "rate_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: integer("air_waybill_id")
      .notNull()
      .references(() => airWaybills.id, { onDelete: "cascade" }),
    mawb: text("mawb").notNull(),
    /** airfreight | charge | surcharge (cargo/pricing RateLineKind). */
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    rate_class_code: text("rate_class_code"),
    description: text("description"),
    rate: amount("rate").notNull(),
    amount: amount("amount").notNull(),
    currency: text("currency").notNull(),
    /** The quantity the rate was multiplied by (kg, pieces, 1; the airfreight for a percentage). */
    base_value: amount("base_value").notNull(),
    /** gross | charge | fixed | pieces | percent. */
    basis: text("basis").notNull(),
    weight_brake: numeric("weight_brake", { precision: 9, scale: 1 }),
    vat_inclusion: text("vat_inclusion").notNull().default("without"),
    vat: amount("vat").notNull().default("0"),
    vat_percent: numeric("vat_percent", { precision: 7, scale: 4 }),
    invoice_number: text("invoice_number"),
    /** K (per kg), P (per piece), S (per shipment): what `base_value` counts. */
    unit_code: text("unit_code"),
    supplier_id: integer("supplier_id").references(() => companies.id),
    buyer_id: integer("buyer_id").references(() => companies.id),
    /** Which prices made the line: "tariff:12", "charge:3", "surcharge:7"; null for a manual line. */
    rate_numbers: text("rate_numbers"),
    /** The e-mail of whoever added a manual line, or "calculation". */
    added_by: text("added_by").notNull(),
    calculation_type: text("calculation_type").notNull().default("auto"),
    reasons: jsonb("reasons").$type<PriceReason[]>().notNull().default(sql`'[]'::jsonb`),
    ...createdStamp,
  },
  (t) => [
    index("rate_lines_air_waybill_idx").on(t.air_waybill_id, t.id),
    check("rate_lines_kind", sql`${t.kind} in ('airfreight', 'charge', 'surcharge')`),
    check("rate_lines_calculation_type", sql`${t.calculation_type} in ('auto', 'manual')`),
  ],
);
