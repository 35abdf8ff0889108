import type { AppLoadContext } from "@remix-run/node";
import { tenantOf } from "../auth/tenant.server";
import { localeOf, translator } from "./i18n.server";

/** Translator in this request's language (for page titles and messages built on the server). */
export async function requestTranslator(request: Request, context: AppLoadContext) {
  const session = await context.session.get();
  return translator(localeOf(request, session, tenantOf(request, context).code));
}
