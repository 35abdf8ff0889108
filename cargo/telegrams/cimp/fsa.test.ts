import { describe, expect, it } from "vitest";
import { generateTelegram, parseTelegram } from "../parse-telegram";

describe("FSA", () => {
  it("reads a status answer as an FSU body and writes it back under its own identifier", () => {
    const parsed = parseTelegram("FSA/14\n157-41266466DOHLHR/T60K1428\nDLV/24MAY1223/LHR/T60K1428/DART AIR SERVICES LTD");
    expect(parsed.errors).toEqual([]);
    expect(parsed.type).toBe("FSA");
    expect(parsed.message).toMatchObject({ mawb: "157-41266466", movements: [{ status_code: "DLV", location_iata: "LHR", time: { day: 24, month: 5, time: "1223" }, pieces: 60, weight: 1428, name: "DART AIR SERVICES LTD" }] });
    const text = generateTelegram("FSA", parsed.message);
    expect(text.startsWith("FSA/14\r\n157-41266466DOHLHR/T60K1428.0\r\nDLV/24MAY1223/LHR/T60K1428.0/DART AIR SERVICES LTD")).toBe(true);
    expect(parseTelegram(text).message).toEqual(parsed.message);
  });
});
