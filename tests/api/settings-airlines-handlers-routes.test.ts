import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { call, callsOn, useTestApi } from "./helpers";

const { t, accounts } = useTestApi({ signIn: ["platform", "s7Manager", "s7Operator", "s7Billing", "suManager", "forwarder"] });

const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");

describe("airlines", () => {
  it("lists every airline in the short form", async () => {
    const body = (await call(t.app, accounts.forwarder, "GET", "/api/v3/airlines")).json();
    expect(body.data.map((a: { carrier: string }) => a.carrier)).toEqual(["C6", "S7", "SU", "V0"]);
    expect(body.data[1]).toEqual({ carrier: "S7", awb_prefix: "421", name: "S7 Airlines", interline_accepted_prefixes: ["555"] });
  });

  it("gives the full settings to the airline's users, platform and forwarders, never to another airline", async () => {
    const full = (await s7(accounts.s7Operator, "GET", "/api/v3/airlines/s7")).json();
    expect(full).toMatchObject({
      carrier: "S7",
      chargeable_ratio: 6000,
      min_charge_weight: 5,
      cw_rounding_rule: "half_kg",
      pax_weight: { summer: { adult: 75, child: 35, infant: 10 }, winter: { adult: 80, child: 35, infant: 10 } },
      overflow_limits: { weight: 500, volume: 3, weight_percent: 5, volume_percent: 5 },
      awb_rule: { allowed_manual_routes: ["OVB-KJA"], mustgo_stations: ["OVB"], fbl_notice_stations: ["DME", "OVB"] },
      forbidden_shcs: ["RRY"],
      sales_open: { open_days_before_departure: 60, close_minutes_before_departure: 180, open_by_default: true },
      ops_data: { send_ldm: true, receive_mvt: true },
      ui_setting: { show_settings: true, show_loadfactor_data: true, tax_id_required: false },
      settlements_rule: { balances_enabled: false, cass_link_report: true },
    });
    expect((await call(t.app, accounts.platform, "GET", "/api/v3/airlines/SU")).statusCode).toBe(200);
    expect((await call(t.app, accounts.forwarder, "GET", "/api/v3/airlines/SU")).statusCode).toBe(200);
    expect((await su(accounts.suManager, "GET", "/api/v3/airlines/S7")).json()).toEqual({ error: "Airline not found", code: "airline_not_found", params: {} });
    expect((await call(t.app, accounts.platform, "GET", "/api/v3/airlines/XX")).statusCode).toBe(404);
  });

  it("lets the airline's manager change settings, validates them, and refuses others", async () => {
    const res = await s7(accounts.s7Manager, "PATCH", "/api/v3/airlines/S7", {
      airline: {
        chargeable_ratio: "5000",
        min_charge_weight: 10,
        cw_rounding_rule: "whole_kg",
        pax_weight: { winter: { adult: 84 } },
        overflow_limits: { weight_percent: 7.5 },
        awb_rule: { mustgo_stations: ["ovb", "dme"], fbl_notice_stations: "KJA" },
        forbidden_shcs: ["RRY", "RRW"],
        sales_open: { open_by_default: false },
        ui_setting: { tax_id_required: true },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      chargeable_ratio: 5000,
      min_charge_weight: 10,
      cw_rounding_rule: "whole_kg",
      pax_weight: { summer: { adult: 75 }, winter: { adult: 84, child: 35, infant: 10 } },
      overflow_limits: { weight: 500, weight_percent: 7.5 },
      awb_rule: { allowed_manual_routes: ["OVB-KJA"], mustgo_stations: ["OVB", "DME"], fbl_notice_stations: ["KJA"] },
      forbidden_shcs: ["RRY", "RRW"],
      sales_open: { open_days_before_departure: 60, open_by_default: false },
      ui_setting: { tax_id_required: true },
    });
    const bad = await s7(accounts.s7Manager, "PATCH", "/api/v3/airlines/S7", {
      chargeable_ratio: -1,
      overflow_limits: { volume_percent: 150 },
      awb_rule: { mustgo_stations: ["QQQ"], allowed_manual_routes: ["OVB"] },
      forbidden_shcs: ["ZZZ"],
      billing_date_source: "someday",
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["awb_rule.allowed_manual_routes.0", "billing_date_source", "chargeable_ratio", "overflow_limits.volume_percent"]);
    const unknown = await s7(accounts.s7Manager, "PATCH", "/api/v3/airlines/S7", { awb_rule: { mustgo_stations: ["QQQ"] }, forbidden_shcs: ["ZZZ"] });
    expect(unknown.json()).toEqual({ errors: { "awb_rule.mustgo_stations": ["unknown airport QQQ"], forbidden_shcs: ["unknown special handling code ZZZ"] }, error_codes: { "awb_rule.mustgo_stations": [{ code: "unknown_airport", params: { code: "QQQ" } }], forbidden_shcs: [{ code: "unknown_shc", params: { code: "ZZZ" } }] } });

    expect((await s7(accounts.s7Operator, "PATCH", "/api/v3/airlines/S7", { min_charge_weight: 1 })).statusCode).toBe(403);
    expect((await su(accounts.suManager, "PATCH", "/api/v3/airlines/S7", { min_charge_weight: 1 })).statusCode).toBe(404);
    expect((await call(t.app, accounts.forwarder, "PATCH", "/api/v3/airlines/S7", { payload: { min_charge_weight: 1 } })).statusCode).toBe(403);
    const byPlatform = await call(t.app, accounts.platform, "PATCH", "/api/v3/airlines/SU", { payload: { min_charge_weight: 3 } });
    expect(byPlatform.json().min_charge_weight).toBe(3);
  });

  it("answers the airline's stations and rules", async () => {
    const stations = (await s7(accounts.s7Operator, "GET", "/api/v3/airlines/S7/airports")).json();
    expect(stations.data.map((a: { iata: string }) => a.iata)).toEqual(["DME", "KJA", "OVB"]);
    const rules = (await s7(accounts.s7Operator, "GET", "/api/v3/airlines/S7/rules")).json();
    expect(Object.keys(rules).sort()).toEqual(
      ["awb_rule", "carrier", "chargeable_ratio", "cw_auto_calculation", "cw_rounding_rule", "forbidden_shcs", "manual_processing_codes", "min_charge_weight", "overflow_limits", "segments_types_prohibited_for_booking"],
    );
  });
});

describe("handlers", () => {
  it("lists the airline's own handlers only", async () => {
    const body = (await s7(accounts.s7Operator, "GET", "/api/v3/handlers")).json();
    expect(body.data.map((h: { location: string }) => h.location)).toEqual(["DME", "KJA", "OVB"]);
    expect(body.data[0]).toMatchObject({ carrier: "S7", latest_acceptance_time: 180, cargo_accepted: true, transfer: true, manual_ffm: false });
    expect((await su(accounts.suManager, "GET", "/api/v3/handlers?carrier=S7")).json().data.map((h: { location: string }) => h.location)).toEqual(["AER", "LED", "SVO"]);
    expect((await call(t.app, accounts.platform, "GET", "/api/v3/handlers")).json().meta.total_count).toBe(6);
    expect((await call(t.app, accounts.platform, "GET", "/api/v3/handlers?carrier=su&location=led")).json().data).toHaveLength(1);
  });

  it("creates, reads, updates and deletes as the airline's operator (Default)", async () => {
    const created = await s7(accounts.s7Operator, "POST", "/api/v3/handlers", {
      handler: { location: "aer", latest_acceptance_time: "90", min_connection_time_domestic: 60, cargo_accepted: "on", transfer: false, note: "Sochi", manual_ffm: true },
    });
    expect(created.statusCode).toBe(201);
    const h = created.json();
    expect(h).toMatchObject({ carrier: "S7", location: "AER", latest_acceptance_time: 90, min_connection_time_domestic: 60, max_connection_time: null, cargo_accepted: true, manual_ffm: true });
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/handlers/${h.id}`)).json().note).toBe("Sochi");
    const patched = await s7(accounts.s7Manager, "PATCH", `/api/v3/handlers/${h.id}`, { handler: { note: "", max_connection_time: 600 } });
    expect(patched.json()).toMatchObject({ note: null, max_connection_time: 600, latest_acceptance_time: 90 });
    expect((await s7(accounts.s7Operator, "DELETE", `/api/v3/handlers/${h.id}`)).statusCode).toBe(204);
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/handlers/${h.id}`)).json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
  });

  it("validates required fields, codes and duplicates", async () => {
    const blank = await s7(accounts.s7Operator, "POST", "/api/v3/handlers", { handler: { note: "x", latest_acceptance_time: "abc" } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toMatchObject({ location: ["can't be blank"], latest_acceptance_time: ["is not a number"] });
    expect((await s7(accounts.s7Operator, "POST", "/api/v3/handlers", { location: "QQQ" })).json()).toEqual({ errors: { location: ["unknown airport QQQ"] }, error_codes: { location: [{ code: "unknown_airport", params: { code: "QQQ" } }] } });
    expect((await s7(accounts.s7Operator, "POST", "/api/v3/handlers", { location: "OVB" })).json()).toEqual({ errors: { location: ["has already been taken"] }, error_codes: { location: [{ code: "taken", params: {} }] } });
    // The same station for another airline is no duplicate.
    expect((await su(accounts.suManager, "POST", "/api/v3/handlers", { location: "OVB" })).statusCode).toBe(201);
  });

  it("answers another airline's handler ids with Record Not Found, for read, update and delete", async () => {
    const suHandler = (await su(accounts.suManager, "GET", "/api/v3/handlers?location=SVO")).json().data[0];
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/handlers/${suHandler.id}`)).json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    const upd = await s7(accounts.s7Manager, "PATCH", `/api/v3/handlers/${suHandler.id}`, { note: "mine now" });
    expect([upd.statusCode, upd.json()]).toEqual([404, { error: "Record Not Found", code: "record_not_found", params: {} }]);
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/handlers/${suHandler.id}`)).statusCode).toBe(404);
    expect((await s7(accounts.s7Manager, "DELETE", "/api/v3/handlers/999999")).json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    expect((await su(accounts.suManager, "GET", `/api/v3/handlers/${suHandler.id}`)).json().note).toBe("Moscow Cargo");
  });

  it("refuses roles without access", async () => {
    expect((await s7(accounts.s7Billing, "GET", "/api/v3/handlers")).statusCode).toBe(403);
    expect((await call(t.app, accounts.forwarder, "GET", "/api/v3/handlers")).json()).toEqual({ error: "Access denied", code: "access_denied", params: {} });
  });
});

describe("permitted routes", () => {
  it("creates with transfers (never direct then), reads, updates and deletes; validates airports and company", async () => {
    const created = await s7(accounts.s7Manager, "POST", "/api/v3/permitted_routes", {
      permitted_route: { origin_iata: "kja", destination_iata: "led", transfer_iata_codes: "OVB, DME", company_short_name: "fwdone", contracted: true, direct: true },
    });
    expect(created.statusCode).toBe(201);
    const r = created.json();
    expect(r).toMatchObject({ carrier: "S7", origin_iata: "KJA", destination_iata: "LED", transfer_iata_codes: ["OVB", "DME"], company_short_name: "FWDONE", contracted: true, direct: false });
    const patched = await s7(accounts.s7Manager, "PATCH", `/api/v3/permitted_routes/${r.id}`, { transfer_iata_codes: [], direct: true, company_short_name: null });
    expect(patched.json()).toMatchObject({ transfer_iata_codes: [], direct: true, company_short_name: null, origin_iata: "KJA" });

    const bad = await s7(accounts.s7Manager, "POST", "/api/v3/permitted_routes", { origin_iata: "QQQ", destination_iata: "OVB", transfer_iata_codes: ["ZZZ"], company_short_name: "NOPE" });
    expect(bad.json()).toEqual({
      errors: { origin_iata: ["unknown airport QQQ"], transfer_iata_codes: ["unknown airport ZZZ"], company_short_name: ["unknown company NOPE"] },
      error_codes: {
        origin_iata: [{ code: "unknown_airport", params: { code: "QQQ" } }],
        transfer_iata_codes: [{ code: "unknown_airport", params: { code: "ZZZ" } }],
        company_short_name: [{ code: "unknown_company", params: { name: "NOPE" } }],
      },
    });
    const blank = await s7(accounts.s7Manager, "POST", "/api/v3/permitted_routes", { origin_iata: "" });
    expect(blank.json().errors).toMatchObject({ origin_iata: ["can't be blank"], destination_iata: ["can't be blank"] });
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/permitted_routes", { origin_iata: "OV1", destination_iata: "OVB" })).json().errors.origin_iata).toEqual(["must be a 3-letter IATA code"]);

    // SU cannot touch it.
    expect((await su(accounts.suManager, "PATCH", `/api/v3/permitted_routes/${r.id}`, { contracted: false })).json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    expect((await su(accounts.suManager, "DELETE", `/api/v3/permitted_routes/${r.id}`)).statusCode).toBe(404);
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/permitted_routes/${r.id}`)).statusCode).toBe(204);
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/permitted_routes/${r.id}`)).json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    // Settings "most pages": the operator may not.
    expect((await s7(accounts.s7Operator, "GET", "/api/v3/permitted_routes")).statusCode).toBe(403);
  });

  it("filters the list and downloads the same rows as CSV and XLSX", async () => {
    const list = (await s7(accounts.s7Manager, "GET", "/api/v3/permitted_routes?company_short_name=FWDTWO")).json();
    expect(list.data.map((r: { origin_iata: string; destination_iata: string }) => `${r.origin_iata}-${r.destination_iata}`)).toEqual(["DME-OVB", "KJA-DME"]);

    const csv = await s7(accounts.s7Manager, "GET", "/api/v3/permitted_routes.csv?company_short_name=FWDTWO");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="permitted_routes.csv"');
    const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.carrier, r.origin_iata, r.destination_iata, r.transfer_iata_codes, r.contracted])).toEqual([
      ["S7", "DME", "OVB", "", "true"],
      ["S7", "KJA", "DME", "OVB", "true"],
    ]);

    const xlsx = await s7(accounts.s7Manager, "GET", "/api/v3/permitted_routes.xlsx");
    expect(xlsx.headers["content-disposition"]).toBe('attachment; filename="permitted_routes.xlsx"');
    expect(xlsx.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "id", "carrier", "origin_iata", "destination_iata", "transfer_iata_codes", "company_short_name", "contracted", "direct"]);
    expect(sheet.rowCount).toBe(6); // header + S7's five routes, none of SU's
    const carriers = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && carriers.add(String(row.getCell(2).value)));
    expect([...carriers]).toEqual(["S7"]);

    // Platform exports every airline's unless it names one.
    const all = parse((await call(t.app, accounts.platform, "GET", "/api/v3/permitted_routes.csv")).body, { columns: true });
    expect(all).toHaveLength(8);
    expect((await call(t.app, accounts.forwarder, "GET", "/api/v3/permitted_routes.csv")).statusCode).toBe(403);
  });
});
