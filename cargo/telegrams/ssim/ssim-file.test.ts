import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import type { SsimFile, SsimLeg } from "./ssim-file";

const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/telegrams/ssim", name), "latin1");
const read = (name: string) => parseTelegram(fixture(name)) as ReturnType<typeof parseTelegram> & { message: SsimFile };
const legOf = (file: SsimFile, number: string, variation: number, sequence: number) =>
  file.legs.find((l) => l.number === number && l.itinerary_variation === variation && l.leg_sequence === sequence)!;

describe("SSIM chapter 7 file", () => {
  it("reads every field of a leg record at its columns, in the product's names", () => {
    const { message, errors } = read("winter-two-airlines.txt");
    expect(errors).toEqual([]);
    expect(message.legs).toHaveLength(7);
    expect(legOf(message, "S71001", 1, 1)).toMatchObject({
      carrier: "S7", flight_number: 1001, service_type: "J", period_from: "2026-10-25", period_to: "2027-03-27", days_of_week: "1234567",
      origin_iata: "OVB", std: "08:30", origin_utc_offset: "+07:00", origin_terminal: "A", destination_iata: "DME", sta: "09:20",
      destination_utc_offset: "+03:00", destination_terminal: "C", aircraft_type: "320", prbd: "CY", aircraft_configuration: "C8Y150",
      onward_carrier: "S7", onward_flight_number: 1002, time_mode: "local", record_serial: 3,
    });
    const second = legOf(message, "S75101", 1, 2);
    expect(second).toMatchObject({ origin_iata: "OVB", destination_iata: "KJA", departure_date_variation: 1, arrival_date_variation: 1, secure_flight: true, aircraft_owner: "S7" });
    expect(legOf(message, "S75101", 1, 1).segment_data).toEqual([{ board_point_indicator: "A", off_point_indicator: "C", data_element_identifier: 170, board_point: "DME", off_point: "KJA", data: "Q" }]);
    expect(legOf(message, "S75103", 1, 1).frequency_rate).toBe(2);
    expect(legOf(message, "SU0100", 1, 1)).toMatchObject({ time_mode: "utc", period_to: null, joint_operation: "SUFV", meal_service: "S" });
    expect(message.carriers.map((c) => [c.carrier, c.time_mode, c.leg_count, c.season])).toEqual([["S7", "local", 6, "W26"], ["SU", "utc", 1, null]]);
  });

  it("names the line and the field of a wrong date or time, and leaves that leg out", () => {
    const { message, errors } = read("bad-date-and-time.txt");
    expect(errors).toEqual([
      expect.objectContaining({ line: 12, code: "bad_field", params: { field: "period of operation from", value: "31APR27" } }),
      expect.objectContaining({ line: 17, code: "bad_field", params: { field: "aircraft STD", value: "0860" } }),
    ]);
    expect(message.legs.map((l) => l.number)).not.toContain("S71002");
    expect(message.legs).toHaveLength(5);
  });

  it("says which serial number was expected, and the next record reads on", () => {
    const { errors } = read("wrong-serial.txt");
    expect(errors).toEqual([expect.objectContaining({ line: 12, code: "bad_serial", params: { value: "000044", expected: "000004" } })]);
  });

  it("checks the trailer against the record before it and its airline", () => {
    const text = fixture("winter-two-airlines.txt").replace("000009E000010", "000008E000010").replace(/\r\n5 SU  /, "\r\n5 SX  ");
    const errors = parseTelegram(text).errors;
    expect(errors.map((e) => [e.line, e.code, e.params?.field])).toEqual([
      [18, "bad_trailer", "serial number check reference"],
      [27, "bad_trailer", "airline designator"],
    ]);
  });

  it("reads a file sent without line breaks as records of 200", () => {
    const { message, errors } = read("no-line-breaks.txt");
    expect(errors).toEqual([]);
    expect(message.legs).toHaveLength(7);
  });

  it("never throws on whatever follows a header", () => {
    const header = fixture("winter-two-airlines.txt").split("\r\n").slice(0, 12).join("\r\n");
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.integer({ min: 0, max: header.length }), (junk, at) => {
        const parsed = parseTelegram(header.slice(0, Math.max(at, 40)) + junk);
        expect(Array.isArray(parsed.errors)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("reads a season of 100 000 legs, every one of them, without an error", { timeout: 120_000 }, () => {
    const template = read("winter-two-airlines.txt").message.legs[0]!;
    const legs: SsimLeg[] = Array.from({ length: 100_000 }, (_, i) => ({
      ...template,
      flight_number: (i % 9999) + 1,
      number: `S7${String((i % 9999) + 1).padStart(4, "0")}`,
      itinerary_variation: Math.floor(i / 9999) + 1,
    }));
    const file: SsimFile = { header: { number_of_seasons: null, data_set_serial: null }, carriers: [{ ...read("winter-two-airlines.txt").message.carriers[0]!, leg_count: legs.length }], legs };
    const text = generateTelegram("SSIM", file);
    const parsed = parseTelegram(text);
    expect(parsed.errors).toEqual([]);
    const back = (parsed.message as SsimFile).legs;
    expect(back).toHaveLength(100_000);
    expect(back[99_999]).toMatchObject({ number: legs[99_999]!.number, itinerary_variation: 11, record_serial: 100_002 });
  });
});
