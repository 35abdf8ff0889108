import { describe, expect, it } from "vitest";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import type { StatusMessage } from "./status-message";

const parse = (text: string) => parseTelegram(text) as ReturnType<typeof parseTelegram> & { message: StatusMessage | null };

describe("FSU", () => {
  it("reads a shipment's life: every status with its own elements, in the product's names", () => {
    const text = [
      "FSU/14",
      "157-12345675LHRJFK/T2K50.0MC0.3",
      "BKD/BA117/28NOV/LHRJFK/T2K50.0/S1200/S1500",
      "RCS/27NOV1510/LHR/T2K50.0/ACME FORWARDING",
      "FOH/27NOV1400L/LHR/T2K50.0",
      "PRE/BA0117/28NOV/LHRJFK",
      "MAN/BA0117/28NOV/LHRJFK/T2K50.0",
      "DEP/BA0117/28NOV/LHRJFK/T2K50.0/S1200/A1215",
      "ULD/PMC12345BA/AKE54321BA",
      "ARR/BA0117/28NOV/JFK/T2K50.0/A1510",
      "RCF/BA0117/28NOV1640/JFK/T2K50.0",
      "AWR/BA0117/28NOV1600/JFK",
      "DIS/BA0117/28NOV/JFK/MSCA/P1K25.0T2",
      "OSI/ONE PIECE NOT FOUND",
      "/ON ARRIVAL",
      "CRC/28NOV1700/JFK/T2K50.0",
      "TGC/28NOV1710Z/JFK/T2K50.0/US CUSTOMS",
      "CCD/29NOV0900/JFK",
      "NFD/29NOV1000/JFK/T2K50.0/BOB IMPORTS",
      "AWD/29NOV1100/JFK/T2K50.0/BOB IMPORTS",
      "DLV/29NOV1500/JFK/T2K50.0/BOB IMPORTS",
      "DDL/30NOV0800/JFK/T2K50.0/BOB IMPORTS",
      "TRM/AA/JFK/T2K50.0",
      "TFD/AA/30NOV1200/JFK/T2K50.0/TM1234/AMERICAN",
      "RCT/AA/30NOV1300/JFK/T2K50.0",
      "OCI/GB/ISS/RA/01234-56",
      "/GB//SM/XRY",
    ].join("\n");
    const { message, errors, type, version } = parse(text);
    expect(errors).toEqual([]);
    expect([type, version]).toEqual(["FSU", "14"]);
    expect(message).toMatchObject({ mawb: "157-12345675", origin_iata: "LHR", destination_iata: "JFK", pieces: 2, weight: 50, volume: 0.3 });
    expect(message!.movements.map((m) => m.status_code)).toEqual(["BKD", "RCS", "FOH", "PRE", "MAN", "DEP", "ARR", "RCF", "AWR", "DIS", "CRC", "TGC", "CCD", "NFD", "AWD", "DLV", "DDL", "TRM", "TFD", "RCT"]);
    const [bkd, rcs, foh, , , dep, arr, , , dis, , tgc, , , , , , trm, tfd] = message!.movements;
    expect(bkd).toMatchObject({ carrier: "BA", flight_number: "BA0117", flight_day: { day: 28, month: 11 }, location_iata: "LHR", arrival_iata: "JFK", departure_time: { kind: "S", time: "1200" }, arrival_time: { kind: "S", time: "1500" } });
    expect(rcs).toMatchObject({ location_iata: "LHR", time: { day: 27, month: 11, time: "1510", time_zone: null }, parts_code: "T", pieces: 2, weight_code: "K", weight: 50, name: "ACME FORWARDING" });
    expect(foh!.time).toEqual({ day: 27, month: 11, time: "1400", time_zone: "local" });
    expect(tgc!.time!.time_zone).toBe("utc");
    expect(dep).toMatchObject({ ulds: ["PMC12345BA", "AKE54321BA"], arrival_time: { kind: "A", time: "1215" } });
    expect(arr).toMatchObject({ location_iata: "JFK", arrival_iata: null, arrival_time: { kind: "A", time: "1510" } });
    expect(dis).toMatchObject({ discrepancy_code: "MSCA", parts_code: "P", pieces: 1, total_pieces: 2, osi: ["ONE PIECE NOT FOUND", "ON ARRIVAL"] });
    expect(trm).toMatchObject({ carrier: "AA", location_iata: "JFK", time: null });
    expect(tfd).toMatchObject({ carrier: "AA", reference: "TM1234", name: "AMERICAN" });
    expect(message!.customs).toEqual([
      { country_code: "GB", information_identifier: "ISS", customs_identifier: "RA", supplementary_information: "01234-56" },
      { country_code: "GB", information_identifier: null, customs_identifier: "SM", supplementary_information: "XRY" },
    ]);
    // and writes it back as it read it
    expect(parse(generateTelegram("FSU", message)).message).toEqual(message);
  });

  it("reads IATA's ONE Record mapping examples (a MAN without its quantity, a name after a BKD's station)", () => {
    const man = parse("FSU/14\n020-12345675FRAJFK/T1K100\nMAN/LH400/16OCT/FRAJFK");
    expect(man.errors).toEqual([]);
    expect(man.message!.movements[0]).toMatchObject({ status_code: "MAN", flight_number: "LH0400", location_iata: "FRA", arrival_iata: "JFK", pieces: null });
  });

  it("reads messy traffic: envelope with SOH/STX/ETX, CRLF, lower case, no hyphen, trailing spaces", () => {
    const text = "\u0001QD SIN05XH\r\n.HDQFMQR 200739\r\n\u0002fsu/14  \r\n15753806270hkgnlu/p2k505.0t10 \r\ndep/qr8403/20jun/hkgdoh/p2k505.0/s0720/a1008\r\n\u0003";
    const { message, errors, envelope } = parse(text);
    expect(errors).toEqual([]);
    expect(envelope?.origin).toBe("HDQFMQR");
    expect(message).toMatchObject({ mawb: "157-53806270", parts_code: "P", total_pieces: 10 });
    expect(message!.movements[0]).toMatchObject({ status_code: "DEP", flight_number: "QR8403", location_iata: "HKG" });
  });

  it("points at each fault's line and keeps what it could read", () => {
    const text = ["FSU/14", "157-12345675LHRJFK/T2K50.0", "XYZ/28NOV/LHR", "ULD/PMC12345BA", "DEP/BA0117/28NO", "ARR/BA0117/28NOV/JFK/T2K50.0/A1510/EXTRA", "DIS/BA0117/28NOV/JFK/LOST", "RCS/27NOV1510/LHR/T2X50", "ULD/BAD", "NONSENSE"].join("\n");
    const { message, errors } = parse(text);
    expect(errors.map((e) => [e.line, e.code])).toEqual([
      [3, "unknown_status"],
      [5, "bad_field"],
      [5, "missing_field"],
      [6, "bad_field"],
      [7, "bad_field"],
      [8, "bad_field"],
      [9, "bad_field"],
      [10, "unexpected_line"],
    ]);
    expect(message!.movements.map((m) => m.status_code)).toEqual(["ARR", "RCS"]);
    expect(message!.movements[1]).toMatchObject({ location_iata: "LHR", pieces: null });
  });

  it("says what is missing: the statuses, a line's required elements, the message itself", () => {
    expect(parse("FSU/14\n157-12345675LHRJFK/T2K50.0").errors).toMatchObject([{ line: 2, code: "missing_line" }]);
    expect(parse("FSU/14\n157-12345675LHRJFK/T2K50.0\nDEP/BA0117").errors).toMatchObject([{ line: 3, code: "missing_field", params: { field: "flight day" } }, { line: 3, code: "missing_field" }, { line: 2, code: "missing_line" }]);
    expect(parse("FSU/14").errors).toMatchObject([{ code: "cut_short" }]);
    expect(parse("FSU/14\n157-12345670LHRJFK/T2K50.0\nRCS/27NOV1510/LHR")).toMatchObject({ message: null, errors: [{ line: 2, code: "bad_awb_number" }] });
  });

  it("refuses to write what it could not read back", () => {
    const read = parse("FSU/14\n157-12345675LHRJFK/T2K50.0\nRCS/27NOV1510/LHR").message!;
    expect(() => generateTelegram("FSU", { ...read, movements: [] })).toThrow(RangeError);
    expect(() => generateTelegram("FSU", { ...read, movements: [{ ...read.movements[0]!, name: "A/B" }] })).toThrow(RangeError);
    expect(() => generateTelegram("FSU", { ...read, movements: [{ ...read.movements[0]!, status_code: "XXX" }] })).toThrow(RangeError);
    expect(() => generateTelegram("FSU", { ...read, movements: [{ ...read.movements[0]!, time: null }] })).toThrow(RangeError);
  });
});
