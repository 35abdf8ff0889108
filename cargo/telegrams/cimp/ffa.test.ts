import { describe, expect, it } from "vitest";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import type { BookingMessage } from "./booking-message";

describe("FFA", () => {
  it("reads the carrier's answer per flight as response_status, and writes it back", () => {
    const parsed = parseTelegram("FFA/8\n125-92345676FRAPHL/T12K950.0/CLOTHING\nBA0171/19MAR/FRALHR/KK\nBA0179/19MAR/LHRPHL/LL\nOSI/SPACE ON BA0179 WAITLISTED");
    expect(parsed.errors).toEqual([]);
    const message = parsed.message as BookingMessage;
    expect(message.bookings.map((b) => [b.flight_number, b.request_status, b.response_status])).toEqual([
      ["BA0171", null, "KK"],
      ["BA0179", null, "LL"],
    ]);
    const text = generateTelegram("FFA", message);
    expect(text.split("\r\n").slice(0, 3)).toEqual(["FFA/8", "125-92345676FRAPHL/T12K950.0/CLOTHING", "BA0171/19MAR/FRALHR/KK"]);
    expect(parseTelegram(text).message).toEqual(message);
  });
});
