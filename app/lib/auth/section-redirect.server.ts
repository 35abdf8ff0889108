import type { LoaderFunctionArgs } from "@remix-run/node";
import { firstPermittedChild, type Section } from "../access/sidebar";
import { BUILT_ROUTES } from "../built-routes";
import { notFound } from "../http/not-found.server";
import { redirect } from "../http/redirect";
import { requireAccess } from "./guard.server";

/** A section's index (settings, messaging) opens its first child the user may use (spec 1 §2); none → not found. */
export async function redirectToFirstChild(args: LoaderFunctionArgs, section: Section, path: string): Promise<never> {
  const user = await requireAccess(args, path);
  const target = firstPermittedChild(section, user.access, BUILT_ROUTES);
  if (!target) throw notFound();
  throw redirect(target);
}
