import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import { TELEGRAM_ERROR_TEXT } from "../../cargo/telegrams/telegram-error";
import { HANG_MS, SEED } from "./abuse-tally";

/**
 * Every telegram fixture (tests/fixtures/telegrams/**, read now: each codec adds its own), mutated the ways real
 * traffic and attackers break messages: lines deleted, duplicated, swapped; the text cut anywhere; random bytes
 * (NUL, control, non-ASCII) put in; numbers made huge; lines made very long. parseTelegram must never throw, must
 * point every error at a line the text has, and must finish each input well inside the abuse runs' hang bar.
 *
 * ABUSE_RUNS mutated inputs per fixture: 20 in `npm test`; `ABUSE_RUNS=5000 npm run test:abuse` is the long run
 * (about 100 000 inputs with twenty fixtures). ABUSE_SEED replays a run.
 */
const ROOT = path.resolve("tests/fixtures/telegrams");
const RUNS = Number(process.env.ABUSE_RUNS ?? 20);
const KNOWN_CODES = new Set(Object.keys(TELEGRAM_ERROR_TEXT));

function fixtures(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? fixtures(full) : entry.isFile() ? [full] : [];
  });
}

type Mutation = (text: string) => string;
const lines = (text: string) => text.split(/\r\n|\n|\r/);
const at = (list: readonly unknown[], n: number) => (list.length ? n % list.length : 0);

const randomBytes = fc.array(fc.oneof(fc.constantFrom("\u0000", "\u0001", "\u0002", "\u0003", "\u001b", "\u007f", "\r", "\n", "/", "//", "-", ".", " ", "\uFFFD", "\u00e9", "Ж", "中", "\uD83D\uDE80", "\uD800"), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(""));

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((n) => (text: string) => {
    const l = lines(text);
    l.splice(at(l, n), 1);
    return l.join("\n");
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 50 })).map(([n, times]) => (text: string) => {
    const l = lines(text);
    l.splice(at(l, n), 0, ...Array<string>(times).fill(l[at(l, n)] ?? ""));
    return l.join("\r\n");
  }),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (text: string) => {
    const l = lines(text);
    const i = at(l, a);
    const j = at(l, b);
    [l[i], l[j]] = [l[j]!, l[i]!];
    return l.join("\n");
  }),
  fc.nat().map((n) => (text: string) => text.slice(0, text.length ? n % text.length : 0)),
  fc.tuple(fc.nat(), randomBytes).map(([n, bytes]) => (text: string) => {
    const i = text.length ? n % text.length : 0;
    return text.slice(0, i) + bytes + text.slice(i);
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 10, max: 400 })).map(([n, digits]) => (text: string) => {
    let seen = 0;
    return text.replace(/\d+/g, (number) => (seen++ === n % 8 ? "9".repeat(digits) : number));
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 100, max: 2_000 })).map(([n, times]) => (text: string) => {
    const l = lines(text);
    const i = at(l, n);
    l[i] = (l[i] || "X/").repeat(times).slice(0, 50_000);
    return l.join("\n");
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 2_000 })).map(([n, times]) => (text: string) => {
    const l = lines(text);
    l.splice(at(l, n) + 1, 0, ...Array<string>(times).fill("/"));
    return l.join("\n");
  }),
  fc.constant((text: string) => text.toLowerCase()),
);

describe("telegram fuzz", () => {
  const files = fixtures(ROOT);

  it("has fixtures to mutate", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f]))("parses every mutation of %s without throwing, pointing errors at its lines, in time", (_name, file) => {
    const original = fs.readFileSync(file, "utf8");
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        const text = mutations.reduce((t, m) => m(t), original);
        const lineCount = lines(text).length;
        const start = performance.now();
        const parsed = parseTelegram(text);
        const ms = performance.now() - start;
        expect(ms, "one parse took longer than the abuse runs' hang bar").toBeLessThan(HANG_MS);
        // one assertion per input, not per error: a mutation of 2 000 stray lines has 2 000 errors
        const misplaced = parsed.errors.filter((e) => !(Number.isInteger(e.line) && e.line >= 0 && e.line <= lineCount && KNOWN_CODES.has(e.code) && typeof e.message === "string"));
        expect(misplaced, `errors off the ${lineCount} lines, of no known code or without words`).toEqual([]);
        expect(() => JSON.stringify(parsed)).not.toThrow();
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
