import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { airport, flight, hhmm, manifestItem, telegramFixture, uldNumber } from "../../../tests/unit/telegram-arbitraries";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import { type FfmManifest, mergeFfmParts, splitFfm, TYPE_B_MAX_MESSAGE_CHARS } from "./ffm";

const errorsOf = (text: string) => parseTelegram(text).errors.map((e) => [e.line, e.code]);
const manifestOf = (text: string) => parseTelegram(text).message as FfmManifest;

describe("FFM/8", () => {
  it("reads a manifest: flight line, points, bulk and ULD shipments with their lines, LAST", () => {
    const parsed = parseTelegram(telegramFixture("ffm", "s7-two-ulds-last.txt"));
    expect(parsed.errors).toEqual([]);
    const m = parsed.message as FfmManifest;
    expect(m).toMatchObject({ part_number: 1, carrier: "S7", flight_number: "S70101", flight_day: "28NOV", departure_time: "0935", origin_iata: "DME", aircraft_registration: "RA73456", last: true });
    expect(m.points.map((p) => [p.destination_iata, p.scheduled_arrival, p.bulk.length, p.ulds.map((u) => [u.uld_number, u.loading_indicator, u.items.length])])).toEqual([
      ["LED", "28NOV1150", 1, [["AKE12345S7", null, 1], ["PMC54321S7", "MD", 1]]],
      ["KJA", null, 0, []],
    ]);
    expect(m.points[0]!.bulk[0]).toMatchObject({ mawb: "421-12345675", pieces: 2, weight: 50, weight_code: "K", volume: 0.5, volume_code: "MC", commodity: "BOOKS", shcs: ["EAP"] });
    expect(m.points[0]!.ulds[0]!.items[0]).toMatchObject({ parts_code: "P", pieces: 1, total_pieces: 3, shcs: ["GEN", "ELI"], dims: ["K20.0/CMT40-30-20/1"], osi: ["HANDLE WITH CARE"], ssr: ["KEEP DRY"], sci: "X" });
    expect(m.points[0]!.ulds[1]!.items[0]!.oci).toEqual(["RU/ISS/RA/00123-01", "//ED/0123456"]);
  });

  it("reads messy traffic: envelope, CRLF, lower case, trailing spaces, SOH/STX/ETX, a waybill without its hyphen", () => {
    const lower = parseTelegram(telegramFixture("ffm", "type-b-envelope-crlf-lowercase.txt"));
    expect(lower.errors).toEqual([]);
    expect(lower.envelope).toMatchObject({ priority: "QU", addresses: ["MOWFFS7", "LEDFFS7"], origin: "DMEFFS7" });
    expect((lower.message as FfmManifest).points[0]!.bulk[0]).toMatchObject({ mawb: "421-12345675", commodity: "BOOKS", shcs: ["EAP"] });
    const wire = parseTelegram(telegramFixture("ffm", "soh-stx-etx-first-arrival.txt"));
    expect(wire.errors).toEqual([]);
    expect(wire.message).toMatchObject({ flight_number: "SU0010", aircraft_registration: "RA89001", first_arrival: { country_code: "TH", date_time: "30NOV0730", iata: "BKK" } });
    expect((wire.message as FfmManifest).points[0]!.ulds[0]!.items[0]!.ssr).toEqual(["DELIVER TO CONSIGNEE ON ARRIVAL", "CALL AGENT BEFORE DELIVERY"]);
  });

  it("says what is wrong on which line and keeps the rest", () => {
    expect(errorsOf(telegramFixture("ffm", "cut-short-before-last.txt"))).toEqual([[5, "cut_short"]]);
    expect(manifestOf(telegramFixture("ffm", "cut-short-before-last.txt")).points[0]!.ulds[0]!.items).toHaveLength(1);
    const messy = telegramFixture("ffm", "unknown-and-misplaced-lines.txt");
    expect(errorsOf(messy)).toEqual([
      [3, "unexpected_line"], // OSI before any shipment
      [4, "missing_line"], // a shipment before the point of unloading
      [6, "bad_awb_number"], // wrong check digit
      [7, "bad_field"], // ULD number
      [9, "bad_field"], // special handling code TOOLONG
      [10, "unexpected_line"], // XYZ
      [11, "bad_field"], // quantity T9X10
      [13, "unexpected_line"], // after LAST
    ]);
    const m = manifestOf(messy);
    expect(m.points[0]!.bulk.map((i) => i.mawb)).toEqual(["421-12345686", "421-12345690"]);
    expect(m.points[0]!.bulk[0]!.shcs).toEqual(["EAP"]);
  });

  it("refuses a part whose flight it cannot read, without throwing", () => {
    expect(errorsOf("FFM/8\n1/S7/28NOV/DME\nLED\nLAST")).toEqual([[2, "bad_field"]]);
    expect(errorsOf("FFM/8\nX/S70101/28NOV/DME\nLAST")).toEqual([[2, "bad_field"]]);
    expect(errorsOf("FFM/8\n1/S70101/31FEB/DME\nLAST")).toEqual([[2, "bad_field"]]);
    expect(errorsOf("FFM/8")).toEqual([[0, "cut_short"]]);
    expect(errorsOf("FFM/9\n1/S70101/28NOV/DME\nLED/NIL\nLAST")).toEqual([[1, "unsupported_version"]]);
  });

  it("puts parts together in any order and says which are missing", () => {
    const one = manifestOf(telegramFixture("ffm", "s7-0101-part1-cont.txt"));
    const two = manifestOf(telegramFixture("ffm", "s7-0101-part2-last.txt"));
    const merged = mergeFfmParts([two, one]);
    expect(merged.errors).toEqual([]);
    expect(merged.complete).toBe(true);
    expect(merged.message!.points.map((p) => [p.destination_iata, p.bulk.length, p.ulds.map((u) => [u.uld_number, u.items.map((i) => i.mawb)])])).toEqual([
      ["LED", 1, [["PMC54321S7", ["421-12345712", "421-12345723"]]]],
      ["OVB", 0, []],
    ]);
    const gap = mergeFfmParts([two, { ...one, part_number: 3, last: false }]);
    expect(gap.complete).toBe(false);
    expect(gap.missing_parts).toEqual([1]);
    expect(gap.errors.map((e) => [e.code, e.params])).toEqual([
      ["part_after_last", { part: 3 }],
      ["missing_part", { part: 1 }],
    ]);
    expect(mergeFfmParts([one, one, { ...two, flight_day: "29NOV" }]).errors.map((e) => e.code)).toEqual(["duplicate_part", "part_of_other_flight", "no_last_part"]);
    expect(mergeFfmParts([]).missing_parts).toEqual([1]);
  });

  it("splits a long manifest into parts under the Type-B limit that merge back into it", () => {
    const base = manifestOf(telegramFixture("ffm", "s7-two-ulds-last.txt"));
    const item = base.points[0]!.ulds[0]!.items[0]!;
    const items = Array.from({ length: 120 }, (_, n) => ({ ...item, mawb: `421-${String(2_000_000 + n).padStart(7, "0")}${(2_000_000 + n) % 7}` }));
    const big: FfmManifest = { ...base, points: [{ ...base.points[0]!, bulk: items.slice(0, 30), ulds: [{ uld_number: "PMC00001S7", loading_indicator: null, items: items.slice(30) }] }, base.points[1]!] };
    const texts = splitFfm(big);
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(TYPE_B_MAX_MESSAGE_CHARS);
    const parts = texts.map((text) => parseTelegram(text));
    for (const part of parts) expect(part.errors).toEqual([]);
    expect(parts.map((p) => (p.message as FfmManifest).last)).toEqual(texts.map((_, n) => n === texts.length - 1));
    const merged = mergeFfmParts(parts.map((p) => p.message as FfmManifest).reverse());
    expect(merged.errors).toEqual([]);
    expect(merged.message).toEqual({ ...big, part_number: 1, last: true });
    expect(() => splitFfm(big, 120)).toThrow(RangeError);
  });

  it("round trip: any valid manifest part is written and read back unchanged, also split into parts", () => {
    const uld = fc.record({ uld_number: uldNumber, loading_indicator: fc.option(fc.stringMatching(/^[A-Z0-9]{1,3}$/), { nil: null }), items: fc.array(manifestItem, { maxLength: 3 }) });
    const point = fc
      .record({ destination_iata: airport, scheduled_arrival: fc.option(fc.constantFrom("28NOV", "29NOV0100"), { nil: null }), bulk: fc.array(manifestItem, { maxLength: 2 }), ulds: fc.uniqueArray(uld, { maxLength: 3, selector: (u) => u.uld_number }) })
      .map((p) => (p.bulk.length || p.ulds.length ? p : { ...p, scheduled_arrival: null }));
    const manifest: fc.Arbitrary<FfmManifest> = fc
      .record({
        flight,
        part_number: fc.integer({ min: 1, max: 999 }),
        departure_time: fc.option(hhmm, { nil: null }),
        origin_iata: airport,
        aircraft_registration: fc.option(fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{1,9}$/), { nil: null }),
        first_arrival: fc.option(fc.record({ country_code: fc.stringMatching(/^[A-Z]{2}$/), date_time: fc.constantFrom("28NOV", "30NOV0730"), iata: airport }), { nil: null }),
        points: fc.uniqueArray(point, { minLength: 1, maxLength: 3, selector: (p) => p.destination_iata }),
        last: fc.boolean(),
      })
      .map(({ flight: f, ...rest }) => ({ ...f, ...rest }));
    fc.assert(
      fc.property(manifest, (m) => {
        const parsed = parseTelegram(generateTelegram("FFM", m));
        expect(parsed.errors).toEqual([]);
        expect(parsed.message).toEqual(m);
        const parts = splitFfm(m, 1200).map((text) => parseTelegram(text));
        expect(parts.flatMap((p) => p.errors)).toEqual([]);
        expect(mergeFfmParts(parts.map((p) => p.message as FfmManifest)).message).toEqual({ ...m, part_number: 1, last: true });
      }),
      { numRuns: 100 },
    );
  });
});
