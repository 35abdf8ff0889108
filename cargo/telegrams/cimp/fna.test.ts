import { describe, expect, it } from "vitest";
import { generateTelegram, parseTelegram } from "../parse-telegram";

describe("FNA", () => {
  it("reads the reason over several lines and the rejected message, whatever its type", () => {
    const text = "FNA/1\r\nACK/INVALID AWB NO\r\n/INVALID STATUS CODE\r\nFFR/4\r\n125-92345675FRAPHL/T12K950/CLOTHING\r\nBA171/19MAR/LHRJFK/UN\r\n/SECOND\r\n";
    const parsed = parseTelegram(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.message).toEqual({
      reason: ["INVALID AWB NO", "INVALID STATUS CODE"],
      original_type: "FFR",
      original_version: "4",
      original_content: "FFR/4\n125-92345675FRAPHL/T12K950/CLOTHING\nBA171/19MAR/LHRJFK/UN\n/SECOND",
    });
    expect(parseTelegram(generateTelegram("FNA", parsed.message)).message).toEqual(parsed.message);
  });

  it("finds the returned message's identifier behind an envelope a gateway left in front of it", () => {
    const parsed = parseTelegram("FNA/1\nACK/AWB ALREADY CAPTURED\nQK DXBFMEK\n.ZCSTXXH 241043 REUAGT89\nFWB/16\n176-30473951DUSHAN/T62K550.5");
    expect(parsed.errors).toEqual([]);
    expect(parsed.message).toMatchObject({ original_type: "FWB", original_version: "16" });
  });

  it("says what is missing, on its line", () => {
    expect(parseTelegram("FNA/1\nACK/INVALID AWB NO").errors).toMatchObject([{ line: 2, code: "missing_line" }]);
    expect(parseTelegram("FNA/1\nERR/INVALID\nFWB/16").errors).toMatchObject([{ line: 2, code: "missing_line", params: { what: "ACK" } }]);
    expect(parseTelegram("FNA/1\nACK/\nFWB/16").errors).toMatchObject([{ line: 2, code: "missing_field" }]);
    expect(() => generateTelegram("FNA", { reason: ["X"], original_type: null, original_version: null, original_content: null })).toThrow(RangeError);
    expect(() => generateTelegram("FNA", { reason: ["X"], original_type: "FSU", original_version: "14", original_content: "FWB/16\nX" })).toThrow(RangeError);
  });
});
