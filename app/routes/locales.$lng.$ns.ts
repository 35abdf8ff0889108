import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/http/not-found.server";
import { namespaceBundle } from "~/lib/i18n/resources.server";

/**
 * One namespace of translations as JSON, for the browser's i18next when a page needs one it did not start with
 * (app/lib/i18n/fetch-backend.ts). Public like the sign-in page's texts: translations hold nothing of a user.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const bundle = namespaceBundle(params.lng ?? "", params.ns ?? "");
  if (!bundle) throw notFound();
  // the files change only with a deploy; a signed-in answer is made private, no-store by the app handler anyway
  return json(bundle, { headers: { "Cache-Control": "public, max-age=300" } });
}
