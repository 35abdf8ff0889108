import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { withDirLock } from "./dir-lock";
import { ensureBuild, newestMtime } from "./ensure-build";

/**
 * `npm start` runs plain JavaScript, not TypeScript compiled as it loads (docs/memory.md): tsx costs a process of its
 * own (its CLI, 55 MB), a loader thread and esbuild services per process, and the modules it compiles hold about a
 * third more memory than the same modules bundled. So server.ts and the API's process are bundled here into
 * build/server/ (our code inlined, packages left to node_modules). Tests and `npm run dev` keep running the sources.
 */
export const SERVER_BUNDLE_DIR = "build/server";
/**
 * The bundles: the web server (BFF), the embedded API's process (api/start-in-process.ts forks it), and the API on
 * its own (`npm run api`'s entry), which the cluster runs on PostgreSQL (scripts/cluster/cluster.ts).
 */
const ENTRIES = { server: "server.ts", "api-process": "api/api-process.ts", "api-main": "api/main.ts" } as const;
/** Sources whose change makes the bundles stale. */
const SOURCES = ["server.ts", "api", "app/lib", "cargo", "scripts", "package-lock.json"];

export const serverBundlePath = (root: string, entry: keyof typeof ENTRIES) => path.join(root, SERVER_BUNDLE_DIR, `${entry}.mjs`);

export function serverBundleIsStale(root = process.cwd()): boolean {
  const built = Math.min(
    ...Object.keys(ENTRIES).map((entry) => {
      const file = serverBundlePath(root, entry as keyof typeof ENTRIES);
      return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    }),
  );
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

/**
 * A module that finds files beside itself (migrations, reference data, the sheet worker, fonts) keeps finding them
 * there once bundled: its `import.meta.url` becomes its source file's URL, relative to the bundle so the checkout
 * may move.
 */
function sourceImportMetaUrl(root: string, outDir: string) {
  return {
    name: "source-import-meta-url",
    setup(build: { onLoad(o: { filter: RegExp }, cb: (a: { path: string }) => Promise<{ contents: string; loader: "ts" | "tsx" | "js" } | undefined>): void }) {
      build.onLoad({ filter: /\.(ts|tsx|mjs)$/ }, async (args) => {
        if (!args.path.startsWith(root) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        let contents = await fs.promises.readFile(args.path, "utf8");
        const relative = path.relative(outDir, args.path).split(path.sep).join("/");
        contents = contents.replaceAll("import.meta.url", `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
        return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : args.path.endsWith(".mjs") ? "js" : "ts" };
      });
    },
  };
}

/** Bundles server.ts and the API's process when they are missing or older than their sources (about a second). */
export async function ensureServerBundle(root = process.cwd()): Promise<void> {
  if (!serverBundleIsStale(root)) return;
  await withDirLock(path.join(root, "build-server.lock"), { staleMs: 60_000, timeoutMs: 120_000 }, () => bundle(root));
}

async function bundle(root: string): Promise<void> {
  if (!serverBundleIsStale(root)) return; // another process bundled while we waited
  // esbuild comes with the build tools (@remix-run/dev); loaded only when there is something to bundle
  const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
  const outDir = path.join(root, SERVER_BUNDLE_DIR);
  fs.rmSync(outDir, { recursive: true, force: true }); // chunks are named by their hash: no stale ones left behind
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // a module imported on first use (api/on-first-use.ts, the PDF documents) stays out of the start's imports
    splitting: true,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    // api/start-in-process.ts forks the bundled API process, not its TypeScript source
    define: { "process.env.CARGO_SERVER_BUNDLE": JSON.stringify(SERVER_BUNDLE_DIR) },
    plugins: [sourceImportMetaUrl(root, outDir) as never],
    logLevel: "warning",
  });
  if (result.errors.length > 0) throw new Error(`bundling server.ts failed: ${result.errors.map((e) => e.text).join("; ")}`);
}

// `npm start` runs this first (under tsx, which then exits), then the bundled server: docs/memory.md
if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild();
  await ensureServerBundle();
}
