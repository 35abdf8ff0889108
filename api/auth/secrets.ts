import { createHash, randomBytes } from "node:crypto";

/** An opaque bearer secret: 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored only as this digest, so a database leak does not hand out live sessions. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
