import { describe, expect, it } from "vitest";
import { readTelegramLines } from "../../cargo/telegrams/telegram-lines";
import { envelopeOf, shownLines } from "../../app/lib/telegrams/telegram-text";

// The telegram page's lines carry the numbers the reader's errors name (issue 23: "each error pointing at its line").

describe("shownLines", () => {
  it("numbers lines as the reader does, whatever ends them, keeping the text as sent", () => {
    const text = "\u0001qk lonfmxh\r\n.mowfmsu 281200\r\u0002fsu/13\n\n157-12345675lhrjfk/T2K50.0  \r\n\u0003";
    const shown = shownLines(text);
    const read = readTelegramLines(text).lines;
    // every line the reader kept is shown under its number, as it was typed
    for (const line of read) expect(shown[line.no - 1]?.text.toUpperCase().trimEnd()).toBe(line.text);
    expect(shown.map((l) => l.no)).toEqual([1, 2, 3, 4, 5]);
    expect(shown[3]).toEqual({ no: 4, text: "" });
    expect(shown[4]!.text).toBe("157-12345675lhrjfk/T2K50.0  ");
  });

  it("a text without a final line end keeps its last line", () => {
    expect(shownLines("FWB/16\nXYZ")).toEqual([{ no: 1, text: "FWB/16" }, { no: 2, text: "XYZ" }]);
  });
});

describe("envelopeOf", () => {
  it("reads the Type-B envelope the API keeps only part of", () => {
    expect(envelopeOf("QK LONFMXH MOWFMSU\n.DMEFFSU 281200/REF42\nFSU/13\n")).toMatchObject({
      priority: "QK",
      addresses: ["LONFMXH", "MOWFMSU"],
      origin: "DMEFFSU",
      message_reference: "REF42",
    });
    expect(envelopeOf("FSU/13\n157-12345675LHRJFK/T2K50.0\n")).toBeNull();
  });
});
