import crypto from "node:crypto";

// Secrets the API must use later and so cannot hash (issue 26: a tenant provider's client secret), sealed at rest
// with AES-256-GCM under a key from the API's configuration (IDENTITY_SECRET_KEY): a copy of the database alone does
// not give them away, and a sealed value changed in the database fails to open instead of being used.

/** Derives the AES key from the configured text, so any text of 32+ characters serves (as SESSION_SECRET does). */
const keyOf = (secretKey: string) => Buffer.from(crypto.hkdfSync("sha256", secretKey, "cargo-desk-secret-box", "aes-256-gcm", 32));

const VERSION = "v1";

/** "v1.<iv>.<tag>.<ciphertext>", base64url each part; a new random IV every time. */
export function seal(plain: string, secretKey: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(secretKey), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The sealed text, or null when it was sealed under another key or changed since (never a wrong value). */
export function open(sealed: string, secretKey: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(secretKey), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
