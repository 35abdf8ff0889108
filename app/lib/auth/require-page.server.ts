import type { AppLoadContext } from "@remix-run/node";

type Params = Record<string, string | undefined>;
import { requestTranslator } from "../i18n/request-translator.server";
import { pageTitleFor } from "../page-title";
import { requireAccess, type SignedInUser } from "./guard.server";

/**
 * The guard every page loader calls, plus what every page needs from it: the signed-in user and the
 * translated page title of its route.
 */
export async function requirePage(
  args: { request: Request; context: AppLoadContext; params: Params },
  pattern: string,
): Promise<{ user: SignedInUser; pageTitle: string; t: Awaited<ReturnType<typeof requestTranslator>> }> {
  const user = await requireAccess(args, pattern);
  const t = await requestTranslator(args.request, args.context);
  return { user, t, pageTitle: pageTitleFor(pattern, t, args.params) };
}
