/**
 * `npm test`: every vitest file and every e2e journey (both JavaScript modes) once, in two lanes side by side: the
 * journeys mostly wait on Chromium and the server, so the vitest files run in what they leave of the cores.
 *
 * The date-dependent tests (tests/dated-tests.ts) run with the service's clock (CARGO_NOW) on one of the shifted dates
 * (scripts/shifted-dates.ts, chosen by today's day of the month): today is just one more date to them, and those dates
 * are where date maths broke before. The rest run on today's date. So each lane is two runs: the files that cannot
 * tell the dates apart (TESTS_SKIP_DATED), then the dated ones on the shifted date. `CARGO_NOW=<instant> npm test`
 * puts everything on that instant; `npm run test:dates` runs the dated set on all five dates.
 *
 * Each part's output is printed whole when it ends; the exit status is the first failure's.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DATED_E2E_JOURNEYS, DATED_VITEST_FILES } from "../tests/dated-tests";
import { runBeside } from "./run-beside";
import { shiftedDateOfToday } from "./shifted-dates";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

// Chromium first, and once: the journeys' lane would otherwise install it while the vitest files run
const chromium = spawnSync("bash", ["scripts/ensure-chromium.sh"], { cwd: ROOT, stdio: "inherit" });
if (chromium.status !== 0) process.exit(chromium.status ?? 1);

const shifted = process.env.CARGO_NOW ?? shiftedDateOfToday();
const undated = { ...process.env, TESTS_SKIP_DATED: "1" };
const dated = { ...process.env, CARGO_NOW: shifted };
console.log(`npm test: the date-dependent tests with CARGO_NOW=${shifted}, the rest on ${process.env.CARGO_NOW ? "that instant too" : "today's date"}`);

const E2E = ["vitest", "run", "--config", "vitest.e2e.config.ts"];
const [vitest, journeys] = await runBeside([
  [
    { name: "vitest files", command: "npx", args: ["vitest", "run"], env: undated, cwd: ROOT },
    { name: `dated vitest files, CARGO_NOW=${shifted}`, command: "npx", args: ["vitest", "run", ...DATED_VITEST_FILES], env: dated, cwd: ROOT },
  ],
  [
    { name: "e2e journeys", command: "npx", args: E2E, env: undated, cwd: ROOT },
    { name: `dated e2e journeys, CARGO_NOW=${shifted}`, command: "npx", args: [...E2E, ...DATED_E2E_JOURNEYS], env: dated, cwd: ROOT },
  ],
]);
process.exit(vitest || journeys);
