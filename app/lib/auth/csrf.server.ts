import crypto from "node:crypto";
import { json } from "@remix-run/node";
import type { AppSession } from "../session/storage.server";

export const CSRF_FIELD = "csrf";
/** Public forms carry this hidden field; people leave it empty, form-filling robots do not. */
export const HONEYPOT_FIELD = "website";

/**
 * Tenants are sibling sub-domains of one site, so SameSite=Lax does not stop a sibling from posting:
 * every mutating action checks a per-session token (synchroniser pattern).
 */
export function csrfToken(session: AppSession): string {
  return session.get("csrf") ?? rotateCsrfToken(session);
}

/**
 * A new token whenever who is signed in changes (sign-in, sign-out): a token seen before, in a page
 * or a log, stops working for the new session (session-fixation style attacks).
 */
export function rotateCsrfToken(session: AppSession): string {
  const token = crypto.randomBytes(24).toString("base64url");
  session.set("csrf", token);
  return token;
}

/** Whether the session holds a token at all: without one no form it is sent with can pass verifyCsrf. */
export function holdsCsrfToken(session: AppSession): boolean {
  return typeof session.get("csrf") === "string";
}

export function verifyCsrf(session: AppSession, form: FormData): void {
  const sent = form.get(CSRF_FIELD);
  const expected = session.get("csrf");
  const ok =
    typeof sent === "string" &&
    typeof expected === "string" &&
    sent.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  if (!ok) throw json({ code: "FormExpired" }, { status: 403 });
}

export function verifyHoneypot(form: FormData): void {
  const value = form.get(HONEYPOT_FIELD);
  if (typeof value === "string" && value.length > 0) throw new Response("Bad Request", { status: 400 });
}
