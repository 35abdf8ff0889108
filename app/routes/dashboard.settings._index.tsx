import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirectToFirstChild } from "~/lib/auth/section-redirect.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The settings section opens its first child the user may use (spec 1 §2); none → not found. */
export const loader = (args: LoaderFunctionArgs) => redirectToFirstChild(args, "settings", "/dashboard/settings");

/**
 * Never drawn: the loader always redirects or throws. It makes the index a page like any other, so when its 404
 * renders, the matched leaf has a component (without one React Router warns "Matched leaf route at location
 * /dashboard/settings does not have an element" on every such render).
 */
export default function SettingsIndex() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
