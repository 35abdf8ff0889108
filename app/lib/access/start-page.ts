import { canAccess } from "./can-access";
import { landingPath } from "./landing";
import { firstPermittedChild, sidebarFor, type Section } from "./sidebar";
import type { AccessContext } from "./types";

const PROFILE = "/dashboard/profile";
const SECTIONS: readonly Section[] = ["settings", "tariffs"];

/**
 * The first page this user can open, for "Go to the start page" on the not-found page: the landing page
 * (spec 1 §2) when it is built and lets them in, else the first sidebar entry that does (a section resolved to
 * the child it redirects to), else the profile, which every signed-in user may open. The landing redirect
 * itself keeps the spec's fixed targets, so a landing page that is not built yet would send the button back
 * to the same not-found page (s7.manager lands on the air waybills, built by a later issue).
 */
export function startPagePath(ctx: AccessContext, existingRoutes: ReadonlySet<string>): string {
  const landing = landingPath(ctx);
  if (existingRoutes.has(landing) && canAccess(landing, ctx)) return landing;
  for (const entry of sidebarFor(ctx, existingRoutes)) {
    const section = SECTIONS.find((s) => entry.path === `/dashboard/${s}`);
    const target = section ? firstPermittedChild(section, ctx, existingRoutes) : entry.path;
    if (target) return target;
  }
  return PROFILE;
}
