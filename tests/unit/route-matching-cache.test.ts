import fs from "node:fs";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AgnosticRouteObject } from "@remix-run/router";

/**
 * Issue 25: our patches of @remix-run/router's and react-router-dom's server builds (patches/README.md). Without them
 * every matchRoutes flattened and ranked the whole route tree again (about six times per document request), compiled
 * every path's pattern again and tried every branch again for a pathname matched a moment before, and each render
 * converted its routes to data routes again. What a cache must not change is checked by the BFF tests (every page, redirects, not-found pages); here,
 * cheaply, that the caches are there and are dropped when a route tree changes in place.
 */
const require = createRequire(import.meta.url);
// the CommonJS build, the one Node loads (the server's); browsers load dist/router.js
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");

/** A small route tree whose leaf counts how often the route's flags are read: flattenRoutes reads them, matching does not. */
function countedRoutes() {
  const reads = { caseSensitive: 0 };
  const leaf = {
    id: "shipment",
    path: "shipments/:mawb",
    get caseSensitive() {
      reads.caseSensitive += 1;
      return false;
    },
  };
  const routes: AgnosticRouteObject[] = [
    { id: "root", path: "/", children: [{ id: "dashboard", path: "dashboard", children: [leaf, { id: "flights", path: "flights" }] }] },
  ];
  return { routes, reads };
}

const idsOf = (matches: ReturnType<typeof router.matchRoutes>) => matches?.map((m) => m.route.id);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("route matching on the server (patched @remix-run/router)", () => {
  it("flattens and ranks a routes array once, however often it is matched", () => {
    const { routes, reads } = countedRoutes();
    const first = router.matchRoutes(routes, "/dashboard/shipments/421-10000011");
    const flattened = reads.caseSensitive;
    expect(flattened).toBeGreaterThan(0);
    const second = router.matchRoutes(routes, "/dashboard/shipments/421-10000011");
    const other = router.matchRoutes(routes, "/dashboard/flights");
    expect(reads.caseSensitive).toBe(flattened); // unpatched: read again by every call
    expect(idsOf(first)).toEqual(["root", "dashboard", "shipment"]);
    expect(second).toEqual(first);
    expect(second![2]!.params).toEqual({ mawb: "421-10000011" });
    expect(idsOf(other)).toEqual(["root", "dashboard", "flights"]);
  });

  it("keeps what a pathname matched, handing out copies: a caller changing its matches changes nobody else's", () => {
    const { routes } = countedRoutes();
    const path = "/dashboard/shipments/421-10000022";
    const decode = vi.spyOn(globalThis, "decodeURIComponent");
    const first = router.matchRoutes(routes, path)!;
    const decoded = decode.mock.calls.length;
    expect(decoded).toBeGreaterThan(0);
    (first[2]!.params as Record<string, string>).mawb = "changed";
    first.pop();
    const second = router.matchRoutes(routes, path)!;
    expect(decode.mock.calls.length).toBe(decoded); // unpatched: the pathname is decoded and tried against every branch again
    expect(idsOf(second)).toEqual(["root", "dashboard", "shipment"]);
    expect(second[2]!.params).toEqual({ mawb: "421-10000022" });
    // the matches of one answer share one params object, as an unkept match's do
    expect(second[0]!.params).toBe(second[2]!.params);
    expect(router.matchRoutes(routes, "/dashboard/nothing-here")).toBeNull();
    expect(router.matchRoutes(routes, "/dashboard/nothing-here")).toBeNull();
  });

  it("keeps a static router's data routes per routes array, as RemixServer renders one per document", () => {
    const { routes } = countedRoutes();
    const context = { basename: "/", location: router.createPath({ pathname: "/" }), matches: [], loaderData: {}, actionData: null, errors: null } as never;
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes); // unpatched: converted again per render, and so flattened again per match
    expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes);
    expect(idsOf(router.matchRoutes(second.routes, "/dashboard/flights"))).toEqual(["root", "dashboard", "flights"]);
  });

  it("keys the branches by the routes array: another array is flattened anew", () => {
    const { routes, reads } = countedRoutes();
    router.matchRoutes(routes, "/dashboard/flights");
    const once = reads.caseSensitive;
    router.matchRoutes([...routes], "/dashboard/flights");
    expect(reads.caseSensitive).toBe(2 * once);
  });

  it("drops the branches when routes are patched into a tree in place (lazy route discovery)", () => {
    const history = router.createMemoryHistory({ initialEntries: ["/"] });
    const memoryRouter = router.createRouter({ history, routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }] });
    const before = memoryRouter.routes;
    expect(router.matchRoutes(before, "/reports")).toBeNull();
    // patched into the root route's children in place: the array matched above holds the new route now (the router
    // hands out a copy of it too), as during a navigation, where the router matches the same array again right after
    memoryRouter.patchRoutes("root", [{ id: "reports", path: "reports" }]);
    expect(idsOf(router.matchRoutes(before, "/reports"))).toEqual(["root", "reports"]);
    expect(idsOf(router.matchRoutes(memoryRouter.routes, "/reports"))).toEqual(["root", "reports"]);
    memoryRouter.dispose();
  });

  it("compiles a path's pattern once: its warning about a bare '*' is printed once, not per match", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const pattern = "/route-matching-cache-test*"; // a pattern no other test compiles (files may share this module)
    expect(router.matchPath(pattern, "/route-matching-cache-test/a")?.params["*"]).toBe("a");
    expect(router.matchPath(pattern, "/route-matching-cache-test/b")?.params["*"]).toBe("b");
    expect(router.matchPath({ path: pattern, end: false }, "/route-matching-cache-test/c")?.params["*"]).toBe("c");
    // one per (path, caseSensitive, end): end does not change this pattern's regular expression, but it is another key
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("leaves the browser's build alone (lazy discovery patches its routes in place, and it is not ours to cache)", () => {
    const esm = fs.readFileSync(require.resolve("@remix-run/router/dist/router.js"), "utf8");
    expect(esm).not.toContain("Cargo Desk patch");
    expect(esm).toMatch(/let branches = flattenRoutes\(routes\);\s*rankRouteBranches\(branches\);/);
  });
});
