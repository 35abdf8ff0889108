import { and, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../db/open";
import { agreements, companies } from "../db/schema";

/**
 * The airline's agreement with a forwarder in force on `day` (YYYY-MM-DD): a booking needs one (spec 3 §8 "No valid
 * agreement with airline"), and a printed waybill without a currency of its own takes the agreement's.
 */
export async function agreementInForce(
  db: Pick<Db, "select">,
  waybill: { carrier: string; forwarder_id: number },
  day: string,
): Promise<{ id: number; currency: string } | null> {
  const [found] = await db
    .select({ id: agreements.id, currency: agreements.currency })
    .from(agreements)
    .innerJoin(companies, eq(companies.id, agreements.supplier_id))
    .where(
      and(
        eq(companies.business_type, "airline"),
        eq(companies.carrier, waybill.carrier),
        eq(agreements.client_id, waybill.forwarder_id),
        eq(agreements.active, true),
        lte(agreements.effective_from, day),
        or(isNull(agreements.effective_to), gte(agreements.effective_to, day)),
      ),
    )
    .limit(1);
  return found ?? null;
}
