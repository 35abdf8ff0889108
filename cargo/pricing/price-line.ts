// A line as the price shows it: its amount rounded once, here, to its currency's minor units, and its VAT from that.
import { type Decimal, formatAmount, roundToCurrency } from "../money/money";
import { lineVat } from "./vat";
import type { PriceLine, PriceReason, PriceScope, RateClass, RateLineKind, TariffBasis } from "./types";

export interface LineDraft {
  kind: RateLineKind;
  code: string;
  description: string;
  source: PriceScope;
  currency: string;
  rateClass: RateClass | null;
  weightBrake: number | null;
  basis: TariffBasis | "percent";
  baseValue: Decimal;
  rate: Decimal;
  /** Exact. */
  amount: Decimal;
  reasons: PriceReason[];
}

export function finishLine(draft: LineDraft): PriceLine {
  const amount = roundToCurrency(draft.amount, draft.currency);
  const vat = lineVat(draft.source, amount, draft.currency);
  return {
    kind: draft.kind,
    code: draft.code,
    description: draft.description,
    sourceId: draft.source.id,
    rateClass: draft.rateClass,
    weightBrake: draft.weightBrake,
    basis: draft.basis,
    baseValue: draft.baseValue.toString(),
    rate: draft.rate.toString(),
    amount: formatAmount(amount, draft.currency),
    currency: draft.currency,
    vatInclusion: draft.source.vatInclusion,
    vatPercent: vat.percent,
    vat: draft.source.vatInclusion === "without" ? "0" : formatAmount(vat.vat, draft.currency),
    reasons: [...draft.reasons, ...vat.reasons],
  };
}
