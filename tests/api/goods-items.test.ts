import { and, eq, isNotNull, isNull } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { airWaybills, companies } from "../../api/db/schema";
import { call, useTestApi, type Tokens } from "./helpers";

// Goods items of a waybill (issue 11; spec 3 GET air_waybills/{id}/goods_items, POST goods_items/upload): an upload
// replaces the waybill's list from XLSX or CSV, all rows or none, and only the waybill's parties that may edit it may.
// Waybills are picked by what they are: live S7 waybills of FWDONE, issued or not.

const { t, accounts } = useTestApi({ signIn: ["forwarderOnS7", "fwdTwo", "s7Manager", "s7Billing", "suManager", "platform"] });

const HEADER = ["description", "hs_code", "marks", "packing", "pieces", "weight"];

async function fwdOneS7Waybill(issued: boolean) {
  const [fwd] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, "FWDONE"));
  const [row] = await t.database.db
    .select({ id: airWaybills.id, mawb: airWaybills.mawb })
    .from(airWaybills)
    .where(
      and(
        eq(airWaybills.carrier, "S7"),
        eq(airWaybills.forwarder_id, fwd!.id),
        eq(airWaybills.deleted, false),
        isNull(airWaybills.voided_at),
        issued ? isNotNull(airWaybills.issued_at) : isNull(airWaybills.issued_at),
      ),
    )
    .limit(1);
  return row!;
}

async function upload(tokens: Tokens, carrier: string | undefined, fields: Record<string, string>, file: { name: string; bytes: Buffer | string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  const request = new Request("http://local/", { method: "POST", body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return call(t.app, tokens, "POST", "/api/v3/goods_items/upload", { carrier, payload, headers: { "content-type": request.headers.get("content-type")! } });
}

const goodsOf = async (tokens: Tokens, carrier: string | undefined, mawb: string) => call(t.app, tokens, "GET", `/api/v3/air_waybills/${mawb}/goods_items`, { carrier });

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("goods");
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("goods items upload", () => {
  it("the forwarder replaces the list from XLSX; the airline reads the same items; the change log records it", async () => {
    const awb = await fwdOneS7Waybill(false);
    const file = await xlsx([
      ["Description", "HS code", "Marks", "Packing", "Pieces", "Weight"],
      ["Pump spare parts", "841391", "ACME 1-3", "Crates", 3, 120.5],
      ["Manuals", "", "", "Box", 1, 2],
    ]);
    const res = await upload(accounts.forwarderOnS7, "s7", { mawb: awb.mawb }, { name: "goods.xlsx", bytes: file });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toBe(2);

    const listed = await goodsOf(accounts.s7Manager, "s7", awb.mawb);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      { id: 1, mawb: awb.mawb, description: "Pump spare parts", hs_code: "841391", marks: "ACME 1-3", packing: "Crates", pieces: 3, weight: 120.5 },
      { id: 2, mawb: awb.mawb, description: "Manuals", hs_code: null, marks: null, packing: "Box", pieces: 1, weight: 2 },
    ]);
    // the waybill's own answer carries them too, and its change log says who changed them
    const detail = (await call(t.app, accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${awb.mawb}`, { carrier: "s7" })).json();
    expect(detail.goods_items.map((g: { description: string }) => g.description)).toEqual(["Pump spare parts", "Manuals"]);
    const log = (await call(t.app, accounts.s7Manager, "GET", `/api/v3/air_waybills/${awb.mawb}/change_logs`, { carrier: "s7" })).json().data;
    expect(log[0].change_set.goods_items[1].map((g: { description: string }) => g.description)).toEqual(["Pump spare parts", "Manuals"]);
  });

  it("one bad row stores nothing and names each row and field", async () => {
    const awb = await fwdOneS7Waybill(false);
    const before = (await goodsOf(accounts.forwarderOnS7, "s7", awb.mawb)).json().data;
    const csv = ["description,hs_code,marks,packing,pieces,weight", "Bolts,7318,,,5,10", ",7318,,,0,-1", "Nuts,,,,2.5,3"].join("\r\n");
    const res = await upload(accounts.forwarderOnS7, "s7", { mawb: awb.mawb }, { name: "goods.csv", bytes: csv });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe("2 rows have errors; nothing was stored");
    expect([body.code, body.params]).toEqual(["rows_have_errors", { count: 2 }]);
    expect(body.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`).sort()).toEqual(["3:description", "3:pieces", "3:weight", "4:pieces"]);
    expect((await goodsOf(accounts.forwarderOnS7, "s7", awb.mawb)).json().data).toEqual(before);
  });

  it("a header unlike the template's is one finding with the missing columns; no rows or too many are refused", async () => {
    const awb = await fwdOneS7Waybill(false);
    const misspelt = await upload(accounts.forwarderOnS7, "s7", { mawb: awb.mawb }, { name: "g.csv", bytes: "descripton,hs_code,marks,packing,pieces,weight\r\nBolts,,,,1,1\r\n" });
    expect(misspelt.statusCode).toBe(422);
    expect(misspelt.json().columns).toEqual({ missing: ["description"], unexpected: ["descripton"] });
    const empty = await upload(accounts.forwarderOnS7, "s7", { mawb: awb.mawb }, { name: "g.csv", bytes: `${HEADER.join(",")}\r\n` });
    expect(empty.json().errors).toEqual([{ row: 2, field: "file", message: "no data rows", code: "no_data_rows", params: {} }]);
    const long = [HEADER.join(","), ...Array.from({ length: 101 }, (_, i) => `Item ${i},,,,1,1`)].join("\r\n");
    const tooLong = await upload(accounts.forwarderOnS7, "s7", { mawb: awb.mawb }, { name: "g.csv", bytes: long });
    expect([tooLong.statusCode, tooLong.json().errors[0]]).toEqual([422, { row: 102, field: "file", message: "at most 100 rows", code: "too_many_rows", params: { max: 100 } }]);
    const unnamed = await upload(accounts.forwarderOnS7, "s7", {}, { name: "g.csv", bytes: `${HEADER.join(",")}\r\nBolts,,,,1,1\r\n` });
    expect([unnamed.statusCode, unnamed.json()]).toEqual([422, { errors: { mawb: ["can't be blank"] }, error_codes: { mawb: [{ code: "blank", params: {} }] } }]);
  });

  it("only the waybill's parties that may edit it: another forwarder and another airline get not found, a reader is forbidden, an issued waybill is the airline's", async () => {
    const awb = await fwdOneS7Waybill(false);
    const csv = `${HEADER.join(",")}\r\nBolts,,,,1,1\r\n`;
    expect((await upload(accounts.fwdTwo, undefined, { mawb: awb.mawb }, { name: "g.csv", bytes: csv })).statusCode).toBe(404);
    expect((await upload(accounts.suManager, "su", { mawb: awb.mawb }, { name: "g.csv", bytes: csv })).statusCode).toBe(404);
    expect((await goodsOf(accounts.fwdTwo, undefined, awb.mawb)).statusCode).toBe(404);
    expect((await goodsOf(accounts.suManager, "su", awb.mawb)).statusCode).toBe(404);
    expect((await upload(accounts.s7Billing, "s7", { mawb: awb.mawb }, { name: "g.csv", bytes: csv })).statusCode).toBe(403);
    expect((await goodsOf(accounts.s7Billing, "s7", awb.mawb)).statusCode).toBe(200);
    expect((await upload(accounts.platform, undefined, { mawb: awb.mawb }, { name: "g.csv", bytes: csv })).statusCode).toBe(201);
    expect((await upload(accounts.s7Manager, "s7", { mawb: awb.mawb }, { name: "g.csv", bytes: csv })).statusCode).toBe(201);

    const issued = await fwdOneS7Waybill(true);
    const refused = await upload(accounts.forwarderOnS7, "s7", { mawb: issued.mawb }, { name: "g.csv", bytes: csv });
    expect([refused.statusCode, refused.json().errors.mawb[0]]).toEqual([422, "the air waybill is issued: only the airline may change it"]);
    expect((await upload(accounts.s7Manager, "s7", { mawb: issued.mawb }, { name: "g.csv", bytes: csv })).statusCode).toBe(201);
  });

  it("templates: the header and an example row, as CSV and XLSX, which upload as they are", async () => {
    const csv = await call(t.app, accounts.forwarderOnS7, "GET", "/api/v3/goods_items/template.csv", { carrier: "s7" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="goods_items_template.csv"');
    expect(csv.body.split("\r\n")[0]).toBe(HEADER.join(","));
    const xl = await call(t.app, accounts.forwarderOnS7, "GET", "/api/v3/goods_items/template.xlsx", { carrier: "s7" });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xl.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
    const awb = await fwdOneS7Waybill(false);
    const res = await upload(accounts.forwarderOnS7, "s7", { mawb: awb.mawb }, { name: "goods_items_template.xlsx", bytes: xl.rawPayload });
    expect([res.statusCode, res.json().data[0].description]).toEqual([201, "Spare parts for pumps"]);
    expect((await call(t.app, accounts.s7Billing, "GET", "/api/v3/goods_items/template.csv", { carrier: "s7" })).statusCode).toBe(403);
  });
});
