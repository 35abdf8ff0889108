import { eq, sql } from "drizzle-orm";
import { KG_PER_LB, roundWeight } from "../../cargo/units";
import type { Db } from "../db/open";
import { houseWaybills } from "../db/schema";

// A consolidation's houses must add up to its master (issue 11): the sum of their pieces equals the master's, and the
// sum of their weights (pounds counted in kg) equals its weight, rounded as Cargo-IMP rounds weights. The list of
// houses shows these sums and the waybill's warnings carry "house_totals_differ" (api/air-waybills/warnings.ts).

export interface HouseTotals {
  houses: number;
  pieces: number;
  /** kg */
  weight: number;
}

export async function houseTotals(db: Pick<Db, "select">, awbId: number): Promise<HouseTotals> {
  const [sum] = await db
    .select({
      houses: sql<number>`count(*)::int`,
      pieces: sql<number>`coalesce(sum(${houseWaybills.pieces}), 0)::int`,
      weight: sql<number>`coalesce(sum(case when ${houseWaybills.weight_code} = 'L' then ${houseWaybills.weight} * ${KG_PER_LB} else ${houseWaybills.weight} end), 0)::float8`,
    })
    .from(houseWaybills)
    .where(eq(houseWaybills.air_waybill_id, awbId));
  return { houses: sum?.houses ?? 0, pieces: sum?.pieces ?? 0, weight: roundWeight(sum?.weight ?? 0) };
}

/** Whether the houses fail to add up to the master; a waybill without houses is not a consolidation. */
export const totalsDiffer = (totals: HouseTotals, master: { pieces: number; weight: number }) =>
  totals.houses > 0 && (totals.pieces !== master.pieces || totals.weight !== roundWeight(master.weight));
