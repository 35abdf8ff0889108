import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { airport, expectRoundTrip, flight, remark, shc, telegramFixture, uldNumber } from "../../../tests/unit/telegram-arbitraries";
import { parseTelegram } from "../parse-telegram";
import type { UwsStatement } from "./uws";

const errorsOf = (text: string) => parseTelegram(text).errors.map((e) => [e.line, e.code]);

describe("UWS", () => {
  it("reads the ULDs with weights, categories, contour and position, the bulk and the SI", () => {
    const parsed = parseTelegram(telegramFixture("uws", "s7-0101-ulds-bulk-si.txt"));
    expect(parsed.errors).toEqual([]);
    expect(parsed.version).toBeNull();
    expect(parsed.message).toEqual({
      carrier: "S7",
      flight_number: "S70101",
      flight_day: "28NOV",
      origin_iata: "DME",
      ulds: [
        { uld_number: "AKE12345S7", destination_iata: "LED", weight: 540, load_category: "C", shcs: ["EAP", "PER"], contour_code: "Q7", position: "21L" },
        { uld_number: "PMC54321S7", destination_iata: "LED", weight: 1520, load_category: "M", shcs: [], contour_code: null, position: null },
        { uld_number: "AKE22222S7", destination_iata: "KJA", weight: 85, load_category: "X", shcs: [], contour_code: null, position: "31R" },
      ],
      bulk: [
        { destination_iata: "LED", weight: 300, load_category: "C", shcs: ["AVI"] },
        { destination_iata: "LED", weight: 120, load_category: "B", shcs: [] },
      ],
      si: ["DOORS CHECKED BY J SMITH", "AVI IN COMPARTMENT 5"],
    });
  });

  it("points at the faulty lines of a messy statement and keeps the good ones", () => {
    const messy = parseTelegram(telegramFixture("uws", "messy-lowercase-bad-weight.txt"));
    expect(messy.errors.map((e) => [e.line, e.code])).toEqual([
      [4, "bad_field"], // weight FIVE HUNDRED
      [5, "bad_field"], // contour TOOLONG
      [8, "unexpected_line"], // WEATHER/OK
    ]);
    expect((messy.message as UwsStatement).ulds.map((u) => [u.uld_number, u.contour_code, u.position])).toEqual([["PMC54321S7", null, "21L"]]);
    expect(errorsOf(telegramFixture("uws", "no-loads.txt"))).toEqual([[4, "missing_line"]]);
    expect(errorsOf("UWS\nS70101/28NOV\nBULK\nLED/1/C")).toEqual([[2, "missing_field"]]);
  });

  it("round trip: any valid statement is written and read back unchanged", () => {
    const load = { destination_iata: airport, weight: fc.integer({ min: 0, max: 999_999 }), load_category: fc.stringMatching(/^[A-Z]{1,2}$/), shcs: fc.array(shc, { maxLength: 3 }) };
    const statement: fc.Arbitrary<UwsStatement> = fc
      .record({
        flight,
        origin_iata: airport,
        ulds: fc.array(fc.record({ uld_number: uldNumber, ...load, contour_code: fc.option(fc.stringMatching(/^[A-Z0-9]{1,3}$/), { nil: null }), position: fc.option(fc.stringMatching(/^[A-Z0-9]{1,4}$/), { nil: null }) }), { maxLength: 5 }),
        bulk: fc.array(fc.record(load), { maxLength: 3 }),
        si: fc.array(remark(60), { maxLength: 3 }),
      })
      .filter((s) => s.ulds.length + s.bulk.length > 0)
      .map(({ flight: f, ...rest }) => ({ ...f, ...rest }));
    expectRoundTrip("UWS", statement);
  });
});
