import { and, asc, count, eq, ilike, or } from "drizzle-orm";
import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import { hashPassword, randomPassword } from "../auth/passwords";
import type { ApiDeps } from "../deps";
import type { Db } from "../db/open";
import { companies, userProfiles, users } from "../db/schema";
import type { Company } from "../db/tables/companies";
import { ROLES, type Role } from "../db/tables/enums";
import { isUniqueViolation, notFound, refuse, refuseField } from "../http/errors";
import { pageMeta, pageOffset } from "../http/pagination";
import { sendResetLink } from "../users/password-reset";
import { isEmail, normalizeEmail } from "../users/rules";

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
const alreadyExists = () => refuse(422, "user_profile_exists", {}, { as: "errors" });
const mustBeSystemUser = () => refuse(422, "must_be_system_user", {}, { as: "errors" });

/**
 * Only an admin of that very company, or any platform user, manages its users. Everyone else gets the
 * same 404 as for a company that does not exist, so ids of other companies reveal nothing.
 */
export async function companyManagedBy(db: Db, auth: Pick<AuthContext, "profile">, companyId: number): Promise<Company> {
  const current = auth.profile;
  if (!current) throw notFound();
  const isPlatform = current.company.business_type === "platform";
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
  stations_allowed: userProfiles.stations_allowed,
  stations_denied: userProfiles.stations_denied,
  system: users.system,
};

type RecordRow = Omit<UserProfileRecord, "roles"> & { role: Role };

const toRecord = ({ role, ...row }: RecordRow): UserProfileRecord => ({ ...row, roles: [{ id: row.id, name: role }] });

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUserProfiles(db: Db, companyId: number, opts: { page: number; perPage: number; q?: string }) {
  const where = and(
    eq(userProfiles.company_id, companyId),
    opts.q?.trim() ? ilike(users.email, `%${escapeLike(opts.q.trim().toLowerCase())}%`) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.user_id))
    .where(where);
  const rows = await db
    .select(recordColumns)
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.user_id))
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
    .innerJoin(users, eq(users.id, userProfiles.user_id))
    .where(and(eq(userProfiles.id, profileId), eq(userProfiles.company_id, companyId)))
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
  stations_allowed: f.stations_allowed,
  stations_denied: f.stations_denied,
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
  if (!isEmail(email)) throw refuseField("email", "invalid_email");
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
          .where(and(eq(userProfiles.user_id, user.id), eq(userProfiles.company_id, companyId)))
          .limit(1);
        if (existing) throw alreadyExists();
        // Every profile carries a role, so adding a non-system user is assigning them one.
        if (!user.system) throw mustBeSystemUser();
      } else {
        const passwordHash = newUserHash ?? (await hashPassword(randomPassword()));
        [user] = await tx.insert(users).values({ email, password_hash: passwordHash, system: true }).returning();
        newUser = user!;
      }
      // The first profile a user gets becomes their current one.
      const [hasCurrent] = await tx
        .select({ id: userProfiles.id })
        .from(userProfiles)
        .where(and(eq(userProfiles.user_id, user!.id), eq(userProfiles.current, true)))
        .limit(1);
      const [profile] = await tx
        .insert(userProfiles)
        .values({
          ...profileColumns(input),
          user_id: user!.id,
          company_id: companyId,
          role: input.role ?? "operator",
          current: !hasCurrent,
        })
        .returning({ id: userProfiles.id });
      // the invitation is queued with the account: both or neither
      if (newUser) await sendResetLink(deps, newUser, undefined, "invite", tx);
      return { profileId: profile!.id, newUser };
    });
  } catch (err) {
    // Two admins adding the same e-mail at once: the unique index on (user, company) decides.
    if (isUniqueViolation(err)) throw alreadyExists();
    throw err;
  }
  return getUserProfile(deps.db, companyId, created.profileId);
}

/** The user acting on the company's profiles: a profile of their own is never removed, blocked or demoted by them. */
export interface ActingUser {
  user_id: number;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

// Without an active admin nobody can manage the company's users any more (only platform staff could repair it).
const selfChangeRefused = () => refuse(422, "self_change_refused", {}, { as: "errors" });
const lastAdminRefused = () => refuse(422, "last_admin_refused", {}, { as: "errors" });

const isActiveAdmin = (p: { role: Role; blocked: boolean }) => p.role === "admin" && !p.blocked;

/**
 * Locks the target profile and every admin profile of the company (in id order, so two callers never
 * deadlock) and returns the target, or throws not-found. A concurrent demotion waits here and then reads
 * the admins as the first one left them, so two demotions of the last two admins cannot both pass.
 */
async function lockTargetAndAdmins(tx: Tx, companyId: number, profileId: number) {
  const locked = await tx
    .select({ id: userProfiles.id, user_id: userProfiles.user_id, role: userProfiles.role, blocked: userProfiles.blocked })
    .from(userProfiles)
    .where(and(eq(userProfiles.company_id, companyId), or(eq(userProfiles.id, profileId), eq(userProfiles.role, "admin"))))
    .orderBy(asc(userProfiles.id))
    .for("update");
  const target = locked.find((p) => p.id === profileId);
  if (!target) throw notFound();
  const otherActiveAdmins = locked.filter((p) => p.id !== profileId && isActiveAdmin(p)).length;
  return { target, otherActiveAdmins };
}

/**
 * Refuses a change that takes a profile away from its own user (removal, blocking, another role) and one
 * that leaves the company without an active admin. `after` is null for a removal.
 */
function refuseLosingAdmin(
  locked: Awaited<ReturnType<typeof lockTargetAndAdmins>>,
  actor: ActingUser,
  after: { role: Role; blocked: boolean } | null,
) {
  const { target, otherActiveAdmins } = locked;
  const takenAway = after === null || (after.blocked && !target.blocked) || after.role !== target.role;
  if (takenAway && target.user_id === actor.user_id) throw selfChangeRefused();
  const losesAdmin = isActiveAdmin(target) && (after === null || !isActiveAdmin(after));
  if (losesAdmin && otherActiveAdmins === 0) throw lastAdminRefused();
}

export async function updateUserProfile(
  deps: ApiDeps,
  companyId: number,
  profileId: number,
  input: ProfileFields,
  actor: ActingUser,
): Promise<UserProfileRecord> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockTargetAndAdmins(tx, companyId, profileId);
    const { target } = locked;
    const [user] = await tx.select({ system: users.system }).from(users).where(eq(users.id, target.user_id)).limit(1);
    // Sending the unchanged role back (a whole-form save) is not a change.
    if (input.role !== undefined && input.role !== target.role && !user?.system) throw mustBeSystemUser();
    refuseLosingAdmin(locked, actor, { role: input.role ?? target.role, blocked: input.blocked ?? target.blocked });
    const changes = Object.fromEntries(Object.entries(profileColumns(input)).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length) {
      await tx.update(userProfiles).set(changes).where(eq(userProfiles.id, profileId));
    }
  });
  return getUserProfile(deps.db, companyId, profileId);
}

export async function deleteUserProfile(db: Db, companyId: number, profileId: number, actor: ActingUser): Promise<void> {
  await db.transaction(async (tx) => {
    refuseLosingAdmin(await lockTargetAndAdmins(tx, companyId, profileId), actor, null);
    await tx.delete(userProfiles).where(eq(userProfiles.id, profileId));
  });
}
