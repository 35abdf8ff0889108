import type { EntryContext } from "@remix-run/node";

/**
 * The namespaces the routes of this document declare (`handle.i18n`), the matched routes only. remix-i18next's
 * getRouteNamespaces reads every module in `routeModules`, which on the server is every route of the build, so each
 * page carried all 35 namespaces (81 KB of JSON on a customers list in English, twice that in Russian with the
 * English fallback) and rendered them into the document.
 */
export function matchedRouteNamespaces(context: EntryContext): string[] {
  return context.staticHandlerContext.matches.flatMap((match) => {
    const declared = (context.routeModules[match.route.id]?.handle as { i18n?: string | string[] } | undefined)?.i18n;
    return declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
  });
}
