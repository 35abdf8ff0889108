/**
 * Which days the run books on: the first days after the service's today on which the plan's S7 flights still have
 * room, read from the booking search as a forwarder reads it ("free 1,212 kg"). A run fills its days; the next run
 * on the same database moves on to fresh ones, so each run sees flights go from free to full (KK, then LL).
 */
import { dayAfter, DIRECT_LEGS, PLAN_DAYS } from "./cargo-plan";
import { freeWeightsOf } from "./page-readers";
import type { VirtualUser } from "./virtual-user";

/** Room a day's flights need to be chosen: a few waybills' worth, so the run sees both KK and LL on them. */
export const MIN_FREE_KG = 1500;
/** How far ahead to look (the demo schedules 60 days from its first start). */
const LOOK_AHEAD_DAYS = 45;

export async function daysWithRoom(forwarder: VirtualUser, today: string): Promise<string[]> {
  const days: string[] = [];
  for (let ahead = 1; ahead <= LOOK_AHEAD_DAYS && days.length < PLAN_DAYS; ahead++) {
    const date = dayAfter(today, ahead);
    let roomy = true;
    for (const leg of DIRECT_LEGS) {
      const query = new URLSearchParams({ tab: "flights", origin_iata: leg.origin, destination_iata: leg.destination, flight_date: date });
      const page = await forwarder.expectPage("booking search (plan)", `/dashboard/offers/select?${query}`, 'name="origin_iata"');
      const free = freeWeightsOf(page.body);
      if (free.length === 0 || Math.max(...free) < MIN_FREE_KG) roomy = false;
    }
    if (roomy) days.push(date);
  }
  if (days.length === 0) throw new Error(`no day in the next ${LOOK_AHEAD_DAYS} has ${MIN_FREE_KG} kg free on every S7 leg of the plan: use a fresh database`);
  return days;
}
