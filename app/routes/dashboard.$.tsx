import { notFound } from "~/lib/http/not-found.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth/guard.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Any unknown path under the main layout: the 404 page inside the shell (also pages later issues build). */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  throw notFound();
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
