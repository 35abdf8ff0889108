import { describe, expect, it } from "vitest";
import { generateTelegram, parseTelegram } from "../parse-telegram";

describe("FMA", () => {
  it("reads an acknowledgement with or without the message it acknowledges, and without a version", () => {
    const bare = parseTelegram("FMA\nACK/ACCEPTED");
    expect(bare.errors).toEqual([]);
    expect(bare.message).toEqual({ reason: ["ACCEPTED"], original_type: null, original_version: null, original_content: null });
    const withOriginal = parseTelegram("FMA/1\nACK/ACCEPTED\nFWB/16\n157-68076960BSLDOH/T1K40");
    expect(withOriginal.message).toMatchObject({ original_type: "FWB", original_version: "16", original_content: "FWB/16\n157-68076960BSLDOH/T1K40" });
    for (const parsed of [bare, withOriginal]) expect(parseTelegram(generateTelegram("FMA", parsed.message)).message).toEqual(parsed.message);
  });
});
