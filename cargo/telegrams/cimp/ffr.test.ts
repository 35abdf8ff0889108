import { describe, expect, it } from "vitest";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import type { BookingMessage } from "./booking-message";

const parse = (text: string) => parseTelegram(text) as ReturnType<typeof parseTelegram> & { message: BookingMessage | null };

const REQUEST = [
  "FFR/8",
  "125-92345676FRAPHL/T12K950.0MC5.2/CLOTHING",
  "BA171/19MAR/FRALHR/NN",
  "BA0179/19MAR/LHRPHL/NN",
  "DIM/K500.0/CMT120-100-80/6",
  "//CMT100-80-60/6",
  "SPH/COL/PER",
  "PRD/EXPRESS",
  "SSR/KEEP BETWEEN 2 AND 8 DEGREES",
  "OSI/CALL SHIPPER BEFORE LOADING",
  "/ASK FOR GATE 4",
  "CUS/123456/2347123/ACME FORWARDING/FRANKFURT",
  "AGT//2347123/ACME FORWARDING",
  "REF/FRAFCBA/BK-001",
].join("\n");

describe("FFR", () => {
  it("reads the shipment and the bookings it asks for, in the product's names", () => {
    const { message, errors, type, version } = parse(REQUEST);
    expect(errors).toEqual([]);
    expect([type, version]).toEqual(["FFR", "8"]);
    expect(message).toMatchObject({ mawb: "125-92345676", origin_iata: "FRA", destination_iata: "PHL", pieces: 12, weight: 950, volume_code: "MC", volume: 5.2, commodity: "CLOTHING", shcs: ["COL", "PER"], product_code: "EXPRESS" });
    expect(message!.bookings).toEqual([
      { carrier: "BA", flight_number: "BA0171", flight_day: { day: 19, month: 3 }, origin_iata: "FRA", destination_iata: "LHR", request_status: "NN", response_status: null },
      { carrier: "BA", flight_number: "BA0179", flight_day: { day: 19, month: 3 }, origin_iata: "LHR", destination_iata: "PHL", request_status: "NN", response_status: null },
    ]);
    expect(message!.dimensions).toEqual([
      { pieces: 6, weight: 500, length: 120, width: 100, height: 80 },
      { pieces: 6, weight: null, length: 100, width: 80, height: 60 },
    ]);
    expect(message).toMatchObject({
      ssr: ["KEEP BETWEEN 2 AND 8 DEGREES"],
      osi: ["CALL SHIPPER BEFORE LOADING", "ASK FOR GATE 4"],
      customer: { account_number: "123456", iata_code: "2347123", name: "ACME FORWARDING", city: "FRANKFURT" },
      agent: { account_number: null, iata_code: "2347123", name: "ACME FORWARDING", city: null },
      reference: { address: "FRAFCBA", file_reference: "BK-001" },
    });
    expect(parse(generateTelegram("FFR", message)).message).toEqual(message);
  });

  it("reports a status the product does not know, a line cut short, a second REF, on their lines", () => {
    const text = ["FFR/4", "125-92345676FRAPHL/T12K950/CLOTHING", "BA171/19MAR/LHRJFK/UN", "BA0179/19MAR", "REF/FRAFCBA", "REF/FRAFCBA", "HELLO"].join("\n");
    const { message, errors } = parse(text);
    expect(errors.map((e) => [e.line, e.code, e.params?.field ?? e.params?.tag])).toEqual([
      [3, "bad_field", "space allocation code"],
      [4, "missing_field", "airports"],
      [4, "missing_field", "space allocation code"],
      [6, "unexpected_line", "REF"],
      [7, "unexpected_line", "HELLO"],
    ]);
    expect(message!.bookings).toMatchObject([{ flight_number: "BA0171", request_status: null }]);
  });

  it("needs the route and a flight, and refuses to write a booking without its status", () => {
    expect(parse("FFR/8\n125-92345676/T1K1").errors.map((e) => e.code)).toEqual(["missing_field", "missing_line"]);
    const { message } = parse(REQUEST);
    expect(() => generateTelegram("FFR", { ...message!, bookings: [{ ...message!.bookings[0]!, request_status: null }] })).toThrow(RangeError);
    expect(() => generateTelegram("FFR", { ...message!, commodity: "FAR TOO LONG A NATURE OF GOODS" })).toThrow(RangeError);
  });
});
