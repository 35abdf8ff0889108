// The prices in force, bucketed once so that pricing a trip reads only the prices that could apply to it (a priced
// route search prices every trip of a day against thousands of tariffs: a scan of them all per trip would not fit
// its 100 ms). A price lands in one bucket by carrier, origin and destination, a null end in the wildcard "*"; a
// trip A→B reads the four buckets A→B, A→*, *→B and *→*.
import type { BillingCharge, PriceScope, Surcharge, Tariff } from "./types";

export interface PriceIndex {
  tariffs: ReadonlyMap<string, readonly Tariff[]>;
  charges: ReadonlyMap<string, readonly BillingCharge[]>;
  surcharges: ReadonlyMap<string, readonly Surcharge[]>;
}

export interface PriceSet {
  tariffs: readonly Tariff[];
  charges: readonly BillingCharge[];
  surcharges: readonly Surcharge[];
}

const WILDCARD = "*";
// "|" is not in an airline designator or an IATA code, so keys of different carriers or airports cannot meet.
const keyOf = (airline: string, origin: string, destination: string) => `${airline}|${origin}|${destination}`;

function bucket<T extends PriceScope>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item.airline, item.origin ?? WILDCARD, item.destination ?? WILDCARD);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

export function buildPriceIndex(prices: PriceSet): PriceIndex {
  return { tariffs: bucket(prices.tariffs), charges: bucket(prices.charges), surcharges: bucket(prices.surcharges) };
}

/** The prices of the carrier whose ends could match origin → destination, most route-specific bucket first. */
export function candidatesOf<T>(buckets: ReadonlyMap<string, readonly T[]>, carrier: string, origin: string, destination: string): T[] {
  const found: T[] = [];
  for (const [o, d] of [
    [origin, destination],
    [origin, WILDCARD],
    [WILDCARD, destination],
    [WILDCARD, WILDCARD],
  ] as const) {
    const list = buckets.get(keyOf(carrier, o, d));
    if (list) for (const item of list) found.push(item);
  }
  return found;
}
