import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTelegram } from "../parse-telegram";
import type { MovementMessage } from "./mvt";

const read = (name: string) => parseTelegram(fs.readFileSync(path.resolve("tests/fixtures/telegrams/mvt", name), "latin1"));

describe("AHM 780 MVT", () => {
  it("reads a departure: flight, day, registration, station, off-blocks/airborne, estimated arrival, delay, passengers, SI", () => {
    const { type, family, message, errors } = read("departure.txt");
    expect([type, family, errors]).toEqual(["MVT", "ahm", []]);
    expect(message).toEqual({
      carrier: "S7", flight_number: 1001, operational_suffix: null, number: "S71001", day: 15, registration: "RA73415", station: "OVB",
      atd_utc: { day: null, time: "01:35" }, airborne_utc: { day: null, time: "01:48" }, eta_utc: { day: null, time: "04:25" }, eta_station: "DME",
      touchdown_utc: null, ata_utc: null, etd_utc: null, next_information_utc: null,
      delays: [{ code: "72", minutes: 10 }], passengers: 158, infants: 2, supplementary_info: ["LATE CONNECTING PASSENGERS"],
    } satisfies MovementMessage);
  });

  it("reads an arrival's touchdown and on-blocks", () => {
    expect(read("arrival.txt").message).toMatchObject({ station: "DME", touchdown_utc: { day: null, time: "04:19" }, ata_utc: { day: null, time: "04:27" } });
  });

  it("reads estimates with their day and two delay codes written together", () => {
    const m = read("delayed-estimate.txt").message as MovementMessage;
    expect(m.etd_utc).toEqual({ day: 14, time: "23:55" });
    expect(m.next_information_utc).toEqual({ day: 14, time: "23:30" });
    expect(m.delays).toEqual([{ code: "93", minutes: 15 }, { code: "72", minutes: 10 }]);
  });

  it("reads lower case in an envelope with CRLF and drops the hyphen of a registration", () => {
    const { message, envelope, errors } = read("type-b-lower-case.txt");
    expect(errors).toEqual([]);
    expect(envelope?.sent_at).toBe("150150");
    expect(message).toMatchObject({ registration: "RA73415", atd_utc: { day: null, time: "01:35" }, eta_station: "DME" });
  });

  it("names the field of a wrong time and the line of a line it does not know", () => {
    expect(read("bad-times.txt").errors[0]).toMatchObject({ line: 3, code: "bad_field", params: { field: "off-blocks time", value: "0175" } });
    expect(read("unknown-line.txt").errors).toEqual([expect.objectContaining({ line: 4, code: "unexpected_line" })]);
  });
});
