// Every code the rate engine writes into a line's reasons or a price's refusals. Pages translate them as
// `pricing.reason.<code>` (en, ru, es); a test checks the engine writes no code missing here, so a translation file
// built from this list is complete. Params are listed beside each code: translations may use exactly these.

export const PRICE_REFUSAL_CODES = [
  /** No tariff applies. {carrier, origin, destination, date, product, candidates (how many were looked at), shown} */
  "no_tariff",
  /** The chosen tariff has no rates for the product and no default rates. {tariffId, product} */
  "no_rate",
  /** The shipment cannot be priced as sent. {field}: legs, date, grossWeightKg, volumeM3, pieces, airlineChargeableWeightKg */
  "invalid_shipment",
  /** The airline's settings cannot compute a chargeable weight. {field}: chargeableRatio, minChargeWeight */
  "invalid_airline_settings",
  /** A tariff, charge or surcharge carries an amount the engine cannot read. {sourceId, field} */
  "invalid_price_data",
] as const;

/**
 * Why a tariff was passed over (listed after no_tariff, the nearest candidates first). Each has {tariffId} plus
 * the field that did not match: e.g. tariff_expired {tariffId, effectiveTo}.
 */
export const TARIFF_MISS_CODES = [
  /** {tariffId, airline}: only when a caller mixes carriers; the index never offers another carrier's tariff */
  "tariff_other_airline",
  /** {tariffId, effectiveFrom} */
  "tariff_not_yet_effective",
  /** {tariffId, effectiveTo} */
  "tariff_expired",
  /** {tariffId, origin} */
  "tariff_other_origin",
  /** {tariffId, destination} */
  "tariff_other_destination",
  /** {tariffId, transfers} ("FRA-AMS", the airports the tariff requires in order) */
  "tariff_other_transfers",
  /** {tariffId}: a leg of the trip stops on the way */
  "tariff_non_stop_only",
  /** {tariffId, salesChannel} */
  "tariff_other_sales_channel",
  /** {tariffId} */
  "tariff_account_excluded",
  /** {tariffId}: the tariff names its accounts and this one is not among them */
  "tariff_account_not_included",
  /** {tariffId}: the account belongs to none of the tariff's groups */
  "tariff_other_group",
  /** {tariffId, legsNumber} ("single" or "many") */
  "tariff_legs",
  /** {tariffId, product} */
  "tariff_other_product",
  /** {tariffId}: the airline publishes tariffs and the account has not acknowledged this one */
  "tariff_not_notified",
] as const;

/** What a line says about how it was priced. */
export const LINE_REASON_CODES = [
  /** {tariffId, name (the airline's own id of the tariff, when it has one), specificity (the criteria it names, e.g. "account+origin+destination+product"), applicable (how many tariffs applied)} */
  "tariff_chosen",
  /** {product}: the tariff's rates for the product */
  "product_rates",
  /** {product}: the tariff has no rates of the product's own; its default rates price it */
  "default_rates",
  /** {kg, basis}: the chargeable weight and what decided it (gross, volume, minimum, airline) */
  "chargeable_weight",
  /** {kg}: the tariff's minimum chargeable weight raised the weight */
  "min_chargeable_weight",
  /** {rateClass, weightBrake}: the rate of this break applies to the quantity */
  "rate_break",
  /** {weightBrake, quantity}: charging the weight of the next break was cheaper than the actual quantity */
  "higher_break_cheaper",
  /** {minimum, computed}: the computed amount was under the minimum, the minimum is charged */
  "minimum_charge",
  /** {}: fixed basis, the rate is the amount */
  "fixed_amount",
  /** {percent} */
  "vat_included",
  /** {percent} */
  "vat_not_included",
  /** {chargeId, specificity, applicable} */
  "charge_chosen",
  /** {surchargeId, specificity, applicable} */
  "surcharge_chosen",
  /** {percent, currency}: a percentage of the airfreight, so in the airfreight's currency */
  "surcharge_percent",
] as const;

export const PRICE_REASON_CODES = [...PRICE_REFUSAL_CODES, ...TARIFF_MISS_CODES, ...LINE_REASON_CODES] as const;

export type PriceRefusalCode = (typeof PRICE_REFUSAL_CODES)[number];
export type TariffMissCode = (typeof TARIFF_MISS_CODES)[number];
export type LineReasonCode = (typeof LINE_REASON_CODES)[number];
export type PriceReasonCode = (typeof PRICE_REASON_CODES)[number];
