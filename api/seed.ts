import { count, sql } from "drizzle-orm";
import { hashPassword } from "./auth/passwords";
import { configuredClock, utcDateOf } from "./clock";
import { loadConfig } from "./config";
import type { Database } from "./db/open";
import {
  agreements,
  airlineCustomers,
  airlines,
  baggageStats,
  companies,
  forwarderCustomers,
  globalNotifications,
  handlers,
  messageSettings,
  notableCompanies,
  paxOdAverages,
  permittedRoutes,
  productCodes,
  segmentPayloads,
  userProfiles,
  users,
} from "./db/schema";
import { seedDemoFlights } from "./flights/demo";
import { seedDemoAirWaybills } from "./air-waybills/demo";
import { seedDemoHandling } from "./handling/demo";
import { seedDemoReceptacles } from "./receptacles/demo";
import { seedDemoTelegrams } from "./telegrams/demo";
import { seedDemoPrices } from "./billing/demo";
import { seedDemoOffers } from "./offers/demo";
import { seedReferenceData } from "./reference/seed";
import { assignNumbers, loadRange } from "./stocks/awb-stock-numbers";
import {
  DEMO_AIRLINE_CUSTOMERS,
  DEMO_AIRLINES,
  DEMO_AWB_STOCKS,
  DEMO_COMPANIES,
  DEMO_FORWARDER_CUSTOMERS,
  DEMO_GLOBAL_NOTIFICATIONS,
  DEMO_HANDLERS,
  DEMO_MESSAGE_SETTINGS,
  DEMO_NOTABLE_COMPANIES,
  DEMO_PASSWORD,
  DEMO_PAX_OD_AVERAGES,
  DEMO_PERMITTED_ROUTES,
  DEMO_PRODUCT_CODES,
  DEMO_SEGMENT_PAYLOADS,
  DEMO_USERS,
  demoAgreements,
  demoBaggageStats,
} from "./seed-data";

/** Arbitrary constant: two API instances starting on an empty database must not both seed it. */
const SEED_LOCK_ID = 727_274_002;

/**
 * The demo accounts share one published password, so one hash serves them all: scrypt's full cost (auth/passwords.ts)
 * is paid once per process, not once per account and seeded database. Every account anyone registers or is invited as
 * is hashed on its own, with its own salt.
 */
let demoHash: Promise<string> | undefined;
export const demoPasswordHash = (): Promise<string> => (demoHash ??= hashPassword(DEMO_PASSWORD));

/**
 * Fills an empty database with the demo tenants, companies and accounts (see seed-data.ts).
 * Does nothing when any user exists, so it is safe to call at every start. Returns whether it seeded.
 */
export async function seedDemoData(database: Database, opts: { today?: string; demoPasswordHash?: string } = {}): Promise<boolean> {
  // Every dated demo record is relative to this date: the UTC calendar date of the API's clock (CARGO_NOW when
  // set) unless given, so a fresh install on any date shows live flights and agreements.
  const today = opts.today ?? utcDateOf(configuredClock(loadConfig())());
  // The demo rows name airports, aircraft types and SHCs: the reference lists come first (no-op when loaded).
  await seedReferenceData(database);
  // Hash outside the transaction: scrypt is slow by design and must not hold the lock meanwhile.
  const passwordHash = opts.demoPasswordHash ?? (await demoPasswordHash());
  return database.db.transaction(async (tx) => {
    // no statement timeout for start-up work: the second of two instances starting at once waits here for the whole
    // of the first one's seeding (the pool's statement_timeout is for requests; db/open.ts)
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;

    await tx.insert(airlines).values(DEMO_AIRLINES);
    const companyRows = await tx
      .insert(companies)
      .values(DEMO_COMPANIES)
      .returning({ id: companies.id, short_name: companies.short_name });
    const companyId = new Map(companyRows.map((c) => [c.short_name, c.id]));

    const userRows = await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ email: u.email, firstname: u.firstname, lastname: u.lastname, password_hash: passwordHash })))
      .returning({ id: users.id, email: users.email });
    const userId = new Map(userRows.map((u) => [u.email, u.id]));

    const profiles = DEMO_USERS.flatMap((u) =>
      u.profiles.map(([company, role], i) => ({
        user_id: userId.get(u.email)!,
        company_id: companyId.get(company)!,
        role,
        current: i === 0,
      })),
    );
    await tx.insert(userProfiles).values(profiles);
    await tx.insert(globalNotifications).values(DEMO_GLOBAL_NOTIFICATIONS);

    // Settings section (issue 3).
    const idOf = (shortName: string) => {
      const id = companyId.get(shortName);
      if (id === undefined) throw new Error(`demo data names an unknown company ${shortName}`);
      return id;
    };
    await tx.insert(handlers).values(DEMO_HANDLERS);
    await tx.insert(messageSettings).values(DEMO_MESSAGE_SETTINGS);
    await tx.insert(productCodes).values(DEMO_PRODUCT_CODES);
    await tx.insert(permittedRoutes).values(DEMO_PERMITTED_ROUTES);
    await tx.insert(airlineCustomers).values(DEMO_AIRLINE_CUSTOMERS);
    await tx
      .insert(forwarderCustomers)
      .values(DEMO_FORWARDER_CUSTOMERS.map(({ company_short_name, ...c }) => ({ ...c, company_id: idOf(company_short_name) })));
    await tx
      .insert(notableCompanies)
      .values(DEMO_NOTABLE_COMPANIES.map(({ company_short_name, ...c }) => ({ ...c, owner_company_id: idOf(company_short_name) })));
    await tx
      .insert(agreements)
      .values(demoAgreements(today).map(({ supplier, client, ...a }) => ({ ...a, supplier_id: idOf(supplier), client_id: idOf(client) })));
    await tx.insert(baggageStats).values(demoBaggageStats(today));
    await tx.insert(paxOdAverages).values(DEMO_PAX_OD_AVERAGES);
    await tx.insert(segmentPayloads).values(DEMO_SEGMENT_PAYLOADS);
    // Flights (issue 4).
    await seedDemoFlights(tx as unknown as Parameters<typeof seedDemoFlights>[0], today);
    // AWB stocks (issue 10): each airline loads a range under its prefix and gives part of it to both forwarders.
    for (const stock of DEMO_AWB_STOCKS) {
      await loadRange(tx, { ...stock.range, bso: false });
      for (const [forwarder, pick] of stock.assigned) {
        await assignNumbers(tx, { carrier: stock.range.carrier, prefix: stock.range.prefix, forwarderId: idOf(forwarder), pick });
      }
    }
    // Air waybills and bookings (issue 10): a history over the last 60 days.
    await seedDemoAirWaybills(tx as unknown as Parameters<typeof seedDemoAirWaybills>[0], today);
    // Handling (issue 11): received and built-up cargo on S7's first coming flights.
    await seedDemoHandling(tx as unknown as Parameters<typeof seedDemoHandling>[0], today);
    // Postal receptacles (issue 11) on the first S7 and SU flights.
    await seedDemoReceptacles(tx as unknown as Parameters<typeof seedDemoReceptacles>[0], today);
    // A received Cargo-IMP telegram with a fault to correct (issue 23).
    await seedDemoTelegrams(tx as unknown as Parameters<typeof seedDemoTelegrams>[0], today);
    // Prices (issue 24): S7's tariffs, charges and surcharges on its demo routes; one tariff each of SU and V0.
    await seedDemoPrices(tx as unknown as Parameters<typeof seedDemoPrices>[0], today);
    // The demo forwarder's offers, one in each status (issue 24).
    await seedDemoOffers(tx as unknown as Parameters<typeof seedDemoOffers>[0], today);
    return true;
  });
}
