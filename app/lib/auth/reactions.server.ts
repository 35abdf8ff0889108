import { redirect } from "../http/redirect";
import type { AppSession } from "../session/storage.server";
import type { UpstreamFailure, UpstreamResult } from "../upstream/errors";

export type SignOutReason = "unauthorized" | "renewalFailed" | "signedOut";

/** The notice page that tells why the user was signed out and moves to /signIn after 2 s (works without JS). */
export function signedOutRedirect(request: Request, reason: SignOutReason) {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  const back = `${url.pathname}${url.search}`;
  const query = new URLSearchParams({ reason });
  if (reason !== "signedOut" && back.startsWith("/dashboard")) query.set("redirect", back);
  return redirect(`/signed-out?${query}`);
}

/**
 * Global reactions to an upstream answer (spec 3 §8): 401 signs out; 403 shows access denied and, when
 * the answer offers available_urls, stores them with the user's e-mail and continues to the profile.
 * Any other failure is returned for the caller to show.
 */
export async function react<T>(
  result: UpstreamResult<T>,
  user: { session: AppSession; email: string },
  request: Request,
  destroy: () => Promise<unknown>,
): Promise<UpstreamResult<T>> {
  if (result.ok) return result;
  if (result.code === "Unauthorized") {
    await destroy();
    throw signedOutRedirect(request, "unauthorized");
  }
  if (result.code === "Forbidden") throw forbiddenRedirect(result, user);
  return result;
}

function forbiddenRedirect(result: UpstreamFailure, user: { session: AppSession; email: string }) {
  if (result.availableUrls?.length) {
    const stored = user.session.get("availableUrls") ?? {};
    user.session.set("availableUrls", { ...stored, [user.email]: result.availableUrls });
    return redirect("/accessDenied?next=profile");
  }
  return redirect("/accessDenied");
}
