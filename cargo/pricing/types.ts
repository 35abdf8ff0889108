// What the rate engine reads and what it answers (issue 24; spec 2 §3 "Tariffs, charges, surcharges", "Rate line",
// §9 rate classes, bases and rate-break columns). Amounts and rates are decimal text, exactly as the API and the
// database carry them ("12.50", never a JavaScript number); the engine computes them as Decimals (cargo/money) and
// rounds once, at the end of each line, to the currency's minor units. Weights and volumes are numbers in kg and m3
// (cargo/units): they are measured quantities, not money.

/** What the rate or amount is multiplied by: gross weight, chargeable weight, one shipment (fixed), or pieces. */
export type TariffBasis = "gross" | "charge" | "fixed" | "pieces";
/** How VAT relates to the amount: none, added on top of it, or already inside it. */
export type VatInclusion = "without" | "notIncluded" | "included";
/** A first-level tariff is the airline's published price; a second-level one is a deal laid over it. */
export type TariffLevel = "first" | "second";
/** Which trips a tariff prices: any, direct only (single leg), or with transfer only (many legs). */
export type LegsNumber = "any" | "single" | "many";
/** IATA rate classes the product uses (spec 2 §9): M minimum charge, N normal (under 45 kg), Q quantity (a weight break). */
export type RateClass = "M" | "N" | "Q";

/**
 * One rate of a tariff. M: `value` is the minimum amount. N: the rate per unit under the first break (`weightBrake`
 * 0). Q: the rate per unit from `weightBrake` (45, 100, 300, 500, 1000 or any other) upwards. A rate without a
 * productCode is the tariff's default, used for a product the tariff has no rates of its own for.
 */
export interface TariffRate {
  productCode: string | null;
  rateClass: RateClass;
  /** Units (kg, or pieces for the pieces basis) from which a Q rate applies; 0 for M and N. */
  weightBrake: number;
  value: string;
}

/** Who a price is for, by account number (spec 2: companies/accounts included, excluded, notified). */
export interface PriceAccounts {
  /** Only these accounts; empty: every account. */
  included: readonly string[];
  /** Never these accounts. */
  excluded: readonly string[];
  /** Accounts that confirmed they know of this price (notification_marks). */
  notified: readonly string[];
}

/** Where and when a price applies: what tariffs, charges and surcharges share. Empty lists and nulls mean "any". */
export interface PriceScope {
  id: number;
  /** The airline's own id of the price (internalId), which explanations name beside the number; null: none. */
  name?: string | null;
  airline: string;
  /** Airports (IATA); null: any. */
  origin: string | null;
  destination: string | null;
  /** The transfer airports a trip must pass, in order; empty: any. */
  transfers: readonly string[];
  /** Only trips whose every leg is a non-stop flight. */
  nonStop: boolean;
  /** "YYYY-MM-DD", both days included; effectiveTo null: open-ended. */
  effectiveFrom: string;
  effectiveTo: string | null;
  /** e.g. "web", "api", "interline"; null: every channel. */
  salesChannel: string | null;
  accounts: PriceAccounts;
  /** Account groups (billing/groups); empty: every group. */
  groups: readonly string[];
  currency: string;
  vatInclusion: VatInclusion;
  /** Percent as decimal text ("20"); null when vatInclusion is "without". */
  vatPercent: string | null;
}

export interface Tariff extends PriceScope {
  basis: TariffBasis;
  level: TariffLevel;
  legsNumber: LegsNumber;
  /** The product the tariff is for; null: every product. */
  product: string | null;
  /** Derived from another tariff (e.g. a percentage of it): an original one of the same specificity wins. */
  isDerivative: boolean;
  /** The tariff's own minimum chargeable weight (kg), above the airline's; null: none. */
  minChargeableWeight: number | null;
  rates: readonly TariffRate[];
}

/** A billing charge (an "other charge" such as AWC or MYC): one line per charge code. */
export interface BillingCharge extends PriceScope {
  chargeCode: string;
  chargeName: string;
  basis: TariffBasis;
  /** Per unit of the basis (or the amount, for the fixed basis). */
  rate: string;
  /** The line is never below this amount; null: no minimum. */
  minimalRate: string | null;
  /** Products it applies to; empty: every product. */
  products: readonly string[];
  /** SHCs of which the shipment must carry at least one; empty: every shipment. */
  shcs: readonly string[];
}

/** A surcharge on the airfreight: a percentage of it, a rate per chargeable kg, or a fixed amount. */
export type SurchargeType = "percent" | "perKg" | "fixed";

export interface Surcharge extends PriceScope {
  /** The product it applies to; null: every product. */
  productCode: string | null;
  type: SurchargeType;
  value: string;
  /** Applies from this chargeable weight (kg) upwards; null: every weight. */
  minimalWeight: number | null;
  /** The code the line carries (e.g. "FSC" fuel, "SSC" security); the surcharge's own name. */
  code: string;
}

/** One leg of the trip being priced. */
export interface PricedLeg {
  origin: string;
  destination: string;
  /** False when the flight stops on the way (a technical stop): a nonStop price does not apply. */
  nonStop: boolean;
}

/** The airline's settings that shape the price (spec 2 "Airline settings"). */
export interface AirlinePricing {
  /** cm3 per kg, e.g. 6000. */
  chargeableRatio: number;
  /** kg; null: none. */
  minChargeWeight: number | null;
  cwRoundingRule: "0.5" | "1";
  /** With tariffs_publication on, a tariff prices an account only once the account confirmed it (notified). */
  tariffsPublication: boolean;
}

/** What is priced: one shipment on one trip, for one agent. */
export interface PricedShipment {
  carrier: string;
  legs: readonly PricedLeg[];
  product: string | null;
  shcs: readonly string[];
  pieces: number;
  grossWeightKg: number;
  volumeM3: number;
  /** The airline's own chargeable weight (airline_defined_cw): it overrides the computed one. */
  airlineChargeableWeightKg?: number | null;
  /** The day whose prices apply ("YYYY-MM-DD"): the tariff date, else the first flight's date. */
  date: string;
  /** The agent's account number with the airline (its agreement), and the groups it belongs to. */
  account: string | null;
  accountGroups: readonly string[];
  salesChannel: string | null;
}

/** Why the engine decided what it did: a code and its parameters, which pages translate (`pricing.reason.<code>`). */
export interface PriceReason {
  code: string;
  params?: Record<string, string | number>;
}

export type RateLineKind = "airfreight" | "charge" | "surcharge";

/** One line of a price, with what a person needs to check it. */
export interface PriceLine {
  kind: RateLineKind;
  /** The charge or surcharge code; the product (or "FRT") for airfreight. */
  code: string;
  description: string;
  /** Which tariff, charge or surcharge priced it. */
  sourceId: number;
  rateClass: RateClass | null;
  /** The weight break the rate came from (kg or pieces); null when the line has none. */
  weightBrake: number | null;
  basis: TariffBasis | "percent";
  /** The quantity the rate was multiplied by (kg, pieces, 1, or the airfreight amount for a percentage). */
  baseValue: string;
  rate: string;
  /** Rounded to the currency's minor units; VAT as vatInclusion says (inside it when included). */
  amount: string;
  currency: string;
  vatInclusion: VatInclusion;
  vatPercent: string | null;
  /** The VAT part of the line, rounded; "0" when without. */
  vat: string;
  reasons: PriceReason[];
}

/** The engine's answer: the lines, the totals per currency, and what stopped it when it could not price. */
export interface Price {
  chargeableWeightKg: number;
  /** How the chargeable weight was found: gross, volume, minimum (airline or tariff), or set by the airline. */
  chargeableBasis: "gross" | "volume" | "minimum" | "airline";
  lines: PriceLine[];
  /** Per currency: the sum of the lines' amounts and of their VAT (already rounded lines, so the sum is exact). */
  totals: Array<{ currency: string; amount: string; vat: string }>;
  /** Empty when priced; otherwise why not (e.g. no_tariff, with the tariffs considered and why each was passed over). */
  refusals: PriceReason[];
}

/**
 * Where an airline that bills automatically takes a priced waybill's billing date from (its billing_date_source):
 * the issue date, the departure (actual, else scheduled), or the day of the calculation.
 */
export const BILLING_DATE_SOURCES = ["issue", "departure", "calculation"] as const;
export type BillingDateSource = (typeof BILLING_DATE_SOURCES)[number];
