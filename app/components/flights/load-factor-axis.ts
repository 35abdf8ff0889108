// The load factor chart's percent axis ends on a round value: 0..100 % for a flight within capacity, and for an
// overbooked one the next multiple of the step (125 %, 150 %, ...), never at the data's own maximum (108 %), which
// made the 100 % mark hard to find. The step grows with the range so the axis keeps at most six intervals.

const STEPS = [25, 50, 100, 250, 500, 1000] as const;
const MAX_INTERVALS = 6;

export interface PercentAxis {
  /** The axis end, a multiple of `step`, at least 100. */
  readonly max: number;
  readonly step: number;
  /** 0, step, 2 step, ... max. */
  readonly ticks: readonly number[];
}

/**
 * The axis for bars whose longest stack is `dataMax` percent. Whole percents count: the shares are rounded to
 * 0.1 % each, so a full flight's stack may add up to 100.2 %, which is still 100 %.
 */
export function percentAxis(dataMax: number): PercentAxis {
  const need = Number.isFinite(dataMax) ? Math.max(100, Math.round(dataMax)) : 100;
  const step = STEPS.find((s) => Math.ceil(need / s) <= MAX_INTERVALS) ?? Math.ceil(need / MAX_INTERVALS / 1000) * 1000;
  const max = Math.ceil(need / step) * step;
  return { max, step, ticks: Array.from({ length: max / step + 1 }, (_, i) => i * step) };
}
