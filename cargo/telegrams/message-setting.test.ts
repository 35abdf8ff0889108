import { describe, expect, it } from "vitest";
import { checkAddress, messageSettingFaults, settingsFor, type MessageSettingDraft } from "./message-setting";

const draft = (over: Partial<MessageSettingDraft> = {}): MessageSettingDraft => ({
  message_type: "FFM",
  source_type: "flight_departed",
  message_format: "cimp",
  message_version: null,
  message_to: ["OVBFMS7"],
  message_cc: [],
  message_bcc: [],
  ...over,
});

describe("checkAddress", () => {
  it.each([
    ["ovbfms7", "sita", "OVBFMS7"],
    ["ops@s7.example", "email", "ops@s7.example"],
    ["https://ops.s7.example/ffm?x=1", "url", "https://ops.s7.example/ffm?x=1"],
  ])("%s is a %s address", (raw, channel, address) => {
    expect(checkAddress(raw)).toEqual({ ok: true, channel, address });
  });

  it.each(["", "OVBFM", "ops@", "http://ops.s7.example", "https://user:pw@ops.s7.example", "ftp://x.example", "a b@s7.example"])(
    "%j is not an address",
    (raw) => expect(checkAddress(raw)).toEqual({ ok: false, code: "invalid_address" }),
  );

  it.each(["https://127.0.0.1/x", "https://[::1]/x", "https://localhost/x", "https://db.internal/x", "https://intranet/x"])("%s points inside", (raw) => {
    expect(checkAddress(raw)).toEqual({ ok: false, code: "internal_url" });
  });

  it("answers at once on long hostile text (no backtracking)", () => {
    expect(checkAddress(`${"a".repeat(60)}@${"b-".repeat(5000)}`).ok).toBe(false);
    expect(checkAddress(`x@${"a.".repeat(120)}`).ok).toBe(false);
  });
});

describe("messageSettingFaults", () => {
  it("an airline sends CSN, FFM, FSU, FWB; platform staff also FFA and FFR (spec 2 §9)", () => {
    expect(messageSettingFaults(draft({ message_type: "FFR", source_type: "booking_requested" }), "airline")).toEqual([
      { field: "message_type", code: "message_type_not_sendable", params: { type: "FFR" } },
    ]);
    expect(messageSettingFaults(draft({ message_type: "FFR", source_type: "booking_requested" }), "platform")).toEqual([]);
  });

  it("each type is sent on its own events", () => {
    expect(messageSettingFaults(draft({ source_type: "awb_created" }), "airline")).toEqual([
      { field: "source_type", code: "event_not_for_type", params: { event: "awb_created", type: "FFM" } },
    ]);
  });

  it("needs a recipient; copies go by e-mail; JSON only to a URL; versions the codec writes", () => {
    const faults = messageSettingFaults(
      draft({ message_to: [], message_cc: ["OVBFMS7"], message_version: "9" }),
      "airline",
      (type) => (type === "FFM" ? ["8"] : []),
    );
    expect(faults.map((f) => [f.field, f.code])).toEqual([
      ["message_to", "blank"],
      ["message_cc", "copies_by_email"],
      ["message_version", "version_not_supported"],
    ]);
    expect(messageSettingFaults(draft({ message_format: "json" }), "airline")[0]).toMatchObject({ field: "message_to", code: "format_needs_url" });
    expect(messageSettingFaults(draft({ message_format: "json", message_to: ["https://ops.s7.example/"] }), "airline")).toEqual([]);
  });

  it("counts a list before reading its addresses", () => {
    const faults = messageSettingFaults(draft({ message_to: Array.from({ length: 10_000 }, () => "x") }), "airline");
    expect(faults).toEqual([{ field: "message_to", code: "too_many", params: { max: 20 } }]);
  });
});

describe("settingsFor", () => {
  it("picks the active settings of the type and event, at the station or every station", () => {
    const settings = [
      { id: 1, station: "OVB", message_type: "FFM", source_type: "flight_departed", active: true },
      { id: 2, station: null, message_type: "FFM", source_type: "flight_departed", active: true },
      { id: 3, station: "DME", message_type: "FFM", source_type: "flight_departed", active: true },
      { id: 4, station: "OVB", message_type: "FFM", source_type: "flight_departed", active: false },
      { id: 5, station: "OVB", message_type: "FFM", source_type: "manual", active: true },
      { id: 6, station: "OVB", message_type: "FWB", source_type: "flight_departed", active: true },
    ];
    expect(settingsFor(settings, "FFM", "flight_departed", "OVB").map((s) => s.id)).toEqual([1, 2]);
  });
});
