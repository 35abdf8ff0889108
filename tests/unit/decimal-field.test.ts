import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import en from "../../locales/en/errors.json";
import es from "../../locales/es/errors.json";
import ru from "../../locales/ru/errors.json";
import { decimalRange } from "../../cargo";
import { decimalField, wholeNumberField } from "~/lib/forms/decimal-field";
import { readPage } from "~/lib/forms/list-url";

// A form's number fields as conform reads them in the browser and in the action: conform's own coercion runs Number()
// on a z.number()'s text ("0x10" → 16, "1e309" → Infinity); decimal-field.ts must read the text first.

const Schema = z.object({
  weight: decimalField(decimalRange(0, 1_000_000, 3), { min: "awb:positive" }),
  pieces: wholeNumberField(1, 100_000).optional(),
});

function submit(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return parseWithZod(form, { schema: Schema });
}
/** The field errors of a refused submission (none when it was accepted). */
const errorsOf = (fields: Record<string, string>) => {
  const result = submit(fields);
  return result.status === "error" ? result.error : undefined;
};

describe("a number field of a form, through conform", () => {
  it("refuses every non-decimal notation with the notation's key, never a number", () => {
    for (const weight of ["0x10", "1e309", "1e3", "Infinity", "NaN", "1_000", "+5", "１２", "1 000", "0o17", "0b1", " ", "12.5.1"]) {
      expect(errorsOf({ weight })?.weight, weight).toEqual(["errors:decimalNotation"]);
    }
    expect(errorsOf({ weight: "1", pieces: "0x10" })?.pieces).toEqual(["errors:wholeNumberNotation"]);
    expect(errorsOf({ weight: "1", pieces: "2.0" })?.pieces).toEqual(["errors:integer"]);
  });

  it("says the scale and the range with their values, the field's own word for below its range", () => {
    expect(errorsOf({ weight: "1.2345" })?.weight).toEqual(["errors:precision?digits=3"]);
    expect(errorsOf({ weight: "-1" })?.weight).toEqual(["awb:positive"]);
    expect(errorsOf({ weight: "1000001" })?.weight).toEqual(["errors:maxValue?max=1000000"]);
    expect(errorsOf({ weight: "" })?.weight).toEqual(["errors:required"]);
  });

  it("reads any decimal text of the range as the number it writes, with a point or a comma", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.boolean(), (grams, comma) => {
        const text = (grams / 1000).toString();
        const result = submit({ weight: comma ? text.replace(".", ",") : text, pieces: "3" });
        expect(result.status).toBe("success");
        if (result.status === "success") expect(result.value).toEqual({ weight: grams / 1000, pieces: 3 });
      }),
    );
  });

  it("has its messages in every language", () => {
    for (const key of ["decimalNotation", "wholeNumberNotation", "precision", "minValue", "maxValue", "integer"] as const) {
      for (const [lang, texts] of Object.entries({ en, ru, es })) expect((texts as Record<string, unknown>)[key], `${lang} ${key}`).toBeTruthy();
    }
  });
});

describe("a list's page in the URL", () => {
  it("is its digits, and page 1 for anything else: never 16 for 0x10", () => {
    expect(readPage("3")).toBe(3);
    for (const value of ["0x10", "1e1", "2.5", "-2", "0", "abc", "", null, "１６", "+4"]) expect(readPage(value), String(value)).toBe(1);
  });
});
