import { and, count, eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { awbStockNumbers, userNotifications, userProfiles } from "../db/schema";

// Issue 10 "AWB stocks": a forwarder is told when its free numbers of an airline fall below the level the airline
// sets (airline settings, other_settings.awb_stock_alert_level; unset: never). Told once, when a waybill's number
// takes the count across the level, so that every later waybill does not repeat it; every user of the forwarder
// reads it among their notifications.

type Tx = Pick<Db, "select" | "insert">;

/** The airline setting (airlines.settings) holding the level. */
export const STOCK_ALERT_SETTING = "awb_stock_alert_level";

export function stockAlertLevel(settings: Record<string, unknown>): number | null {
  const level = Number(settings[STOCK_ALERT_SETTING]);
  return Number.isInteger(level) && level > 0 ? level : null;
}

/** After a number was taken: notifies the forwarder's users when the free count just went below `level`. */
export async function noticeLowStock(tx: Tx, opts: { forwarderId: number; prefix: string; carrier: string; level: number | null }) {
  if (opts.level === null) return;
  const [row] = await tx
    .select({ n: count() })
    .from(awbStockNumbers)
    .where(and(eq(awbStockNumbers.forwarder_id, opts.forwarderId), eq(awbStockNumbers.prefix, opts.prefix), eq(awbStockNumbers.state, "free")));
  const free = row?.n ?? 0;
  if (free !== opts.level - 1) return;
  const users = await tx.select({ id: userProfiles.user_id }).from(userProfiles).where(eq(userProfiles.company_id, opts.forwarderId));
  if (!users.length) return;
  await tx.insert(userNotifications).values(
    [...new Set(users.map((u) => u.id))].map((user_id) => ({
      user_id,
      level: "warning" as const,
      en_text: `Only ${free} free air waybill numbers of ${opts.carrier} (${opts.prefix}) are left in your stock: ask the airline for more.`,
      ru_text: `В вашем стоке осталось только ${free} свободных номеров авианакладных ${opts.carrier} (${opts.prefix}): запросите новые у авиакомпании.`,
    })),
  );
}
