import { notFound } from "~/lib/http/not-found.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth/guard.server";
import { localeOf } from "~/lib/i18n/i18n.server";
import { isReferenceKind } from "~/lib/reference/reference-kinds";
import { searchReference } from "~/lib/reference/reference.server";

/** JSON suggestions for the search-as-you-type pickers (`/resources/reference/airports?q=SVO`). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const kind = args.params.kind ?? "";
  if (!isReferenceKind(kind)) throw notFound();
  const q = new URL(args.request.url).searchParams.get("q") ?? "";
  const options = await searchReference(user, kind, q, localeOf(args.request, user.session, user.tenant.code));
  return json({ options }, { headers: { "Cache-Control": "private, max-age=60" } });
}
