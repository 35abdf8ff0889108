import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The embedded default's sealing key (IDENTITY_SECRET_KEY unset): made once, kept in `identity-secret.key` of the data
 * directory (readable by this user only), so the secrets sealed with it open after a restart. Moving the data
 * directory moves the key with the database it serves.
 */
export function localSecretKey(dataDir: string): string {
  const file = path.join(dataDir, "identity-secret.key");
  try {
    const kept = fs.readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch {
    // first start: made below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString("base64url");
  // "wx": two processes starting at once keep the first one's key
  try {
    fs.writeFileSync(file, key, { mode: 0o600, flag: "wx" });
    return key;
  } catch {
    return fs.readFileSync(file, "utf8").trim();
  }
}
