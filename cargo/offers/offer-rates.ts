import { Decimal, formatAmount, sumAmounts, type Decimal as DecimalValue } from "../money/money";

/**
 * An offer's price lines (spec 2 §3 "Offer rate"; §9 "Class codes: M, N, Q. Offer rate bases: weight, charge,
 * fixed_value"). A line is the carrier's airfreight or a charge (the agent's own, or the carrier's), priced by a rate
 * per unit of its basis. Two amounts make the forwarder's margin: incoming (what the forwarder pays: the carrier's
 * tariff, or its own cost) and outgoing (what it asks its customer). Amounts are decimal text in and out, computed as
 * Decimals and rounded once, to the currency's minor units, where a line's amount is fixed (cargo/money).
 */

export const OFFER_RATE_TYPES = ["airfreight", "charge"] as const;
export type OfferRateType = (typeof OFFER_RATE_TYPES)[number];
/** M minimum charge (the rate is the amount), N normal, Q quantity (a weight break's rate). */
export const OFFER_RATE_CLASSES = ["M", "N", "Q"] as const;
export type OfferRateClass = (typeof OFFER_RATE_CLASSES)[number];
/** Per kg of gross weight, per kg of chargeable weight, or one amount for the shipment. */
export const OFFER_RATE_BASES = ["weight", "charge", "fixed_value"] as const;
export type OfferRateBasis = (typeof OFFER_RATE_BASES)[number];
/** Whose charge the line is: the forwarder's (agent) or the carrier's. */
export const OFFER_RATE_COMPANIES = ["agent", "carrier"] as const;
export type OfferRateCompany = (typeof OFFER_RATE_COMPANIES)[number];

/** What a line's amounts are computed from: decimal text, already read strictly (cargo/money parseAmount). */
export interface OfferRateInput {
  basis: OfferRateBasis;
  rate_class_code: OfferRateClass | null;
  rate: string;
  /** The quantity the rate is multiplied by (kg); fixed_value and class M lines are one amount: 1. */
  base_value: string;
  /** Given: the forwarder's own figure; absent: the rate's amount. */
  incoming_amount?: string | null;
  /** Given: the forwarder's price; absent: the incoming amount (no margin). */
  outgoing_amount?: string | null;
  currency: string;
}

export interface OfferRateAmounts {
  base_value: string;
  /** The rate times the base value, rounded to the currency. */
  amount: string;
  incoming_amount: string;
  outgoing_amount: string;
  /** outgoing − incoming: the forwarder's margin on the line (negative when it sells below cost). */
  margin: string;
}

/** Whether a line is one amount (the rate itself) rather than a rate per kg. */
export const isLumpSum = (r: Pick<OfferRateInput, "basis" | "rate_class_code">) => r.basis === "fixed_value" || r.rate_class_code === "M";

/**
 * The base value a line gets when the client sends none: the shipment's gross weight (weight), its chargeable
 * weight (charge), or 1 for one amount. Weights are the offer's, in kg, as decimal text.
 */
export function defaultBaseValue(r: Pick<OfferRateInput, "basis" | "rate_class_code">, weights: { gross: string; chargeable: string }): string {
  if (isLumpSum(r)) return "1";
  return r.basis === "charge" ? weights.chargeable : weights.gross;
}

/** A line's amounts, each rounded once to the currency's minor units. */
export function offerRateAmounts(r: OfferRateInput): OfferRateAmounts {
  const base = isLumpSum(r) ? new Decimal(1) : new Decimal(r.base_value);
  const amount = new Decimal(r.rate).times(base);
  const incoming = r.incoming_amount != null ? new Decimal(r.incoming_amount) : amount;
  const outgoing = r.outgoing_amount != null ? new Decimal(r.outgoing_amount) : incoming;
  const round = (d: DecimalValue) => formatAmount(d, r.currency);
  // the margin of the rounded amounts, so that the page's columns add up
  const margin = new Decimal(round(outgoing)).minus(new Decimal(round(incoming)));
  return { base_value: base.toString(), amount: round(amount), incoming_amount: round(incoming), outgoing_amount: round(outgoing), margin: round(margin) };
}

export interface OfferTotal {
  currency: string;
  incoming_amount: string;
  outgoing_amount: string;
  margin: string;
}

/**
 * The offer's totals per currency, in currency order: the sums of its lines' (already rounded) amounts, exact.
 * Lines in different currencies are never added together.
 */
export function offerTotals(lines: ReadonlyArray<{ currency: string; incoming_amount: string; outgoing_amount: string }>): OfferTotal[] {
  const byCurrency = new Map<string, Array<{ incoming_amount: string; outgoing_amount: string }>>();
  for (const line of lines) {
    const list = byCurrency.get(line.currency) ?? [];
    list.push(line);
    byCurrency.set(line.currency, list);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, list]) => {
      const incoming = sumAmounts(list.map((l) => new Decimal(l.incoming_amount)));
      const outgoing = sumAmounts(list.map((l) => new Decimal(l.outgoing_amount)));
      return {
        currency,
        incoming_amount: formatAmount(incoming, currency),
        outgoing_amount: formatAmount(outgoing, currency),
        margin: formatAmount(outgoing.minus(incoming), currency),
      };
    });
}
