import { describe, expect, it } from "vitest";
import { readTelegramLines } from "./telegram-lines";
import { readTypeB, writeTypeB } from "./type-b";

const read = (text: string) => readTypeB(readTelegramLines(text).lines);

describe("the Type-B envelope", () => {
  it("reads priority, addresses over two lines, origin, time and reference, with SOH/STX/ETX and CRLF", () => {
    const text = "\u0001QU HDQFMSU MOWFMXH\r\nLEDFMS7\r\n.HDQRMS7 281200/A1B2C3\r\n\u0002FSU/13\r\n157-12345675LHRJFK/T2K50.0\r\n\u0003";
    const { envelope, body, errors } = read(text);
    expect(errors).toEqual([]);
    expect(envelope).toEqual({ priority: "QU", addresses: ["HDQFMSU", "MOWFMXH", "LEDFMS7"], origin: "HDQRMS7", sent_at: "281200", message_reference: "A1B2C3" });
    expect(body.map((l) => [l.no, l.text])).toEqual([
      [4, "FSU/13"],
      [5, "157-12345675LHRJFK/T2K50.0"],
    ]);
  });

  it("leaves a telegram without an envelope whole, lower case read upper, trailing spaces gone", () => {
    const { envelope, body } = read("fsu/13   \n\n157-12345675lhrjfk/t2k50.0\n");
    expect(envelope).toBeNull();
    expect(body.map((l) => [l.no, l.text])).toEqual([
      [1, "FSU/13"],
      [3, "157-12345675LHRJFK/T2K50.0"],
    ]);
  });

  it("says which line when the origin line is missing, and still reads the body", () => {
    const { envelope, body, errors } = read("QU HDQFMSU\nFSU/13\n157-12345675LHRJFK/T2K50.0");
    expect(envelope?.addresses).toEqual(["HDQFMSU"]);
    expect(errors).toMatchObject([{ line: 2, code: "bad_envelope" }]);
    expect(body[0]!.text).toBe("FSU/13");
  });

  it("writes what it reads", () => {
    const envelope = { priority: "QK", addresses: ["AAAAAAA", "BBBBBBB", "CCCCCCC", "DDDDDDD", "EEEEEEE", "FFFFFFF", "GGGGGGG", "HHHHHHH", "IIIIIII"], origin: "HDQRMS7", sent_at: "010000", message_reference: "X1" };
    for (const controlCharacters of [false, true]) {
      const text = writeTypeB(envelope, "FSU/13\n157-12345675LHRJFK/T2K50.0", { controlCharacters });
      const again = read(text);
      expect(again.envelope).toEqual(envelope);
      expect(again.body.map((l) => l.text)).toEqual(["FSU/13", "157-12345675LHRJFK/T2K50.0"]);
    }
    expect(() => writeTypeB({ ...envelope, addresses: ["BAD"] }, "X")).toThrow(RangeError);
  });
});

describe("telegram lines", () => {
  it("reports characters Type-B cannot carry on their line and keeps them", () => {
    const { lines, errors } = readTelegramLines("FWB/16\nSHP\n/ООО ВОЛГА");
    expect(lines[2]!.text).toBe("/ООО ВОЛГА");
    expect(errors).toMatchObject([{ line: 3, code: "bad_character" }]);
  });

  it("refuses a text past the limits before splitting it", () => {
    expect(readTelegramLines("A".repeat(1_000_001)).errors).toMatchObject([{ line: 0, code: "too_long" }]);
    expect(readTelegramLines("\n".repeat(60_000)).errors).toMatchObject([{ line: 0, code: "too_many_lines" }]);
    expect(readTelegramLines(" \r\n \u0003").errors).toMatchObject([{ line: 0, code: "empty" }]);
  });
});
