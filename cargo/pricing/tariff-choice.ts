// Which of the applicable prices wins (issue 24): the most specific one. The criteria compare in a fixed order and
// the first difference decides, so a deal made for one account beats any route detail of a general tariff, and a
// person can tell from the summary why a tariff won without reading the others.
import type { BillingCharge, PriceScope, Surcharge, Tariff } from "./types";

/** One criterion: its name in the summary and its rank (higher is more specific). */
type Criterion = readonly [name: string, rank: number];

export interface Specificity {
  criteria: readonly Criterion[];
  effectiveFrom: string;
  id: number;
}

// What every price has. The account counts only when the price names accounts it is for (a scope that passed the
// checks with a non-empty `included` list names this shipment's account).
function scopeCriteria(scope: PriceScope): Criterion[] {
  return [
    ["account", scope.accounts.included.length > 0 ? 1 : 0],
    ["route", (scope.origin !== null ? 1 : 0) + (scope.destination !== null ? 1 : 0)],
    ["transfers", scope.transfers.length > 0 ? 1 : 0],
  ];
}

const tail = (scope: PriceScope): Criterion[] => [
  ["groups", scope.groups.length > 0 ? 1 : 0],
  ["channel", scope.salesChannel !== null ? 1 : 0],
];

export function tariffSpecificity(tariff: Tariff): Specificity {
  return {
    criteria: [
      ...scopeCriteria(tariff),
      ["legs", tariff.legsNumber === "any" ? 0 : 1],
      ["nonStop", tariff.nonStop ? 1 : 0],
      ["product", tariff.product !== null ? 1 : 0],
      ...tail(tariff),
      // A second-level tariff is a deal laid over the published one: it wins where it applies.
      ["second", tariff.level === "second" ? 1 : 0],
      // A derivative copies another tariff (e.g. a percentage of it): the original is the airline's own statement.
      ["original", tariff.isDerivative ? 0 : 1],
    ],
    effectiveFrom: tariff.effectiveFrom,
    id: tariff.id,
  };
}

/** Charges have product and SHC lists where tariffs have one product: naming any counts as naming the product. */
export function chargeSpecificity(charge: BillingCharge): Specificity {
  return {
    criteria: [
      ...scopeCriteria(charge),
      ["nonStop", charge.nonStop ? 1 : 0],
      ["product", charge.products.length > 0 ? 1 : 0],
      ["shc", charge.shcs.length > 0 ? 1 : 0],
      ...tail(charge),
    ],
    effectiveFrom: charge.effectiveFrom,
    id: charge.id,
  };
}

export function surchargeSpecificity(surcharge: Surcharge): Specificity {
  return {
    criteria: [
      ...scopeCriteria(surcharge),
      ["nonStop", surcharge.nonStop ? 1 : 0],
      ["product", surcharge.productCode !== null ? 1 : 0],
      // Tiers of one code (FSC from 0 kg, FSC from 500 kg): the higher tier the shipment reached is the one meant.
      ["minimalWeight", surcharge.minimalWeight ?? 0],
      ...tail(surcharge),
    ],
    effectiveFrom: surcharge.effectiveFrom,
    id: surcharge.id,
  };
}

/**
 * Negative when `a` is more specific. After the criteria, the later effectiveFrom wins (the newer statement of the
 * same price), then the lower id, so the choice never depends on the order the database returned rows in.
 */
export function compareSpecificity(a: Specificity, b: Specificity): number {
  for (let i = 0; i < a.criteria.length; i++) {
    const diff = (b.criteria[i]?.[1] ?? 0) - a.criteria[i]![1];
    if (diff !== 0) return diff;
  }
  if (a.effectiveFrom !== b.effectiveFrom) return a.effectiveFrom > b.effectiveFrom ? -1 : 1;
  return a.id - b.id;
}

/** The most specific item, or undefined for none. */
export function mostSpecific<T>(items: readonly T[], specificityOf: (item: T) => Specificity): T | undefined {
  let best: T | undefined;
  let bestKey: Specificity | undefined;
  for (const item of items) {
    const key = specificityOf(item);
    if (!bestKey || compareSpecificity(key, bestKey) < 0) [best, bestKey] = [item, key];
  }
  return best;
}

/** "account+route2+product", or "general": the criteria a price names, for the line's reason. */
export function specificitySummary(key: Specificity): string {
  const named = key.criteria.filter(([name, rank]) => rank > 0 && name !== "original").map(([name, rank]) => (rank > 1 ? `${name}${rank}` : name));
  const derivative = key.criteria.some(([name, rank]) => name === "original" && rank === 0);
  if (derivative) named.push("derivative");
  return named.length > 0 ? named.join("+") : "general";
}
