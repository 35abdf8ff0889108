import { json, type ServerBuild } from "@remix-run/node";
import type { RequestRejection } from "./request-limits.server";

type Handler = (args: { context: unknown }) => unknown;

/**
 * A request that request-limits refused is answered by the route it was sent to: its action (and, for a
 * refused URL, the loader of the page itself) throws `{ code }` with the rejection's status, so Remix draws
 * the route's error boundary inside the product's shell, with JavaScript on (data requests) or off.
 * Layout loaders are left alone: they draw the shell around the message.
 */
export function withRequestRejections(build: ServerBuild): ServerBuild {
  const parents = new Set(Object.values(build.routes).map((route) => route.parentId));
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    if (module.action) module.action = guarded(module.action as Handler) as typeof module.action;
    if (module.loader && !parents.has(id)) module.loader = guarded(module.loader as Handler) as typeof module.loader;
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}

function guarded(handler: Handler): Handler {
  return (args) => {
    const rejection = (args.context as { requestRejection?: RequestRejection } | undefined)?.requestRejection;
    if (rejection) throw json({ code: rejection.code }, { status: rejection.status });
    return handler(args);
  };
}
