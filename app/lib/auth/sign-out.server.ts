import type { AppLoadContext } from "@remix-run/node";
import { revokeToken } from "../upstream/auth.server";
import { upstreamFor } from "./upstream.server";

/** Revokes upstream, then clears the session even when the revoke failed (spec 1 §4). */
export async function signOut(request: Request, context: AppLoadContext): Promise<void> {
  const session = await context.session.get();
  const tokens = session.get("auth");
  if (tokens) {
    try {
      const api = await upstreamFor(request, context, tokens);
      await revokeToken(api, tokens.refreshToken);
      await revokeToken(api, tokens.accessToken);
    } catch {
      // the user asked to leave: a failed revoke must not keep them signed in
    }
  }
  const keep = { locale: session.get("locale"), colorScheme: session.get("colorScheme"), timeMode: session.get("timeMode") };
  await context.session.destroy();
  if (keep.locale) session.set("locale", keep.locale);
  if (keep.colorScheme) session.set("colorScheme", keep.colorScheme);
  if (keep.timeMode) session.set("timeMode", keep.timeMode);
}
