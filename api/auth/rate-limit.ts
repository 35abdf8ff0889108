import { and, count, eq, gt, lte } from "drizzle-orm";
import { addSeconds } from "../clock";
import type { ApiDeps } from "../deps";
import { loginAttempts } from "../db/schema";

/**
 * Failed sign-ins are counted twice: per account and address, so an attacker's guesses lock only
 * the attacker's own (e-mail, address) pair and never the owner signing in from elsewhere; and per
 * address across accounts, so one address cannot try a password on every account (credential stuffing)
 * while other addresses are unaffected.
 */
export interface AttemptKeys {
  account: string;
  address: string;
}

export const attemptKeys = (email: string, address: string): AttemptKeys => ({
  account: `${email.trim().toLowerCase()}|${address}`,
  address: `*|${address}`,
});

async function failuresWithin({ db, config, now }: ApiDeps, key: string): Promise<number> {
  const since = addSeconds(now(), -config.LOGIN_RATE_WINDOW);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.at, since)));
  return row?.n ?? 0;
}

export async function tooManyFailedLogins(deps: ApiDeps, keys: AttemptKeys): Promise<boolean> {
  const [account, address] = await Promise.all([failuresWithin(deps, keys.account), failuresWithin(deps, keys.address)]);
  return account >= deps.config.LOGIN_RATE_LIMIT || address >= deps.config.LOGIN_ADDRESS_RATE_LIMIT;
}

export async function recordFailedLogin({ db, config, now }: ApiDeps, keys: AttemptKeys): Promise<void> {
  const at = now();
  for (const key of [keys.account, keys.address]) {
    // Prune this key's attempts that fell out of the window, keeping the table small without a sweeper.
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.key, key), lte(loginAttempts.at, addSeconds(at, -config.LOGIN_RATE_WINDOW))));
  }
  await db.insert(loginAttempts).values([
    { key: keys.account, at },
    { key: keys.address, at },
  ]);
}

/**
 * A successful sign-in forgets the pair's failures; the address's count stays, or one account of
 * the attacker's own would reset the stuffing limit between guesses.
 */
export async function clearFailedLogins({ db }: ApiDeps, keys: AttemptKeys): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.account));
}
