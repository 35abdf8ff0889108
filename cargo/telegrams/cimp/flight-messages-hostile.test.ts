import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { telegramFixture, telegramFixtureNames } from "../../../tests/unit/telegram-arbitraries";
import { parseTelegram } from "../parse-telegram";

/**
 * FFM, FBL, UWS and CSN never throw (issue 23, DESIGN §4a): lines of the fixtures shuffled, cut, doubled and mixed
 * with random text still give a result and a list of errors. (The long fuzz of every type is in tests/abuse.)
 */
const TYPES = ["ffm", "fbl", "uws", "csn"] as const;

describe("flight-level messages on hostile input", () => {
  it.each(TYPES)("%s: mutated fixtures never throw and errors always name a line", (type) => {
    const lines = telegramFixtureNames(type).flatMap((name) => telegramFixture(type, name).split(/\r?\n/));
    const line = fc.oneof(fc.constantFrom(...lines), fc.string({ maxLength: 40 }), fc.constantFrom("/", "//", "CONT", "LAST", "ULD/", "LED/NIL", "SI", "BULK", "421-/", "1/"));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (body) => {
        const parsed = parseTelegram(`${type.toUpperCase()}${type === "uws" ? "" : type === "ffm" ? "/8" : type === "fbl" ? "/4" : "/1"}\n${body.join("\n")}`);
        for (const error of parsed.errors) expect(Number.isInteger(error.line)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("reads a manifest of 20 000 lines (repeated shipments) without giving up", () => {
    const shipment = "421-12345675DMELED/T2K50.0/BOOKS\n/EAP\nOSI/X";
    const text = `FFM/8\n1/S70101/28NOV/DME\nLED\n${Array.from({ length: 6_000 }, () => shipment).join("\n")}\nLAST`;
    const parsed = parseTelegram(text);
    expect(parsed.errors).toEqual([]);
    expect((parsed.message as { points: { bulk: unknown[] }[] }).points[0]!.bulk).toHaveLength(6_000);
  });
});
