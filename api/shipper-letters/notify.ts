import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/open";
import { companies, userNotifications, userProfiles } from "../db/schema";

// Who hears of a shipper's letter: the airline's users when the forwarder sends it, the forwarder's when the airline
// answers. There is no external SLI service in this product; the letter travels between the two companies of the
// waybill, and each side reads the news among its notifications (GET api/v3/notifications/active).

type Tx = Pick<Db, "select" | "selectDistinct" | "insert">;

/** Users a notice goes to at most: a company larger than this hears through its first users (ids ascending). */
const MAX_RECIPIENTS = 500;

export interface LetterNotice {
  en_text: string;
  ru_text: string;
  level: "info" | "warning";
}

async function notifyCompanies(tx: Tx, companyIds: number[], notice: LetterNotice): Promise<void> {
  if (!companyIds.length) return;
  const rows = await tx
    .selectDistinct({ id: userProfiles.user_id })
    .from(userProfiles)
    .where(and(inArray(userProfiles.company_id, companyIds), eq(userProfiles.blocked, false)))
    .orderBy(userProfiles.user_id)
    .limit(MAX_RECIPIENTS);
  if (rows.length) await tx.insert(userNotifications).values(rows.map((r) => ({ user_id: r.id, ...notice })));
}

/** The airline of the waybill's prefix (its airline companies). */
export async function notifyAirline(tx: Tx, carrier: string, notice: LetterNotice): Promise<void> {
  const airlines = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.carrier, carrier), eq(companies.business_type, "airline")));
  await notifyCompanies(
    tx,
    airlines.map((c) => c.id),
    notice,
  );
}

export const notifyForwarder = (tx: Tx, forwarderId: number, notice: LetterNotice) => notifyCompanies(tx, [forwarderId], notice);
