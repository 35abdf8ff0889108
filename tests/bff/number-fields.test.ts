/**
 * Issue 21 §8 through a real form: the create air waybill form with pieces "0x10" or a weight "1e309" (conform's
 * Number() read them as 16 and Infinity, and Infinity went upstream as null) shows the translated error beside the
 * field, keeps every other value typed, and creates nothing. Decimal text with a comma still creates the waybill.
 */
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills } from "../../api/db/schema";
import { fieldErrorOf, inLanguage, submit, textOf, useBff } from "./harness";
import { CREATE_WAYBILL, spareParts } from "./waybills";

const bff = useBff();
const S7 = "s7.localhost";

const waybills = async () => (await bff.api.database.db.select({ n: count() }).from(airWaybills))[0]!.n;

/** The value an input shows back (names with dots too). */
const shownValue = (html: string, name: string) =>
  (html.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`))?.match(/\bvalue="([^"]*)"/)?.[1];

describe("a number field of the create air waybill form", () => {
  it("says 0x10 and 1e309 are no numbers beside their fields, keeps what was typed and creates nothing", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const before = await waybills();
    const answer = await submit(forwarder, S7, CREATE_WAYBILL, spareParts({ pieces: "0x10", weight: "1e309", "dimensions[0].pieces": "1", "dimensions[0].length": "1e2", "dimensions[0].width": "50", "dimensions[0].height": "40,5" }));
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(answer.body, "pieces")).toBe("Enter a whole number in digits, like 12");
    expect(fieldErrorOf(answer.body, "weight")).toBe("Enter a number in digits, like 12.5");
    expect(fieldErrorOf(answer.body, "dimensions[0].length")).toBe("Enter a number in digits, like 12.5");
    for (const [name, value] of Object.entries({ pieces: "0x10", weight: "1e309", commodity: "SPARE PARTS", hs_codes: "8708", "shipper.name": "ACME LLC", "dimensions[0].length": "1e2", "dimensions[0].height": "40,5" })) {
      expect(shownValue(answer.body, name), name).toBe(value);
    }
    // the live figures do not read a refused value either: no volume from a length of "1e2"
    expect(answer.body).not.toMatch(/data-testid="figure-volume"[^>]*>0\.2</);
    expect(await waybills()).toBe(before);
  });

  it("refuses every other notation, too many decimals and a minus sign the same way", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const before = await waybills();
    const cases: Array<[string, string]> = [
      ["Infinity", "Enter a number in digits, like 12.5"],
      ["1_000", "Enter a number in digits, like 12.5"],
      ["+12", "Enter a number in digits, like 12.5"],
      ["１２", "Enter a number in digits, like 12.5"],
      ["1 000", "Enter a number in digits, like 12.5"],
      ["12.5.1", "Enter a number in digits, like 12.5"],
      ["12.34567", "At most 3 decimal places"],
      ["-5", "Must be positive"],
    ];
    for (const [weight, message] of cases) {
      const answer = await submit(forwarder, S7, CREATE_WAYBILL, spareParts({ weight }));
      expect([answer.status, answer.refused], weight).toEqual([200, 400]);
      expect(fieldErrorOf(answer.body, "weight"), weight).toBe(message);
      expect(shownValue(answer.body, "weight"), weight).toBe(weight);
    }
    expect(await waybills()).toBe(before);
  });

  it("says it in Russian", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const body = await inLanguage(forwarder, S7, "ru", async () => (await submit(forwarder, S7, CREATE_WAYBILL, spareParts({ pieces: "0x10", weight: "1e309" }))).body);
    expect(fieldErrorOf(body, "pieces")).toBe("Введите целое число цифрами, например 12");
    expect(fieldErrorOf(body, "weight")).toBe("Введите число цифрами, например 12,5");
  });

  it("still reads a decimal comma and creates the waybill", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const answer = await submit(forwarder, S7, CREATE_WAYBILL, spareParts({ weight: "12,75" }));
    expect(answer.status, textOf(answer.body).slice(0, 400)).toBe(302);
    const page = await forwarder.get(S7, answer.location!, { follow: true });
    expect(textOf(page.body)).toContain("12.75 kg");
  });
});
