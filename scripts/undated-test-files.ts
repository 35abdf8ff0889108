/**
 * Prints the test files under the given folders that tests/dated-tests.ts does not list, one per line: what .ci/run
 * runs on PostgreSQL on today's date after the shifted-date step has run the dated ones there, so that every API file
 * meets PostgreSQL once per run and none twice.
 *
 *   npx tsx scripts/undated-test-files.ts tests/api
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DATED_VITEST_FILES } from "../tests/dated-tests";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error("usage: npx tsx scripts/undated-test-files.ts <folder> [<folder> ...]");
  process.exit(2);
}

const dated = new Set(DATED_VITEST_FILES);
for (const folder of folders) {
  for (const name of fs.readdirSync(path.join(ROOT, folder)).sort()) {
    const file = `${folder.replace(/\/$/, "")}/${name}`;
    if (name.endsWith(".test.ts") && !dated.has(file)) console.log(file);
  }
}
