/**
 * `npm run test:dates`: the date-dependent tests (tests/dated-tests.ts) on every shifted date (issue 8 §1, issue 20):
 * with the service's clock (CARGO_NOW: API, BFF, seed, e2e server and browsers) set to each date that has broken date
 * maths before (scripts/shifted-dates.ts), the vitest files that read the clock, then the e2e journeys that work on
 * dated records. `npm test` runs them on one of these dates (today's pick) and everything else on today's date.
 *
 *   npx tsx scripts/test-dates.ts            all five dates, one after the other (npm run test:dates)
 *   npx tsx scripts/test-dates.ts --rotate   today's pick only
 *
 * The journeys run with JavaScript on only (E2E_JS_MODES=on, tests/e2e/helpers.ts): both modes post the same forms to
 * the same date maths, and `npm test` runs both. With DATABASE_URL set, the API files run on that PostgreSQL. The
 * BFF harness and the e2e server always start on their own PGlite.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DATED_E2E_JOURNEYS, DATED_VITEST_FILES } from "../tests/dated-tests";
import { runBeside } from "./run-beside";
import { SHIFTED_DATES, shiftedDateOfToday } from "./shifted-dates";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const rotate = process.argv.includes("--rotate");
const dates = rotate ? [shiftedDateOfToday()] : SHIFTED_DATES;

run("bash", ["scripts/ensure-chromium.sh"], process.env);
for (const when of dates) {
  const env = { ...process.env, CARGO_NOW: when };
  const started = Date.now();
  console.log(`\n==> ${DATED_VITEST_FILES.length} vitest files and ${DATED_E2E_JOURNEYS.length} e2e journeys with CARGO_NOW=${when}`);
  // side by side: the journeys mostly wait on the browser and the server (an e2e run keeps about a third of the two
  // cores busy), so the vitest files use what they leave instead of waiting for them
  const [vitest, journeys] = await runBeside([
    [{ name: "vitest files", command: "npx", args: ["vitest", "run", ...DATED_VITEST_FILES], env, cwd: ROOT }],
    [{ name: "journeys", command: "npx", args: ["vitest", "run", "--config", "vitest.e2e.config.ts", ...DATED_E2E_JOURNEYS], env: { ...env, E2E_JS_MODES: "on" }, cwd: ROOT }],
  ]);
  if (vitest !== 0 || journeys !== 0) process.exit(vitest || journeys || 1);
  console.log(`==> CARGO_NOW=${when} passed in ${Math.round((Date.now() - started) / 1000)} s`);
}
