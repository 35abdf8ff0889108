import { redirect, type AppLoadContext } from "@remix-run/node";
import { canAccess } from "../access/can-access";
import type { AccessContext } from "../access/types";
import { userFromProfile } from "../access/user-from-profile";
import type { AppSession } from "../session/storage.server";
import type { SessionProfile } from "../session/session-data";
import type { Tenant } from "../tenant";
import type { Upstream } from "../upstream/client.server";
import { refreshGrant } from "../upstream/auth.server";
import { fetchSessionProfile, storeSignedIn, tokensFrom } from "./establish.server";
import { isExpired, renewOnce } from "./renewal.server";
import { tenantOf } from "./tenant.server";
import { loadUiSettings, uiSettingsKey } from "./ui-settings.server";
import { upstreamFor } from "./upstream.server";
import { react, signedOutRedirect } from "./reactions.server";
import type { UpstreamResult } from "../upstream/errors";

export interface SignedInUser {
  session: AppSession;
  tenant: Tenant;
  email: string;
  profile: SessionProfile;
  access: AccessContext;
  /** Upstream client carrying this user's token. */
  api: Upstream;
  /** Applies the global 401/403 reactions to an upstream answer; other failures come back to the caller. */
  ensure<T>(pending: Promise<UpstreamResult<T>>): Promise<UpstreamResult<T>>;
}

type Args = { request: Request; context: AppLoadContext };

/** Path (and query) the user asked for, for `/signIn?redirect=`. */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user of this request, or null. Renews an expired access token first (once per refresh
 * token); a failed renewal signs the user out and sends them, told, to /signIn after 2 s (spec 1 §4).
 */
export async function getUser({ request, context }: Args): Promise<SignedInUser | null> {
  const session = await context.session.get();
  let tokens = session.get("auth");
  let profile = session.get("profile");
  if (!tokens || !profile) return null;

  if (isExpired(tokens, context.config.clock())) {
    const tokenApi = await upstreamFor(request, context);
    const renewal = await renewOnce(tokens.refreshToken, () => refreshGrant(tokenApi, tokens!.refreshToken));
    if (!renewal.ok) {
      await context.session.destroy();
      throw signedOutRedirect(request, "renewalFailed");
    }
    tokens = tokensFrom(renewal.data);
    const renewedApi = await upstreamFor(request, context, tokens);
    const reloaded = await fetchSessionProfile(renewedApi);
    if (reloaded.ok) profile = reloaded.data;
    storeSignedIn(session, tokens, profile, session.get("email"));
  }

  const tenant = tenantOf(request, context);
  const api = await upstreamFor(request, context, tokens);
  const ui = await loadUiSettings(api, uiSettingsKey(tenant.code, profile.company_id, profile.role));
  const email = session.get("email") ?? profile.email;
  return {
    session,
    tenant,
    email,
    ensure: async (pending) => react(await pending, { session, email }, request, () => context.session.destroy()),
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
  if (!canAccess(routePattern, user.access)) throw new Response("Not Found", { status: 404 });
  return user;
}
