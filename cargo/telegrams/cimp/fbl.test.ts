import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { airport, flight, manifestItem, expectRoundTrip, telegramFixture } from "../../../tests/unit/telegram-arbitraries";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import { type FblList, mergeFblParts, splitFbl } from "./fbl";
import { TYPE_B_MAX_MESSAGE_CHARS } from "./multi-part";

const errorsOf = (text: string) => parseTelegram(text).errors.map((e) => [e.line, e.code]);

describe("FBL/4", () => {
  it("reads the booked list: the flight, its points of unloading and the bookings with their codes and remarks", () => {
    const parsed = parseTelegram(telegramFixture("fbl", "s7-0102-two-points.txt"));
    expect(parsed.errors).toEqual([]);
    const list = parsed.message as FblList;
    expect(list).toMatchObject({ part_number: 1, carrier: "S7", flight_number: "S70102", flight_day: "28NOV", origin_iata: "LED", last: true });
    expect(list.points.map((p) => [p.destination_iata, p.bookings.map((b) => b.mawb)])).toEqual([
      ["DME", ["421-12345745", "421-12345756"]],
      ["SVX", []],
    ]);
    expect(list.points[0]!.bookings[0]).toMatchObject({ origin_iata: "LED", destination_iata: "DME", parts_code: "T", pieces: 3, weight: 75, volume: 0.4, volume_code: "MC", commodity: "ELECTRONICS", shcs: ["ELI", "SPX"], ssr: ["KEEP AWAY FROM HEAT"] });
    expect(list.points[0]!.bookings[1]).toMatchObject({ parts_code: "P", pieces: 2, total_pieces: 4, osi: ["BALANCE ON S70104"] });
  });

  it("reads messy traffic and points at the faulty lines", () => {
    const messy = parseTelegram(telegramFixture("fbl", "type-b-lowercase-no-hyphen.txt"));
    expect(messy.errors).toEqual([]);
    expect(messy.envelope).toMatchObject({ priority: "QD", addresses: ["LEDFBS7"], sent_at: "271800" });
    expect(messy.message).toMatchObject({ last: false, points: [{ destination_iata: "DME", bookings: [{ mawb: "421-12345745", commodity: "ELECTRONICS" }] }] });
    // FBL has no ULDs; the part has no CONT or LAST
    expect(errorsOf(telegramFixture("fbl", "cut-short-and-uld.txt"))).toEqual([
      [4, "unexpected_line"],
      [5, "cut_short"],
    ]);
    expect(errorsOf("FBL/4\n1/S70102/28NOV/LED\nDME\n421-12345745LEDDME\nLAST")).toEqual([[4, "missing_field"]]);
    expect(errorsOf("FBL/4\n1/S70102/28NOV/LED\n421-12345745LEDDME/T3K75.0\nLAST")).toEqual([
      [3, "missing_line"],
      [4, "missing_line"],
    ]);
  });

  it("puts parts together", () => {
    const one = parseTelegram("FBL/4\n1/S70102/28NOV/LED\nDME\n421-12345745LEDDME/T3K75.0\nCONT").message as FblList;
    const two = parseTelegram("FBL/4\n2/S70102/28NOV/LED\nDME\n421-12345756LEDDME/T1K5.0\nLAST").message as FblList;
    const merged = mergeFblParts([two, one]);
    expect(merged.complete).toBe(true);
    expect(merged.message!.points.map((p) => p.bookings.map((b) => b.mawb))).toEqual([["421-12345745", "421-12345756"]]);
    expect(mergeFblParts([two]).missing_parts).toEqual([1]);
  });

  it("splits a long booked list into parts under the Type-B limit, the point of unloading repeated, that merge back into it", () => {
    const base = parseTelegram(telegramFixture("fbl", "s7-0102-two-points.txt")).message as FblList;
    const booking = base.points[0]!.bookings[0]!;
    const bookings = Array.from({ length: 150 }, (_, n) => ({ ...booking, mawb: `421-${String(3_000_000 + n).padStart(7, "0")}${(3_000_000 + n) % 7}` }));
    const big: FblList = { ...base, points: [{ ...base.points[0]!, bookings }, base.points[1]!] };
    const texts = splitFbl(big);
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(TYPE_B_MAX_MESSAGE_CHARS);
    const parts = texts.map((text) => parseTelegram(text));
    for (const part of parts) expect(part.errors).toEqual([]);
    expect(parts.map((p) => [(p.message as FblList).part_number, (p.message as FblList).last])).toEqual(texts.map((_, n) => [n + 1, n === texts.length - 1]));
    expect(texts.slice(1).every((text) => text.split("\r\n")[2]!.startsWith("DME"))).toBe(true);
    const merged = mergeFblParts(parts.map((p) => p.message as FblList).reverse());
    expect(merged.errors).toEqual([]);
    expect(merged.message).toEqual({ ...big, part_number: 1, last: true });
    expect(splitFbl(base)).toEqual([generateTelegram("FBL", { ...base, part_number: 1, last: true })]);
  });

  it("round trip: any valid booked list is written and read back unchanged", () => {
    const point = fc.record({ destination_iata: airport, scheduled_arrival: fc.option(fc.constantFrom("28NOV", "29NOV0100"), { nil: null }), bookings: fc.array(manifestItem, { maxLength: 4 }) }).map((p) => (p.bookings.length ? p : { ...p, scheduled_arrival: null }));
    const list: fc.Arbitrary<FblList> = fc
      .record({ flight, part_number: fc.integer({ min: 1, max: 999 }), departure_time: fc.constant(null), origin_iata: airport, points: fc.uniqueArray(point, { minLength: 1, maxLength: 4, selector: (p) => p.destination_iata }), last: fc.boolean() })
      .map(({ flight: f, ...rest }) => ({ ...f, ...rest }));
    expectRoundTrip("FBL", list);
  });
});
