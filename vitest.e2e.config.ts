import { defineConfig } from "vitest/config";

/**
 * Browser journeys against the real server (`npx tsx server.ts`), started once by the global setup on a
 * fresh DATA_DIR and free ports. Files run one after another: they share that server and its demo data,
 * and two Chromiums on a 2-core machine are slower than one.
 */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    // one worker process imports playwright-core and the helpers once for every file
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
});
