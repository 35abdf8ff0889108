import { and, asc, count, eq, ilike } from "drizzle-orm";
import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import { hashPassword, randomPassword } from "../auth/passwords";
import type { ApiDeps } from "../deps";
import type { Db } from "../db/open";
import { companies, userProfiles, users } from "../db/schema";
import type { Company } from "../db/tables/companies";
import { ROLES, type Role } from "../db/tables/enums";
import { HttpError, isUniqueViolation, notFound } from "../http/errors";
import { pageMeta, pageOffset } from "../http/pagination";
import { sendResetLink } from "../users/password-reset";
import { isEmail, MSG, normalizeEmail } from "../users/rules";

/** spec 2 "User list entry"; `roles` holds the one role this profile gives the user in the company. */
export const UserProfileRecordSchema = z.object({
  id: z.number().int().describe("user profile id"),
  email: z.string(),
  description: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.enum(ROLES) })),
  blocked: z.boolean(),
  stations_allowed: z.array(z.string()),
  stations_denied: z.array(z.string()),
  system: z.boolean(),
});
export type UserProfileRecord = z.infer<typeof UserProfileRecordSchema>;

// The BFF maps these by substring: "already exists" → Exists, "must be system user" → EmptyFields (spec 3 §8).
const alreadyExists = () => new HttpError(422, { errors: ["User already exists in the company"] });
const mustBeSystemUser = () => new HttpError(422, { errors: ["Can't assign or change role: user must be system user"] });

/**
 * Only an admin of that very company, or any platform user, manages its users. Everyone else gets the
 * same 404 as for a company that does not exist, so ids of other companies reveal nothing.
 */
export async function companyManagedBy(db: Db, auth: Pick<AuthContext, "profile">, companyId: number): Promise<Company> {
  const current = auth.profile;
  if (!current) throw notFound();
  const isPlatform = current.company.businessType === "platform";
  const isOwnAdmin = current.company.id === companyId && current.profile.role === "admin";
  if (!isPlatform && !isOwnAdmin) throw notFound();
  if (current.company.id === companyId) return current.company;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound();
  return company;
}

const recordColumns = {
  id: userProfiles.id,
  email: users.email,
  description: userProfiles.description,
  role: userProfiles.role,
  blocked: userProfiles.blocked,
  stations_allowed: userProfiles.stationsAllowed,
  stations_denied: userProfiles.stationsDenied,
  system: users.system,
};

type RecordRow = Omit<UserProfileRecord, "roles"> & { role: Role };

const toRecord = ({ role, ...row }: RecordRow): UserProfileRecord => ({ ...row, roles: [{ id: row.id, name: role }] });

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUserProfiles(db: Db, companyId: number, opts: { page: number; perPage: number; q?: string }) {
  const where = and(
    eq(userProfiles.companyId, companyId),
    opts.q?.trim() ? ilike(users.email, `%${escapeLike(opts.q.trim().toLowerCase())}%`) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .where(where);
  const rows = await db
    .select(recordColumns)
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .where(where)
    .orderBy(asc(users.email), asc(userProfiles.id))
    .limit(opts.perPage)
    .offset(pageOffset(opts.page, opts.perPage));
  return { data: rows.map(toRecord), meta: pageMeta(total?.n ?? 0, opts.page, opts.perPage) };
}

export async function getUserProfile(db: Db, companyId: number, profileId: number): Promise<UserProfileRecord> {
  const [row] = await db
    .select(recordColumns)
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .where(and(eq(userProfiles.id, profileId), eq(userProfiles.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound();
  return toRecord(row);
}

export interface ProfileFields {
  description?: string | null;
  role?: Role;
  blocked?: boolean;
  stations_allowed?: string[];
  stations_denied?: string[];
}

const profileColumns = (f: ProfileFields) => ({
  description: f.description,
  role: f.role,
  blocked: f.blocked,
  stationsAllowed: f.stations_allowed,
  stationsDenied: f.stations_denied,
});

/**
 * Adds a user to the company. A new e-mail gets a new (system) user with an unknown random password
 * and an invitation e-mail to choose one.
 */
export async function createUserProfile(
  deps: ApiDeps,
  companyId: number,
  input: ProfileFields & { email: string },
): Promise<UserProfileRecord> {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) throw new HttpError(422, { errors: { email: [MSG.invalid] } });
  // scrypt is slow on purpose: hash only for a new user, and before the transaction rather than inside it.
  const [known] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const newUserHash = known ? null : await hashPassword(randomPassword());
  let created: { profileId: number; newUser: typeof users.$inferSelect | null };
  try {
    created = await deps.db.transaction(async (tx) => {
      let [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
      let newUser: typeof users.$inferSelect | null = null;
      if (user) {
        const [existing] = await tx
          .select({ id: userProfiles.id })
          .from(userProfiles)
          .where(and(eq(userProfiles.userId, user.id), eq(userProfiles.companyId, companyId)))
          .limit(1);
        if (existing) throw alreadyExists();
        // Every profile carries a role, so adding a non-system user is assigning them one.
        if (!user.system) throw mustBeSystemUser();
      } else {
        const passwordHash = newUserHash ?? (await hashPassword(randomPassword()));
        [user] = await tx.insert(users).values({ email, passwordHash, system: true }).returning();
        newUser = user!;
      }
      // The first profile a user gets becomes their current one.
      const [hasCurrent] = await tx
        .select({ id: userProfiles.id })
        .from(userProfiles)
        .where(and(eq(userProfiles.userId, user!.id), eq(userProfiles.current, true)))
        .limit(1);
      const [profile] = await tx
        .insert(userProfiles)
        .values({
          ...profileColumns(input),
          userId: user!.id,
          companyId,
          role: input.role ?? "operator",
          current: !hasCurrent,
        })
        .returning({ id: userProfiles.id });
      return { profileId: profile!.id, newUser };
    });
  } catch (err) {
    // Two admins adding the same e-mail at once: the unique index on (user, company) decides.
    if (isUniqueViolation(err)) throw alreadyExists();
    throw err;
  }
  if (created.newUser) {
    await sendResetLink(deps, created.newUser, undefined, "invite").catch((err) =>
      deps.log.error({ err }, "invitation mail failed"),
    );
  }
  return getUserProfile(deps.db, companyId, created.profileId);
}

export async function updateUserProfile(
  deps: ApiDeps,
  companyId: number,
  profileId: number,
  input: ProfileFields,
): Promise<UserProfileRecord> {
  const [row] = await deps.db
    .select({ role: userProfiles.role, system: users.system })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .where(and(eq(userProfiles.id, profileId), eq(userProfiles.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound();
  // Sending the unchanged role back (a whole-form save) is not a change.
  if (input.role !== undefined && input.role !== row.role && !row.system) throw mustBeSystemUser();
  const changes = Object.fromEntries(Object.entries(profileColumns(input)).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length) {
    await deps.db.update(userProfiles).set(changes).where(eq(userProfiles.id, profileId));
  }
  return getUserProfile(deps.db, companyId, profileId);
}

export async function deleteUserProfile(db: Db, companyId: number, profileId: number): Promise<void> {
  const deleted = await db
    .delete(userProfiles)
    .where(and(eq(userProfiles.id, profileId), eq(userProfiles.companyId, companyId)))
    .returning({ id: userProfiles.id });
  if (deleted.length === 0) throw notFound();
}

