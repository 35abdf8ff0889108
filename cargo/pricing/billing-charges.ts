// Other charges (AWC, MYC, ...): one line per charge code, by the most specific applicable charge of that code.
import type { Decimal } from "../money/money";
import { finishLine } from "./price-line";
import { readPriceDecimal } from "./price-data";
import { chargeApplies, type TripScope } from "./price-scope";
import { chargeSpecificity, compareSpecificity, specificitySummary } from "./tariff-choice";
import type { BillingCharge, PriceLine, PriceReason, TariffBasis } from "./types";

/** What each basis multiplies: the shipment's gross and chargeable weight, its pieces, and 1 for fixed. */
export type BasisQuantities = Record<TariffBasis, Decimal>;

export function chargeLines(candidates: readonly BillingCharge[], trip: TripScope, quantities: BasisQuantities): PriceLine[] {
  const byCode = new Map<string, BillingCharge[]>();
  for (const charge of candidates) {
    if (!chargeApplies(charge, trip)) continue;
    const list = byCode.get(charge.chargeCode);
    if (list) list.push(charge);
    else byCode.set(charge.chargeCode, [charge]);
  }
  const lines: PriceLine[] = [];
  // By code, so the lines come in one order whatever order the database returned the rows in.
  for (const [code, applicable] of [...byCode].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const charge = applicable.map((c) => ({ c, key: chargeSpecificity(c) })).sort((a, b) => compareSpecificity(a.key, b.key))[0]!;
    const rate = readPriceDecimal(charge.c.rate, charge.c.id, "rate");
    const quantity = quantities[charge.c.basis];
    let amount = rate.times(quantity);
    const reasons: PriceReason[] = [
      { code: "charge_chosen", params: { chargeId: charge.c.id, specificity: specificitySummary(charge.key), applicable: applicable.length } },
    ];
    if (charge.c.minimalRate !== null) {
      const minimum = readPriceDecimal(charge.c.minimalRate, charge.c.id, "minimalRate");
      if (minimum.gt(amount)) {
        reasons.push({ code: "minimum_charge", params: { minimum: minimum.toString(), computed: amount.toString() } });
        amount = minimum;
      }
    }
    lines.push(
      finishLine({
        kind: "charge",
        code,
        description: charge.c.chargeName,
        source: charge.c,
        currency: charge.c.currency,
        rateClass: null,
        weightBrake: null,
        basis: charge.c.basis,
        baseValue: quantity,
        rate,
        amount,
        reasons,
      }),
    );
  }
  return lines;
}
