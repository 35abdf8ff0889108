import { meets } from "../../../cargo/access/condition";
import { ROUTE_REQUIREMENTS, type Requirement } from "./route-requirements";
import type { AccessContext } from "./types";

export { meets, tenantHasFeature } from "../../../cargo/access/condition";

interface CompiledRoute {
  pattern: string;
  segments: readonly string[];
  requirement: Requirement;
}

const splitPath = (path: string): string[] => path.split("/").filter(Boolean);

// More specific first: at the first segment where two patterns differ, a literal beats a ":param"
// ("/flights/create" wins over "/flights/:id"), as Remix ranks routes.
const ROUTES: readonly CompiledRoute[] = Object.entries(ROUTE_REQUIREMENTS)
  .map(([pattern, requirement]) => ({ pattern, segments: splitPath(pattern), requirement }))
  .sort((a, b) => {
    const n = Math.min(a.segments.length, b.segments.length);
    for (let i = 0; i < n; i++) {
      const pa = a.segments[i]!.startsWith(":");
      const pb = b.segments[i]!.startsWith(":");
      if (pa !== pb) return pa ? 1 : -1;
    }
    return a.segments.length - b.segments.length;
  });

/** The concrete path without query, hash or trailing slash. */
function cleanPath(path: string): string {
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut);
}

export interface RouteMatch {
  pattern: string;
  requirement: Requirement;
  params: Record<string, string>;
}

/** The route pattern a concrete path belongs to, with its parameters; undefined for an unknown path. */
export function matchRoute(path: string): RouteMatch | undefined {
  const segments = splitPath(cleanPath(path));
  for (const route of ROUTES) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const want = route.segments[i]!;
      const got = segments[i]!;
      if (want.startsWith(":")) params[want.slice(1)] = safeDecode(got);
      else ok = want === got;
    }
    if (ok) return { pattern: route.pattern, requirement: route.requirement, params };
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The requirement of a concrete path ("/dashboard/shipments/555-1234/fwb") or pattern; undefined if unknown. */
export function requirementFor(path: string): Requirement | undefined {
  return matchRoute(path)?.requirement;
}

/** Whether the user may open the path. Unknown paths are never accessible (they show the 404 page). */
export function canAccess(path: string, ctx: AccessContext): boolean {
  const requirement = requirementFor(path);
  return requirement !== undefined && meets(requirement, ctx);
}

/**
 * Whether the user may post to the path's action: open the page and meet its `action` condition, if any
 * (a flight page some users only read). Unknown paths: never.
 */
export function canAct(path: string, ctx: AccessContext): boolean {
  const requirement = requirementFor(path);
  return requirement !== undefined && meets(requirement, ctx) && (requirement.action === undefined || meets(requirement.action, ctx));
}
