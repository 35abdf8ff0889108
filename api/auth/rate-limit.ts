import { and, count, eq, gt, lte } from "drizzle-orm";
import { addSeconds } from "../clock";
import type { ApiDeps } from "../deps";
import { loginAttempts } from "../db/schema";

/** Attempts are counted per e-mail and client address, so one attacker cannot lock a user out everywhere. */
export const attemptKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

export async function tooManyFailedLogins({ db, config, now }: ApiDeps, key: string): Promise<boolean> {
  const since = addSeconds(now(), -config.LOGIN_RATE_WINDOW);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.at, since)));
  return (row?.n ?? 0) >= config.LOGIN_RATE_LIMIT;
}

export async function recordFailedLogin({ db, config, now }: ApiDeps, key: string): Promise<void> {
  const at = now();
  // Prune this key's attempts that fell out of the window, keeping the table small without a sweeper.
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.key, key), lte(loginAttempts.at, addSeconds(at, -config.LOGIN_RATE_WINDOW))));
  await db.insert(loginAttempts).values({ key, at });
}

export async function clearFailedLogins({ db }: ApiDeps, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
