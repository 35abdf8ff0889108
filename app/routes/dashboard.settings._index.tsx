import { notFound } from "~/lib/http/not-found.server";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { firstPermittedChild } from "~/lib/access/sidebar";
import { requireAccess } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The settings section opens its first child the user may use (spec 1 §2); none → not found. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccess(args, "/dashboard/settings");
  const target = firstPermittedChild("settings", user.access, BUILT_ROUTES);
  if (!target) throw notFound();
  throw redirect(target);
}

/**
 * Never drawn: the loader always redirects or throws. It makes the index a page like any other, so when its 404
 * renders, the matched leaf has a component (without one React Router warns "Matched leaf route at location
 * /dashboard/settings does not have an element" on every such render).
 */
export default function SettingsIndex() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
