import { mkdirSync, writeFileSync } from "node:fs";
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from "@zxing/library";
import { and, eq, gte, isNull, lt } from "drizzle-orm";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../cargo";
import { MAX_LABELS_PER_FILE } from "../../cargo/limits";
import { airWaybills, companies } from "../../api/db/schema";
import { RECORD_LENGTH } from "../../api/documents/cass";
import { pdfPageLuminance, pdfPagePng, pdfText, type PlacedText } from "./documents-pdf";
import { callsOn, seedToday, useTestApi, type Tokens } from "./helpers";

// The waybill's documents and the billing reports (issue 11 "Documents and reports"): the air waybill PDF read back
// box by box from its text, the labels' barcodes decoded from the drawn page, the CASS file's trailer checked against
// its own records and the database, the sales report against the seeded waybills, and tenancy (others get 404).

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "forwarderOnS7", "fwdTwo", "platform", "suManager"] });
const s7 = callsOn(t, "s7");
const anyHost = callsOn(t);
const ARTEFACTS = "test-results/documents";

const SHIPPER = "ООО «Волга Машинери»";
const waybill = {
  origin_iata: "DME",
  destination_iata: "OVB",
  pieces: 3,
  weight: 250.5,
  volume: 1.15,
  commodity: "FROZEN FISH",
  hs_codes: ["030389"],
  shcs: ["PER"],
  shipper: { name: SHIPPER, address: "ул. Ленина, 1", city: "Москва", country_code: "RU", account_number: "SHP77" },
  consignee: { name: "Nord Trade LLC", address: "Krasny prospekt 5", city: "Novosibirsk", country_code: "RU" },
  currency: "RUB",
  accounting_information: "PAYMENT BY ACCOUNT 12/2024",
  handling_information: "KEEP FROZEN -18C",
  rating: [{ pieces: 3, gross_weight: 250.5, rate_class_code: "Q", chargeable_weight: 250.5, rate: 145, total: 36322.5 }],
  other_charges: [
    { code: "AWC", due: "C", payment: "P", amount: 500 },
    { code: "SCC", due: "C", payment: "P", amount: 1200.25 },
    { code: "CHA", due: "A", payment: "C", amount: 300 },
  ],
  executed_on: "2025-03-01",
  executed_at: "MOSCOW",
  signature: "I. IVANOV",
};

let mawb = "";

async function createAwb(tokens: Tokens, fields: object): Promise<string> {
  const res = await s7(tokens, "POST", "/api/v3/air_waybills", { air_waybill: fields, accept_warnings: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().mawb as string;
}

beforeAll(async () => {
  mawb = await createAwb(accounts.forwarderOnS7, waybill);
  const issued = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
});

const pdfOf = async (tokens: Tokens, query = "") => {
  const res = await s7(tokens, "GET", `/api/v3/air_waybills/${mawb}/eap.pdf${query}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/pdf/);
  return { bytes: res.rawPayload, pages: await pdfText(res.rawPayload) };
};

/** The texts inside a box of the page (millimetres from the top-left corner). */
const inBox = (page: PlacedText[], box: { left: number; right: number; top: number; bottom: number }) =>
  page.filter((p) => p.x >= box.left && p.x < box.right && p.top > box.top && p.top <= box.bottom).map((p) => p.str);
const all = (page: PlacedText[]) => page.map((p) => p.str).join("\n");

// the boxes of api/documents/eap-pdf.ts
const SHIPPER_BOX = { left: 8, right: 105, top: 16, bottom: 42 };
const RATING_BLOCK = { left: 8, right: 202, top: 140, bottom: 212 };
const PREPAID_COLUMN = { left: 8, right: 56.5, top: 212, bottom: 282 };
const COLLECT_COLUMN = { left: 56.5, right: 105, top: 212, bottom: 282 };
const OTHER_CHARGES = { left: 105, right: 202, top: 212, bottom: 232 };
const EXECUTION = { left: 105, right: 202, top: 254, bottom: 282 };
const CURRENCY_BOX = { left: 105, right: 117, top: 104, bottom: 114 };

describe("the air waybill PDF", () => {
  it("carries each box of the waybill in its place, a Cyrillic shipper included", async () => {
    const { bytes, pages } = await pdfOf(accounts.forwarderOnS7);
    expect(pages).toHaveLength(1);
    const [face] = pages as [PlacedText[]];
    // the number at the top right and at the bottom
    expect(face.filter((p) => p.str === mawb)).toHaveLength(2);
    expect(all(face)).toContain("Air Waybill");
    expect(all(face)).toContain("S7 Airlines (S7)");
    expect(inBox(face, SHIPPER_BOX)).toEqual(expect.arrayContaining(["Shipper's Name and Address", SHIPPER, "ул. Ленина, 1", "SHP77"]));
    // the rating block: pieces, gross weight, class, chargeable weight, rate, total, nature of goods
    expect(inBox(face, RATING_BLOCK)).toEqual(expect.arrayContaining(["3", "250.5", "Q", "145.00", "36322.50", "FROZEN FISH", "VOL 1.15 MC"]));
    // prepaid: weight charge, other charges due carrier (500 + 1200.25), total prepaid; collect: due agent 300
    expect(inBox(face, PREPAID_COLUMN)).toEqual(expect.arrayContaining(["36322.50", "1700.25", "38022.75"]));
    expect(inBox(face, COLLECT_COLUMN)).toEqual(expect.arrayContaining(["300.00"]));
    expect(inBox(face, OTHER_CHARGES).join(" ")).toMatch(/AWCC 500\.00 PP.*SCCC 1200\.25 PP.*CHAA 300\.00 CC/);
    expect(inBox(face, EXECUTION)).toEqual(expect.arrayContaining(["2025-03-01", "MOSCOW", "I. IVANOV"]));
    expect(all(face)).toContain("Forwarder One, Moscow");
    expect(all(face)).toContain("DME - OVB");
    mkdirSync(ARTEFACTS, { recursive: true });
    writeFileSync(`${ARTEFACTS}/air-waybill.pdf`, bytes);
    writeFileSync(`${ARTEFACTS}/air-waybill.png`, await pdfPagePng(bytes));
  });

  it("of an issued waybill that left them empty prints the execution date and place and the currency from its issue", async () => {
    const { executed_on: _on, executed_at: _at, signature: _sig, currency: _cur, ...plain } = waybill;
    const bare = await createAwb(accounts.forwarderOnS7, plain);
    const issued = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${bare}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${bare}/verify`);
    const res = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${bare}/eap.pdf`);
    expect(res.statusCode).toBe(200);
    const [face] = (await pdfText(res.rawPayload)) as [PlacedText[]];
    // executed on the issue date at the origin's city (DME: Moscow); the currency of the S7-FWDONE agreement
    expect(inBox(face, EXECUTION)).toEqual(expect.arrayContaining([issued.json().issue_date, "MOSCOW", "Executed on (date)", "at (place)"]));
    expect(inBox(face, CURRENCY_BOX)).toEqual(["Currency", "RUB"]);
    // voided again, so that the sales report's figures below stay the seed's and our first waybill's
    expect((await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${bare}/void`, { air_waybill: { void_reason: "test print only" } })).statusCode).toBe(200);
  });

  it("follows each print option of spec 3", async () => {
    const bare = await pdfOf(accounts.forwarderOnS7, "?exclude_headers=true");
    expect(all(bare.pages[0]!)).not.toContain("Shipper's Name and Address");
    expect(all(bare.pages[0]!)).toContain(SHIPPER);

    const hidden = await pdfOf(accounts.forwarderOnS7, "?hide_shipper=true");
    expect(all(hidden.pages[0]!)).not.toContain(SHIPPER);
    expect(all(hidden.pages[0]!)).toContain("Nord Trade LLC");

    const figures = await pdfOf(accounts.forwarderOnS7, "?exclude_pcs_weight_volume=1");
    const rating = inBox(figures.pages[0]!, RATING_BLOCK);
    expect(rating).not.toContain("250.5");
    expect(rating.join(" ")).not.toContain("VOL ");
    expect(rating).toContain("36322.50");

    const stock = await pdfOf(accounts.forwarderOnS7, "?no_layout=true");
    const text = all(stock.pages[0]!);
    for (const printed of ["Air Waybill", "Shipper's Name and Address", "Not Negotiable", "Signature of Shipper or his Agent"]) expect(text).not.toContain(printed);
    expect(text).toContain(SHIPPER);
    expect(text).toContain("38022.75");

    const reverse = await pdfOf(accounts.forwarderOnS7, "?reverse_side=true");
    expect(reverse.pages).toHaveLength(2);
    expect(all(reverse.pages[1]!)).toContain("CONDITIONS OF CONTRACT");

    const cyrillic = await pdfOf(accounts.forwarderOnS7, "?use_cyrillic_codes=true");
    const face = all(cyrillic.pages[0]!);
    expect(face).toContain("Москва - Новосибирск");
    expect(face).toContain("S7 Airlines (С7)");
  });

  it("is given to the waybill's forwarder, its airline and platform only", async () => {
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${mawb}/eap.pdf`)).statusCode).toBe(200);
    expect((await anyHost(accounts.platform, "GET", `/api/v3/air_waybills/${mawb}/eap.pdf`)).statusCode).toBe(200);
    for (const [who, call] of [
      [accounts.fwdTwo, anyHost],
      [accounts.suManager, callsOn(t, "su")],
    ] as const) {
      for (const path of [`${mawb}/eap.pdf`, `${mawb}/mawb_labels`, `${mawb}.cass?date_from=${seedToday()}&date_to=${seedToday()}`]) {
        const res = await call(who, "GET", `/api/v3/air_waybills/${path}`);
        expect(res.statusCode, path).toBe(404);
      }
    }
    expect((await s7(accounts.forwarderOnS7, "GET", "/api/v3/air_waybills/421-00000000/eap.pdf")).statusCode).toBe(404);
    expect((await s7(accounts.forwarderOnS7, "GET", "/api/v3/air_waybills/not-a-number/eap.pdf")).statusCode).toBe(404);
  });
});

/** The barcode a label page carries, read from the page as drawn. */
async function barcodeOn(bytes: Uint8Array, page: number): Promise<string> {
  const { width, height, luminance } = await pdfPageLuminance(bytes, page);
  const reader = new MultiFormatReader();
  reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]]));
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)))).getText();
}

describe("cargo labels", () => {
  it("prints one 102 × 85 mm label per piece whose barcode reads back as the number and the piece", async () => {
    const res = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}/mawb_labels?station=ovb`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    const { width, height } = pdf.getPage(0).getSize();
    expect(Math.round((width * 25.4) / 72)).toBe(102);
    expect(Math.round((height * 25.4) / 72)).toBe(85);
    const pages = await pdfText(res.rawPayload);
    const second = all(pages[1]!);
    for (const seen of [mawb, "OVB", "2 of 3", "250.5 KG", "S7 Airlines (S7)"]) expect(second).toContain(seen);
    const digits = mawb.replace("-", "");
    expect(await barcodeOn(res.rawPayload, 2)).toBe(`${digits}00002`);
    expect(await barcodeOn(res.rawPayload, 3)).toBe(`${digits}00003`);
    mkdirSync(ARTEFACTS, { recursive: true });
    writeFileSync(`${ARTEFACTS}/label.png`, await pdfPagePng(res.rawPayload, 2));
  });

  it(`holds at most ${MAX_LABELS_PER_FILE} labels a file and says where the next starts`, async () => {
    const pieces = MAX_LABELS_PER_FILE + 7;
    const many = await createAwb(accounts.forwarderOnS7, { ...waybill, pieces, weight: pieces * 2, rating: [] });
    const started = performance.now();
    const first = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${many}/mawb_labels`);
    const took = performance.now() - started;
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.headers["x-labels-next-first-piece"]).toBe(String(MAX_LABELS_PER_FILE + 1));
    expect((await PDFDocument.load(first.rawPayload)).getPageCount()).toBe(MAX_LABELS_PER_FILE);
    console.info(`labels: ${MAX_LABELS_PER_FILE} in ${Math.round(took)} ms, ${Math.round(first.rawPayload.length / 1024)} KB`);

    const rest = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${many}/mawb_labels?first_piece=${MAX_LABELS_PER_FILE + 1}`);
    expect(rest.statusCode).toBe(200);
    expect(rest.headers["x-labels-next-first-piece"]).toBeUndefined();
    expect((await PDFDocument.load(rest.rawPayload)).getPageCount()).toBe(7);
    expect(all((await pdfText(rest.rawPayload))[6]!)).toContain(`${pieces} of ${pieces}`);

    const beyond = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${many}/mawb_labels?first_piece=${pieces + 1}`);
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().errors.first_piece[0]).toContain(`${pieces} pieces`);
    expect((await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${many}/mawb_labels?station=MOSCOW`)).statusCode).toBe(422);
  });
});

interface CassFile {
  lines: string[];
  of: (type: string) => string[];
}

function cassOf(body: string): CassFile {
  expect(body.endsWith("\r\n")).toBe(true);
  const lines = body.slice(0, -2).split("\r\n");
  for (const line of lines) expect(line).toHaveLength(RECORD_LENGTH);
  return { lines, of: (type) => lines.filter((l) => l[0] === type) };
}

/** A field of a record by its 1-based position and width, as api/README.md lists them. */
const field = (line: string, position: number, width: number) => line.slice(position - 1, position - 1 + width);
const numberAt = (line: string, position: number, width: number) => Number(field(line, position, width));

describe("the CASS file", () => {
  const today = () => seedToday();
  const from = () => addDays(today(), -30);

  it("needs the issue date type and a range of at most 31 days, and says so", async () => {
    const none = await s7(accounts.s7Manager, "GET", "/api/v3/air_waybills.cass");
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.date_from[0]).toContain("issued");
    const created = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills.cass?date_type=created&date_from=${from()}&date_to=${today()}`);
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.date_type[0]).toContain("issued");
    const long = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills.cass?issue_date_from=${addDays(today(), -31)}&issue_date_to=${today()}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.date_from[0]).toContain("31 days");
    // a date that is no date is refused before any work, never a 500
    for (const bad of ["2025-13-45", "x".repeat(50), "2025-02-30"]) {
      expect((await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills.cass?date_from=${bad}&date_to=${today()}`)).statusCode, bad).toBe(422);
      expect((await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/sales_report?date_from=${from()}&date_to=${bad}`)).statusCode, bad).toBe(422);
    }
    const platformAll = await anyHost(accounts.platform, "GET", `/api/v3/air_waybills.cass?date_from=${from()}&date_to=${today()}`);
    expect(platformAll.statusCode).toBe(422);
    expect(platformAll.json().errors.carrier).toBeDefined();
  });

  it("holds one record per issued waybill with its other charges, and a trailer that adds them up", async () => {
    const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills.cass?date_type=issued&issue_date_from=${from()}&issue_date_to=${today()}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-disposition"]).toContain("awb_cass_report.hue");
    const file = cassOf(res.body);
    expect(file.lines[0]![0]).toBe("H");
    expect(field(file.lines[0]!, 6, 3)).toBe("421");
    expect(field(file.lines[0]!, 11, 16)).toBe(`${from()}${today()}`.replaceAll("-", ""));
    expect(file.lines.at(-1)![0]).toBe("Z");
    expect(numberAt(file.lines.at(-1)!, 2, 9)).toBe(file.lines.length);

    // as many waybill records as S7 waybills were issued in the range and not voided
    const expected = await t.database.db
      .select({ mawb: airWaybills.mawb })
      .from(airWaybills)
      .where(
        and(
          eq(airWaybills.carrier, "S7"),
          isNull(airWaybills.voided_at),
          gte(airWaybills.issued_at, new Date(`${from()}T00:00:00Z`)),
          lt(airWaybills.issued_at, new Date(`${addDays(today(), 1)}T00:00:00Z`)),
        ),
      );
    const records = file.of("A");
    expect(records.map((r) => `${field(r, 2, 3)}-${field(r, 5, 8)}`).sort()).toEqual(expected.map((e) => e.mawb).sort());

    // ours: weight charge, due agent, due carrier, prepaid and collect in kopecks, and its three other charges
    const ours = records.find((r) => `${field(r, 2, 3)}-${field(r, 5, 8)}` === mawb)!;
    expect(field(ours, 13, 8)).toBe(today().replaceAll("-", ""));
    expect(field(ours, 38, 10).trim()).toBe("FWDONE");
    expect([numberAt(ours, 48, 6), numberAt(ours, 54, 8), numberAt(ours, 63, 8)]).toEqual([3, 2505, 2505]);
    expect([numberAt(ours, 76, 12), numberAt(ours, 112, 12), numberAt(ours, 124, 12), numberAt(ours, 136, 12), numberAt(ours, 148, 12)]).toEqual([
      3632250, 30000, 170025, 3802275, 30000,
    ]);
    const charges = file.of("C").filter((c) => `${field(c, 2, 3)}-${field(c, 5, 8)}` === mawb);
    expect(charges.map((c) => `${field(c, 13, 3)}${field(c, 16, 2)} ${numberAt(c, 21, 12)}`)).toEqual(["AWCCP 50000", "SCCCP 120025", "CHAAC 30000"]);

    // each trailer equals the sum of its currency's records
    const trailers = file.of("T");
    expect(trailers.length).toBeGreaterThan(0);
    for (const trailer of trailers) {
      const currency = field(trailer, 2, 3);
      const mine = records.filter((r) => field(r, 71, 3) === currency);
      const sum = (position: number, width: number) => mine.reduce((s, r) => s + numberAt(r, position, width), 0);
      expect(numberAt(trailer, 5, 7)).toBe(mine.length);
      expect(numberAt(trailer, 12, 7)).toBe(file.of("C").filter((c) => field(c, 18, 3) === currency).length);
      expect(numberAt(trailer, 19, 9)).toBe(sum(48, 6));
      expect(numberAt(trailer, 28, 11)).toBe(sum(54, 8));
      expect(numberAt(trailer, 39, 11)).toBe(sum(63, 8));
      for (const [tPos, rPos] of [[50, 76], [64, 88], [78, 100], [92, 112], [106, 124], [120, 136], [134, 148]] as const) {
        expect(numberAt(trailer, tPos, 14), `trailer at ${tPos}`).toBe(sum(rPos, 12));
      }
    }
  });

  it("gives one waybill's records at /{id}.cass, and awb records alone when asked", async () => {
    const res = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}.cass?issue_date_from=${today()}&issue_date_to=${today()}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const file = cassOf(res.body);
    expect(file.of("A")).toHaveLength(1);
    expect(file.of("C")).toHaveLength(3);
    expect(numberAt(file.of("T")[0]!, 120, 14)).toBe(3802275);

    const only = cassOf((await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}.cass?date_from=${today()}&date_to=${today()}&record_type=awb`)).body);
    expect(only.of("C")).toHaveLength(0);
    expect(numberAt(only.of("T")[0]!, 12, 7)).toBe(0);

    const draft = await createAwb(accounts.forwarderOnS7, waybill);
    const notIssued = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${draft}.cass?date_from=${today()}&date_to=${today()}`);
    expect(notIssued.statusCode).toBe(422);
    expect(notIssued.json().errors.base[0]).toContain("not issued");
  });
});

describe("the sales report", () => {
  const range = () => `date_from=${addDays(seedToday(), -30)}&date_to=${seedToday()}`;

  /** What the database says for one airline and forwarder over the range (issued, not voided). */
  async function fromDatabase(carrier: string, forwarder: string) {
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, forwarder));
    const rows = await t.database.db
      .select()
      .from(airWaybills)
      .where(
        and(
          eq(airWaybills.carrier, carrier),
          eq(airWaybills.forwarder_id, company!.id),
          isNull(airWaybills.voided_at),
          gte(airWaybills.issued_at, new Date(`${addDays(seedToday(), -30)}T00:00:00Z`)),
          lt(airWaybills.issued_at, new Date(`${addDays(seedToday(), 1)}T00:00:00Z`)),
        ),
      );
    return {
      waybills: rows.length,
      pieces: rows.reduce((s, r) => s + r.pieces, 0),
      chargeable: rows.reduce((s, r) => s + r.charge_weight, 0),
    };
  }

  it("adds up waybills, pieces, chargeable weight and amounts per airline and forwarder", async () => {
    const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/sales_report?${range()}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    // an airline sees its own sales only
    expect(new Set(report.rows.map((r: { carrier: string }) => r.carrier))).toEqual(new Set(["S7"]));
    for (const forwarder of ["FWDONE", "FWDTWO"]) {
      const row = report.rows.find((r: { forwarder_short_name: string; currency: string }) => r.forwarder_short_name === forwarder && r.currency === "RUB");
      const expected = await fromDatabase("S7", forwarder);
      expect(row, forwarder).toMatchObject({ waybills: expected.waybills, pieces: expected.pieces });
      expect(row.chargeable_weight).toBeCloseTo(expected.chargeable, 1);
    }
    const total = report.totals.find((r: { currency: string }) => r.currency === "RUB");
    const rubRows = report.rows.filter((r: { currency: string }) => r.currency === "RUB");
    expect(total.waybills).toBe(rubRows.reduce((s: number, r: { waybills: number }) => s + r.waybills, 0));
    expect(Number(total.total)).toBeCloseTo(rubRows.reduce((s: number, r: { total: string }) => s + Number(r.total), 0), 2);
  });

  it("counts our waybill's charges in the forwarder's row, and the forwarder sees only its own", async () => {
    const before = (await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/sales_report?${range()}`)).json();
    expect(new Set(before.rows.map((r: { forwarder_short_name: string }) => r.forwarder_short_name))).toEqual(new Set(["FWDONE"]));
    const extra = await createAwb(accounts.forwarderOnS7, waybill);
    expect((await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${extra}/issue`)).statusCode).toBe(200);
    const after = (await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/sales_report?${range()}`)).json();
    const row = (r: { rows: Array<{ currency: string; waybills: number; pieces: number; total: string; other_charges: string }> }) => r.rows.find((x) => x.currency === "RUB")!;
    expect(row(after).waybills - row(before).waybills).toBe(1);
    expect(row(after).pieces - row(before).pieces).toBe(3);
    expect(Number(row(after).total) - Number(row(before).total)).toBeCloseTo(36322.5 + 1700.25 + 300, 2);
    expect(Number(row(after).other_charges) - Number(row(before).other_charges)).toBeCloseTo(2000.25, 2);
  });

  it("comes as XLSX with the same figures, and refuses a range over 31 days", async () => {
    const json = (await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/sales_report?${range()}`)).json();
    const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/sales_report.xlsx?${range()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("awb_sales_report.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const fwdOne = rows.find((r) => r[2] === "FWDONE" && r[3] === "RUB")!;
    const jsonRow = json.rows.find((r: { forwarder_short_name: string; currency: string }) => r.forwarder_short_name === "FWDONE" && r.currency === "RUB");
    expect([fwdOne[4], fwdOne[5], fwdOne[11]]).toEqual([jsonRow.waybills, jsonRow.pieces, Number(jsonRow.total)]);
    const long = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/sales_report?date_from=${addDays(seedToday(), -40)}&date_to=${seedToday()}`);
    expect(long.statusCode).toBe(422);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/air_waybills/sales_report")).statusCode).toBe(422);
  });
});

/**
 * Issue 24: each currency's figures with its own ISO 4217 decimals, rounded once, half away from zero: JPY none, KWD
 * three. The waybill form takes the spec's eleven currencies (all of two decimals), so the test writes JPY and KWD
 * into the row, as an FWB of another airline's waybill may bring them.
 */
describe("a waybill in a currency of no or three decimals", () => {
  const today = () => seedToday();
  const priced = {
    ...waybill,
    rating: [
      { pieces: 2, gross_weight: 150.5, rate_class_code: "Q", chargeable_weight: 150.5, rate: "145.5", total: "21897.75" },
      { pieces: 1, gross_weight: 100, rate_class_code: "Q", chargeable_weight: 100, rate: "0.0005", total: "0.0005" },
    ],
    other_charges: [
      { code: "AWC", due: "C", payment: "P", amount: "500.5" },
      { code: "SCC", due: "C", payment: "P", amount: "0.0005" },
      { code: "CHA", due: "A", payment: "C", amount: "300.25" },
    ],
  };

  async function issuedIn(currency: string): Promise<string> {
    const mawb = await createAwb(accounts.forwarderOnS7, priced);
    await t.database.db.update(airWaybills).set({ currency }).where(eq(airWaybills.mawb, mawb));
    const issued = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    return mawb;
  }

  /** The waybill's A record's amounts and its C records' amounts, in minor units, and its trailer's weight charge. */
  async function cassFigures(mawb: string) {
    const res = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}.cass?date_from=${today()}&date_to=${today()}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const file = cassOf(res.body);
    const [record] = file.of("A");
    return {
      currency: field(record!, 71, 3),
      // weight charge, valuation, tax, due agent, due carrier, total prepaid, total collect
      amounts: [76, 88, 100, 112, 124, 136, 148].map((position) => field(record!, position, 12)),
      charges: file.of("C").map((c) => `${field(c, 13, 3)} ${field(c, 21, 12)}`),
      trailer: [50, 106, 120, 134].map((position) => numberAt(file.of("T")[0]!, position, 14)),
    };
  }

  /** The figures of the face: the rating block, the prepaid and collect columns and the other charges' line. */
  async function printed(mawb: string) {
    const res = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}/eap.pdf`);
    expect(res.statusCode).toBe(200);
    const [face] = (await pdfText(res.rawPayload)) as [PlacedText[]];
    return { rating: inBox(face, RATING_BLOCK), prepaid: inBox(face, PREPAID_COLUMN), collect: inBox(face, COLLECT_COLUMN), others: inBox(face, OTHER_CHARGES).join(" ") };
  }

  it("prints and bills yen in whole yen: the sum of the lines rounded once, each charge rounded once", async () => {
    const mawb = await issuedIn("JPY");
    const face = await printed(mawb);
    // lines 21897.75 and 0.0005: each printed as yen (21898, 0), their sum 21897.7505 rounded once to 21898
    expect(face.rating).toEqual(expect.arrayContaining(["145.5", "0.0005", "21898", "0"]));
    // due carrier 500.5 + 0.0005 = 500.5005 → 501; total prepaid 21898 + 501; due agent collect 300.25 → 300
    expect(face.prepaid).toEqual(expect.arrayContaining(["21898", "501", "22399"]));
    expect(face.collect).toEqual(expect.arrayContaining(["300"]));
    expect(face.others).toMatch(/AWCC 501 PP.*SCCC 0 PP.*CHAA 300 CC/);

    const cass = await cassFigures(mawb);
    expect(cass.currency).toBe("JPY");
    expect(cass.amounts).toEqual(["000000021898", "000000000000", "000000000000", "000000000300", "000000000501", "000000022399", "000000000300"]);
    expect(cass.charges).toEqual(["AWC 000000000501", "SCC 000000000000", "CHA 000000000300"]);
    expect(cass.trailer).toEqual([21898, 501, 22399, 300]);

    const fwb = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${mawb}/fwb`);
    expect(fwb.statusCode, fwb.body).toBe(200);
    // the FWB writes amounts with the currency's decimals too (a rate keeps its finer digits)
    const lines = (fwb.json().text as string).split(/\r?\n/);
    expect(lines).toEqual(expect.arrayContaining(["CVD/JPY//PP/NVD/NCV/XXX", "RTD/1/P2/K150.5/CQ/W150.5/R145.5/T21898", "RTD/2/P1/K100/CQ/W100/R0.0005/T0"]));
    expect(lines).toEqual(expect.arrayContaining(["OTH/P/AWC501", "/P/SCC0", "/C/CHA300", "PPD/WT21898/OC501/CT22399", "COL/OA300/CT300"]));
    await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/void`, { air_waybill: { void_reason: "test print only" } });
  });

  it("prints and bills Kuwaiti dinars with three decimals, CASS counting fils", async () => {
    const mawb = await issuedIn("KWD");
    const face = await printed(mawb);
    expect(face.rating).toEqual(expect.arrayContaining(["145.500", "0.0005", "21897.750", "0.001", "21897.751"]));
    // due carrier 500.5 + 0.0005 = 500.5005 → 500.501 (half away from zero); total prepaid 21897.751 + 500.501
    expect(face.prepaid).toEqual(expect.arrayContaining(["21897.751", "500.501", "22398.252"]));
    expect(face.collect).toEqual(expect.arrayContaining(["300.250"]));
    expect(face.others).toMatch(/AWCC 500\.500 PP.*SCCC 0\.001 PP.*CHAA 300\.250 CC/);

    const cass = await cassFigures(mawb);
    expect(cass.currency).toBe("KWD");
    expect(cass.amounts).toEqual(["000021897751", "000000000000", "000000000000", "000000300250", "000000500501", "000022398252", "000000300250"]);
    expect(cass.charges).toEqual(["AWC 000000500500", "SCC 000000000001", "CHA 000000300250"]);
    expect(cass.trailer).toEqual([21897751, 500501, 22398252, 300250]);

    const fwb = (await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${mawb}/fwb`)).json().text as string;
    expect(fwb.split(/\r?\n/)).toEqual(
      expect.arrayContaining(["RTD/1/P2/K150.5/CQ/W150.5/R145.500/T21897.750", "RTD/2/P1/K100/CQ/W100/R0.0005/T0.001", "OTH/P/AWC500.500", "/P/SCC0.001", "PPD/WT21897.751/OC500.501/CT22398.252"]),
    );
    await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/void`, { air_waybill: { void_reason: "test print only" } });
  });
});
