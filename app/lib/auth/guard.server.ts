import { notFound } from "../http/not-found.server";
import { type AppLoadContext } from "@remix-run/node";
import { redirect } from "../http/redirect";
import { canAccess } from "../access/can-access";
import type { AccessContext } from "../access/types";
import { userFromProfile } from "../access/user-from-profile";
import type { AppSession } from "../session/storage.server";
import type { SessionProfile } from "../session/session-data";
import type { Tenant } from "../tenant";
import type { Upstream } from "../upstream/client.server";
import { refreshGrant } from "../upstream/auth.server";
import { authorizationOf, fetchSessionProfile, storeSignedIn, tokensFrom } from "./establish.server";
import { isExpired, renewalRefused, renewOnce } from "./renewal.server";
import { loadUiSettings, uiSettingsKey } from "./ui-settings.server";
import { react, signedOutRedirect } from "./reactions.server";
import { failureResponse } from "../upstream/failure-response.server";

export interface SignedInUser {
  session: AppSession;
  tenant: Tenant;
  email: string;
  profile: SessionProfile;
  access: AccessContext;
  /**
   * Upstream client carrying this user's token. Every call applies the global reactions itself (spec 3 §8):
   * 401 signs out, 403 shows access denied (both thrown as redirects); other failures come back to the caller.
   */
  api: Upstream;
}

type Args = { request: Request; context: AppLoadContext };

/** Path (and query) the user asked for, for `/signIn?redirect=`. */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user of this request, or null. Resolved once per request however many loaders ask (a document
 * request runs three or four of them in parallel); again only when an action changed who is signed in.
 */
export async function getUser({ request, context }: Args): Promise<SignedInUser | null> {
  const session = await context.session.get();
  const identity = identityOf(session);
  const known = resolved.get(context);
  if (known?.identity === identity) return ownCopy(known.user);
  const entry = { identity, user: resolveUser(request, context) };
  resolved.set(context, entry);
  // a renewal stores new tokens: the answer stands for them
  entry.user.then(
    () => void (entry.identity = identityOf(session)),
    () => {},
  );
  return ownCopy(entry.user);
}

/**
 * Every loader that asked throws the answer resolveUser threw (the unavailable page when a renewal found the API
 * down): each its own copy, since the router reads each loader's answer body and a body can be read only once.
 */
const ownCopy = (user: Promise<SignedInUser | null>) =>
  user.catch((thrown: unknown) => {
    throw thrown instanceof Response ? thrown.clone() : thrown;
  });

const resolved = new WeakMap<AppLoadContext, { identity: string; user: Promise<SignedInUser | null> }>();

/** Who the session says is signed in: tokens and the profile fields access depends on. */
function identityOf(session: AppSession): string {
  const [auth, profile] = [session.get("auth"), session.get("profile")];
  return JSON.stringify([auth?.accessToken, profile?.id, profile?.role, profile?.company_id]);
}

/**
 * Renews an expired access token first (once per refresh token); a refused renewal signs the user out and
 * sends them, told, to /signIn after 2 s (spec 1 §4). One the API could not answer signs nobody out (issue 12).
 */
async function resolveUser(request: Request, context: AppLoadContext): Promise<SignedInUser | null> {
  const session = await context.session.get();
  let tokens = session.get("auth");
  let profile = session.get("profile");
  if (!tokens || !profile) return null;

  if (isExpired(tokens, context.config.clock())) {
    const renewal = await renewOnce(context.tenant.code, tokens.refreshToken, () => refreshGrant(context.upstream, tokens!.refreshToken));
    if (!renewal.ok) {
      // the API did not answer: the session stays as it is (renewed on the next request) and the page says the
      // service is unavailable
      if (!renewalRefused(renewal)) throw failureResponse(renewal);
      await context.session.destroy();
      throw signedOutRedirect(request, "renewalFailed");
    }
    tokens = tokensFrom(renewal.data);
    const reloaded = await fetchSessionProfile(context.upstream.with({ authorization: authorizationOf(tokens) }));
    if (reloaded.ok) profile = reloaded.data;
    storeSignedIn(session, tokens, profile, session.get("email"));
  }

  const tenant = context.tenant;
  const email = session.get("email") ?? profile.email;
  const plain = context.upstream.with({ authorization: authorizationOf(tokens) });
  // every call the user's client makes applies the global 401/403 reactions (spec 3 §8) before its caller sees it
  const api = context.upstream.with({
    authorization: authorizationOf(tokens),
    onFailure: async (failure) => {
      await react(failure, { session, email }, request, () => context.session.destroy());
    },
  });
  // a failed reference fetch is an empty value, never a reaction (spec 3 §8): read without them
  const ui = await loadUiSettings(plain, uiSettingsKey(plain, tenant.code, profile.company_id, profile.role));
  return {
    session,
    tenant,
    email,
    profile,
    api,
    access: {
      user: userFromProfile(profile),
      tenant: { code: tenant.code, type: tenant.type, environment: tenant.environment },
      ui,
      lists: context.config.airlineLists,
    },
  };
}

/** Signed in, or redirected to sign-in with the original path (spec 1 §2). */
export async function requireUser(args: Args): Promise<SignedInUser> {
  const user = await getUser(args);
  if (!user) throw redirect(`/signIn?redirect=${encodeURIComponent(requestedPath(args.request))}`);
  return user;
}

/**
 * Every loader and action calls this with its own route pattern: a parent layout's check does not protect
 * a child (loaders run in parallel). A failed requirement is a 404, never a hint that the page exists.
 */
export async function requireAccess(args: Args, routePattern: string): Promise<SignedInUser> {
  const user = await requireUser(args);
  if (!canAccess(routePattern, user.access)) throw notFound();
  return user;
}
