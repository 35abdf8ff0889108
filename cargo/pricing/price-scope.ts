// Whether a tariff, charge or surcharge applies to a trip (issue 24). Every check answers with the first field that
// does not match, not a bare false: the engine tells a person why the tariff they expected was passed over.
import type { TariffMissCode } from "./reason-codes";
import type { AirlinePricing, BillingCharge, PricedShipment, PriceReason, PriceScope, Surcharge, Tariff } from "./types";

/** The trip as prices see it: its ends, the airports between, and who ships on which day. */
export interface TripScope {
  carrier: string;
  origin: string;
  destination: string;
  /** The intermediate airports, in order. */
  transfers: readonly string[];
  legs: number;
  allNonStop: boolean;
  date: string;
  product: string | null;
  shcs: readonly string[];
  account: string | null;
  accountGroups: readonly string[];
  salesChannel: string | null;
}

/** For a shipment with at least one leg (priceShipment refuses one without). */
export function tripScopeOf(shipment: PricedShipment): TripScope {
  const legs = shipment.legs;
  return {
    carrier: shipment.carrier,
    origin: legs[0]!.origin,
    destination: legs[legs.length - 1]!.destination,
    transfers: legs.slice(1).map((leg) => leg.origin),
    legs: legs.length,
    allNonStop: legs.every((leg) => leg.nonStop),
    date: shipment.date,
    product: shipment.product,
    shcs: shipment.shcs,
    account: shipment.account,
    accountGroups: shipment.accountGroups,
    salesChannel: shipment.salesChannel,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const intersects = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

function miss(code: TariffMissCode, scope: PriceScope, params: Record<string, string | number> = {}): PriceReason {
  return { code, params: { tariffId: scope.id, ...params } };
}

/**
 * What tariffs, charges and surcharges share. Route first, then dates, then who: the order in which a person looks
 * for the cause, so the first miss is the one worth telling. Dates compare as text: "YYYY-MM-DD" sorts as days do.
 */
export function scopeMiss(scope: PriceScope, trip: TripScope): PriceReason | null {
  if (scope.origin !== null && scope.origin !== trip.origin) return miss("tariff_other_origin", scope, { origin: scope.origin });
  if (scope.destination !== null && scope.destination !== trip.destination) {
    return miss("tariff_other_destination", scope, { destination: scope.destination });
  }
  if (scope.transfers.length > 0 && !sameList(scope.transfers, trip.transfers)) {
    return miss("tariff_other_transfers", scope, { transfers: scope.transfers.join("-") });
  }
  if (scope.nonStop && !trip.allNonStop) return miss("tariff_non_stop_only", scope);
  if (trip.date < scope.effectiveFrom) return miss("tariff_not_yet_effective", scope, { effectiveFrom: scope.effectiveFrom });
  if (scope.effectiveTo !== null && trip.date > scope.effectiveTo) return miss("tariff_expired", scope, { effectiveTo: scope.effectiveTo });
  if (scope.salesChannel !== null && scope.salesChannel !== trip.salesChannel) {
    return miss("tariff_other_sales_channel", scope, { salesChannel: scope.salesChannel });
  }
  // An exclusion wins over an inclusion: a price that names an account on both lists does not price it.
  if (trip.account !== null && scope.accounts.excluded.includes(trip.account)) return miss("tariff_account_excluded", scope);
  if (scope.accounts.included.length > 0 && (trip.account === null || !scope.accounts.included.includes(trip.account))) {
    return miss("tariff_account_not_included", scope);
  }
  if (scope.groups.length > 0 && !intersects(scope.groups, trip.accountGroups)) return miss("tariff_other_group", scope);
  return null;
}

/** Why a tariff does not price the trip, or null when it does. */
export function tariffMiss(tariff: Tariff, trip: TripScope, airline: AirlinePricing): PriceReason | null {
  if (tariff.airline !== trip.carrier) return miss("tariff_other_airline", tariff, { airline: tariff.airline });
  const shared = scopeMiss(tariff, trip);
  if (shared) return shared;
  if ((tariff.legsNumber === "single" && trip.legs !== 1) || (tariff.legsNumber === "many" && trip.legs < 2)) {
    return miss("tariff_legs", tariff, { legsNumber: tariff.legsNumber });
  }
  if (tariff.product !== null && tariff.product !== trip.product) return miss("tariff_other_product", tariff, { product: tariff.product });
  // tariffs_publication: a published tariff binds an agent once the agent acknowledged it, so until then it does
  // not price for that account. Without an account no one has acknowledged it.
  if (airline.tariffsPublication && (trip.account === null || !tariff.accounts.notified.includes(trip.account))) {
    return miss("tariff_not_notified", tariff);
  }
  return null;
}

export function chargeApplies(charge: BillingCharge, trip: TripScope): boolean {
  if (charge.airline !== trip.carrier || scopeMiss(charge, trip)) return false;
  if (charge.products.length > 0 && (trip.product === null || !charge.products.includes(trip.product))) return false;
  return charge.shcs.length === 0 || intersects(charge.shcs, trip.shcs);
}

/** minimalWeight compares with the chargeable weight: a surcharge "from 100 kg" means what the airline charges for. */
export function surchargeApplies(surcharge: Surcharge, trip: TripScope, chargeableWeightKg: number): boolean {
  if (surcharge.airline !== trip.carrier || scopeMiss(surcharge, trip)) return false;
  if (surcharge.productCode !== null && surcharge.productCode !== trip.product) return false;
  return surcharge.minimalWeight === null || surcharge.minimalWeight <= chargeableWeightKg;
}
