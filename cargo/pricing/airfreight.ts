// The airfreight of a tariff (spec 2 §9): rate classes M, N, Q, the weight breaks and the higher-break rule.
// Exact Decimals throughout; the caller rounds once, at the end of the line.
import type { Decimal } from "../money/money";
import { decimalOfQuantity, isQuantity, readPriceDecimal } from "./price-data";
import type { PriceReason, RateClass, Tariff, TariffBasis, TariffRate } from "./types";

/** The rates that price a product: its own when the tariff has any, else the tariff's defaults (productCode null). */
export function ratesFor(tariff: Tariff, product: string | null): { rates: TariffRate[]; own: boolean } {
  const own = product === null ? [] : tariff.rates.filter((rate) => rate.productCode === product);
  if (own.length > 0) return { rates: own, own: true };
  return { rates: tariff.rates.filter((rate) => rate.productCode === null), own: false };
}

interface Break {
  weightBrake: number;
  from: Decimal;
  value: Decimal;
}

export interface Airfreight {
  rateClass: RateClass;
  /** The break the rate came from; null for the minimum charge and the fixed amount. */
  weightBrake: number | null;
  /** What the rate was multiplied by: the quantity, or the higher break charged instead. */
  quantity: Decimal;
  rate: Decimal;
  /** Exact, not rounded. */
  amount: Decimal;
  reasons: PriceReason[];
}

/**
 * Prices `quantity` (kg, pieces, or 1 for the fixed basis) by the rates, or null when they price nothing (no N, no Q
 * and no M). Odd rows are tolerated, not fatal: a Q whose break is not a finite number ≥ 0 is ignored; of two rows
 * of one class and break the first counts. Cost is one pass over the rates plus a sort of the Q breaks.
 */
export function airfreightOf(tariffId: number, basis: TariffBasis, rates: readonly TariffRate[], quantity: Decimal): Airfreight | null {
  let minimum: Decimal | null = null;
  let normal: Decimal | null = null;
  const seen = new Set<number>();
  const breaks: Break[] = [];
  for (const rate of rates) {
    const value = () => readPriceDecimal(rate.value, tariffId, `rates.${rate.rateClass}.${rate.weightBrake}`);
    if (rate.rateClass === "M") minimum ??= value();
    else if (rate.rateClass === "N") normal ??= value();
    else if (rate.rateClass === "Q" && isQuantity(rate.weightBrake) && !seen.has(rate.weightBrake)) {
      seen.add(rate.weightBrake);
      breaks.push({ weightBrake: rate.weightBrake, from: decimalOfQuantity(rate.weightBrake), value: value() });
    }
  }
  breaks.sort((a, b) => a.weightBrake - b.weightBrake);

  let best: Airfreight | null = null;
  if (basis === "fixed") {
    // One shipment: the N rate is the amount; weight breaks mean nothing for it.
    if (normal) best = { rateClass: "N", weightBrake: null, quantity: quantity, rate: normal, amount: normal.times(quantity), reasons: [{ code: "fixed_amount" }] };
  } else {
    const applicable = breaks.filter((b) => b.from.lte(quantity)).at(-1);
    if (applicable) best = breakLine("Q", applicable.weightBrake, quantity, applicable.value);
    else if (normal) best = breakLine("N", 0, quantity, normal);
    // The higher-break rule (TACT): the shipment may be charged as if it weighed the next break when that costs
    // less, e.g. 40 kg at the 45 kg rate. Every higher break is tried, the cheapest wins; on a tie the actual
    // quantity stays (nothing gained by saying more).
    for (const b of breaks) {
      if (b.from.lte(quantity)) continue;
      const amount = b.value.times(b.from);
      if (best && !amount.lt(best.amount)) continue;
      best = breakLine("Q", b.weightBrake, b.from, b.value);
      best.reasons.push({ code: "higher_break_cheaper", params: { weightBrake: b.weightBrake, quantity: quantity.toString() } });
    }
  }
  if (minimum && (!best || minimum.gt(best.amount))) {
    const computed = best ? best.amount.toString() : "0";
    return {
      rateClass: "M",
      weightBrake: null,
      quantity,
      rate: minimum,
      amount: minimum,
      reasons: [{ code: "minimum_charge", params: { minimum: minimum.toString(), computed } }],
    };
  }
  return best;
}

function breakLine(rateClass: RateClass, weightBrake: number, quantity: Decimal, rate: Decimal): Airfreight {
  return {
    rateClass,
    weightBrake,
    quantity,
    rate,
    amount: rate.times(quantity),
    reasons: [{ code: "rate_break", params: { rateClass, weightBrake } }],
  };
}
