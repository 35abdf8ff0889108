/**
 * Settings pages of issue 3, part B, through the BFF against the real API: all-or-nothing uploads with their
 * templates, the permitted routes download, forms that keep what was typed, and tenancy.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, hiddenInput, parseSetCookie, startBff, textOf, type Answer, type Bff } from "./harness";

let bff: Bff;

beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.close());

const S7 = "s7.localhost";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function signedIn(host: string, email: string): Promise<Browser> {
  const browser = bff.browser();
  await browser.signIn(host, email);
  return browser;
}

/** The page's CSRF token (every page carries it in its forms). */
async function csrfOf(browser: Browser, host: string, path: string): Promise<string> {
  const page = await browser.request(host, path);
  expect(page.status, `GET ${path}`).toBe(200);
  const token = hiddenInput(page.body, "csrf");
  expect(token).toBeTruthy();
  return token!;
}

/** A multipart POST, as a browser sends a form with a file (the harness browser posts url-encoded forms only). */
async function postMultipart(browser: Browser, host: string, path: string, fields: Record<string, string | File>): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers = new Headers({ Cookie: browser.cookieHeader(host) });
  const response = await bff.handle(new Request(`http://${host}${path}`, { method: "POST", headers, body }));
  const setCookies = response.headers.getSetCookie();
  for (const line of setCookies) {
    const c = parseSetCookie(line);
    browser.setCookie(host, c.name, c.value);
  }
  return { url: `http://${host}${path}`, status: response.status, headers: response.headers, body: await response.text(), setCookies, location: response.headers.get("Location") };
}

async function xlsxFile(name: string, rows: Array<Array<string | number>>): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("data");
  for (const r of rows) sheet.addRow(r);
  return new File([Buffer.from(await workbook.xlsx.writeBuffer())], name, { type: XLSX });
}

const csvFile = (name: string, rows: Array<Array<string | number>>) =>
  new File([rows.map((r) => r.join(",")).join("\r\n") + "\r\n"], name, { type: "text/csv" });

/** Rows of a data table (by data-testid) as visible text, one string per row. */
function tableRows(html: string, testId: string): string[] {
  const table = html.match(new RegExp(`<table[^>]*data-testid="${testId}"[\\s\\S]*?</table>`))?.[0] ?? "";
  const body = table.match(/<tbody[\s\S]*?<\/tbody>/)?.[0] ?? "";
  return [...body.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0]));
}

describe("uploads: all or nothing, through the BFF", () => {
  const PAGE = "/dashboard/settings/segment-payloads";
  const HEADER = ["aircraft_type", "origin", "destination", "reg_numbers", "payload", "season"];

  it("an XLSX with broken rows lists each row and reason, stores nothing; a good file stores its rows", async () => {
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const before = await browser.request(S7, `${PAGE}?origin=KJA`);
    expect(tableRows(before.body, "segment-payloads-table").join(" ")).not.toContain("VQ-BKJ");

    const csrf = await csrfOf(browser, S7, PAGE);
    const broken = await xlsxFile("payloads.xlsx", [
      HEADER,
      ["320", "KJA", "OVB", "VQ-BKJ", 2100, "summer"],
      ["320", "QQQ", "OVB", "VQ-BKJ", 2100, "summer"],
      ["320", "KJA", "OVB", "VQ-BKJ", "heavy", "autumn"],
    ]);
    const refused = await postMultipart(browser, S7, `${PAGE}?index&origin=KJA`, { csrf, intent: "upload", file: broken });
    expect(refused.status).toBe(422);
    const text = textOf(refused.body);
    expect(text).toContain("The file was not stored: 2 rows have errors");
    expect(text).toContain("Nothing from this file was stored.");
    expect(text).toContain("Row 3, column origin: unknown airport QQQ");
    expect(text).toMatch(/Row 4, column payload: [^R]*number/);
    expect(text).toContain("Row 4, column season: must be summer or winter");
    expect(text).not.toContain("Row 2,");
    // the good first row was not stored either
    expect(tableRows(refused.body, "segment-payloads-table").join(" ")).not.toContain("VQ-BKJ");
    const after = await browser.request(S7, `${PAGE}?origin=KJA`);
    expect(tableRows(after.body, "segment-payloads-table").join(" ")).not.toContain("VQ-BKJ");

    const good = await xlsxFile("payloads.xlsx", [HEADER, ["320", "KJA", "OVB", "VQ-BKJ VQ-BKK", 2100, "summer"], ["73H", "KJA", "OVB", "VQ-BKJ", 1900, "winter"]]);
    const stored = await postMultipart(browser, S7, `${PAGE}?index&origin=KJA`, { csrf, intent: "upload", file: good });
    expect(stored.status).toBe(302);
    expect(stored.location).toBe(`${PAGE}?origin=KJA`);
    const list = await browser.request(S7, stored.location!);
    expect(textOf(list.body)).toContain("Segment payloads: 2 rows created");
    const rows = tableRows(list.body, "segment-payloads-table");
    expect(rows).toHaveLength(2);
    expect(rows.join(" | ")).toContain("VQ-BKJ, VQ-BKK");
    expect(rows.join(" | ")).toContain("73H");
  });

  it("a CSV of PAX averages: a broken row refuses the file, a good one is stored", async () => {
    const page = "/dashboard/settings/pax-od-averages";
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const csrf = await csrfOf(browser, S7, page);
    const refused = await postMultipart(browser, S7, `${page}?index`, {
      csrf,
      intent: "upload",
      file: csvFile("pax.csv", [["aircraft_type", "origin", "destination", "quantity"], ["ZZ9", "AER", "OVB", 120], ["320", "AER", "OVB", -4]]),
    });
    expect(refused.status).toBe(422);
    expect(textOf(refused.body)).toContain("Row 2, column aircraft_type: unknown aircraft type ZZ9");
    expect(textOf(refused.body)).toContain("Row 3, column quantity:");
    const list = await browser.request(S7, `${page}?origin=AER`);
    expect(tableRows(list.body, "pax-od-table")).toEqual(["No records match the filters"]);

    const stored = await postMultipart(browser, S7, `${page}?index`, {
      csrf,
      intent: "upload",
      file: csvFile("pax.csv", [["aircraft_type", "origin", "destination", "quantity"], ["320", "AER", "OVB", 120]]),
    });
    expect(stored.status).toBe(302);
    const after = await browser.request(S7, `${page}?origin=AER`);
    expect(textOf(after.body)).toContain("PAX averages: 1 row created");
    expect(tableRows(after.body, "pax-od-table")).toEqual([expect.stringMatching(/320 AER OVB 120/)]);
  });

  it("no file, or a file of another kind, is refused beside the file input", async () => {
    const page = "/dashboard/settings/baggage-averages";
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const csrf = await csrfOf(browser, S7, page);
    const none = await postMultipart(browser, S7, `${page}?index`, { csrf, intent: "upload", file: new File([], "", { type: "application/octet-stream" }) });
    expect(none.status).toBe(400);
    expect(textOf(none.body)).toContain("Choose a file");
    const pdf = await postMultipart(browser, S7, `${page}?index`, { csrf, intent: "upload", file: new File(["%PDF-1.4"], "stats.pdf") });
    expect(pdf.status).toBe(400);
    expect(textOf(pdf.body)).toContain("Only XLSX or CSV files can be uploaded");
  });
});
