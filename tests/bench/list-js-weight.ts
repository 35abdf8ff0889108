/**
 * First-load JS of a list page against a bare Remix + Mantine page built in the same run (issue 9 §2: at most
 * 1.2×). Both figures come from the build manifests (what a first load fetches: the entry, then each route of the
 * page's chain with its static imports), gzipped; lazily loaded chunks (mantine-react-table) are not counted.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { printWhenRun } from "./print-when-run";

/** The list page the ratio is about, and its route id. */
export const LIST_PAGE = { path: "/dashboard/flights/tabs/current", routeId: "routes/dashboard.flights.tabs.$tab" };
/** Issue 9 §2's goal for the ratio. */
export const MAX_RATIO = 1.2;
/**
 * What the e2e test holds the ratio to meanwhile: today's 1.87× and 4 % more. The goal was met (1.18×) only beside a
 * bare page whose build first ran `npm install isbot` into a real node_modules of its own: a fresh tree that carried a
 * second React DOM and weighed 153.6 KiB gzipped. On our node_modules, as meant, a bare page weighs 98 KiB, so the
 * list page carries 85 KiB of its own: to take off before MAX_RATIO holds (the bench prints both).
 */
export const REGRESSION_RATIO = 1.95;

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[] }>;
}

export function readManifest(publicBuildDir: string): Manifest {
  const file = fs.readdirSync(publicBuildDir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`no Remix manifest in ${publicBuildDir}`);
  const source = fs.readFileSync(path.join(publicBuildDir, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** The JS files a first load of `routeId` fetches (entry, root … route, each with its imports), and their sizes. */
export function firstLoadJs(publicDir: string, routeId: string): { files: number; raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  const urls = firstLoadUrls(publicDir, routeId);
  for (const url of urls) {
    const bytes = fs.readFileSync(path.join(publicDir, url));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes).length;
  }
  return { files: urls.size, raw, gzip };
}

/** The URLs of the JS files a first load of `routeId` fetches: the entry's and each route's of its chain static imports. */
export function firstLoadUrls(publicDir: string, routeId: string): Set<string> {
  const manifest = readManifest(path.join(publicDir, "build"));
  const urls = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
  }
  return urls;
}

const BARE_ROOT = `import mantineStyles from "@mantine/core/styles.css";
import { ColorSchemeScript, MantineProvider } from "@mantine/core";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
export const links = () => [{ rel: "stylesheet", href: mantineStyles }];
export default function App() {
  return (
    <html lang="en">
      <head><Meta /><Links /><ColorSchemeScript /></head>
      <body><MantineProvider><Outlet /></MantineProvider><ScrollRestoration /><Scripts /></body>
    </html>
  );
}
`;
const BARE_PAGE = `import { Button } from "@mantine/core";
export default function Index() {
  return <Button>Hello</Button>;
}
`;

/** Builds a throwaway Remix app (root with MantineProvider, one page with a Mantine Button) on our node_modules. */
export function bareRemixMantineJs(root = process.cwd()): { files: number; raw: number; gzip: number } {
  const ours = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as Record<string, Record<string, string>>;
  const pick = (from: Record<string, string> = {}, names: string[]) => Object.fromEntries(names.filter((n) => from[n]).map((n) => [n, from[n]]));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bare-remix-mantine-"));
  try {
    fs.mkdirSync(path.join(dir, "app", "routes"), { recursive: true });
    fs.writeFileSync(path.join(dir, "app", "root.tsx"), BARE_ROOT);
    fs.writeFileSync(path.join(dir, "app", "routes", "_index.tsx"), BARE_PAGE);
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({
        name: "bare",
        private: true,
        type: "module",
        sideEffects: false,
        // Remix picks its server runtime from these: the versions our node_modules holds. Without isbot (its default
        // entry.server's) Remix ran `npm install isbot` into the throwaway app first: 50 of the build's 57 s.
        dependencies: pick(ours.dependencies, ["@remix-run/node", "@remix-run/react", "@mantine/core", "@mantine/hooks", "react", "react-dom", "isbot"]),
        devDependencies: pick(ours.devDependencies, ["@remix-run/dev"]),
      }));
    fs.writeFileSync(path.join(dir, "remix.config.js"), `export default { serverModuleFormat: "esm", serverDependenciesToBundle: [/^@mantine\\//] };\n`);
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    // always a production build: under vitest NODE_ENV is "test", and the bare page then carried React's
    // development build (442 KiB gzipped instead of 157), which made any list page look light beside it
    execFileSync(path.join(root, "node_modules", ".bin", "remix"), ["build"], { cwd: dir, stdio: "pipe", env: { ...process.env, NODE_ENV: "production" } });
    return firstLoadJs(path.join(dir, "public"), "routes/_index");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The list page's first-load JS, the bare page's, and their ratio (both gzipped). The app must be built. */
export function listJsWeight(root = process.cwd()) {
  const list = firstLoadJs(path.join(root, "public"), LIST_PAGE.routeId);
  const bare = bareRemixMantineJs(root);
  return { list, bare, ratio: list.gzip / bare.gzip };
}

/** The bench's lines. */
export function listJsWeightReport(root = process.cwd()): string {
  const { list, bare, ratio } = listJsWeight(root);
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return [
    `  first-load JS flights list ${kib(list.gzip)} gzipped (${kib(list.raw)} raw, ${list.files} files)`,
    `  first-load JS bare Remix+Mantine ${kib(bare.gzip)} gzipped (${kib(bare.raw)} raw, ${bare.files} files)`,
    `  list/bare JS ratio         ${ratio.toFixed(2)}× (goal ${MAX_RATIO}×${ratio <= MAX_RATIO ? "" : ", not met"}; the e2e test fails above ${REGRESSION_RATIO}×)`,
  ].join("\n");
}

printWhenRun(import.meta.url, async () => [listJsWeightReport()]);
