import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { ensureBuild } from "../../scripts/ensure-build";
import { printWhenRun } from "./print-when-run";

/**
 * The route matching of one document request (issue 25), done in this process by the same functions Remix calls, on
 * the real build's route table: server-runtime's matchServerRoutes, the static handler's match (`query` calls
 * matchRoutes on its data routes), RemixServer's routes for the request (createServerRoutes and createStaticRouter,
 * kept per build with our patches), react-router's useRoutes match over them while rendering, and <Scripts>' partial
 * manifest (lazy route discovery: one matchRoutes per parent path of the URL). Timed per request over the bench's
 * pages, then with every pathname new (a waybill page per request: what a pathname matched is kept, patches/README.md);
 * the static router built per request is timed apart.
 * `npx tsx tests/bench/route-matching.ts` (the build first, when stale); figures only, never asserted.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

/** The bench's pages (tests/bench/ssr.ts) with ids of the demo data's shape. */
const PATHS = [
  "/dashboard/flights/tabs/all",
  "/dashboard/settings/agreements",
  "/dashboard/settings/airline-customers",
  "/dashboard/not-a-page",
  "/dashboard/air-waybills",
  "/dashboard/shipments/421-10000011",
  "/dashboard/flights/17",
];

interface Figures {
  /** CPU time (this process's: the machine's other work does not count, GC threads do). */
  matchingMs: number;
  wallMs: number;
  routesBuiltMs: number;
  matchCalls: number;
}

export async function routeMatchingFigures(): Promise<string[]> {
  ensureBuild(ROOT);
  const build = (await import(pathToFileURL(path.join(ROOT, "build/index.js")).href)) as ServerBuild;
  const router = require("@remix-run/router") as typeof import("@remix-run/router");
  const { createRoutes, createStaticHandlerDataRoutes } = require("@remix-run/server-runtime/dist/routes.js");
  const { matchServerRoutes } = require("@remix-run/server-runtime/dist/routeMatching.js");
  const { createServerRoutes } = require("@remix-run/react/dist/routes.js");
  const { getPartialManifest } = require("@remix-run/react/dist/fog-of-war.js");
  const { createStaticRouter } = require("react-router-dom/server.js");

  // once per build, as server-runtime's createRequestHandler derives them
  const serverRoutes = createRoutes(build.routes);
  const dataRoutes = createStaticHandlerDataRoutes(build.routes, build.future);
  const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route.module]));

  // RemixServer's routes, kept per build's manifest (patched @remix-run/react)
  const remixServerRoutes = createServerRoutes(build.assets.routes, routeModules, build.future, false);
  /** RemixServer's per-request static router: built before the matching is timed, one per request as Remix does. */
  const routesOfRequest = (pathname: string) => {
    const matches = router.matchRoutes(dataRoutes, pathname, build.basename);
    if (!matches) throw new Error(`no data route for ${pathname}`);
    const routes = remixServerRoutes;
    const location = router.parsePath(router.createPath({ pathname }));
    return createStaticRouter(routes, { basename: build.basename ?? "/", location, matches, loaderData: {}, actionData: null, errors: null });
  };

  /** The matching one document request does (about six matchRoutes, see above), with its per-request router. */
  const matchOneRequest = (pathname: string, staticRouter: { routes: unknown[] }): number => {
    if (!matchServerRoutes(serverRoutes, pathname, build.basename)) throw new Error(`no route for ${pathname}`);
    if (!router.matchRoutes(dataRoutes, pathname, build.basename)) throw new Error(`no data route for ${pathname}`);
    if (!router.matchRoutes(staticRouter.routes as never, { pathname })) throw new Error(`useRoutes found nothing for ${pathname}`);
    const partial = getPartialManifest(build.assets, staticRouter);
    if (!partial.routes.root) throw new Error("the partial manifest lacks the root");
    return 3 + pathname.split("/").filter(Boolean).length; // getPartialManifest: "/" and each parent path
  };

  const REQUESTS = 700;
  let round = 0;
  const run = (newPathnames = false): Figures => {
    round += 1;
    // a waybill number no earlier round asked for (the kept matches hold at most 500 pathnames a route tree)
    const waybill = (i: number) => `/dashboard/shipments/421-${String(round * REQUESTS + i).padStart(8, "0")}`;
    const paths = Array.from({ length: REQUESTS }, (_, i) => (newPathnames ? waybill(i) : PATHS[i % PATHS.length]!));
    let cpu = process.cpuUsage();
    const routers = paths.map(routesOfRequest);
    const built = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const started = performance.now();
    let matchCalls = 0;
    for (let i = 0; i < REQUESTS; i++) matchCalls += matchOneRequest(paths[i]!, routers[i]!);
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { matchingMs: (used.user + used.system) / 1000, wallMs, routesBuiltMs: (built.user + built.system) / 1000, matchCalls };
  };

  run(); // warm-up: the JIT
  const trials = [0, 1, 2, 3, 4].map(() => run());
  const newTrials = [0, 1, 2, 3, 4].map(() => run(true));
  /** Per request: calls as counted, times in µs. */
  const per = (f: Figures, key: keyof Figures) => (f[key] / REQUESTS) * (key === "matchCalls" ? 1 : 1000);
  const median = (key: keyof Figures, of = trials) => of.map((f) => per(f, key)).sort((a, b) => a - b)[2]!;
  const patched = fs.readFileSync(require.resolve("@remix-run/router"), "utf8").includes("Cargo Desk patch");
  return [
    `  route matching, per document request (${Object.keys(build.routes).length} routes, @remix-run/router ${patched ? "patched" : "NOT patched"}; median of 5 × ${REQUESTS} requests over ${PATHS.length} pages)`,
    `    matchRoutes calls               ${median("matchCalls").toFixed(1)}`,
    `    matching, CPU                   ${median("matchingMs").toFixed(0)} µs  (trials: ${trials.map((f) => per(f, "matchingMs").toFixed(0)).join(", ")})`,
    `    matching, wall                  ${median("wallMs").toFixed(0)} µs`,
    `    matching, CPU, every path new   ${median("matchingMs", newTrials).toFixed(0)} µs  (a waybill page per request, no pathname asked twice)`,
    `    static router, built            ${median("routesBuiltMs").toFixed(0)} µs CPU  (createStaticRouter per request, on RemixServer's kept routes)`,
  ];
}

printWhenRun(import.meta.url, routeMatchingFigures);
