import { loadExcelJS } from "../on-first-use";
import { PassThrough } from "node:stream";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { Decimal, formatAmount, sumAmounts } from "../../cargo/money/money";
import { chargesOf } from "./charges";
import { issuedWaybills, issuedWhere, type IssuedRange } from "./issued-waybills";

// The sales report (issue 11 "Documents and reports"; spec 2 §9 report rules): the waybills issued in a range of at
// most 31 days, per airline and forwarder (and currency, since amounts in two currencies do not add up): how many
// waybills, pieces, chargeable weight, and the amounts the waybills bill (api/documents/charges.ts, the same figures
// as the CASS file). As JSON and as XLSX (exceljs' streaming writer, like the shipments report).

export const SALES_FILE = "awb_sales_report.xlsx";

export interface SalesRow {
  carrier: string;
  forwarder_short_name: string;
  currency: string;
  waybills: number;
  pieces: number;
  chargeable_weight: number;
  weight_charge: string;
  other_charges: string;
  total_prepaid: string;
  total_collect: string;
  total: string;
}

export interface SalesReport {
  date_from: string;
  date_to: string;
  rows: SalesRow[];
  /** The sums per currency. */
  totals: Array<Omit<SalesRow, "carrier" | "forwarder_short_name">>;
}

/** Sums of one currency: the waybills' figures as they bill them (each already in the currency's minor units). */
interface Sums {
  waybills: number;
  pieces: number;
  chargeable: number;
  weightCharge: Decimal;
  otherCharges: Decimal;
  prepaid: Decimal;
  collect: Decimal;
}

const empty = (): Sums => ({ waybills: 0, pieces: 0, chargeable: 0, weightCharge: new Decimal(0), otherCharges: new Decimal(0), prepaid: new Decimal(0), collect: new Decimal(0) });

function answer(s: Sums, currency: string) {
  const money = (amount: Decimal) => formatAmount(amount, currency);
  return {
    waybills: s.waybills,
    pieces: s.pieces,
    // tenths of kg added exactly, then shown with one decimal
    chargeable_weight: s.chargeable / 10,
    weight_charge: money(s.weightCharge),
    other_charges: money(s.otherCharges),
    total_prepaid: money(s.prepaid),
    total_collect: money(s.collect),
    total: money(s.prepaid.plus(s.collect)),
  };
}

export async function salesReport(db: Db, auth: Pick<AuthContext, "profile" | "carrier">, range: IssuedRange): Promise<SalesReport> {
  const { where, count } = await issuedWhere(db, auth, range);
  const groups = new Map<string, { carrier: string; forwarder: string; currency: string; sums: Sums }>();
  const byCurrency = new Map<string, Sums>();
  for await (const chunk of issuedWaybills(db, where, count)) {
    for (const w of chunk) {
      const c = chargesOf(w);
      const key = `${w.carrier}\u0000${w.forwarder_short_name}\u0000${c.currency}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { carrier: w.carrier, forwarder: w.forwarder_short_name, currency: c.currency, sums: empty() }));
      let total = byCurrency.get(c.currency);
      if (!total) byCurrency.set(c.currency, (total = empty()));
      for (const s of [group.sums, total]) {
        s.waybills++;
        s.pieces += w.pieces;
        s.chargeable += Math.round(w.charge_weight * 10);
        s.weightCharge = s.weightCharge.plus(c.weightCharge);
        s.otherCharges = s.otherCharges.plus(sumAmounts([c.dueAgent.prepaid, c.dueAgent.collect, c.dueCarrier.prepaid, c.dueCarrier.collect]));
        s.prepaid = s.prepaid.plus(c.totalPrepaid);
        s.collect = s.collect.plus(c.totalCollect);
      }
    }
  }
  const rows = [...groups.values()]
    .sort((a, b) => a.carrier.localeCompare(b.carrier) || a.forwarder.localeCompare(b.forwarder) || a.currency.localeCompare(b.currency))
    .map((g) => ({ carrier: g.carrier, forwarder_short_name: g.forwarder, currency: g.currency, ...answer(g.sums, g.currency) }));
  const totals = [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, s]) => ({ currency, ...answer(s, currency) }));
  return { date_from: range.date_from!, date_to: range.date_to!, rows, totals };
}

// A spreadsheet's number cell is a binary double by the file format (XLSX keeps 15 significant digits): the amounts
// go in as numbers so that a reader can add them up there, and the JSON report carries the exact text.
const COLUMNS: Array<[string, number, (r: SalesRow) => string | number]> = [
  ["Airline", 8, (r) => r.carrier],
  ["Forwarder", 12, (r) => r.forwarder_short_name],
  ["Currency", 8, (r) => r.currency],
  ["Waybills", 9, (r) => r.waybills],
  ["Pieces", 9, (r) => r.pieces],
  ["Chargeable kg", 13, (r) => r.chargeable_weight],
  ["Weight charge", 14, (r) => Number(r.weight_charge)],
  ["Other charges", 14, (r) => Number(r.other_charges)],
  ["Total prepaid", 14, (r) => Number(r.total_prepaid)],
  ["Total collect", 14, (r) => Number(r.total_collect)],
  ["Total", 14, (r) => Number(r.total)],
];

/** The report as a workbook: one row per airline, forwarder and currency, then a total row per currency. */
export async function salesWorkbook(report: SalesReport): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(`Sales ${report.date_from} - ${report.date_to}`);
  sheet.columns = COLUMNS.map(([header, width]) => ({ header, width }));
  for (const row of report.rows) sheet.addRow(COLUMNS.map(([, , value]) => value(row))).commit();
  for (const total of report.totals) sheet.addRow(COLUMNS.map(([, , value]) => value({ carrier: "Total", forwarder_short_name: "", ...total }))).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
