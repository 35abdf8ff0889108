/**
 * What the forwarders ship and where: a small set of near-future flights of the demo airline S7 (DME→OVB, OVB→KJA
 * and the connection DME→KJA over OVB, on three coming days with room, see flight-days.ts) and waybills of
 * 100-800 kg, so that those flights run full during a run and the capacity check decides (KK while there is space,
 * LL after). Pure: the random source is passed in.
 */

export interface Shipment {
  origin: string;
  destination: string;
  /** YYYY-MM-DD, the service's local day of departure. */
  date: string;
  pieces: number;
  /** Kilograms, whole. */
  weight: number;
  /** Cubic metres, two decimals (about 250 kg/m³, so weight is the tighter limit on the demo aircraft). */
  volume: number;
}

/** S7's demo routes (api/seed-data.ts): the direct legs and their connection over OVB, the connection less often. */
const ROUTES: ReadonlyArray<{ origin: string; destination: string; weight: number; direct: boolean }> = [
  { origin: "DME", destination: "OVB", weight: 5, direct: true },
  { origin: "OVB", destination: "KJA", weight: 3, direct: true },
  { origin: "DME", destination: "KJA", weight: 2, direct: false },
];

/** The direct legs of the routes: the flights whose room decides the days. */
export const DIRECT_LEGS = ROUTES.filter((r) => r.direct);
/** How many days a run books on. */
export const PLAN_DAYS = 3;
export const MIN_WEIGHT_KG = 100;
export const MAX_WEIGHT_KG = 800;
/** The demo airline warns above 300 kg a piece (a question, not a refusal): pieces keep under it. */
const MAX_PIECE_KG = 250;

/** The day `days` after `today` (YYYY-MM-DD, calendar arithmetic in UTC so no time zone shifts it). */
export function dayAfter(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weighted<T extends { weight: number }>(items: readonly T[], random: () => number): T {
  const total = items.reduce((sum, i) => sum + i.weight, 0);
  let r = random() * total;
  for (const item of items) if ((r -= item.weight) < 0) return item;
  return items[items.length - 1]!;
}

/** One shipment to book, on one of the run's `days` (YYYY-MM-DD). */
export function nextShipment(days: readonly string[], random: () => number): Shipment {
  const route = weighted(ROUTES, random);
  const weight = MIN_WEIGHT_KG + Math.floor(random() * (MAX_WEIGHT_KG - MIN_WEIGHT_KG + 1));
  return {
    origin: route.origin,
    destination: route.destination,
    date: days[Math.floor(random() * days.length)]!,
    pieces: Math.ceil(weight / MAX_PIECE_KG),
    weight,
    volume: Math.round((weight / 250) * 100) / 100,
  };
}

/** A small seeded generator (mulberry32), so a run's choices can be replayed with --seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
