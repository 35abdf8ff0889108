import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect } from "vitest";
import { awbNumberFromSerial } from "../../cargo/awb/awb-number";
import { formatFlightNumber } from "../../cargo/flights/flight-number";
import type { ManifestItem } from "../../cargo/telegrams/cimp/manifest-lines";
import { generateTelegram, parseTelegram } from "../../cargo/telegrams/parse-telegram";
import { IATA_MONTHS } from "../../cargo/time/iata-date";

/**
 * Random valid models for the telegram round-trip tests (issue 23: random valid data → generate → parse → equal),
 * and the fixtures' text. Values stay inside what the messages can carry (weights with one decimal, volumes with
 * two, nature of goods of 15 characters) so that any difference after the round trip is a codec fault.
 */
export function telegramFixture(type: string, name: string): string {
  return fs.readFileSync(path.resolve("tests/fixtures/telegrams", type, name), "utf8");
}

export function telegramFixtureNames(type: string): string[] {
  return fs
    .readdirSync(path.resolve("tests/fixtures/telegrams", type))
    .filter((f) => f.endsWith(".txt"))
    .sort();
}

const letters = (n: number) => fc.stringMatching(new RegExp(`^[A-Z]{${n}}$`));
export const airport = letters(3);
export const shc = fc.stringMatching(/^[A-Z0-9]{3}$/);
export const uldNumber = fc.stringMatching(/^[A-Z]{3}\d{4,5}[A-Z0-9]{2}$/);
/** Free text a line carries unchanged: no lower case, no trailing space, nothing the reader drops. */
export const remark = (max: number) => fc.stringMatching(new RegExp(`^[A-Z0-9][A-Z0-9 .,\\-()]{0,${max - 2}}[A-Z0-9.)]$`));
export const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}${String(m).padStart(2, "0")}`);
export const flightDay = fc.tuple(fc.integer({ min: 1, max: 28 }), fc.constantFrom(...IATA_MONTHS)).map(([d, m]) => `${String(d).padStart(2, "0")}${m}`);
export const mawb = fc.tuple(fc.constantFrom("421", "555", "020", "157"), fc.integer({ min: 0, max: 9_999_999 })).map(([prefix, serial]) => awbNumberFromSerial(prefix, serial));

export const flight = fc
  .tuple(fc.constantFrom("S7", "SU", "2S", "U6", "LH"), fc.integer({ min: 1, max: 9999 }), fc.option(fc.constantFrom("A", "B", "Z"), { nil: null }), flightDay)
  .map(([carrier, number, suffix, flight_day]) => ({ carrier, flight_number: formatFlightNumber({ carrier, number, suffix }), flight_day }));

export const manifestItem: fc.Arbitrary<ManifestItem> = fc
  .record({
    mawb,
    origin_iata: airport,
    destination_iata: airport,
    parts_code: fc.constantFrom("T", "P", "S", "D"),
    pieces: fc.integer({ min: 1, max: 9999 }),
    weight_code: fc.constantFrom("K", "L"),
    weight: fc.integer({ min: 0, max: 9_999_999 }).map((w) => w / 10),
    volume: fc.option(fc.tuple(fc.constantFrom("MC", "CF", "CI", "CC"), fc.integer({ min: 0, max: 99_999_999 })), { nil: null }),
    density_group: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
    extra_pieces: fc.integer({ min: 0, max: 100 }),
    commodity: fc.oneof(fc.constant(""), remark(15)),
    shcs: fc.array(shc, { maxLength: 9 }),
    dims: fc.array(remark(40), { maxLength: 2 }),
    ssr: fc.array(remark(65), { maxLength: 2 }),
    osi: fc.array(remark(65), { maxLength: 2 }),
    oci: fc.array(remark(30), { maxLength: 2 }),
    sci: fc.option(fc.stringMatching(/^[A-Z0-9]{1,2}$/), { nil: null }),
  })
  .map(({ volume, extra_pieces, ...item }) => ({
    ...item,
    volume_code: volume ? volume[0] : null,
    volume: volume ? volume[1] / 100 : null,
    total_pieces: item.parts_code === "T" ? null : Math.min(9999, item.pieces + extra_pieces),
  }))
  // "OSI/NIL" and the like would be a point of unloading: a sender cannot write them (the generator refuses).
  .filter((item) => ![...item.ssr, ...item.osi, ...item.oci, ...item.dims].some((e) => e === "NIL" || /^\d{2}[A-Z]{3}(\d{4})?$/.test(e)));

/** The round trip every codec keeps: a valid model written by generateTelegram reads back equal, without errors. */
export function expectRoundTrip<T>(type: string, model: fc.Arbitrary<T>, numRuns = 100): void {
  fc.assert(
    fc.property(model, (m) => {
      const parsed = parseTelegram(generateTelegram(type, m));
      expect(parsed.errors).toEqual([]);
      expect(parsed.message).toEqual(m);
    }),
    { numRuns },
  );
}
