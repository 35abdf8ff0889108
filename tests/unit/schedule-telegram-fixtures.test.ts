import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";

/**
 * Schedule and movement telegrams as they arrive (issue 23): each fixture in tests/fixtures/telegrams/{ssim,asm,
 * ssm,mvt} is read as its type, and gives exactly the errors (line and code) its `.errors.json` lists: none for
 * the clean and merely messy ones (CRLF, lower case, an envelope, no line breaks), one per fault for the broken.
 */
const ROOT = path.resolve("tests/fixtures/telegrams");
const TYPES = { ssim: "SSIM", asm: "ASM", ssm: "SSM", mvt: "MVT" } as const;

const byLine = (a: { line: number; code: string }, b: { line: number; code: string }) => a.line - b.line || a.code.localeCompare(b.code);

describe.each(Object.entries(TYPES))("%s fixtures", (dir, type) => {
  const files = fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith(".txt"));
  it("are there, clean and broken ones", () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });
  it.each(files)("%s", (file) => {
    const text = fs.readFileSync(path.join(ROOT, dir, file), "latin1");
    const expected: Array<{ line: number; code: string }> = JSON.parse(fs.readFileSync(path.join(ROOT, dir, file.replace(/\.txt$/, ".errors.json")), "utf8"));
    const parsed = parseTelegram(text);
    expect(parsed.type).toBe(type);
    if (!expected.length) expect(parsed.message).not.toBeNull();
    expect(parsed.errors.map(({ line, code }) => ({ line, code })).sort(byLine), JSON.stringify(parsed.errors)).toEqual([...expected].sort(byLine));
  });
});
