/**
 * The business checks of a waybill and its bookings (spec 2 §5, §9), as pure functions that return codes; the API
 * and the BFF turn the codes into their answers and translated texts. Two kinds:
 * - errors block the action (creation, or booking): forbidden or incompatible SHCs, heavy cargo without
 *   dimensions, the consignor certification not accepted;
 * - warnings are notices the user reads and may accept: a piece heavier or larger than a standard aircraft door or
 *   floor takes, a shipment over the sizes one booking usually carries, parts over the waybill's totals, and the
 *   500 kg restriction some airlines set per waybill.
 */

/** Spec 2 §9. */
export const SHIPMENT_LIMITS = {
  /** Average volume of one piece, m³. */
  maxAveragePieceVolumeM3: 2.4,
  /** Average weight of one piece, kg. */
  maxAveragePieceWeightKg: 300,
  maxWeightKg: 5000,
  maxVolumeM3: 40,
  /** The airline restriction per waybill: a warning the user may accept. */
  airlineRestrictionKg: 500,
} as const;

/** The SHC that marks heavy cargo: it may not be booked without its dimensions. */
export const HEAVY_CARGO_SHC = "HEA";

export interface ShipmentFigures {
  pieces: number;
  weightKg: number;
  volumeM3: number;
}

export type ShipmentWarningCode =
  | "average_piece_volume"
  | "average_piece_weight"
  | "weight_over_limit"
  | "volume_over_limit"
  | "pieces_over_totals"
  | "weight_over_totals"
  | "volume_over_totals"
  | "airline_weight_restriction";

export type ShipmentErrorCode = "forbidden_shc" | "incompatible_shc" | "heavy_cargo_without_dimensions" | "consignor_certification";

export interface ShipmentError {
  code: ShipmentErrorCode;
  /** The SHCs concerned (forbidden ones, or the incompatible pair), when the code is about SHCs. */
  shcs?: string[];
}

export interface ShipmentCheckInput {
  totals: ShipmentFigures;
  /** The parts booked on each flight (one booking per leg): each must fit in the waybill's totals. */
  parts?: readonly ShipmentFigures[];
  shcs: readonly string[];
  /** Whether dimension rows were given. */
  hasDimensions: boolean;
  /** SHCs the route or the airline forbids. */
  forbiddenShcs?: readonly string[];
  /** Pairs of SHCs that may not travel together (reference data). */
  incompatibleShcs?: ReadonlyArray<readonly [string, string]>;
  /** The airline restricts a waybill to 500 kg (a warning the user may accept). */
  airlineWeightRestriction?: boolean;
  /** The check is for booking (not a waybill saved without bookings): heavy cargo and certification apply. */
  booking: boolean;
  /** The consignor certification text was accepted (booking only). */
  certificationAccepted?: boolean;
}

export interface ShipmentCheck {
  errors: ShipmentError[];
  warnings: ShipmentWarningCode[];
}

const upper = (codes: readonly string[]) => [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];

function sizeWarnings({ pieces, weightKg, volumeM3 }: ShipmentFigures): ShipmentWarningCode[] {
  const warnings: ShipmentWarningCode[] = [];
  if (pieces > 0 && volumeM3 / pieces > SHIPMENT_LIMITS.maxAveragePieceVolumeM3) warnings.push("average_piece_volume");
  if (pieces > 0 && weightKg / pieces > SHIPMENT_LIMITS.maxAveragePieceWeightKg) warnings.push("average_piece_weight");
  if (weightKg > SHIPMENT_LIMITS.maxWeightKg) warnings.push("weight_over_limit");
  if (volumeM3 > SHIPMENT_LIMITS.maxVolumeM3) warnings.push("volume_over_limit");
  return warnings;
}

function partWarnings(totals: ShipmentFigures, parts: readonly ShipmentFigures[]): ShipmentWarningCode[] {
  const warnings = new Set<ShipmentWarningCode>();
  for (const part of parts) {
    if (part.pieces > totals.pieces) warnings.add("pieces_over_totals");
    if (part.weightKg > totals.weightKg) warnings.add("weight_over_totals");
    if (part.volumeM3 > totals.volumeM3) warnings.add("volume_over_totals");
  }
  return [...warnings];
}

/** The pairs among `shcs` that may not travel together, each once, in the order of the reference pairs. */
export function incompatibleShcPairs(shcs: readonly string[], pairs: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  const present = new Set(upper(shcs));
  const found: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const [a, b] of pairs) {
    const [x, y] = [a.toUpperCase(), b.toUpperCase()];
    const key = [x, y].sort().join("|");
    if (x !== y && present.has(x) && present.has(y) && !seen.has(key)) {
      seen.add(key);
      found.push([x, y]);
    }
  }
  return found;
}

/** Every error and warning the data of a waybill (and its bookings, when booking) can show at once. */
export function checkShipment(input: ShipmentCheckInput): ShipmentCheck {
  const shcs = upper(input.shcs);
  const errors: ShipmentError[] = [];
  const forbidden = new Set(upper(input.forbiddenShcs ?? []));
  const blocked = shcs.filter((c) => forbidden.has(c));
  if (blocked.length) errors.push({ code: "forbidden_shc", shcs: blocked });
  for (const pair of incompatibleShcPairs(shcs, input.incompatibleShcs ?? [])) errors.push({ code: "incompatible_shc", shcs: pair });
  if (input.booking && shcs.includes(HEAVY_CARGO_SHC) && !input.hasDimensions) errors.push({ code: "heavy_cargo_without_dimensions" });
  if (input.booking && !input.certificationAccepted) errors.push({ code: "consignor_certification" });

  const warnings = [...sizeWarnings(input.totals), ...partWarnings(input.totals, input.parts ?? [])];
  if (input.airlineWeightRestriction && input.totals.weightKg > SHIPMENT_LIMITS.airlineRestrictionKg) warnings.push("airline_weight_restriction");
  return { errors, warnings };
}
