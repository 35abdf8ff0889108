import { describe, expect, it } from "vitest";
import { parseTelegram } from "./parse-telegram";
import { telegramsInMail } from "./telegrams-in-mail";

const FSU = ["FSU/13", "421-12345675OVBDME/T2K50.0", "RCS/28NOV1200/OVB/T2K50.0"];

describe("telegramsInMail", () => {
  it("cuts a bare Cargo-IMP telegram out of a greeting and a signature", () => {
    const body = ["Hello,", "", "please find the status below.", "", ...FSU, "", "Best regards,", "Ivan", "-- ", "Handling OVB"].join("\r\n");
    const found = telegramsInMail(body, 20);
    expect(found).toEqual({ texts: [FSU.join("\n")], beyond: 0 });
    expect(parseTelegram(found.texts[0]!).errors).toEqual([]);
  });

  it("keeps a Type-B envelope with its telegram, and ends it at NNNN", () => {
    const envelope = ["QK MOWFMS7 OVBFMS7", ".HDQRMXH 281200/A1B2", ...FSU];
    const found = telegramsInMail(["\u0001" + envelope[0], ...envelope.slice(1), "NNNN", "trailing text"].join("\n"), 20);
    expect(found.texts).toHaveLength(1);
    const read = parseTelegram(found.texts[0]!);
    expect([read.type, read.envelope?.origin, read.envelope?.message_reference, read.errors]).toEqual(["FSU", "HDQRMXH", "A1B2", []]);
  });

  it("finds several telegrams one after the other, and counts those beyond the limit", () => {
    const second = ["FSU/13", "421-12345686OVBDME/T1K10.0", "DEP/S70101/28NOV/OVBDME/T1K10.0"];
    const body = [...FSU, ...second, ...FSU].join("\n");
    expect(telegramsInMail(body, 20).texts).toEqual([FSU.join("\n"), second.join("\n"), FSU.join("\n")]);
    expect(telegramsInMail(body, 2)).toEqual({ texts: [FSU.join("\n"), second.join("\n")], beyond: 1 });
  });

  it("finds nothing in prose, a quoted reply's telegram ends at the quote, and a type no codec reads is no start", () => {
    expect(telegramsInMail("Dear colleagues,\nthe FSU/13 for 421-12345675 follows tomorrow.\nXYZ/1\n", 20).texts).toEqual([]);
    expect(telegramsInMail([...FSU, "> FSU/13", "> old"].join("\n"), 20).texts).toEqual([FSU.join("\n")]);
  });

  it("stays linear on a body of blank lines and address-like lines", () => {
    const body = `QU ${"ABCDEFG ".repeat(3)}\n${"ABCDEFG\n".repeat(50_000)}${"\n".repeat(100_000)}`;
    const started = performance.now();
    expect(telegramsInMail(body, 20).texts).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
