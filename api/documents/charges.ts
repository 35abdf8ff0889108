import type { AirWaybillRow } from "../air-waybills/access";

// The charges of a waybill as its documents print and bill them (IATA Resolution 600a boxes 24-33; the CASS file and
// the sales report add the same figures up). Amounts are whole minor units (cents, kopecks) so that sums are exact;
// they are rounded once, from the stored figures, here.
//
// Where each figure comes from:
// - weight charge: the rating block's line totals; a waybill without rating lines has its `totals.weight_charge`,
//   else the airline's final amount, else the estimated revenue (provisional_amount) the booking priced;
// - valuation charge and tax: `totals.valuation_charge` and `totals.tax` (0 when absent);
// - other charges: each line, due agent (A) or carrier (C), prepaid or collect as the line says;
// - weight charge, valuation and tax are prepaid or collect as the waybill's WT/VAL code says.

export type Side = "prepaid" | "collect";

export interface AwbCharges {
  currency: string;
  /** P or C: how the weight charge, valuation and tax are paid. */
  wtVal: "P" | "C";
  weightCharge: number;
  valuationCharge: number;
  tax: number;
  dueAgent: Record<Side, number>;
  dueCarrier: Record<Side, number>;
  totalPrepaid: number;
  totalCollect: number;
}

export const cents = (amount: number | null | undefined): number => (amount == null || !Number.isFinite(amount) ? 0 : Math.round(amount * 100));

/** "1234.50" from 123450 minor units. */
export const money = (minor: number): string => (minor / 100).toFixed(2);

/** The weight charge before rounding: the rating block's totals, or the stored amounts when it has no lines. */
function weightChargeOf(awb: Pick<AirWaybillRow, "rating" | "totals" | "final_amount" | "provisional_amount">): number {
  if (awb.rating.length) return awb.rating.reduce((sum, line) => sum + cents(line.total), 0);
  return cents(awb.totals.weight_charge ?? awb.final_amount ?? awb.provisional_amount);
}

export function chargesOf(awb: Pick<AirWaybillRow, "rating" | "totals" | "final_amount" | "provisional_amount" | "other_charges" | "wt_val" | "currency">): AwbCharges {
  const wtVal = awb.wt_val === "C" ? "C" : "P";
  const weightCharge = weightChargeOf(awb);
  const valuationCharge = cents(awb.totals.valuation_charge);
  const tax = cents(awb.totals.tax);
  const dueAgent = { prepaid: 0, collect: 0 };
  const dueCarrier = { prepaid: 0, collect: 0 };
  for (const charge of awb.other_charges) {
    const side: Side = charge.payment === "C" ? "collect" : "prepaid";
    (charge.due === "A" ? dueAgent : dueCarrier)[side] += cents(charge.amount);
  }
  const own = weightCharge + valuationCharge + tax;
  return {
    currency: awb.currency ?? "",
    wtVal,
    weightCharge,
    valuationCharge,
    tax,
    dueAgent,
    dueCarrier,
    totalPrepaid: (wtVal === "P" ? own : 0) + dueAgent.prepaid + dueCarrier.prepaid,
    totalCollect: (wtVal === "C" ? own : 0) + dueAgent.collect + dueCarrier.collect,
  };
}
