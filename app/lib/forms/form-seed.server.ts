import { randomBytes } from "node:crypto";

/**
 * The root loader's per-answer seed of every form's idempotency key (components/form-guards.tsx, issue 12). Not a
 * secret, only unique: a new one on every answer, so a form that has been answered once carries a new key.
 */
export const newFormSeed = (): string => randomBytes(12).toString("base64url");
