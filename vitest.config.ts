import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { DATED_VITEST_FILES } from "./tests/dated-tests";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/**/*.test.ts", "cargo/**/*.test.ts"],
    // TESTS_SKIP_DATED: `npm test` runs the date-dependent files apart, on a shifted date (scripts/test-all.ts)
    exclude: ["tests/e2e/**", "node_modules/**", ...(process.env.TESTS_SKIP_DATED ? DATED_VITEST_FILES : [])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Files are independent (each starts its own API on its own copy of the prepared database, on free ports, with
    // its own temporary files), so they run side by side on every core: Vitest's default (cores − 1) would run one
    // at a time on a 2-core machine.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker runs its files one after another in one process, importing the Remix build, the API and PGlite once
    // instead of once per file (≈ 3 s of CPU each). Nothing a file leaves in a module reaches the next one: no test
    // mocks modules or changes process.env, and the BFF's process caches are keyed by the API that answered.
    isolate: false,
  },
});
