import { type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstPermittedChild } from "~/lib/access/sidebar";
import { requireAccess } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { notFound } from "~/lib/http/not-found.server";
import { redirect } from "~/lib/http/redirect";

/** The messaging section opens its first tab the user may use (spec 1 §2 "Messaging"); none → not found. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccess(args, "/dashboard/messaging");
  const target = firstPermittedChild("messaging", user.access, BUILT_ROUTES);
  if (!target) throw notFound();
  throw redirect(target);
}

/** Never drawn (the loader always redirects or throws); see dashboard.settings._index.tsx for why it exists. */
export default function MessagingIndex() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
