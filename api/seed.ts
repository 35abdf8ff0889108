import { count, sql } from "drizzle-orm";
import { hashPassword } from "./auth/passwords";
import type { Database } from "./db/open";
import { airlines, companies, globalNotifications, userProfiles, users } from "./db/schema";
import { DEMO_AIRLINES, DEMO_COMPANIES, DEMO_GLOBAL_NOTIFICATIONS, DEMO_PASSWORD, DEMO_USERS } from "./seed-data";

/** Arbitrary constant: two API instances starting on an empty database must not both seed it. */
const SEED_LOCK_ID = 727_274_002;

/**
 * Fills an empty database with the demo tenants, companies and accounts (see seed-data.ts).
 * Does nothing when any user exists, so it is safe to call at every start. Returns whether it seeded.
 */
export async function seedDemoData(database: Database): Promise<boolean> {
  // Hash outside the transaction: scrypt is slow by design and must not hold the lock meanwhile.
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;

    await tx.insert(airlines).values(DEMO_AIRLINES);
    const companyRows = await tx
      .insert(companies)
      .values(DEMO_COMPANIES)
      .returning({ id: companies.id, shortName: companies.shortName });
    const companyId = new Map(companyRows.map((c) => [c.shortName, c.id]));

    const userRows = await tx
      .insert(users)
      .values(DEMO_USERS.map((u, i) => ({ email: u.email, firstname: u.firstname, lastname: u.lastname, passwordHash: hashes[i]! })))
      .returning({ id: users.id, email: users.email });
    const userId = new Map(userRows.map((u) => [u.email, u.id]));

    const profiles = DEMO_USERS.flatMap((u) =>
      u.profiles.map(([company, role], i) => ({
        userId: userId.get(u.email)!,
        companyId: companyId.get(company)!,
        role,
        current: i === 0,
      })),
    );
    await tx.insert(userProfiles).values(profiles);
    await tx.insert(globalNotifications).values(DEMO_GLOBAL_NOTIFICATIONS);
    return true;
  });
}
