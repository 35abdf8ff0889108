import { and, eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { identityProviders, userIdentities } from "../db/schema";

/**
 * Whether a user signs in through a tenant's identity provider alone: linked to a provider whose tenant turned the
 * password form off (docs/sso.md). Such a user's password is refused on every host, and no reset link is sent, so
 * access removed at the provider is not kept through a password set by a reset link on the default host.
 */
export async function providerOnlyUser(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .innerJoin(identityProviders, eq(identityProviders.issuer, userIdentities.issuer))
    .where(and(eq(userIdentities.user_id, userId), eq(identityProviders.password_sign_in, false)))
    .limit(1);
  return row !== undefined;
}

/** Whether the tenant has turned the password form off: its staff then sign in through its provider alone. */
export async function passwordSignInOff(db: Db, carrier: string | null): Promise<boolean> {
  if (!carrier) return false;
  const [setting] = await db.select({ on: identityProviders.password_sign_in }).from(identityProviders).where(eq(identityProviders.carrier, carrier)).limit(1);
  return setting ? !setting.on : false;
}
