/**
 * Units of the platform (spec 2 §9: kg, cm, m3), their rounding, and chargeable weight.
 *
 * All quantities are plain numbers in those units; names carry the unit (weightKg, volumeM3) because
 * a type alias would not stop anyone adding kg to m3 anyway.
 */

/**
 * Decimal rounding, half away from zero, that survives binary floating point: 1.005 is stored as
 * 1.00499999..., and Math.round(1.005 * 100) gives 100. Trimming to 12 significant digits first
 * restores the decimal value the user typed before rounding it.
 */
export function roundHalfUp(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(12));
  const r = Math.round(scaled) / factor;
  return value < 0 && r !== 0 ? -r : r;
}

/** Up to the next multiple of `step` (decimal-safe: 10.000000000001 is 10, not 10.5). */
function ceilToStep(value: number, step: number): number {
  const units = Number((value / step).toPrecision(12));
  return Number((Math.ceil(units) * step).toPrecision(12));
}

/** Weights are kept to 0.1 kg, as Cargo-IMP and the AWB carry them. */
export function roundWeight(kg: number): number {
  return roundHalfUp(kg, 1);
}

/** Volumes are kept to 0.01 m3, as Cargo-IMP and the AWB carry them. */
export function roundVolume(m3: number): number {
  return roundHalfUp(m3, 2);
}

export const CM3_PER_M3 = 1_000_000;
export const KG_PER_LB = 0.45359237;
export const CM_PER_INCH = 2.54;

export function lbToKg(lb: number): number {
  return lb * KG_PER_LB;
}

export function inchToCm(inch: number): number {
  return inch * CM_PER_INCH;
}

export interface Dimensions {
  pieces: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/** Unrounded volume of one dimensions line: pieces × L × W × H, cm3 -> m3. */
export function dimensionsVolumeM3(d: Dimensions): number {
  for (const [k, v] of Object.entries(d)) {
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`Invalid ${k}: ${v}`);
  }
  return (d.pieces * d.lengthCm * d.widthCm * d.heightCm) / CM3_PER_M3;
}

/**
 * Volume of a shipment from its dimension lines, rounded to 0.01 m3. Lines are summed before
 * rounding (rounding each line would let ten small boxes add up to a different total than their
 * sum). A shipment that has any volume is never shown as 0.00: a zero volume reads as "no volume
 * given", so anything from 0.001 m3 up is at least 0.01.
 */
export function volumeFromDimensions(lines: Dimensions | readonly Dimensions[]): number {
  const list: readonly Dimensions[] = Array.isArray(lines) ? lines : [lines as Dimensions];
  const total = list.reduce((sum, l) => sum + dimensionsVolumeM3(l), 0);
  if (total <= 0) return 0;
  return Math.max(0.01, roundVolume(total));
}

/** IATA's standard volumetric ratio: 6000 cm3 per kg, i.e. 166.67 kg per m3. */
export const DEFAULT_CM3_PER_KG = 6000;

export function kgPerM3FromCm3PerKg(cm3PerKg: number): number {
  return CM3_PER_M3 / cm3PerKg;
}

/**
 * Volume (dimensional) weight: what the space taken weighs at the airline's ratio.
 * 1 m3 at 6000 cm3/kg is 166.67 kg.
 */
export function volumeWeightKg(volumeM3: number, cm3PerKg: number = DEFAULT_CM3_PER_KG): number {
  if (!(cm3PerKg > 0)) throw new RangeError(`Invalid volume ratio: ${cm3PerKg}`);
  return (volumeM3 * CM3_PER_M3) / cm3PerKg;
}

/**
 * Airline setting cw_rounding_rule:
 * - "0.5": up to the next half kilogram (IATA TACT): 10.1 -> 10.5, 10.5 -> 10.5, 10.6 -> 11.0;
 * - "1": up to the next whole kilogram: 10.1 -> 11, 10.0 -> 10.
 * Always upwards: a carrier never charges for less than it carries.
 */
export type CwRoundingRule = "0.5" | "1";

export function roundChargeableWeight(kg: number, rule: CwRoundingRule = "0.5"): number {
  return ceilToStep(kg, rule === "1" ? 1 : 0.5);
}

export interface ChargeableWeightInput {
  grossWeightKg: number;
  volumeM3: number;
  /** Airline chargeable_ratio in cm3 per kg; 6000 when not set. */
  cm3PerKg?: number;
  /** Airline or tariff min_charge_weight; the chargeable weight is never below it. */
  minChargeableKg?: number;
  rounding?: CwRoundingRule;
}

export interface ChargeableWeight {
  grossWeightKg: number;
  /** Rounded to 0.1 kg for display; the comparison uses the exact value. */
  volumeWeightKg: number;
  minChargeableKg: number;
  chargeableWeightKg: number;
  /** Which figure decided it. */
  basis: "gross" | "volume" | "minimum";
}

/**
 * Chargeable weight = the higher of gross and volume weight, rounded up by the airline's rule,
 * then raised to the minimum chargeable weight. The minimum is applied after rounding so that a
 * minimum of, say, 10 kg is charged as exactly 10 kg.
 */
export function chargeableWeight(input: ChargeableWeightInput): ChargeableWeight {
  const { grossWeightKg, volumeM3 } = input;
  if (!Number.isFinite(grossWeightKg) || grossWeightKg < 0) throw new RangeError(`Invalid gross weight: ${grossWeightKg}`);
  if (!Number.isFinite(volumeM3) || volumeM3 < 0) throw new RangeError(`Invalid volume: ${volumeM3}`);
  const minChargeableKg = input.minChargeableKg ?? 0;
  const vw = volumeWeightKg(volumeM3, input.cm3PerKg ?? DEFAULT_CM3_PER_KG);
  const byVolume = vw > grossWeightKg;
  const rounded = roundChargeableWeight(byVolume ? vw : grossWeightKg, input.rounding ?? "0.5");
  const useMin = minChargeableKg > rounded;
  return {
    grossWeightKg,
    volumeWeightKg: roundWeight(vw),
    minChargeableKg,
    chargeableWeightKg: useMin ? minChargeableKg : rounded,
    basis: useMin ? "minimum" : byVolume ? "volume" : "gross",
  };
}
