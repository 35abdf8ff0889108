import { eq } from "drizzle-orm";
import { chargeableWeight, densityGroup, densityKgPerM3, dimensionsVolumeM3, roundVolume, volumeFromDimensions, type CwRoundingRule } from "../../cargo";
import type { Db } from "../db/open";
import { airlines } from "../db/schema";
import type { DimensionRow } from "../db/tables/air-waybills";
import { refuseField } from "../http/errors";

// The figures a waybill derives from what the user typed (issue 10 "Domain"): volume from the dimension rows, the
// chargeable weight by the airline's ratio, rounding rule and minimum (unless the airline set its own), and the
// Cargo-IMP density group. The arithmetic is cargo/'s; this file only reads the airline's settings.

export type AirlineRow = typeof airlines.$inferSelect;

export async function airlineOfCarrier(db: Pick<Db, "select">, carrier: string): Promise<AirlineRow> {
  const [row] = await db.select().from(airlines).where(eq(airlines.carrier, carrier)).limit(1);
  if (!row) throw refuseField("carrier", "unknown_airline", { carrier });
  return row;
}

export async function airlineOfPrefix(db: Pick<Db, "select">, prefix: string): Promise<AirlineRow | null> {
  const [row] = await db.select().from(airlines).where(eq(airlines.awb_prefix, prefix)).limit(1);
  return row ?? null;
}

/**
 * The airline's cw_rounding_rule (none, half_kg, whole_kg; "1" and "0.5" from older settings) as cargo's rule. "none"
 * rounds up to the half kilogram all the same: IATA's least step, and a weight is never charged below what it is.
 */
export const cwRoundingOf = (rule: string | null): CwRoundingRule => (rule === "1" || rule === "whole_kg" ? "1" : "0.5");

/** The airline's chargeable weight for gross weight and volume: the calculation block of the detail. */
export function chargeableCalculation(airline: AirlineRow, figures: { weight: number; volume: number; airlineDefinedCw: number | null }) {
  const cw = chargeableWeight({
    grossWeightKg: figures.weight,
    volumeM3: figures.volume,
    cm3PerKg: Number(airline.chargeable_ratio) || undefined,
    minChargeableKg: airline.min_charge_weight === null ? undefined : Number(airline.min_charge_weight),
    rounding: cwRoundingOf(airline.cw_rounding_rule),
  });
  const own = figures.airlineDefinedCw;
  return {
    cw_auto_calculation: airline.cw_auto_calculation,
    gross_weight: cw.grossWeightKg,
    volume_weight: cw.volumeWeightKg,
    min_chargeable: cw.minChargeableKg,
    chargeable_weight: own ?? cw.chargeableWeightKg,
    basis: own !== null ? ("airline" as const) : cw.basis,
  };
}

/** Volume (m3) of the rows, or the volume typed when there are none. */
export function volumeOf(rows: readonly DimensionRow[], typed: number | null | undefined): number {
  return rows.length ? volumeFromDimensions(rows.map((r) => ({ pieces: r.pieces, lengthCm: r.length, widthCm: r.width, heightCm: r.height }))) : roundVolume(typed ?? 0);
}

/** The rows as the detail answers them, each with its volume. */
export const dimensionAnswers = (rows: readonly DimensionRow[]) =>
  rows.map((r) => ({ ...r, volume: roundVolume(dimensionsVolumeM3({ pieces: r.pieces, lengthCm: r.length, widthCm: r.width, heightCm: r.height })) }));

/** The columns the figures set on the waybill row. */
export function derivedFigures(airline: AirlineRow, v: { weight: number; volume: number; airline_defined_cw: number | null }) {
  const calc = chargeableCalculation(airline, { weight: v.weight, volume: v.volume, airlineDefinedCw: v.airline_defined_cw });
  return {
    charge_weight: calc.chargeable_weight,
    charge_weight_source: v.airline_defined_cw !== null ? "airline" : "auto",
    density_group: densityGroup(densityKgPerM3(v.weight, v.volume)),
  };
}
