// Surcharges on the airfreight (fuel, security, ...): every applicable one gives a line; of several with one code
// the most specific wins, so a route's own FSC replaces the general FSC instead of adding to it.
import type { Decimal } from "../money/money";
import { decimalOfQuantity } from "./price-data";
import { finishLine } from "./price-line";
import { readPriceDecimal } from "./price-data";
import { surchargeApplies, type TripScope } from "./price-scope";
import { compareSpecificity, specificitySummary, surchargeSpecificity } from "./tariff-choice";
import type { PriceLine, PriceReason, Surcharge } from "./types";

/** The airfreight a percentage is of: its exact amount (before rounding) and its currency. */
export interface AirfreightBase {
  amount: Decimal;
  currency: string;
}

export function surchargeLines(
  candidates: readonly Surcharge[],
  trip: TripScope,
  chargeableWeightKg: number,
  airfreight: AirfreightBase,
): PriceLine[] {
  const byCode = new Map<string, Surcharge[]>();
  for (const surcharge of candidates) {
    if (!surchargeApplies(surcharge, trip, chargeableWeightKg)) continue;
    const list = byCode.get(surcharge.code);
    if (list) list.push(surcharge);
    else byCode.set(surcharge.code, [surcharge]);
  }
  const weight = decimalOfQuantity(chargeableWeightKg);
  const lines: PriceLine[] = [];
  // By code, so the lines come in one order whatever order the database returned the rows in.
  for (const [code, applicable] of [...byCode].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const { s, key } = applicable.map((s) => ({ s, key: surchargeSpecificity(s) })).sort((a, b) => compareSpecificity(a.key, b.key))[0]!;
    const value = readPriceDecimal(s.value, s.id, "value");
    const reasons: PriceReason[] = [
      { code: "surcharge_chosen", params: { surchargeId: s.id, specificity: specificitySummary(key), applicable: applicable.length } },
    ];
    const common = { kind: "surcharge", code, description: code, source: s, rateClass: null, weightBrake: null, rate: value } as const;
    if (s.type === "percent") {
      // A share of the airfreight is money of the airfreight's currency, whatever currency the surcharge row names:
      // converting would need a rate of exchange the engine does not have.
      reasons.push({ code: "surcharge_percent", params: { percent: value.toString(), currency: airfreight.currency } });
      const amount = airfreight.amount.times(value).div(100);
      lines.push(finishLine({ ...common, currency: airfreight.currency, basis: "percent", baseValue: airfreight.amount, amount, reasons }));
    } else if (s.type === "perKg") {
      lines.push(finishLine({ ...common, currency: s.currency, basis: "charge", baseValue: weight, amount: value.times(weight), reasons }));
    } else {
      lines.push(finishLine({ ...common, currency: s.currency, basis: "fixed", baseValue: decimalOfQuantity(1), amount: value, reasons }));
    }
  }
  return lines;
}
