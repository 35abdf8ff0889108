import type { AppLoadContext } from "@remix-run/node";

type Params = Record<string, string | undefined>;
import { canAct } from "../access/can-access";
import { notFound } from "../http/not-found.server";
import { requestTranslator } from "../i18n/request-translator.server";
import { pageTitleFor } from "../page-title";
import { requireAccess, type SignedInUser } from "./guard.server";

/** Requests that change something: they run the route's action. */
const isAction = (request: Request) => !["GET", "HEAD"].includes(request.method.toUpperCase());

/**
 * The guard every page loader and action calls, plus what every page needs from it: the signed-in user and the
 * translated page title of its route. The route table is the only gate: an action also needs the route's
 * `action` condition (a page some users only read); refused, it is the not-found page like any other refusal.
 */
export async function requirePage(
  args: { request: Request; context: AppLoadContext; params: Params },
  pattern: string,
): Promise<{ user: SignedInUser; pageTitle: string; t: Awaited<ReturnType<typeof requestTranslator>> }> {
  const user = await requireAccess(args, pattern);
  if (isAction(args.request) && !canAct(pattern, user.access)) throw notFound();
  const t = await requestTranslator(args.request, args.context);
  return { user, t, pageTitle: pageTitleFor(pattern, t, args.params) };
}
