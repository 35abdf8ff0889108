/**
 * `npm test`: every vitest file and every e2e journey (both JavaScript modes), side by side. The journeys mostly wait
 * on Chromium and the server, so the vitest files run in what they leave of the cores (the whole took vitest's time
 * plus the journeys' before). Each part's output is printed whole when it ends; the exit status is the first failure's.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runBeside } from "./run-beside";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

// Chromium first, and once: the journeys' part would otherwise install it while the vitest files run
const chromium = spawnSync("bash", ["scripts/ensure-chromium.sh"], { cwd: ROOT, stdio: "inherit" });
if (chromium.status !== 0) process.exit(chromium.status ?? 1);

const [vitest, journeys] = await runBeside([
  { name: "vitest files", command: "npx", args: ["vitest", "run"], cwd: ROOT },
  { name: "e2e journeys", command: "npx", args: ["vitest", "run", "--config", "vitest.e2e.config.ts"], cwd: ROOT },
]);
process.exit(vitest || journeys);
