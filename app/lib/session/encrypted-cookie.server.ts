import crypto from "node:crypto";

/**
 * AES-256-GCM sealing of the session cookie value. A signed cookie is only base64 JSON, readable by anyone
 * holding it; tokens must not be, so the whole payload is encrypted. The first secret seals, every secret
 * in the list may open (key rotation: prepend the new secret, drop the old one after the cookie lifetime).
 */
const VERSION = "v1";

function keyFor(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "cargo-desk-session", "aes-256-gcm", 32));
}

export function createSealer(secrets: string[]) {
  if (secrets.length === 0) throw new Error("at least one session secret is required");
  const keys = secrets.map(keyFor);

  return {
    seal(data: unknown): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", keys[0], iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}.${Buffer.concat([iv, tag, body]).toString("base64url")}`;
    },
    /** Returns null for anything that was not sealed by one of our keys (tampered, old, foreign). */
    open(value: string): Record<string, unknown> | null {
      const [version, payload] = value.split(".");
      if (version !== VERSION || !payload) return null;
      const raw = Buffer.from(payload, "base64url");
      if (raw.length < 29) return null;
      const iv = raw.subarray(0, 12);
      const tag = raw.subarray(12, 28);
      const body = raw.subarray(28);
      for (const key of keys) {
        try {
          const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
          decipher.setAuthTag(tag);
          const text = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
          const data = JSON.parse(text);
          return data && typeof data === "object" ? data : null;
        } catch {
          // try the next key
        }
      }
      return null;
    },
  };
}
