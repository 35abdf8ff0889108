import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { companies, userProfiles } from "../db/schema";
import type { ProfileWithCompany } from "./access";

/** All of a user's profiles with their companies, oldest first (the order "first usable" relies on). */
export async function loadProfiles(db: Db, userId: number): Promise<ProfileWithCompany[]> {
  return db
    .select({ profile: userProfiles, company: companies })
    .from(userProfiles)
    .innerJoin(companies, eq(companies.id, userProfiles.company_id))
    .where(eq(userProfiles.user_id, userId))
    .orderBy(asc(userProfiles.id));
}
