/**
 * What the virtual users share during a run: the days they book on (found from the service's own "today" and
 * booking search, never from this machine's clock), what they were told (the ledger), the flights their pages named with the segment ids the
 * links carry, how each journey ended, and the run's random source.
 */
import type { JourneyTally } from "./journey-tally";
import type { ToldLedger } from "./told-ledger";
import type { VirtualUser } from "./virtual-user";

export interface LoadWorld {
  /** YYYY-MM-DD: the days the run books on (coming days with room on the plan's flights). */
  days: string[];
  ledger: ToldLedger;
  tally: JourneyTally;
  random: () => number;
  /** "S70101/26NOV26" → its segment id, learned from the trips the forwarders booked. */
  flightIds: Map<string, number>;
}

/** How a journey ended when it did not throw: done, nothing to do, or a refusal the user can read. */
export type JourneyEnd = { outcome: "completed" } | { outcome: "idle"; reason: string } | { outcome: "refused"; reason: string };

export type Journey = (user: VirtualUser, world: LoadWorld) => Promise<JourneyEnd>;

export const completed: JourneyEnd = { outcome: "completed" };
export const idle = (reason: string): JourneyEnd => ({ outcome: "idle", reason });
export const refused = (reason: string): JourneyEnd => ({ outcome: "refused", reason });

/** One of `items`, by the run's random source. */
export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}
