import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLOCK_HARNESSES, CLOCK_READS, DATED_E2E_JOURNEYS, DATED_VITEST_FILES } from "../dated-tests";

// `npm test` and `npm run test:dates` put only the files of tests/dated-tests.ts on the shifted dates: a test that reads
// the clock and is missing there would silently never meet the dates that broke date maths before. This keeps the
// lists whole.

const ROOT = path.resolve(__dirname, "../..");

function testFilesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFilesUnder(relative);
    return entry.name.endsWith(".test.ts") ? [relative] : [];
  });
}

/** Code without its comments: a comment that mentions Date.now() reads no clock. */
function codeOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join("\n");
}

/** The test helpers (not test files, not harnesses) that `file` imports with a relative path, resolved. */
function helpersImportedBy(file: string, code: string): string[] {
  const specifiers = [...code.matchAll(/(?:from|import\()\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specifiers
    .map((specifier) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), specifier)))
    .flatMap((base) => [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`])
    .filter((candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(path.join(ROOT, candidate)))
    .filter((helper) => helper.startsWith("tests/") && !helper.endsWith(".test.ts") && !CLOCK_HARNESSES.includes(helper));
}

/** The first clock read in `file` or in a test helper it imports (at any depth), with where it is. */
export function clockReadOf(file: string, seen = new Set<string>()): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const code = codeOf(fs.readFileSync(path.join(ROOT, file), "utf8"));
  const read = CLOCK_READS.find(({ pattern }) => pattern.test(code));
  if (read) return `${read.what} in ${file}`;
  for (const helper of helpersImportedBy(file, code)) {
    const found = clockReadOf(helper, seen);
    if (found) return found;
  }
  return undefined;
}

/** This file's table quotes clock reads as data; it reads no clock. */
const SELF = "tests/unit/dated-tests.test.ts";
const vitestFiles = [...testFilesUnder("cargo"), ...testFilesUnder("tests")].filter((f) => !f.startsWith("tests/e2e/") && f !== SELF);
const e2eFiles = testFilesUnder("tests/e2e");

describe("the date-dependent set (tests/dated-tests.ts)", () => {
  it.each([
    ["const t = Date.now();", true],
    ["expect(x).toEqual(new Date( ));", true],
    ["process.env.CARGO_NOW = '2027-04-30T12:00:00Z'", true],
    ['import { utcDateOf } from "../../api/clock";', true],
    ["const day = seedToday();", true],
    ["const std = new Date(+t.clock() + 3_600_000);", true],
    ["await book({ date: t.today })", true],
    ["const d = new Date(0); const e = new Date('2027-01-01');", false],
    ["// Date.now() would be wrong here\nconst x = 1;", false],
  ])("recognises a clock read: %s → %s", (code, reads) => {
    expect(CLOCK_READS.some(({ pattern }) => pattern.test(codeOf(code)))).toBe(reads);
  });

  it.each([
    ["DATED_VITEST_FILES", vitestFiles, DATED_VITEST_FILES],
    ["DATED_E2E_JOURNEYS", e2eFiles, DATED_E2E_JOURNEYS],
  ] as const)("%s holds every test file that reads the clock, itself or through a test helper it imports", (list, files, dated) => {
    const missing = files
      .filter((file) => !dated.includes(file))
      .map((file) => [file, clockReadOf(file)])
      .filter(([, read]) => read);
    expect(missing, `add these to ${list}`).toEqual([]);
  });

  it("names only test files that exist, each once", () => {
    for (const list of [DATED_VITEST_FILES, DATED_E2E_JOURNEYS]) {
      expect(new Set(list).size).toBe(list.length);
    }
    expect(DATED_VITEST_FILES.filter((file) => !vitestFiles.includes(file))).toEqual([]);
    expect(DATED_E2E_JOURNEYS.filter((file) => !e2eFiles.includes(file))).toEqual([]);
  });
});
