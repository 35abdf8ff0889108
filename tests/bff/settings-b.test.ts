/**
 * Settings pages of issue 3, part B, through the BFF against the real API: all-or-nothing uploads with their
 * templates, the permitted routes download, forms that keep what was typed, and tenancy.
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { airlines, forwarderCustomers, messageSettings, notableCompanies, permittedRoutes, productCodes, segmentPayloads } from "../../api/db/schema";
import { Browser, csrfOf, hiddenInput, textOf, useBff, type Answer } from "./harness";

const bff = useBff();

const S7 = "s7.localhost";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const signedIn = (host: string, email: string) => bff.signedIn(host, email);

/** A multipart POST, as a browser sends a form with a file. */
function postMultipart(browser: Browser, host: string, path: string, fields: Record<string, string | File>): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return browser.request(host, path, { method: "POST", multipart: body });
}

async function xlsxFile(name: string, rows: Array<Array<string | number>>): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("data");
  for (const r of rows) sheet.addRow(r);
  return new File([Buffer.from(await workbook.xlsx.writeBuffer())], name, { type: XLSX });
}

const csvFile = (name: string, rows: Array<Array<string | number>>) =>
  new File([rows.map((r) => r.join(",")).join("\r\n") + "\r\n"], name, { type: "text/csv" });

/** A GET whose body is bytes (files), with the browser's cookies. */
async function getFile(browser: Browser, host: string, path: string): Promise<Response> {
  return bff.handle(new Request(`http://${host}${path}`, { headers: { Cookie: browser.cookieHeader(host) } }));
}

async function sheetRows(response: Response): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1).map((v) => String(v ?? ""))));
  return rows;
}

/** The value attribute of the input named `name` ("" when it has none; undefined when there is no such input). */
function inputValue(html: string, name: string): string | undefined {
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (tag.includes(`name="${name}"`)) return (tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "").replace(/&amp;/g, "&");
  }
  return undefined;
}

const db = () => bff.api.database.db;

/** Rows of a data table (by data-testid) as visible text, one string per row. */
function tableRows(html: string, testId: string): string[] {
  const table = html.match(new RegExp(`<table[^>]*data-testid="${testId}"[\\s\\S]*?</table>`))?.[0] ?? "";
  const body = table.match(/<tbody[\s\S]*?<\/tbody>/)?.[0] ?? "";
  return [...body.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0]));
}

/** The S7 manager on an upload page: `upload` posts a file through the page's form, `query` after its `?index`. */
async function managerUploading(page: string): Promise<{ browser: Browser; upload: (file: File, query?: string) => Promise<Answer> }> {
  const browser = await signedIn(S7, "s7.manager@cargodesk.test");
  const csrf = await csrfOf(browser, S7, page);
  return { browser, upload: (file, query = "") => postMultipart(browser, S7, `${page}?index${query}`, { csrf, intent: "upload", file }) };
}

describe("uploads: all or nothing, through the BFF", () => {
  const PAGE = "/dashboard/settings/segment-payloads";
  const HEADER = ["aircraft_type", "origin", "destination", "reg_numbers", "payload", "season"];

  it("an XLSX with broken rows lists each row and reason, stores nothing; a good file stores its rows", async () => {
    const { browser, upload } = await managerUploading(PAGE);
    const before = await browser.request(S7, `${PAGE}?origin=KJA`);
    expect(tableRows(before.body, "segment-payloads-table").join(" ")).not.toContain("VQ-BKJ");

    const broken = await xlsxFile("payloads.xlsx", [
      HEADER,
      ["320", "KJA", "OVB", "VQ-BKJ", 2100, "summer"],
      ["320", "QQQ", "OVB", "VQ-BKJ", 2100, "summer"],
      ["320", "KJA", "OVB", "VQ-BKJ", "heavy", "autumn"],
    ]);
    const refused = await upload(broken, "&origin=KJA");
    expect([refused.status, refused.refused]).toEqual([200, 422]);
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
    const stored = await upload(good, "&origin=KJA");
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
    const { browser, upload } = await managerUploading(page);
    const refused = await upload(csvFile("pax.csv", [["aircraft_type", "origin", "destination", "quantity"], ["ZZ9", "AER", "OVB", 120], ["320", "AER", "OVB", -4]]));
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(textOf(refused.body)).toContain("Row 2, column aircraft_type: unknown aircraft type ZZ9");
    expect(textOf(refused.body)).toContain("Row 3, column quantity:");
    const list = await browser.request(S7, `${page}?origin=AER`);
    expect(tableRows(list.body, "pax-od-table")).toEqual(["No records match the filters"]);

    const stored = await upload(csvFile("pax.csv", [["aircraft_type", "origin", "destination", "quantity"], ["320", "AER", "OVB", 120]]));
    expect(stored.status).toBe(302);
    const after = await browser.request(S7, `${page}?origin=AER`);
    expect(textOf(after.body)).toContain("PAX averages: 1 row created");
    expect(tableRows(after.body, "pax-od-table")).toEqual([expect.stringMatching(/320 AER OVB 120/)]);
  });

  it("a file with wrong columns says so once, naming the missing and the unexpected columns (was: a 'row has errors' line per column)", async () => {
    const { upload } = await managerUploading("/dashboard/settings/pax-od-averages");
    const refused = await upload(csvFile("pax.csv", [["aircraft", "origin", "destination", "qty"], ["320", "AER", "OVB", 120]]));
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    const text = textOf(refused.body);
    expect(text).toContain("The columns do not match the template: missing aircraft_type, quantity; not in the template: aircraft, qty.");
    expect(text).toContain("Nothing from this file was stored.");
    expect(text).not.toContain("row has errors");
    expect(text).not.toMatch(/Row 1\b/);
  });

  it("no file, or a file of another kind, is refused beside the file input", async () => {
    const { upload } = await managerUploading("/dashboard/settings/baggage-averages");
    const none = await upload(new File([], "", { type: "application/octet-stream" }));
    expect([none.status, none.refused]).toEqual([200, 400]);
    expect(textOf(none.body)).toContain("Choose a file");
    const pdf = await upload(new File(["%PDF-1.4"], "stats.pdf"));
    expect([pdf.status, pdf.refused]).toEqual([200, 400]);
    expect(textOf(pdf.body)).toContain("Only XLSX or CSV files can be uploaded");
  });
});

describe("uploads by platform staff", () => {
  it("name the airline; without one the field says so and nothing is stored", async () => {
    const page = "/dashboard/settings/segment-payloads";
    const browser = await signedIn("localhost", "platform@cargodesk.test");
    const html = (await browser.request("localhost", page)).body;
    expect(inputValue(html, "carrier")).toBe("");
    const csrf = hiddenInput(html, "csrf")!;
    const file = () => csvFile("p.csv", [["aircraft_type", "origin", "destination", "reg_numbers", "payload", "season"], ["321", "SVO", "AER", "", 3100, "winter"]]);
    const missing = await postMultipart(browser, "localhost", `${page}?index`, { csrf, intent: "upload", carrier: "", file: file() });
    expect([missing.status, missing.refused]).toEqual([200, 422]);
    expect(textOf(missing.body)).toContain("The field is required");
    const stored = await postMultipart(browser, "localhost", `${page}?index`, { csrf, intent: "upload", carrier: "su", file: file() });
    expect(stored.status).toBe(302);
    const rows = await db().select().from(segmentPayloads).where(and(eq(segmentPayloads.origin, "SVO"), eq(segmentPayloads.destination, "AER")));
    expect(rows).toMatchObject([{ carrier: "SU", aircraft_type: "321", payload: 3100, season: "winter" }]);
  });
});

describe("upload templates", () => {
  const PAGES = [
    { page: "/dashboard/settings/baggage-averages", resource: "baggage_stats", first: "origin_iata" },
    { page: "/dashboard/settings/pax-od-averages", resource: "pax_od_averages", first: "aircraft_type" },
    { page: "/dashboard/settings/segment-payloads", resource: "segment_payloads", first: "aircraft_type" },
  ];

  it.each(PAGES)("$page offers real XLSX and CSV templates with their file names", async ({ page, resource, first }) => {
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const html = (await browser.request(S7, page)).body;
    expect(html).toContain(`href="${page}/template?format=xlsx"`);
    expect(html).toContain(`href="${page}/template?format=csv"`);

    const xlsx = await getFile(browser, S7, `${page}/template?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toContain(XLSX);
    expect(xlsx.headers.get("content-disposition")).toBe(`attachment; filename="${resource}_template.xlsx"`);
    const rows = await sheetRows(xlsx);
    expect(rows[0]![0]).toBe(first);
    expect(rows).toHaveLength(2); // the header and one example

    const csv = await getFile(browser, S7, `${page}/template?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="${resource}_template.csv"`);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]!.split(",")).toEqual(rows[0]);
  });

  it("a template asks for the page's access: s7.billing is refused, an unknown format is a 404", async () => {
    const billing = await signedIn(S7, "s7.billing@cargodesk.test");
    expect((await getFile(billing, S7, "/dashboard/settings/segment-payloads/template?format=csv")).status).toBe(404);
    const manager = await signedIn(S7, "s7.manager@cargodesk.test");
    expect((await getFile(manager, S7, "/dashboard/settings/segment-payloads/template?format=pdf")).status).toBe(404);
  });
});

describe("permitted routes", () => {
  const PAGE = "/dashboard/settings/permitted-routes";

  it("downloads permitted_routes.csv and .xlsx with the list's filters, own airline only", async () => {
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const list = await browser.request(S7, `${PAGE}?origin=ovb`);
    expect(list.body).toContain(`href="${PAGE}/download?origin=ovb&amp;format=csv"`);

    const csv = await getFile(browser, S7, `${PAGE}/download?origin=OVB&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="permitted_routes.csv"');
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe("id,carrier,origin_iata,destination_iata,transfer_iata_codes,company_short_name,contracted,direct");
    const data = lines.slice(1).map((l) => l.split(","));
    expect(data.length).toBeGreaterThanOrEqual(2);
    for (const row of data) {
      expect(row[1]).toBe("S7");
      expect(row[2]).toBe("OVB");
    }

    const xlsx = await getFile(browser, S7, `${PAGE}/download?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toContain(XLSX);
    expect(xlsx.headers.get("content-disposition")).toBe('attachment; filename="permitted_routes.xlsx"');
    const rows = await sheetRows(xlsx);
    expect(rows[0]![2]).toBe("origin_iata");
    expect(rows.slice(1).map((r) => r[1])).not.toContain("SU");
    expect(rows.slice(1).some((r) => r[2] === "KJA" && r[4] === "OVB")).toBe(true);
  });

  it("S7 cannot open or change SU's route: 404, and the row stays as it was", async () => {
    const [su] = await db().select().from(permittedRoutes).where(and(eq(permittedRoutes.carrier, "SU"), eq(permittedRoutes.origin_iata, "SVO"), eq(permittedRoutes.destination_iata, "LED")));
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const page = await browser.request(S7, `${PAGE}/${su!.id}/edit`);
    expect(page.status).toBe(404);
    expect(textOf(page.body)).not.toContain("SVO");

    const csrf = await csrfOf(browser, S7, PAGE);
    const post = await browser.request(S7, `${PAGE}/${su!.id}/edit`, {
      form: { csrf, origin_iata: "OVB", destination_iata: "KJA", transfer_iata_codes: "", company_short_name: "" },
    });
    expect(post.status).toBe(302);
    expect(post.location).toBe(PAGE);
    expect(textOf((await browser.request(S7, PAGE)).body)).toContain("Permitted route not found");
    const [after] = await db().select().from(permittedRoutes).where(eq(permittedRoutes.id, su!.id));
    expect(after).toMatchObject({ carrier: "SU", origin_iata: "SVO", destination_iata: "LED" });
  });

  it("create and edit; a refused form keeps every typed value (BFF check and API check)", async () => {
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const csrf = await csrfOf(browser, S7, `${PAGE}/create`);

    const unknownAirport = await browser.request(S7, `${PAGE}/create`, {
      form: { csrf, origin_iata: "qqq", destination_iata: "OVB", transfer_iata_codes: "KJA", company_short_name: "FWDONE", contracted: "on" },
    });
    expect([unknownAirport.status, unknownAirport.refused]).toEqual([200, 400]);
    expect(textOf(unknownAirport.body)).toContain("Unknown airport code: QQQ");
    expect(inputValue(unknownAirport.body, "origin_iata")).toBe("qqq");
    expect(inputValue(unknownAirport.body, "destination_iata")).toBe("OVB");
    expect(inputValue(unknownAirport.body, "transfer_iata_codes")).toBe("KJA");
    expect(inputValue(unknownAirport.body, "company_short_name")).toBe("FWDONE");
    expect(unknownAirport.body).toMatch(/<input[^>]*name="contracted"[^>]*checked/);

    // the API refuses an unknown forwarder: the error stands beside the field, the values stay
    const unknownCompany = await browser.request(S7, `${PAGE}/create`, {
      form: { csrf, origin_iata: "AER", destination_iata: "KJA", transfer_iata_codes: "OVB", company_short_name: "NOSUCHCO" },
    });
    expect([unknownCompany.status, unknownCompany.refused]).toEqual([200, 422]);
    expect(textOf(unknownCompany.body)).toContain("Unknown value: choose one from the list");
    expect(inputValue(unknownCompany.body, "company_short_name")).toBe("NOSUCHCO");
    expect(inputValue(unknownCompany.body, "transfer_iata_codes")).toBe("OVB");

    const created = await browser.request(S7, `${PAGE}/create`, {
      form: { csrf, origin_iata: "AER", destination_iata: "KJA", transfer_iata_codes: "OVB", company_short_name: "FWDONE", contracted: "on" },
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe(PAGE);
    const [row] = await db().select().from(permittedRoutes).where(and(eq(permittedRoutes.carrier, "S7"), eq(permittedRoutes.origin_iata, "AER")));
    expect(row).toMatchObject({ destination_iata: "KJA", transfer_iata_codes: ["OVB"], company_short_name: "FWDONE", contracted: true, direct: false });
    const list = await browser.request(S7, `${PAGE}?origin=AER`);
    expect(textOf(list.body)).toContain("Permitted route created");
    expect(tableRows(list.body, "routes-table")).toEqual([expect.stringMatching(/AER KJA OVB FWDONE Yes With transfer/)]);

    const edit = await browser.request(S7, `${PAGE}/${row!.id}/edit`);
    expect(edit.status).toBe(200);
    expect(inputValue(edit.body, "transfer_iata_codes")).toBe("OVB");
    const same = await browser.request(S7, `${PAGE}/${row!.id}/edit`, {
      form: { csrf, origin_iata: "AER", destination_iata: "AER", transfer_iata_codes: "", company_short_name: "" },
    });
    expect([same.status, same.refused]).toEqual([200, 400]);
    expect(textOf(same.body)).toContain("Destination must differ from the origin");
    const saved = await browser.request(S7, `${PAGE}/${row!.id}/edit`, {
      form: { csrf, origin_iata: "AER", destination_iata: "KJA", transfer_iata_codes: "", company_short_name: "", direct: "on" },
    });
    expect(saved.status).toBe(302);
    const [changed] = await db().select().from(permittedRoutes).where(eq(permittedRoutes.id, row!.id));
    expect(changed).toMatchObject({ transfer_iata_codes: [], company_short_name: null, contracted: false, direct: true });
  });

  it("is for platform and airline managers: s7.billing and s7.operator get the not-found page", async () => {
    for (const email of ["s7.billing@cargodesk.test", "s7.operator@cargodesk.test"]) {
      const browser = await signedIn(S7, email);
      expect((await browser.request(S7, PAGE)).status).toBe(404);
      expect((await getFile(browser, S7, `${PAGE}/download?format=csv`)).status).toBe(404);
    }
  });
});

describe("parties", () => {
  const PAGE = "/dashboard/settings/parties";

  it("a forwarder sees its own customers only, whatever it asks for", async () => {
    const browser = await signedIn("localhost", "forwarder@cargodesk.test");
    const page = await browser.request("localhost", PAGE);
    expect(page.status).toBe(200);
    const rows = tableRows(page.body, "parties-table").join(" | ");
    expect(rows).toContain("Volga Machinery");
    expect(rows).toContain("Baikal Water");
    expect(rows).not.toContain("Ob River Foods");
    const asked = await browser.request("localhost", `${PAGE}?owner=FWDTWO&q=Ob`);
    expect(tableRows(asked.body, "parties-table")).toEqual(["No parties match the search"]);

    const [foreign] = await db().select().from(forwarderCustomers).where(eq(forwarderCustomers.name, "Ob River Foods"));
    expect((await browser.request("localhost", `${PAGE}/${foreign!.id}/edit`)).status).toBe(404);

    const notable = await browser.request("localhost", `${PAGE}?tab=notable`);
    const notableRows = tableRows(notable.body, "parties-table").join(" | ");
    expect(notableRows).toContain("Shenzhen Electronics Co");
    expect(notableRows).not.toContain("Frankfurt Spare Parts");
  });

  it("platform staff see every forwarder's customers and filter by forwarder", async () => {
    const browser = await signedIn("localhost", "platform@cargodesk.test");
    const all = tableRows((await browser.request("localhost", PAGE)).body, "parties-table").join(" | ");
    expect(all).toContain("Ob River Foods");
    expect(all).toContain("Volga Machinery");
    const two = tableRows((await browser.request("localhost", `${PAGE}?owner=fwdtwo`)).body, "parties-table");
    expect(two).toEqual([expect.stringMatching(/^FWDTWO Ob River Foods/)]);
  });

  it("a forwarder adds a customer in the dialog and edits it; a refused form keeps the values", async () => {
    const browser = await signedIn("localhost", "forwarder@cargodesk.test");
    const dialog = await browser.request("localhost", `${PAGE}?dialog=new`);
    expect(dialog.body).toContain('data-testid="party-dialog"');
    const csrf = hiddenInput(dialog.body, "csrf")!;
    const refused = await browser.request("localhost", `${PAGE}?index&dialog=new`, {
      form: { csrf, intent: "customer", name: "Taiga Timber", city: "Tomsk", country_code: "QQ", "contacts[0].name": "Anna", "contacts[0].email": "anna@taiga.test" },
    });
    expect([refused.status, refused.refused]).toEqual([200, 400]);
    expect(textOf(refused.body)).toContain("Unknown country code");
    expect(inputValue(refused.body, "name")).toBe("Taiga Timber");
    expect(inputValue(refused.body, "city")).toBe("Tomsk");
    expect(inputValue(refused.body, "contacts[0].email")).toBe("anna@taiga.test");

    const created = await browser.request("localhost", `${PAGE}?index&dialog=new`, {
      form: { csrf, intent: "customer", name: "Taiga Timber", city: "Tomsk", country_code: "ru", "contacts[0].name": "Anna", "contacts[0].email": "anna@taiga.test", "contacts[1].name": "" },
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe(PAGE);
    const [row] = await db().select().from(forwarderCustomers).where(eq(forwarderCustomers.name, "Taiga Timber"));
    expect(row).toMatchObject({ city: "Tomsk", country_code: "RU", contacts: [{ name: "Anna", phone: null, email: "anna@taiga.test" }] });

    const edit = await browser.request("localhost", `${PAGE}/${row!.id}/edit`);
    expect(edit.status).toBe(200);
    expect(inputValue(edit.body, "contacts[0].name")).toBe("Anna");
    expect(inputValue(edit.body, "contacts[1].name")).toBe(""); // one empty row to add another
    const saved = await browser.request("localhost", `${PAGE}/${row!.id}/edit`, {
      form: { csrf, intent: "customer", name: "Taiga Timber LLC", city: "Tomsk", country_code: "RU", tax_id: "7017000001", "contacts[0].name": "Anna", "contacts[1].name": "Boris", "contacts[1].phone": "+7 3822 000000" },
    });
    expect(saved.status).toBe(302);
    const [changed] = await db().select().from(forwarderCustomers).where(eq(forwarderCustomers.id, row!.id));
    expect(changed).toMatchObject({ name: "Taiga Timber LLC", tax_id: "7017000001" });
    expect(changed!.contacts).toEqual([
      { name: "Anna", phone: null, email: null },
      { name: "Boris", phone: "+7 3822 000000", email: null },
    ]);
  });

  it("platform staff add a notable company for a forwarder; the forwarder edits its contact numbers", async () => {
    const platform = await signedIn("localhost", "platform@cargodesk.test");
    const csrf = await csrfOf(platform, "localhost", `${PAGE}?tab=notable&dialog=new`);
    const form = { csrf, intent: "notable", company_short_name: "FWDONE", account: "FW1-KZ-001", name: "Almaty Fruit", city: "Almaty", country_code: "KZ" };
    const badNumber = await platform.request("localhost", `${PAGE}?index&tab=notable&dialog=new`, {
      form: { ...form, contact_identifier: "TE", "contact_numbers[0].number": "+7 727 000 0000" },
    });
    expect([badNumber.status, badNumber.refused]).toEqual([200, 400]);
    expect(textOf(badNumber.body)).toContain("The field is required"); // a number needs its type
    expect(inputValue(badNumber.body, "contact_numbers[0].number")).toBe("+7 727 000 0000");
    expect(inputValue(badNumber.body, "company_short_name")).toBe("FWDONE");

    const created = await platform.request("localhost", `${PAGE}?index&tab=notable&dialog=new`, {
      form: { ...form, contact_identifier: "TE", "contact_numbers[0].identifier": "te", "contact_numbers[0].number": "+7 727 000 0000" },
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe(`${PAGE}?tab=notable`);
    const [row] = await db().select().from(notableCompanies).where(eq(notableCompanies.name, "Almaty Fruit"));
    expect(row).toMatchObject({ account: "FW1-KZ-001", country_code: "KZ", contact_numbers: [{ identifier: "TE", number: "+7 727 000 0000" }] });

    const forwarder = await signedIn("localhost", "forwarder@cargodesk.test");
    const list = await forwarder.request("localhost", `${PAGE}?tab=notable&q=almaty`);
    expect(list.body).toContain(`href="${PAGE}/${row!.id}/edit?type=notable"`);
    const edit = await forwarder.request("localhost", `${PAGE}/${row!.id}/edit?type=notable`);
    expect(edit.status).toBe(200);
    expect(inputValue(edit.body, "contact_numbers[0].number")).toBe("+7 727 000 0000");
    const saved = await forwarder.request("localhost", `${PAGE}/${row!.id}/edit?type=notable`, {
      form: { csrf: hiddenInput(edit.body, "csrf")!, intent: "notable", name: "Almaty Fruit", country_code: "KZ", "contact_numbers[0].identifier": "FX", "contact_numbers[0].number": "+7 727 000 0001" },
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${PAGE}?tab=notable`);
    const [changed] = await db().select().from(notableCompanies).where(eq(notableCompanies.id, row!.id));
    expect(changed).toMatchObject({ account: null, city: null, contact_numbers: [{ identifier: "FX", number: "+7 727 000 0001" }] });
  });

  it("the forwarder-host variant lists the same parties and edits in a dialog", async () => {
    const host = "fwdone.localhost";
    const browser = await signedIn(host, "forwarder@cargodesk.test");
    const page = await browser.request(host, "/dashboard/settings/agent/parties");
    expect(page.status).toBe(200);
    expect(tableRows(page.body, "parties-table").join(" ")).toContain("Volga Machinery");
    const [volga] = await db().select().from(forwarderCustomers).where(eq(forwarderCustomers.name, "Volga Machinery"));
    const dialog = await browser.request(host, `/dashboard/settings/agent/parties?edit=${volga!.id}`);
    expect(inputValue(dialog.body, "name")).toBe("Volga Machinery");
    expect(inputValue(dialog.body, "id")).toBe(String(volga!.id));
    // the agent page is for forwarder hosts only
    const plain = await signedIn("localhost", "forwarder@cargodesk.test");
    expect((await plain.request("localhost", "/dashboard/settings/agent/parties")).status).toBe(404);
  });
});

describe("products", () => {
  const PAGE = "/dashboard/settings/products";

  it("s7.billing adds a product code with SHCs in the dialog; a duplicate or an unknown SHC is refused with the values kept", async () => {
    const browser = await signedIn(S7, "s7.billing@cargodesk.test");
    const dialog = await browser.request(S7, `${PAGE}?dialog=new`);
    expect(dialog.status).toBe(200);
    const csrf = hiddenInput(dialog.body, "csrf")!;

    const unknown = await browser.request(S7, `${PAGE}?index&dialog=new`, {
      form: { csrf, intent: "create", code: "cool", priority: "60", group: "special", description: "Cool chain", shcs: "COL, QQQ" },
    });
    expect([unknown.status, unknown.refused]).toEqual([200, 400]);
    expect(textOf(unknown.body)).toContain("Unknown special handling code: QQQ");
    expect(inputValue(unknown.body, "shcs")).toBe("COL, QQQ");
    expect(inputValue(unknown.body, "description")).toBe("Cool chain");

    const duplicate = await browser.request(S7, `${PAGE}?index&dialog=new`, {
      form: { csrf, intent: "create", code: "PER", priority: "5", group: "special", description: "Again", shcs: "" },
    });
    expect([duplicate.status, duplicate.refused]).toEqual([200, 422]);
    expect(textOf(duplicate.body)).toContain("A product with this code already exists");
    expect(inputValue(duplicate.body, "description")).toBe("Again");

    const created = await browser.request(S7, `${PAGE}?index&dialog=new`, {
      form: { csrf, intent: "create", code: "cool", priority: "60", group: "special", description: "Cool chain", shcs: "COL, PER" },
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe(PAGE);
    const list = await browser.request(S7, `${PAGE}?q=cool`);
    expect(tableRows(list.body, "products-table")).toEqual([expect.stringMatching(/COOL 60 special Cool chain COL PER/)]);

    const [row] = await db().select().from(productCodes).where(and(eq(productCodes.carrier, "S7"), eq(productCodes.code, "COOL")));
    const edit = await browser.request(S7, `${PAGE}?edit=${row!.id}`);
    expect(inputValue(edit.body, "shcs")).toBe("COL, PER");
    const saved = await browser.request(S7, `${PAGE}?index&edit=${row!.id}`, {
      form: { csrf, intent: "update", id: String(row!.id), code: "COOL", priority: "15", group: "priority", description: "Cool chain", shcs: "COL" },
    });
    expect(saved.status).toBe(302);
    const [changed] = await db().select().from(productCodes).where(eq(productCodes.id, row!.id));
    expect(changed).toMatchObject({ priority: 15, group: "priority", shcs: ["COL"] });

    const deleted = await browser.request(S7, `${PAGE}?index`, { form: { csrf, intent: "delete", id: String(row!.id) } });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(productCodes).where(eq(productCodes.id, row!.id))).toEqual([]);
  });

  it("S7 cannot edit or delete SU's product codes", async () => {
    const [su] = await db().select().from(productCodes).where(and(eq(productCodes.carrier, "SU"), eq(productCodes.code, "LIV")));
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    expect((await browser.request(S7, `${PAGE}?edit=${su!.id}`)).status).toBe(404);
    const csrf = await csrfOf(browser, S7, PAGE);
    await browser.request(S7, `${PAGE}?index`, { form: { csrf, intent: "delete", id: String(su!.id) } });
    expect(await db().select().from(productCodes).where(eq(productCodes.id, su!.id))).toHaveLength(1);
  });
});

describe("baggage averages", () => {
  it("create with figures, edit, and the period rule", async () => {
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const csrf = await csrfOf(browser, S7, "/dashboard/settings/baggage-stats/create");
    const base = { csrf, origin_iata: "KJA", destination_iata: "OVB", total_baggage_weight: "1250.5", total_baggage_pcs: "90", total_pax: "100", segments_count: "4" };
    const backwards = await browser.request(S7, "/dashboard/settings/baggage-stats/create", { form: { ...base, period_start: "2025-03-31", period_end: "2025-03-01" } });
    expect([backwards.status, backwards.refused]).toEqual([200, 400]);
    expect(textOf(backwards.body)).toContain("The end date must not be before the start date");
    expect(inputValue(backwards.body, "total_baggage_weight")).toBe("1250.5");
    const created = await browser.request(S7, "/dashboard/settings/baggage-stats/create", { form: { ...base, period_start: "2025-03-01", period_end: "2025-03-31" } });
    expect(created.status).toBe(302);
    const list = await browser.request(S7, "/dashboard/settings/baggage-averages?origin=KJA");
    const rows = tableRows(list.body, "baggage-table");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("12.51"); // 1250.5 kg / 100 passengers, computed by the API
    const id = list.body.match(/href="\/dashboard\/settings\/baggage-stats\/(\d+)\/edit"/)![1];
    const edit = await browser.request(S7, `/dashboard/settings/baggage-stats/${id}/edit`);
    expect(inputValue(edit.body, "period_start")).toBe("2025-03-01");
    const saved = await browser.request(S7, `/dashboard/settings/baggage-stats/${id}/edit`, {
      form: { ...base, period_start: "2025-03-01", period_end: "2025-03-31", manual_average_baggage_weight: "14" },
    });
    expect(saved.status).toBe(302);
    const after = tableRows((await browser.request(S7, "/dashboard/settings/baggage-averages?origin=KJA")).body, "baggage-table");
    expect(after[0]).toMatch(/12\.51 14 14/);
  });
});

describe("beneficiary state", () => {
  it("shows the current company's escrow balance on staging only", async () => {
    const staging = "staging-s7.localhost";
    const browser = await signedIn(staging, "s7.manager@cargodesk.test");
    const page = await browser.request(staging, "/dashboard/settings/beneficiary-state");
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    for (const label of ["Balance", "Obligations", "Pending", "Blocked", "Debt"]) expect(text).toContain(label);
    expect(text).toContain("S7");
    const prod = await signedIn(S7, "s7.manager@cargodesk.test");
    expect((await prod.request(S7, "/dashboard/settings/beneficiary-state")).status).toBe(404);
  });
});

describe("message settings (settings → messaging)", () => {
  const LIST = "/dashboard/settings/messaging";
  const FORM = "/dashboard/settings/message-settings";
  const textareaValue = (html: string, name: string) => html.match(new RegExp(`<textarea\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`))?.[1];

  it("create without JS: a broken rule stands beside its field with every typed value kept, then saves, edits and deletes", async () => {
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const csrf = await csrfOf(browser, S7, `${FORM}/create`);
    const typed = {
      csrf,
      message_type: "FWB",
      source_type: "awb_changed",
      station: "KJA",
      message_format: "cimp",
      message_to: "KJAFWS7\nnot-an-address",
      message_cc: "KJAFWS7",
      message_subject: "FWB from KJA",
      sending_interval: "20",
      active: "on",
    };
    const refused = await browser.request(S7, `${FORM}/create`, { form: typed });
    expect([refused.status, refused.refused]).toEqual([200, 400]);
    const text = textOf(refused.body);
    expect(text).toContain("not-an-address is not an e-mail address, a 7-character SITA address or an https URL");
    expect(text).toContain("KJAFWS7: copies go by e-mail only");
    expect(textareaValue(refused.body, "message_to")).toBe("KJAFWS7\nnot-an-address");
    expect(inputValue(refused.body, "message_subject")).toBe("FWB from KJA");
    expect(inputValue(refused.body, "sending_interval")).toBe("20");

    // an airline may not send FFR (spec 2 §9): the form does not offer it and refuses it when posted
    const ffr = await browser.request(S7, `${FORM}/create`, { form: { ...typed, message_type: "FFR", message_to: "KJAFWS7", message_cc: "" } });
    expect([ffr.status, ffr.refused]).toEqual([200, 400]);
    expect(refused.body).not.toMatch(/<option[^>]*value="FFR"/);

    const created = await browser.request(S7, `${FORM}/create`, { form: { ...typed, message_to: "kjafws7\nkja@s7.example", message_cc: "boss@s7.example" } });
    expect(created.status, created.body).toBe(302);
    expect(created.location).toBe(LIST);
    const [row] = await db().select().from(messageSettings).where(and(eq(messageSettings.carrier, "S7"), eq(messageSettings.message_subject, "FWB from KJA")));
    expect(row).toMatchObject({ message_type: "FWB", source_type: "awb_changed", station: "KJA", message_to: ["KJAFWS7", "kja@s7.example"], message_cc: ["boss@s7.example"], sending_interval: 20, active: true, send_nil_data: false });
    const list = await browser.request(S7, `${LIST}?message_type=FWB&station=KJA`);
    expect(textOf(list.body)).toContain("Message setting created");
    expect(tableRows(list.body, "message-settings-table")).toEqual([expect.stringMatching(/FWB Air waybill changed KJA KJAFWS7, kja@s7.example Cargo-IMP text 20 min Yes/)]);

    const edit = await browser.request(S7, `${FORM}/${row!.id}/edit`);
    expect(textareaValue(edit.body, "message_to")).toBe("KJAFWS7\nkja@s7.example");
    const saved = await browser.request(S7, `${FORM}/${row!.id}/edit`, { form: { ...typed, message_to: "https://ops.s7.example/fwb", message_cc: "", message_format: "json", sending_interval: "", active: "" } });
    expect(saved.status, saved.body).toBe(302);
    const [after] = await db().select().from(messageSettings).where(eq(messageSettings.id, row!.id));
    expect(after).toMatchObject({ message_to: ["https://ops.s7.example/fwb"], message_cc: [], message_format: "json", sending_interval: null, active: false });

    const deleted = await browser.request(S7, LIST, { form: { csrf, intent: "delete", id: String(row!.id) } });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(messageSettings).where(eq(messageSettings.id, row!.id))).toEqual([]);
  });

  it("the ops-data switches are saved on the airline", async () => {
    const browser = await signedIn(S7, "s7.manager@cargodesk.test");
    const csrf = await csrfOf(browser, S7, LIST);
    const page = await browser.request(S7, LIST);
    expect(page.body).toMatch(/<input[^>]*name="send_ldm"[^>]*checked/);
    expect((await browser.request(S7, LIST, { form: { csrf, intent: "ops", receive_mvt: "on" } })).status).toBe(302);
    const [s7] = await db().select().from(airlines).where(eq(airlines.carrier, "S7"));
    expect((s7!.settings as { ops_data: object }).ops_data).toEqual({ send_ldm: false, receive_mvt: true });
    await browser.request(S7, LIST, { form: { csrf, intent: "ops", send_ldm: "on", receive_mvt: "on" } });
  });

  it("another airline's setting is the not-found page; Default and Billing do not see the page", async () => {
    const [s7Setting] = await db().select().from(messageSettings).where(eq(messageSettings.carrier, "S7"));
    const c6 = await signedIn("c6.localhost", "c6.manager@cargodesk.test");
    const foreign = await c6.request("c6.localhost", `${FORM}/${s7Setting!.id}/edit`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toContain(s7Setting!.message_to[0]);
    expect(tableRows((await c6.request("c6.localhost", LIST)).body, "message-settings-table").join(" ")).not.toContain("S7");
    for (const email of ["s7.operator@cargodesk.test", "s7.billing@cargodesk.test"]) {
      const browser = await signedIn(S7, email);
      expect((await browser.request(S7, LIST)).status).toBe(404);
      expect((await browser.request(S7, `${FORM}/create`)).status).toBe(404);
    }
  });
});
