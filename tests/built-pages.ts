import { BUILT_ROUTES } from "../app/lib/built-routes";
import { matchRoute } from "../app/lib/access/can-access";

// The pages a walk over the product visits, taken from the route table (app/lib/built-routes.ts) rather than a
// list in the test: a page built later is walked without touching the tests. Patterns with parameters
// (":id") are filled by what the user can reach: the first link to such a page found on a page already walked
// (an edit link in a list, a flight in the flights list), so every id is one the user really has.

/** The built pages without parameters: where a walk starts. */
export const STATIC_BUILT_PAGES: readonly string[] = [...BUILT_ROUTES].filter((pattern) => !pattern.includes(":"));

/** The built route pattern a same-origin link leads to (query and hash ignored), or undefined. */
export function builtPatternOf(href: string): string | undefined {
  const path = new URL(href, "http://x").pathname;
  const pattern = matchRoute(path)?.pattern;
  return pattern && BUILT_ROUTES.has(pattern) ? pattern : undefined;
}

/**
 * Walks the built pages: every static one, then for each pattern with parameters the first link to it that a
 * walked page offers. `open` loads a path and answers the links of the page it showed (null: the user may not
 * open it, or it is not a page). Answers the paths that opened, one per pattern.
 */
export async function walkBuiltPages(open: (path: string) => Promise<string[] | null>): Promise<Map<string, string>> {
  const opened = new Map<string, string>();
  const queue = STATIC_BUILT_PAGES.map((path) => ({ pattern: path, path }));
  const queued = new Set(queue.map((q) => q.pattern));
  while (queue.length) {
    const { pattern, path } = queue.shift()!;
    const links = await open(path);
    if (!links) continue;
    opened.set(pattern, path);
    for (const href of links) {
      const target = builtPatternOf(href);
      if (!target || queued.has(target) || !target.includes(":")) continue;
      queued.add(target);
      queue.push({ pattern: target, path: new URL(href, "http://x").pathname });
    }
  }
  return opened;
}
