import { describe, expect, it } from "vitest";
import { call, callsOn, useTestApi } from "./helpers";

// Message settings (spec 2 "Message setting", spec 3 "Other standard resources"): an airline's, behind settings →
// messaging (platform or airline Manager); another airline's setting is not there at all.

const { t, accounts } = useTestApi({ signIn: ["platform", "s7Manager", "s7Operator", "suManager", "c6Manager", "forwarder"] });
const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");
const c6 = callsOn(t, "c6");
const URL = "/api/v3/message_settings";

const valid = {
  station: "kja",
  message_type: "FFM",
  source_type: "flight_departed",
  message_format: "cimp",
  message_to: ["kjafms7", "kja.cargo@s7.example"],
  message_cc: ["control@s7.example"],
  message_version: "8",
  sending_interval: 30,
  send_nil_data: true,
  description: "KJA manifests",
};

type Setting = { id: number; carrier: string; message_type: string; station: string | null; description: string | null };

describe("message settings", () => {
  it("lists the airline's own settings (the demo's S7 ones), filtered in the query", async () => {
    const all = (await s7(accounts.s7Manager, "GET", URL)).json();
    expect(all.meta.total_count).toBeGreaterThanOrEqual(4);
    expect(new Set(all.data.map((s: Setting) => s.carrier))).toEqual(new Set(["S7"]));
    const ffm = (await s7(accounts.s7Manager, "GET", `${URL}?message_type=ffm&station=OVB`)).json();
    expect(ffm.data.map((s: Setting) => [s.message_type, s.station])).toEqual([["FFM", "OVB"]]);
    expect(ffm.data[0]).toMatchObject({ message_to: ["OVBFMS7", "ovb.cargo@s7.example"], source_type: "flight_departed", send_nil_data: true });
    const paused = (await s7(accounts.s7Manager, "GET", `${URL}?active=false`)).json();
    expect(paused.data.map((s: Setting) => s.message_type)).toEqual(["CSN"]);
    expect((await c6(accounts.c6Manager, "GET", URL)).json().data).toEqual([]);
  });

  it("creates, reads, changes and deletes a setting, storing addresses as the sender uses them", async () => {
    const created = await s7(accounts.s7Manager, "POST", URL, { message_setting: valid });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({
      carrier: "S7",
      station: "KJA",
      message_to: ["KJAFMS7", "kja.cargo@s7.example"],
      message_cc: ["control@s7.example"],
      message_bcc: [],
      message_format: "cimp",
      message_version: "8",
      sending_interval: 30,
      send_nil_data: true,
      active: true,
    });
    expect((await s7(accounts.s7Manager, "GET", `${URL}/${row.id}`)).json()).toMatchObject({ id: row.id, description: "KJA manifests" });

    const changed = await s7(accounts.s7Manager, "PATCH", `${URL}/${row.id}`, { message_setting: { active: "false", sending_interval: "", message_to: "KJAFMS7, https://ops.s7.example/ffm" } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ active: false, sending_interval: null, message_to: ["KJAFMS7", "https://ops.s7.example/ffm"], station: "KJA" });

    expect((await s7(accounts.s7Manager, "DELETE", `${URL}/${row.id}`)).statusCode).toBe(204);
    expect((await s7(accounts.s7Manager, "GET", `${URL}/${row.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another airline's setting, whatever the call", async () => {
    const theirs = (await s7(accounts.s7Manager, "POST", URL, { ...valid, description: "S7 only" })).json() as Setting;
    for (const [method, payload] of [["GET", undefined], ["PATCH", { active: false }], ["DELETE", undefined]] as const) {
      const res = await c6(accounts.c6Manager, method, `${URL}/${theirs.id}`, payload);
      expect(res.statusCode, `${method}`).toBe(404);
      expect(res.json().code).toBe("record_not_found");
    }
    // a carrier named in the body does not move an airline user's row to another airline
    const named = (await c6(accounts.c6Manager, "POST", URL, { ...valid, carrier: "S7" })).json() as Setting;
    expect(named.carrier).toBe("C6");
    expect((await s7(accounts.s7Manager, "GET", `${URL}/${theirs.id}`)).json().description).toBe("S7 only");
  });

  it("admits platform and airline Manager only: the page's rule (settings → messaging; on su only platform)", async () => {
    expect((await su(accounts.suManager, "GET", URL)).statusCode).toBe(403);
    expect((await s7(accounts.s7Operator, "GET", URL)).json()).toMatchObject({ code: "access_denied", params: { action: "message_settings" } });
    expect((await s7(accounts.s7Operator, "POST", URL, valid)).statusCode).toBe(403);
    expect((await call(t.app, accounts.forwarder, "GET", URL)).statusCode).toBe(403);
    const platform = await call(t.app, accounts.platform, "GET", `${URL}?carrier=S7`);
    expect(platform.statusCode).toBe(200);
    expect(platform.json().data.every((s: Setting) => s.carrier === "S7")).toBe(true);
  });

  it("lets an airline set up only what it may send (spec 2 §9); platform staff also FFR and FFA", async () => {
    const ffr = { ...valid, message_type: "FFR", source_type: "booking_requested" };
    const refused = await s7(accounts.s7Manager, "POST", URL, ffr);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_codes.message_type).toEqual([{ code: "message_type_not_sendable", params: { type: "FFR" } }]);
    const byPlatform = await call(t.app, accounts.platform, "POST", URL, { payload: { ...ffr, carrier: "S7" } });
    expect(byPlatform.statusCode, byPlatform.body).toBe(201);
    // the airline may still pause the FFR setting platform staff gave it, but not turn another one into FFR
    expect((await s7(accounts.s7Manager, "PATCH", `${URL}/${byPlatform.json().id}`, { active: false })).statusCode).toBe(200);
    const own = (await s7(accounts.s7Manager, "POST", URL, valid)).json() as Setting;
    expect((await s7(accounts.s7Manager, "PATCH", `${URL}/${own.id}`, { message_type: "FFR", source_type: "booking_requested" })).statusCode).toBe(422);
  });

  it("refuses each broken rule beside its field, with its code", async () => {
    const res = await s7(accounts.s7Manager, "POST", URL, {
      ...valid,
      station: "QQQ",
      source_type: "awb_created",
      message_to: ["not an address", "MOWFMS7"],
      message_cc: ["MOWFMS7"],
      message_bcc: ["https://10.0.0.1/hook"],
      message_version: "abc",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error_codes).toEqual({
      station: [{ code: "unknown_airport", params: { code: "QQQ" } }],
      source_type: [{ code: "event_not_for_type", params: { event: "awb_created", type: "FFM" } }],
      message_to: [{ code: "invalid_address", params: { address: "not an address" } }],
      message_cc: [{ code: "copies_by_email", params: { address: "MOWFMS7" } }],
      message_bcc: [{ code: "internal_url", params: { address: "https://10.0.0.1/hook" } }],
      message_version: [{ code: "version_not_supported", params: { version: "abc", type: "FFM" } }],
    });
    const json = await s7(accounts.s7Manager, "POST", URL, { ...valid, message_format: "json", message_to: ["ops@s7.example"] });
    expect(json.json().error_codes.message_to).toEqual([{ code: "format_needs_url", params: { address: "ops@s7.example" } }]);
    const blank = await s7(accounts.s7Manager, "POST", URL, { ...valid, message_to: [], message_type: "XYZ", sending_interval: 0 });
    expect(Object.keys(blank.json().errors).sort()).toEqual(["message_type", "sending_interval"]);
    const none = await s7(accounts.s7Manager, "POST", URL, { ...valid, message_to: [] });
    expect(none.json().error_codes.message_to).toEqual([{ code: "blank", params: {} }]);
  });

  it("bounds hostile input before reading it: long lists, long addresses, huge intervals", async () => {
    const many = Array.from({ length: 21 }, (_, i) => `user${i}@s7.example`);
    const long = `${"a".repeat(3000)}@s7.example`;
    const res = await s7(accounts.s7Manager, "POST", URL, { ...valid, message_to: many, message_cc: [long], sending_interval: 1441, message_subject: "x".repeat(201) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["message_cc.0", "message_subject", "message_to", "sending_interval"]);
    expect(res.body.length).toBeLessThan(2000);
    expect((await s7(accounts.s7Manager, "POST", URL, { ...valid, message_to: [{ $ne: 1 }] })).statusCode).toBe(422);
    expect((await s7(accounts.s7Manager, "GET", `${URL}/0x10`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await s7(accounts.s7Manager, "GET", `${URL}?message_type=DROP%20TABLE`)).statusCode).toBe(422);
  });
});
