// The rate engine's entry (issue 24): one shipment on one trip, priced against the index of the prices in force.
// Cost: the prices in the trip's four buckets (price-index.ts), never the whole set.
import { MAX_COUNT, MAX_VOLUME_M3, MAX_WEIGHT_KG } from "../limits";
import { Decimal, formatAmount } from "../money/money";
import { isIsoDate } from "../time/local-date";
import { chargeableWeight } from "../units";
import { airfreightOf, ratesFor } from "./airfreight";
import { type BasisQuantities, chargeLines } from "./billing-charges";
import { decimalOfQuantity, isQuantity, PriceDataError } from "./price-data";
import { candidatesOf, type PriceIndex } from "./price-index";
import { finishLine } from "./price-line";
import { tariffMiss, tripScopeOf } from "./price-scope";
import { surchargeLines } from "./surcharges";
import { compareSpecificity, mostSpecific, specificitySummary, tariffSpecificity } from "./tariff-choice";
import type { AirlinePricing, Price, PricedShipment, PriceLine, PriceReason, Tariff } from "./types";

/** How many passed-over tariffs a no_tariff refusal lists: enough to find the cause, not a dump of the table. */
export const MAX_PASSED_OVER = 10;

type Weight = Pick<Price, "chargeableWeightKg" | "chargeableBasis">;

const refused = (weight: Weight, ...refusals: PriceReason[]): Price => ({ ...weight, lines: [], totals: [], refusals });
const NO_WEIGHT: Weight = { chargeableWeightKg: 0, chargeableBasis: "gross" };

/**
 * The shipment's figures within the product's limits (cargo/limits): finite, not negative, no heavier than any
 * aircraft carries. Beyond them a typo, not a shipment, so the engine refuses instead of pricing it.
 */
function shipmentFault(shipment: PricedShipment): string | null {
  if (shipment.legs.length === 0) return "legs";
  if (!isIsoDate(shipment.date)) return "date";
  if (!isQuantity(shipment.grossWeightKg) || shipment.grossWeightKg > MAX_WEIGHT_KG) return "grossWeightKg";
  if (!isQuantity(shipment.volumeM3) || shipment.volumeM3 > MAX_VOLUME_M3) return "volumeM3";
  if (!Number.isInteger(shipment.pieces) || shipment.pieces < 0 || shipment.pieces > MAX_COUNT) return "pieces";
  const own = shipment.airlineChargeableWeightKg;
  if (own != null && (!isQuantity(own) || own > MAX_WEIGHT_KG)) return "airlineChargeableWeightKg";
  return null;
}

/**
 * The airline's own chargeable weight (airline_defined_cw) when it gave one: it overrides the agent's figures and the
 * airline's own minimum (the airline stated the weight it charges). Else gross vs volume by its settings.
 */
function weightOf(shipment: PricedShipment, airline: AirlinePricing): Weight | { fault: string } {
  const own = shipment.airlineChargeableWeightKg;
  if (own != null) return { chargeableWeightKg: own, chargeableBasis: "airline" };
  if (!(Number.isFinite(airline.chargeableRatio) && airline.chargeableRatio > 0)) return { fault: "chargeableRatio" };
  if (airline.minChargeWeight !== null && !(isQuantity(airline.minChargeWeight) && airline.minChargeWeight <= MAX_WEIGHT_KG)) {
    return { fault: "minChargeWeight" };
  }
  const cw = chargeableWeight({
    grossWeightKg: shipment.grossWeightKg,
    volumeM3: shipment.volumeM3,
    cm3PerKg: airline.chargeableRatio,
    minChargeableKg: airline.minChargeWeight ?? undefined,
    rounding: airline.cwRoundingRule,
  });
  return { chargeableWeightKg: cw.chargeableWeightKg, chargeableBasis: cw.basis };
}

/**
 * Totals per currency, the airfreight's first. `amount` is what the payer pays: the lines' amounts plus the VAT
 * that is not included in them (included VAT is already inside its amount). `vat` is all the VAT, of both kinds,
 * so an invoice can show it. Lines are already rounded, so the sums are exact.
 */
export function totalsOf(lines: ReadonlyArray<Pick<PriceLine, "amount" | "vat" | "vatInclusion" | "currency">>): Price["totals"] {
  const sums = new Map<string, { amount: Decimal; vat: Decimal }>();
  for (const line of lines) {
    const sum = sums.get(line.currency) ?? { amount: new Decimal(0), vat: new Decimal(0) };
    const vat = new Decimal(line.vat);
    sum.amount = sum.amount.plus(line.amount);
    if (line.vatInclusion === "notIncluded") sum.amount = sum.amount.plus(vat);
    sum.vat = sum.vat.plus(vat);
    sums.set(line.currency, sum);
  }
  return [...sums].map(([currency, sum]) => ({ currency, amount: formatAmount(sum.amount, currency), vat: formatAmount(sum.vat, currency) }));
}

export function priceShipment(shipment: PricedShipment, index: PriceIndex, airline: AirlinePricing): Price {
  const fault = shipmentFault(shipment);
  if (fault) return refused(NO_WEIGHT, { code: "invalid_shipment", params: { field: fault } });
  const found = weightOf(shipment, airline);
  if ("fault" in found) return refused(NO_WEIGHT, { code: "invalid_airline_settings", params: { field: found.fault } });
  const trip = tripScopeOf(shipment);

  const candidates = candidatesOf(index.tariffs, trip.carrier, trip.origin, trip.destination);
  const applicable: Tariff[] = [];
  const missed: Array<{ tariff: Tariff; miss: PriceReason }> = [];
  for (const tariff of candidates) {
    const miss = tariffMiss(tariff, trip, airline);
    if (miss) missed.push({ tariff, miss });
    else applicable.push(tariff);
  }
  const tariff = mostSpecific(applicable, tariffSpecificity);
  if (!tariff) {
    // The nearest candidates are the most specific ones: the tariffs someone made for this trip or this account,
    // whose miss is the likeliest surprise. Sorting happens only here, on a refusal.
    const passedOver = missed
      .map((m) => ({ ...m, key: tariffSpecificity(m.tariff) }))
      .sort((a, b) => compareSpecificity(a.key, b.key))
      .slice(0, MAX_PASSED_OVER)
      .map((m) => m.miss);
    return refused(
      found,
      {
        code: "no_tariff",
        params: {
          carrier: trip.carrier,
          origin: trip.origin,
          destination: trip.destination,
          date: trip.date,
          product: trip.product ?? "",
          candidates: candidates.length,
          shown: passedOver.length,
        },
      },
      ...passedOver,
    );
  }

  try {
    return priceByTariff(shipment, index, trip, found, tariff, {
      code: "tariff_chosen",
      params: { tariffId: tariff.id, ...(tariff.name ? { name: tariff.name } : {}), specificity: specificitySummary(tariffSpecificity(tariff)), applicable: applicable.length },
    });
  } catch (error) {
    if (error instanceof PriceDataError) {
      return refused(found, { code: "invalid_price_data", params: { sourceId: error.sourceId, field: error.field } });
    }
    throw error;
  }
}

function priceByTariff(
  shipment: PricedShipment,
  index: PriceIndex,
  trip: ReturnType<typeof tripScopeOf>,
  airlineWeight: Weight,
  tariff: Tariff,
  chosen: PriceReason,
): Price {
  const reasons: PriceReason[] = [chosen];
  let weight = airlineWeight;
  // The tariff's minimum is a rule of its price, so it raises even the airline's own weight, and every line charged
  // by weight (charges, per-kg surcharges, minimal weights) then counts the raised weight.
  const tariffMinimum = tariff.minChargeableWeight;
  if (tariffMinimum !== null && isQuantity(tariffMinimum) && tariffMinimum > weight.chargeableWeightKg) {
    weight = { chargeableWeightKg: tariffMinimum, chargeableBasis: "minimum" };
    reasons.push({ code: "min_chargeable_weight", params: { kg: tariffMinimum } });
  }

  const { rates, own } = ratesFor(tariff, trip.product);
  const product = trip.product ?? "";
  reasons.push({ code: own ? "product_rates" : "default_rates", params: { product } });
  const quantities: BasisQuantities = {
    gross: decimalOfQuantity(shipment.grossWeightKg),
    charge: decimalOfQuantity(weight.chargeableWeightKg),
    pieces: decimalOfQuantity(shipment.pieces),
    fixed: new Decimal(1),
  };
  if (tariff.basis === "charge") reasons.push({ code: "chargeable_weight", params: { kg: weight.chargeableWeightKg, basis: weight.chargeableBasis } });
  const freight = airfreightOf(tariff.id, tariff.basis, rates, quantities[tariff.basis]);
  if (!freight) return refused(weight, { code: "no_rate", params: { tariffId: tariff.id, product } });

  const freightLine = finishLine({
    kind: "airfreight",
    code: trip.product ?? "FRT",
    description: "Airfreight",
    source: tariff,
    currency: tariff.currency,
    rateClass: freight.rateClass,
    weightBrake: freight.weightBrake,
    basis: tariff.basis,
    baseValue: freight.quantity,
    rate: freight.rate,
    amount: freight.amount,
    reasons: [...reasons, ...freight.reasons],
  });
  const lines = [
    freightLine,
    ...chargeLines(candidatesOf(index.charges, trip.carrier, trip.origin, trip.destination), trip, quantities),
    ...surchargeLines(candidatesOf(index.surcharges, trip.carrier, trip.origin, trip.destination), trip, weight.chargeableWeightKg, {
      amount: freight.amount,
      currency: tariff.currency,
    }),
  ];
  return { ...weight, lines, totals: totalsOf(lines), refusals: [] };
}

