import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkDecimalNumber, decimalRange, readDecimal, readDecimalText, type DecimalRange } from "./decimal-text";

const WEIGHT = decimalRange(0, 1_000_000, 3);
const PIECES = decimalRange(1, 100_000, 0);
const LATITUDE = decimalRange(-90, 90, 6);

/** Ranges like the fields' own: unsigned or signed, whole or with decimals, as wide as a double keeps exactly. */
const rangeArb: fc.Arbitrary<DecimalRange> = fc
  .record({ scale: fc.integer({ min: 0, max: 6 }), signed: fc.boolean(), lowPositive: fc.boolean() })
  .chain(({ scale, signed, lowPositive }) =>
    fc.integer({ min: 0, max: 15 - scale }).chain((digits) => {
      const max = 10 ** digits - 1 || 1;
      return fc.constant(decimalRange(signed ? -max : lowPositive ? Math.min(1, max) : 0, max, scale));
    }),
  );

/** A value of the range as its canonical decimal text, built from an integer count of the scale's smallest unit. */
function canonical(units: number, scale: number): string {
  const digits = String(Math.abs(units)).padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  const text = fraction ? `${whole}.${fraction}` : whole;
  return units < 0 ? `-${text}` : text;
}
const valueArb = (range: DecimalRange) =>
  fc.integer({ min: Math.ceil(range.min * 10 ** range.scale), max: Math.floor(range.max * 10 ** range.scale) }).map((units) => canonical(units, range.scale));

const digitsArb = (min = 1, max = 6) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

describe("a decimal text within the field's range", () => {
  it("is accepted and round-trips exactly: the value prints as the text typed", () => {
    fc.assert(
      fc.property(rangeArb.chain((range) => fc.tuple(fc.constant(range), valueArb(range))), ([range, text]) => {
        const read = readDecimalText(text, range);
        expect(read).toEqual({ ok: true, value: Number(text), text });
        if (read.ok) expect(String(read.value)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads the same with a decimal comma, trailing zeros and blanks around it", () => {
    fc.assert(
      fc.property(rangeArb.chain((range) => fc.tuple(fc.constant(range), valueArb(range), fc.integer({ min: 0, max: 3 }))), ([range, text, zeros]) => {
        if (range.scale === 0) return;
        const written = ` ${text.includes(".") ? text.replace(".", ",") : `${text},0`}${"0".repeat(zeros)}\t`;
        expect(readDecimalText(written, range)).toEqual({ ok: true, value: Number(text), text });
      }),
    );
  });

  it("reads leading zeros and -0 as the number they are", () => {
    expect(readDecimalText("007.50", WEIGHT)).toEqual({ ok: true, value: 7.5, text: "7.5" });
    expect(readDecimalText("-0", LATITUDE)).toEqual({ ok: true, value: 0, text: "0" });
    expect(readDecimalText("-89.999999", LATITUDE)).toEqual({ ok: true, value: -89.999999, text: "-89.999999" });
  });
});

describe("anything but decimal notation", () => {
  const notation = { ok: false, fault: "notation" };
  const refusedAsNotation = (text: string, range: DecimalRange = LATITUDE) => {
    expect(readDecimalText(text, range), JSON.stringify(text)).toEqual(notation);
  };

  it("is refused: exponents, hex, octal, binary, Infinity, NaN, underscores, a plus sign", () => {
    const cases = fc.oneof(
      fc.tuple(digitsArb(1, 3), fc.constantFrom("e", "E", "e+", "e-", "E-"), digitsArb(1, 3)).map(([m, e, x]) => `${m}${e}${x}`),
      fc.tuple(fc.constantFrom("0x", "0X", "-0x", "0o", "0O", "0b", "0B"), digitsArb(1, 4)).map(([p, d]) => `${p}${d}`),
      fc.tuple(fc.constantFrom("0x", "0X"), fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: 1, maxLength: 4 })).map(([p, d]) => `${p}${d}`),
      fc.constantFrom("Infinity", "-Infinity", "+Infinity", "infinity", "NaN", "nan", "1e309", "-1e309", "1E3", ".5e1"),
      fc.tuple(digitsArb(1, 3), digitsArb(3, 3)).map(([a, b]) => `${a}_${b}`),
      fc.tuple(digitsArb(), fc.option(digitsArb(), { nil: undefined })).map(([a, b]) => `+${a}${b ? `.${b}` : ""}`),
    );
    fc.assert(fc.property(cases, (text) => {
      refusedAsNotation(text);
    }), { numRuns: 500 });
  });

  it("is refused: digits of other scripts and full-width digits", () => {
    // Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali, Thai, full-width, mathematical bold
    const zeros = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10, 0x1d7ce];
    const foreign = fc.tuple(fc.constantFrom(...zeros), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 4 }), digitsArb(0, 2)).map(
      ([zero, ds, ascii]) => `${ascii}${ds.map((d) => String.fromCodePoint(zero + d)).join("")}`,
    );
    fc.assert(fc.property(foreign, (text) => {
      refusedAsNotation(text);
    }));
  });

  it("is refused: blanks inside, grouping, two separators, a separator without digits on both sides", () => {
    const cases = fc.oneof(
      fc.tuple(digitsArb(), fc.constantFrom(" ", "\u00a0", "\u202f", "\t", "\n", "'", "_"), digitsArb(3, 3)).map(([a, s, b]) => `${a}${s}${b}`),
      fc.tuple(digitsArb(1, 3), digitsArb(3, 3), digitsArb(1, 2)).map(([a, b, c]) => `${a},${b}.${c}`),
      fc.tuple(digitsArb(1, 3), fc.constantFrom("..", ",,", ".,", ",.")).map(([a, s]) => `${a}${s}5`),
      digitsArb().map((a) => `.${a}`),
      digitsArb().map((a) => `${a}.`),
      digitsArb().map((a) => `--${a}`),
      digitsArb().map((a) => `${a}-`),
      fc.constantFrom("", " ", "-", ".", ",", "1.2.3", "1,2,3", "١٢", "１２", "12kg", "½", "0.5.", "true", "null", "[1]"),
    );
    fc.assert(fc.property(cases, (text) => {
      refusedAsNotation(text);
    }), { numRuns: 500 });
  });

  it("accepts nothing that is not ASCII digits with at most one separator, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom(..."0123456789.,-+eExXoObB_ \u00a0"), fc.constantFrom("٣", "３", "∞", "I", "N")), maxLength: 12 }), (text) => {
        const read = readDecimalText(text, LATITUDE);
        if (read.ok) expect(text.trim()).toMatch(/^-?\d+(?:[.,]\d+)?$/);
      }),
      { numRuns: 2000 },
    );
  });

  it("is refused before reading when it is longer than any number", () => {
    expect(readDecimalText(`${"0".repeat(100)}1`, WEIGHT)).toEqual(notation);
  });
});

describe("a number outside the field", () => {
  it("with more decimals than the field keeps is refused with its scale", () => {
    fc.assert(
      fc.property(rangeArb.chain((range) => fc.tuple(fc.constant(range), valueArb(range), digitsArb(1, 3).filter((d) => /[1-9]$/.test(d)))), ([range, text, extra]) => {
        const longer = `${text}${text.includes(".") ? "" : "."}${"0".repeat(Math.max(0, range.scale - (text.split(".")[1]?.length ?? 0)))}${extra}`;
        expect(readDecimalText(longer, range)).toEqual({ ok: false, fault: "scale", scale: range.scale });
      }),
    );
    expect(readDecimalText("1.5", PIECES)).toEqual({ ok: false, fault: "scale", scale: 0 });
    // a whole number is digits only
    expect(readDecimalText("2.0", PIECES)).toEqual({ ok: false, fault: "scale", scale: 0 });
    expect(readDecimalText("2,00", PIECES)).toEqual({ ok: false, fault: "scale", scale: 0 });
  });

  it("beyond its bounds is refused with them, and a minus sign where it has no negatives", () => {
    expect(readDecimalText("1000000.001", WEIGHT)).toEqual({ ok: false, fault: "range", bound: "max", min: 0, max: 1_000_000 });
    expect(readDecimalText("0", PIECES)).toEqual({ ok: false, fault: "range", bound: "min", min: 1, max: 100_000 });
    expect(readDecimalText("-5", WEIGHT)).toEqual({ ok: false, fault: "range", bound: "min", min: 0, max: 1_000_000 });
    expect(readDecimalText("-0", WEIGHT)).toEqual({ ok: false, fault: "range", bound: "min", min: 0, max: 1_000_000 });
    expect(readDecimalText("90.000001", LATITUDE)).toEqual({ ok: false, fault: "range", bound: "max", min: -90, max: 90 });
    expect(readDecimalText("9".repeat(30), WEIGHT)).toEqual({ ok: false, fault: "range", bound: "max", min: 0, max: 1_000_000 });
  });
});

describe("a number that arrived as a number (JSON)", () => {
  it("is refused when JSON.parse made it Infinity, and when it is NaN", () => {
    const parsed = JSON.parse('{"weight": 1e309, "low": -1e309}') as { weight: number; low: number };
    expect(parsed.weight).toBe(Number.POSITIVE_INFINITY);
    expect(checkDecimalNumber(parsed.weight, WEIGHT)).toEqual({ ok: false, fault: "range", bound: "max", min: 0, max: 1_000_000 });
    expect(checkDecimalNumber(parsed.low, LATITUDE)).toEqual({ ok: false, fault: "range", bound: "min", min: -90, max: 90 });
    expect(checkDecimalNumber(Number.NaN, WEIGHT)).toEqual({ ok: false, fault: "notation" });
  });

  it("is checked for range and scale as its text would be", () => {
    fc.assert(
      fc.property(rangeArb.chain((range) => fc.tuple(fc.constant(range), valueArb(range))), ([range, text]) => {
        expect(readDecimal(Number(text), range)).toEqual(readDecimalText(text, range));
      }),
    );
    expect(checkDecimalNumber(0.1 + 0.2, WEIGHT)).toEqual({ ok: false, fault: "scale", scale: 3 });
    expect(checkDecimalNumber(1e-7, LATITUDE)).toEqual({ ok: false, fault: "scale", scale: 6 });
    expect(checkDecimalNumber(2.5, PIECES)).toEqual({ ok: false, fault: "scale", scale: 0 });
    expect(checkDecimalNumber(1e21, WEIGHT)).toEqual({ ok: false, fault: "range", bound: "max", min: 0, max: 1_000_000 });
  });
});

describe("a field's range", () => {
  it("cannot be declared wider than a double keeps exactly", () => {
    expect(() => decimalRange(0, 1e15, 1)).toThrow(RangeError);
    expect(() => decimalRange(0, 100, 7)).toThrow(RangeError);
    expect(() => decimalRange(5, 1, 0)).toThrow(RangeError);
    expect(() => decimalRange(0, Number.POSITIVE_INFINITY, 0)).toThrow(RangeError);
    expect(decimalRange(-2_147_483_648, 2_147_483_647, 0)).toEqual({ min: -2_147_483_648, max: 2_147_483_647, scale: 0 });
  });
});
