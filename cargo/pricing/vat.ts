// VAT of a line (tariffs, charges and surcharges each say how theirs relates to the amount). It is computed from the
// line's rounded amount, the figure printed beside it, so a person checking the line gets the same VAT.
import { Decimal, roundToCurrency } from "../money/money";
import { readPriceDecimal } from "./price-data";
import type { PriceReason, PriceScope } from "./types";

export interface LineVat {
  vat: Decimal;
  percent: string | null;
  reasons: PriceReason[];
}

/**
 * without: none. notIncluded: added on top, amount × p / 100. included: already inside the amount, so its share is
 * amount × p / (100 + p) (120 with 20 % holds 20). Rounded to the currency, half up.
 */
export function lineVat(scope: PriceScope, amount: Decimal, currency: string): LineVat {
  if (scope.vatInclusion === "without") return { vat: new Decimal(0), percent: null, reasons: [] };
  const percent = readPriceDecimal(scope.vatPercent, scope.id, "vatPercent");
  const share = scope.vatInclusion === "included" ? amount.times(percent).div(percent.plus(100)) : amount.times(percent).div(100);
  return {
    vat: roundToCurrency(share, currency),
    percent: percent.toString(),
    reasons: [{ code: scope.vatInclusion === "included" ? "vat_included" : "vat_not_included", params: { percent: percent.toString() } }],
  };
}
