import { Decimal, decimalOfStored, roundToCurrency, sumAmounts } from "../../cargo/money/money";
import type { AirWaybillRow } from "../air-waybills/access";

// The charges of a waybill as its documents print and bill them (IATA Resolution 600a boxes 24-33; the CASS file and
// the sales report add the same figures up). Amounts are Decimals in the waybill's currency (issue 24): each box is
// the exact sum of the stored amounts it covers, rounded once, at the end, to the currency's ISO minor units (JPY 0,
// RUB 2, KWD 3), half away from zero. The two totals add the boxes as they are printed, so that the waybill adds up
// (box 33 is the sum of boxes 24-29 on paper); a sum of figures already in minor units needs no rounding.
//
// Where each figure comes from:
// - weight charge: the rating block's line totals; a waybill without rating lines has its `totals.weight_charge`,
//   else the airline's final amount, else the estimated revenue (provisional_amount) the booking priced;
// - valuation charge and tax: `totals.valuation_charge` and `totals.tax` (0 when absent);
// - other charges: each line, due agent (A) or carrier (C), prepaid or collect as the line says;
// - weight charge, valuation and tax are prepaid or collect as the waybill's WT/VAL code says.
// A stored amount is read by decimalOfStored: decimal text, or a number's shortest text in a JSON block written
// before the money migration (0024); anything else counts as zero rather than stopping a billing file.

export type Side = "prepaid" | "collect";

export interface AwbCharges {
  currency: string;
  /** P or C: how the weight charge, valuation and tax are paid. */
  wtVal: "P" | "C";
  weightCharge: Decimal;
  valuationCharge: Decimal;
  tax: Decimal;
  dueAgent: Record<Side, Decimal>;
  dueCarrier: Record<Side, Decimal>;
  totalPrepaid: Decimal;
  totalCollect: Decimal;
}

type Charged = Pick<AirWaybillRow, "rating" | "totals" | "final_amount" | "provisional_amount" | "other_charges" | "wt_val" | "currency">;

/** The weight charge before rounding: the rating block's totals, or the stored amounts when it has no lines. */
function weightChargeOf(awb: Charged): Decimal {
  if (awb.rating.length) return sumAmounts(awb.rating.map((line) => decimalOfStored(line.total)));
  return decimalOfStored(awb.totals.weight_charge ?? awb.final_amount ?? awb.provisional_amount);
}

export function chargesOf(awb: Charged): AwbCharges {
  const currency = awb.currency ?? "";
  const round = (value: Decimal) => roundToCurrency(value, currency);
  const wtVal = awb.wt_val === "C" ? "C" : "P";
  const otherCharges = (due: "A" | "C", side: Side) =>
    round(sumAmounts(awb.other_charges.filter((c) => (c.due === "A" ? "A" : "C") === due && (c.payment === "C" ? "collect" : "prepaid") === side).map((c) => decimalOfStored(c.amount))));
  const weightCharge = round(weightChargeOf(awb));
  const valuationCharge = round(decimalOfStored(awb.totals.valuation_charge));
  const tax = round(decimalOfStored(awb.totals.tax));
  const dueAgent = { prepaid: otherCharges("A", "prepaid"), collect: otherCharges("A", "collect") };
  const dueCarrier = { prepaid: otherCharges("C", "prepaid"), collect: otherCharges("C", "collect") };
  const own = sumAmounts([weightCharge, valuationCharge, tax]);
  const zero = new Decimal(0);
  return {
    currency,
    wtVal,
    weightCharge,
    valuationCharge,
    tax,
    dueAgent,
    dueCarrier,
    totalPrepaid: sumAmounts([wtVal === "P" ? own : zero, dueAgent.prepaid, dueCarrier.prepaid]),
    totalCollect: sumAmounts([wtVal === "C" ? own : zero, dueAgent.collect, dueCarrier.collect]),
  };
}
