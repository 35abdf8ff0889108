import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { call, callsOn, multipartFile, type Tokens, useTestApi } from "./helpers";

const { t, accounts } = useTestApi({ signIn: ["platform", "s7Manager", "s7Operator", "suManager"] });

const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("data");
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(tokens: Tokens, path: string, filename: string, content: Buffer | string, carrier: string | null = "s7") {
  const { payload, headers } = await multipartFile("file", filename, content);
  return call(t.app, tokens, "POST", `/api/v3/${path}/upload`, { carrier: carrier ?? undefined, payload, headers });
}

const count = async (path: string, tokens = accounts.s7Manager) => (await s7(tokens, "GET", `/api/v3/${path}?per_page=1`)).json().meta.total_count as number;

describe("baggage stats", () => {
  it("the demo statistics cover the last whole month before the seed date, not a fixed year", async () => {
    const rows = (await s7(accounts.s7Manager, "GET", "/api/v3/baggage_stats")).json().data as Array<{ period_start: string; period_end: string; segments_count: number }>;
    expect(rows.length).toBeGreaterThan(0);
    const firstOfThisMonth = `${t.today.slice(0, 7)}-01`;
    for (const r of rows) {
      expect(r.period_end < firstOfThisMonth).toBe(true);
      expect(r.period_start.slice(8)).toBe("01");
      // the month just before this one: its last day is the day before the 1st of this month
      expect(new Date(Date.parse(`${r.period_end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)).toBe(firstOfThisMonth);
      expect(r.segments_count).toBe(Number(r.period_end.slice(8)));
    }
  });

  it("creates with derived averages, reads, updates, deletes; validates", async () => {
    const created = await s7(accounts.s7Manager, "POST", "/api/v3/baggage_stats", {
      baggage_stat: { origin_iata: "ovb", destination_iata: "kja", period_start: "2025-02-01", period_end: "2025-02-28", total_baggage_weight: "10000", total_baggage_pcs: 900, total_pax: 800, segments_count: 28 },
    });
    expect(created.statusCode).toBe(201);
    const b = created.json();
    expect(b).toMatchObject({ carrier: "S7", origin_iata: "OVB", average_baggage_weight: 12.5, manual_average_baggage_weight: null, applicable_stat_weight: 12.5, external_source: false });
    const patched = await s7(accounts.s7Manager, "PATCH", `/api/v3/baggage_stats/${b.id}`, { manual_average_baggage_weight: 14, total_pax: 1000 });
    expect(patched.json()).toMatchObject({ average_baggage_weight: 10, manual_average_baggage_weight: 14, applicable_stat_weight: 14, total_baggage_weight: 10000 });
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/baggage_stats/${b.id}`)).json().applicable_stat_weight).toBe(14);

    const bad = await s7(accounts.s7Manager, "POST", "/api/v3/baggage_stats", { origin_iata: "OVB", destination_iata: "QQQ", period_start: "2025-03-10", period_end: "2025-03-01", total_pax: -1 });
    expect(bad.json()).toEqual({ errors: { total_pax: ["must be 0 or more"] }, error_codes: { total_pax: [{ code: "must_be_zero_or_more", params: {} }] } });
    const rules = await s7(accounts.s7Manager, "POST", "/api/v3/baggage_stats", { origin_iata: "OVB", destination_iata: "QQQ", period_start: "2025-03-10", period_end: "2025-03-01" });
    expect(rules.json()).toEqual({ errors: { destination_iata: ["unknown airport QQQ"], period_end: ["must not be before period_start"] }, error_codes: { destination_iata: [{ code: "unknown_airport", params: { code: "QQQ" } }], period_end: [{ code: "not_before", params: { field: "period_start" } }] } });
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/baggage_stats", {})).json().errors).toMatchObject({
      origin_iata: ["can't be blank"], destination_iata: ["can't be blank"], period_start: ["can't be blank"], period_end: ["can't be blank"],
    });

    // SU cannot reach S7's rows; an operator has no access.
    expect((await su(accounts.suManager, "GET", `/api/v3/baggage_stats/${b.id}`)).json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    expect((await su(accounts.suManager, "DELETE", `/api/v3/baggage_stats/${b.id}`)).statusCode).toBe(404);
    expect((await s7(accounts.s7Operator, "GET", "/api/v3/baggage_stats")).statusCode).toBe(403);
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/baggage_stats/${b.id}`)).statusCode).toBe(204);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/baggage_stats")).json().data.map((x: { origin_iata: string }) => x.origin_iata)).toEqual(["DME", "OVB"]);
  });

  it("stores a good XLSX file and reports its count", async () => {
    const before = await count("baggage_stats");
    const file = await xlsx([
      ["Origin IATA", "Destination IATA", "Period start", "Period end", "Total baggage weight", "Total baggage pcs", "Total pax", "Manual average baggage weight", "Segments count"],
      ["OVB", "KJA", new Date(Date.UTC(2025, 2, 1)), new Date(Date.UTC(2025, 2, 31)), 9000, 800, 750, null, 31],
      ["kja", "ovb", "2025-03-01", "2025-03-31", 8800, 790, 740, 12, 31],
    ]);
    const res = await upload(accounts.s7Manager, "baggage_stats", "march.xlsx", file);
    expect([res.statusCode, res.json()]).toEqual([201, { created: 2 }]);
    expect(await count("baggage_stats")).toBe(before + 2);
    const kja = (await s7(accounts.s7Manager, "GET", "/api/v3/baggage_stats?origin_iata=KJA")).json().data[0];
    expect(kja).toMatchObject({ period_start: "2025-03-01", average_baggage_weight: 11.89, applicable_stat_weight: 12, carrier: "S7" });
  });

  it("stores nothing when one row is bad, and names the row and the reason", async () => {
    const before = await count("baggage_stats");
    const csv = [
      "origin_iata,destination_iata,period_start,period_end,total_baggage_weight,total_baggage_pcs,total_pax,manual_average_baggage_weight,segments_count",
      "OVB,DME,2025-04-01,2025-04-30,1000,90,80,,30",
      "OVB,QQQ,2025-04-01,2025-04-30,1000,90,80,,30",
      "OVB,DME,2025-04-31,2025-04-30,lots,90,80,,30",
      "OVB,DME,2025-05-01,2025-05-31,1000,90,80,,31",
    ].join("\n");
    const res = await upload(accounts.s7Manager, "baggage_stats", "april.csv", csv);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "2 rows have errors; nothing was stored",
      code: "rows_have_errors",
      params: { count: 2 },
      errors: [
        { row: 3, field: "destination_iata", message: "unknown airport QQQ", code: "unknown_airport", params: { code: "QQQ" } },
        { row: 4, field: "period_start", message: "is not a valid date", code: "invalid_date", params: {} },
        { row: 4, field: "total_baggage_weight", message: "is not a number", code: "not_a_number", params: {} },
      ],
    });
    expect(await count("baggage_stats")).toBe(before);
  });

  it("a header unlike the template's is one finding naming the missing and the unexpected columns, not one per column", async () => {
    const before = await count("baggage_stats");
    const misspelt = "origin,destination_iata,period_start,period_end,total_baggage_weight,total_baggage_pcs,total_pax,manual_average_baggage_weight,segments,note\nOVB,DME,2026-01-01,2026-01-31,1,1,1,,1,x\n";
    const res = await upload(accounts.s7Manager, "baggage_stats", "x.csv", misspelt);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [{ row: 1, field: "header", message: "missing columns: origin_iata, segments_count; unexpected columns: origin, segments, note", code: "header_columns", params: { missing: "origin_iata, segments_count", unexpected: "origin, segments, note" } }],
      message: "The header does not match the template (missing columns: origin_iata, segments_count; unexpected columns: origin, segments, note); nothing was stored",
      code: "header_mismatch",
      params: { missing: "origin_iata, segments_count", unexpected: "origin, segments, note" },
      columns: { missing: ["origin_iata", "segments_count"], unexpected: ["origin", "segments", "note"] },
    });
    expect(await count("baggage_stats")).toBe(before);
  });

  it("names missing header columns and refuses an empty or missing file", async () => {
    const res = await upload(accounts.s7Manager, "baggage_stats", "x.csv", "origin_iata,destination_iata\nOVB,DME\n");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveLength(1);
    expect(res.json().columns).toEqual({
      missing: ["period_start", "period_end", "total_baggage_weight", "total_baggage_pcs", "total_pax", "manual_average_baggage_weight", "segments_count"],
      unexpected: [],
    });
    const empty = await upload(accounts.s7Manager, "baggage_stats", "x.csv", "origin_iata,destination_iata,period_start,period_end,total_baggage_weight,total_baggage_pcs,total_pax,manual_average_baggage_weight,segments_count\n");
    expect(empty.json().message).toBe("The file has no rows; nothing was stored");
    expect(empty.json().code).toBe("no_rows");
    const { payload, headers } = await multipartFile("other", "x.csv", "a,b\n1,2\n");
    const noFile = await call(t.app, accounts.s7Manager, "POST", "/api/v3/baggage_stats/upload", { carrier: "s7", payload, headers });
    expect(noFile.json()).toEqual({ errors: { file: ["can't be blank"] }, error_codes: { file: [{ code: "blank", params: {} }] } });
    expect((await upload(accounts.s7Operator, "baggage_stats", "x.csv", "a\n1\n")).statusCode).toBe(403);
  });

  it("downloads templates as a real XLSX and as CSV", async () => {
    const x = await s7(accounts.s7Manager, "GET", "/api/v3/baggage_stats/template.xlsx");
    expect(x.statusCode).toBe(200);
    expect(x.headers["content-disposition"]).toBe('attachment; filename="baggage_stats_template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "origin_iata", "destination_iata", "period_start", "period_end", "total_baggage_weight", "total_baggage_pcs", "total_pax", "manual_average_baggage_weight", "segments_count",
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe("OVB");
    const c = await s7(accounts.s7Manager, "GET", "/api/v3/baggage_stats/template.csv");
    expect(c.headers["content-type"]).toMatch(/^text\/csv/);
    expect(c.body.split("\r\n")[0]).toBe("origin_iata,destination_iata,period_start,period_end,total_baggage_weight,total_baggage_pcs,total_pax,manual_average_baggage_weight,segments_count");
    // The template itself uploads cleanly (its example row is valid).
    const again = await upload(accounts.s7Manager, "baggage_stats", "template.xlsx", x.rawPayload);
    expect(again.json()).toEqual({ created: 1 });
  });
});

describe("pax O&D averages and segment payloads", () => {
  it("lists the airline's own rows", async () => {
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/pax_od_averages")).json().data.map((r: { aircraft_type: string }) => r.aircraft_type)).toEqual(["320", "73H"]);
    expect((await su(accounts.suManager, "GET", "/api/v3/segment_payloads")).json().data).toEqual([
      expect.objectContaining({ carrier: "SU", aircraft_type: "321", origin: "SVO", destination: "LED", payload: 3000, season: "summer", reg_numbers: [] }),
    ]);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/segment_payloads?season=winter")).json().data).toHaveLength(1);
  });

  it("uploads pax averages from CSV (raw body too) and refuses unknown aircraft types, all or nothing", async () => {
    const before = await count("pax_od_averages");
    const bad = await upload(accounts.s7Manager, "pax_od_averages", "pax.csv", "aircraft_type;origin;destination;quantity\n320;OVB;KJA;150\nZZZ;OVB;KJA;150\n320;OVB;KJA;-3\n");
    expect(bad.json()).toEqual({
      message: "2 rows have errors; nothing was stored",
      code: "rows_have_errors",
      params: { count: 2 },
      errors: [
        { row: 3, field: "aircraft_type", message: "unknown aircraft type ZZZ", code: "unknown_aircraft_type", params: { code: "ZZZ" } },
        { row: 4, field: "quantity", message: "must be 0 or more", code: "must_be_zero_or_more", params: {} },
      ],
    });
    expect(await count("pax_od_averages")).toBe(before);
    const raw = await call(t.app, accounts.s7Manager, "POST", "/api/v3/pax_od_averages/upload", {
      carrier: "s7",
      payload: "aircraft_type,origin,destination,quantity\n320,OVB,KJA,150\nsu9,KJA,OVB,88.5\n",
      headers: { "content-type": "text/csv" },
    });
    expect(raw.json()).toEqual({ created: 2 });
    expect(await count("pax_od_averages")).toBe(before + 2);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/pax_od_averages?aircraft_type=SU9")).json().data[0]).toMatchObject({ quantity: 88.5, origin: "KJA" });
  });

  it("uploads segment payloads from XLSX and checks the season", async () => {
    const uploadPayloads = async (...rows: unknown[][]) =>
      upload(accounts.s7Manager, "segment_payloads", "payloads.xlsx", await xlsx([["aircraft_type", "origin", "destination", "reg_numbers", "payload", "season"], ...rows]));
    const before = await count("segment_payloads");
    const bad = await uploadPayloads(["320", "OVB", "DME", "VQ-BCF VQ-BDE", 2600, "Summer"], ["320", "OVB", "DME", "", 2400, "autumn"]);
    expect(bad.json()).toEqual({
      message: "1 row has errors; nothing was stored",
      code: "rows_have_errors",
      params: { count: 1 },
      errors: [{ row: 3, field: "season", message: "must be summer or winter", code: "not_in_list", params: {} }],
    });
    expect(await count("segment_payloads")).toBe(before);
    const good = await uploadPayloads(["320", "OVB", "DME", "VQ-BCF VQ-BDE", 2600, "Summer"], ["73H", "OVB", "KJA", null, 2400, "winter"]);
    expect(good.json()).toEqual({ created: 2 });
    const kja = (await s7(accounts.s7Manager, "GET", "/api/v3/segment_payloads?destination=KJA")).json().data[0];
    expect(kja).toMatchObject({ aircraft_type: "73H", reg_numbers: [], payload: 2400, season: "winter", carrier: "S7" });
    const tpl = await s7(accounts.s7Manager, "GET", "/api/v3/segment_payloads/template.csv");
    expect(tpl.headers["content-disposition"]).toBe('attachment; filename="segment_payloads_template.csv"');
    expect(tpl.body.split("\r\n")[1]).toBe("320,OVB,DME,VP-BOA VP-BOB,2500,summer");
  });

  it("lets platform upload for a named carrier only", async () => {
    const csv = "aircraft_type,origin,destination,quantity\n321,SVO,LED,170\n";
    const none = await upload(accounts.platform, "pax_od_averages", "p.csv", csv, null);
    expect(none.json()).toEqual({ errors: { carrier: ["can't be blank"] }, error_codes: { carrier: [{ code: "blank", params: {} }] } });
    const { payload, headers } = await multipartFile("file", "p.csv", csv);
    const su = await call(t.app, accounts.platform, "POST", "/api/v3/pax_od_averages/upload?carrier=SU", { payload, headers });
    expect(su.json()).toEqual({ created: 1 });
    expect((await call(t.app, accounts.platform, "GET", "/api/v3/pax_od_averages?carrier=SU")).json().meta.total_count).toBe(2);
  });
});
