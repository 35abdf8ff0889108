/**
 * Segment capacity arithmetic (segments/{id}/capacity) and allotment release.
 *
 * Space on a segment is taken by three things:
 * - booked: confirmed bookings, including those made under an allotment;
 * - estimated: load expected but not booked (mail, company material, the planner's forecast);
 * - allotment: space held for a forwarder and not yet used by its bookings (reserved minus used,
 *   never negative), as long as the allotment's time limit has not passed.
 * available = max - booked - estimated - allotment. It may be negative: that is an overbooked
 * segment, and hiding it behind a 0 would hide exactly what the "action required" list must show.
 */
import { roundHalfUp, roundVolume, roundWeight } from "../units";

const HOUR_MS = 3_600_000;

export interface AllotmentHold {
  /** Hours before STD at which unused space is released; 0 = full block space, never released. */
  timelimitToStdHours: number;
}

/**
 * Whether an allotment still holds its unused space at `now`. The space is released at the moment
 * the time limit is reached (now >= STD - hours): "N hours before departure" is the first instant the
 * space is free for sale again. A time limit of 0 is full block space (spec 2 §9), which the
 * allotment keeps even after departure.
 */
export function allotmentHeld(allotment: AllotmentHold, now: Date | number, std: Date | number): boolean {
  const hours = allotment.timelimitToStdHours;
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Invalid timelimit_to_std: ${hours}`);
  if (hours === 0) return true;
  return +now < +std - hours * HOUR_MS;
}

/** The instant unused space is released, or null for full block space. */
export function allotmentReleaseAt(allotment: AllotmentHold, std: Date | number): Date | null {
  if (allotment.timelimitToStdHours === 0) return null;
  return new Date(+std - allotment.timelimitToStdHours * HOUR_MS);
}

export interface SegmentAllotment extends AllotmentHold {
  weightKg: number;
  volumeM3: number;
  /** Weight of the bookings made under this allotment (they are also in `booked`). */
  usedWeightKg: number;
  usedVolumeM3: number;
}

/** Airline overflow limits: how far beyond capacity a segment may be loaded before it is flagged. */
export interface OverflowLimits {
  weightKg?: number | null;
  volumeM3?: number | null;
  /** Percent of capacity beyond 100 %: 5 allows loading to 105 %. */
  weightPercent?: number | null;
  volumePercent?: number | null;
}

export interface CapacityInput {
  /** Maximum cargo weight: the aircraft capacity, or the flight's payload where known (see cargoLimit). */
  maxWeightKg: number;
  maxVolumeM3: number;
  bookedWeightKg: number;
  bookedVolumeM3: number;
  estimatedWeightKg?: number;
  estimatedVolumeM3?: number;
  allotments?: readonly SegmentAllotment[];
  /** Needed with allotments, to know which still hold space. */
  now?: Date | number;
  std?: Date | number;
  overflow?: OverflowLimits | null;
}

export interface LoadFactor {
  /** Percent of max weight taken; null when there is no weight capacity to divide by. */
  weight: number | null;
  volume: number | null;
  /** The larger of the two: a segment is as full as its tighter dimension (see segmentCapacity). */
  overall: number | null;
}

export interface SegmentCapacity {
  maxWeightKg: number;
  maxVolumeM3: number;
  bookedWeightKg: number;
  bookedVolumeM3: number;
  estimatedWeightKg: number;
  estimatedVolumeM3: number;
  /** Held, unused allotment space. */
  allotmentWeightKg: number;
  allotmentVolumeM3: number;
  /** May be negative (overbooked). */
  availableWeightKg: number;
  availableVolumeM3: number;
  loadFactor: LoadFactor;
  /** Some weight AND some volume left: a shipment needs both. */
  capacityAvailable: boolean;
  /** Load beyond capacity plus the airline's overflow allowance, in weight or in volume. */
  loadFactorOverflow: boolean;
  /** The overflow allowance applied (kg and m3 beyond max). */
  overflowAllowanceWeightKg: number;
  overflowAllowanceVolumeM3: number;
}

/**
 * The cargo weight limit of a flight: the aircraft's max cargo weight, lowered to the payload
 * when the payload for this flight is known (fuel and passengers can leave less than the
 * compartments hold, never more).
 */
export function cargoLimit(maxCargoWeightKg: number, payloadKg?: number | null): number {
  if (payloadKg === undefined || payloadKg === null || !Number.isFinite(payloadKg)) return maxCargoWeightKg;
  return Math.max(0, Math.min(maxCargoWeightKg, payloadKg));
}

function percent(load: number, max: number): number | null {
  if (!(max > 0)) return null;
  return roundHalfUp((load / max) * 100, 2);
}

/**
 * Allowance beyond capacity. When both an absolute and a percentage limit are set, both must hold, so
 * the smaller allowance applies; when neither is set there is none (overflow starts above 100 %).
 */
function allowance(max: number, absolute: number | null | undefined, pct: number | null | undefined): number {
  const options: number[] = [];
  if (absolute !== undefined && absolute !== null && Number.isFinite(absolute)) options.push(Math.max(0, absolute));
  if (pct !== undefined && pct !== null && Number.isFinite(pct)) options.push(Math.max(0, (max * pct) / 100));
  return options.length === 0 ? 0 : Math.min(...options);
}

/**
 * Load factor overall is the max of weight and volume load factors: a hold that is full by volume
 * takes no more cargo however light, and vice versa, so the tighter dimension is the truthful one.
 * Load factor counts everything that takes space (booked + estimated + held allotment), so it is
 * always 100 % minus what is shown as available.
 */
export function segmentCapacity(input: CapacityInput): SegmentCapacity {
  const estW = input.estimatedWeightKg ?? 0;
  const estV = input.estimatedVolumeM3 ?? 0;
  let allotW = 0;
  let allotV = 0;
  const clockKnown = input.now !== undefined && input.std !== undefined;
  for (const a of input.allotments ?? []) {
    // Without the clock we cannot tell released from held; holding is the safe reading (never oversell).
    if (clockKnown && !allotmentHeld(a, input.now!, input.std!)) continue;
    allotW += Math.max(0, a.weightKg - a.usedWeightKg);
    allotV += Math.max(0, a.volumeM3 - a.usedVolumeM3);
  }

  const loadW = input.bookedWeightKg + estW + allotW;
  const loadV = input.bookedVolumeM3 + estV + allotV;
  const availableWeightKg = roundWeight(input.maxWeightKg - loadW);
  const availableVolumeM3 = roundVolume(input.maxVolumeM3 - loadV);
  const lfW = percent(loadW, input.maxWeightKg);
  const lfV = percent(loadV, input.maxVolumeM3);
  const overall = lfW === null ? lfV : lfV === null ? lfW : Math.max(lfW, lfV);

  const o = input.overflow ?? {};
  const allowW = allowance(input.maxWeightKg, o.weightKg, o.weightPercent);
  const allowV = allowance(input.maxVolumeM3, o.volumeM3, o.volumePercent);
  // Compared on rounded figures so that floating-point dust (0.1 + 0.2) never raises a flag.
  const overflow =
    roundWeight(loadW) > roundWeight(input.maxWeightKg + allowW) || roundVolume(loadV) > roundVolume(input.maxVolumeM3 + allowV);

  return {
    maxWeightKg: input.maxWeightKg,
    maxVolumeM3: input.maxVolumeM3,
    bookedWeightKg: input.bookedWeightKg,
    bookedVolumeM3: input.bookedVolumeM3,
    estimatedWeightKg: estW,
    estimatedVolumeM3: estV,
    allotmentWeightKg: roundWeight(allotW),
    allotmentVolumeM3: roundVolume(allotV),
    availableWeightKg,
    availableVolumeM3,
    loadFactor: { weight: lfW, volume: lfV, overall },
    capacityAvailable: availableWeightKg > 0 && availableVolumeM3 > 0,
    loadFactorOverflow: overflow,
    overflowAllowanceWeightKg: roundWeight(allowW),
    overflowAllowanceVolumeM3: roundVolume(allowV),
  };
}
