import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt is memory-hard and built into node: no native add-on to install. N=2^15 costs ~50-100 ms
// per hash on a server core, which is the point (slow for an attacker with the hashes).
const PARAMS = { N: 32_768, r: 8, p: 1 } as const;
export type ScryptCost = { N: number; r: number; p: number };
const KEY_LENGTH = 64;
// N=2^15 with r=8 needs 32 MiB; node's default maxmem is exactly that, so give headroom.
const MAXMEM = 64 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Format: scrypt$N$r$p$salt$hash (base64), so parameters can be raised later without breaking old hashes. `cost` is
 * the full one everywhere except the test suites' prepared databases (tests/prepared-database.ts), whose demo hash
 * is checked some thousand times a run.
 */
export async function hashPassword(password: string, cost: ScryptCost = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: MAXMEM });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, saltB64, keyB64] = stored.split("$");
  if (kind !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(actual, expected);
}

/** Compared against when the e-mail is unknown, so a miss costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function unknownUserHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

/** For accounts created by an admin: nobody knows it; the user sets their own through the reset link. */
export const randomPassword = () => randomBytes(24).toString("base64url");
