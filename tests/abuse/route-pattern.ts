import type { ServerBuild } from "@remix-run/node";

/** A route's URL pattern (`/dashboard/shipments/:mawb`) from its id, by joining the paths of its chain of parents. */
export function routePatternOf(build: ServerBuild, id: string): string {
  const segments: string[] = [];
  type BuiltRoute = ServerBuild["routes"][string];
  for (let route: BuiltRoute | undefined = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path);
  }
  return `/${segments.join("/")}`;
}
