import { createCookie, createSession, type Session, type SessionStorage } from "@remix-run/node";
import { createSealer } from "./encrypted-cookie.server";
import type { SessionData, FlashData } from "./session-data";

export type AppSession = Session<SessionData, FlashData>;
export type AppSessionStorage = SessionStorage<SessionData, FlashData>;

export const SESSION_COOKIE_NAME = "__cargodesk";

/**
 * In production the name carries the `__Host-` prefix: browsers then accept the cookie only from this exact
 * host, Secure, Path=/ and without Domain, so a sibling tenant sub-domain cannot plant a session for it.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE_NAME.replace(/^_+/, "")}` : SESSION_COOKIE_NAME;
}
/** Long enough for a remember-me refresh token; the tokens inside carry their own expiry. */
const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/**
 * Cookie-held session whose value is encrypted (see encrypted-cookie.server.ts).
 * httpOnly so page scripts never read it; SameSite=Lax; Secure in production.
 */
export function createEncryptedSessionStorage(opts: { secrets: string[]; secure: boolean }): AppSessionStorage {
  const sealer = createSealer(opts.secrets);
  // The cookie itself is unsigned: integrity comes from the GCM tag.
  const cookie = createCookie(sessionCookieName(opts.secure), {
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secure,
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  });

  return {
    async getSession(cookieHeader) {
      const sealed = cookieHeader ? await cookie.parse(cookieHeader) : null;
      const data = typeof sealed === "string" ? sealer.open(sealed) : null;
      return createSession<SessionData, FlashData>((data ?? {}) as unknown as SessionData);
    },
    async commitSession(session, options) {
      return cookie.serialize(sealer.seal(session.data), options);
    },
    async destroySession(_session, options) {
      return cookie.serialize("", { ...options, expires: new Date(0), maxAge: undefined });
    },
  };
}
