import { Decimal, formatAmount } from "../../../cargo/money/money";

// Which options of the forwarder's search stand out (issue 24: "each trip priced by the engine, cheapest and fastest
// marked"): among the trips that can be booked, the cheapest of those priced in the search's main currency and the
// one that takes the least time door to door. Amounts are compared as decimals, never as numbers.

export interface Markable {
  key: string;
  cost: string | null;
  currency: string | null;
  trip_minutes?: number | string | null;
  bookable: boolean;
}

export interface TripMarks {
  cheapest: string | null;
  fastest: string | null;
}

export function tripMarks(trips: readonly Markable[]): TripMarks {
  const open = trips.filter((t) => t.bookable);
  const priced = open.filter((t): t is Markable & { cost: string; currency: string } => t.cost !== null && t.currency !== null);
  // Prices in different currencies do not compare: the currency most trips are priced in decides.
  const counts = new Map<string, number>();
  for (const t of priced) counts.set(t.currency, (counts.get(t.currency) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  let cheapest: (typeof priced)[number] | null = null;
  for (const t of priced) if (t.currency === main && (!cheapest || new Decimal(t.cost).lt(cheapest.cost))) cheapest = t;
  let fastest: Markable | null = null;
  for (const t of open) {
    const minutes = Number(t.trip_minutes);
    if (Number.isFinite(minutes) && (!fastest || minutes < Number(fastest.trip_minutes))) fastest = t;
  }
  // One option only: it is neither cheaper nor faster than anything.
  return open.length > 1 ? { cheapest: cheapest?.key ?? null, fastest: fastest?.key ?? null } : { cheapest: null, fastest: null };
}

/** A trip's cost as the page shows it: rounded to its currency's decimals (decimal text), or null without a price. */
export const costText = (trip: { cost: string | null; currency: string | null }): string | null =>
  trip.cost && trip.currency ? formatAmount(new Decimal(trip.cost), trip.currency) : null;
