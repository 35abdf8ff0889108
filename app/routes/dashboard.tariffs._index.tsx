import { type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { redirectToFirstChild } from "~/lib/auth/section-redirect.server";

// never drawn, but its not-found page is: the shell's namespaces are all it reads
export const handle = { i18n: ["nav"] };

/** The tariffs section opens its first tab the user may use (spec 1 §2 "Tariffs"); none → not found. */
export const loader = (args: LoaderFunctionArgs) => redirectToFirstChild(args, "tariffs", "/dashboard/tariffs");

/** Never drawn (the loader always redirects or throws); see dashboard.settings._index.tsx for why it exists. */
export default function TariffsIndex() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
