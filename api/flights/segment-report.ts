import { loadExcelJS } from "../on-first-use";
import { addDays, daysBetween } from "../../cargo/time/local-date";
import { refuseField } from "../http/errors";
import { segmentAnswer } from "./common";
import type { ListQueryValues } from "./segment-schemas";

// The segment list as an XLSX report (segments_report.xlsx): the list's filters over a bounded range of days.

/** Spec 2 §9: an XLSX report covers at most 31 days. */
export const REPORT_MAX_DAYS = 31;
const REPORT_COLUMNS: Array<[string, (s: ReturnType<typeof segmentAnswer>) => unknown]> = [
  ["Flight", (s) => s.number_with_date],
  ["Date", (s) => s.flight_date],
  ["Origin", (s) => s.origin_iata],
  ["Destination", (s) => s.destination_iata],
  ["STD (local)", (s) => s.std_local],
  ["STA (local)", (s) => s.sta_local],
  ["STD (UTC)", (s) => new Date(s.std).toISOString()],
  ["STA (UTC)", (s) => new Date(s.sta).toISOString()],
  ["Type", (s) => s.flight_type],
  ["Aircraft", (s) => s.aircraft_type],
  ["Registration", (s) => s.aircraft_reg],
  ["Booked kg", (s) => s.booked_weight],
  ["Booked m3", (s) => s.booked_volume],
  ["Estimated kg", (s) => s.estimated_weight],
  ["Estimated m3", (s) => s.estimated_volume],
  ["Locked", (s) => (s.locked ? "yes" : "no")],
  ["Sales closed", (s) => (s.sales_closed ? "yes" : "no")],
  ["Canceled", (s) => (s.canceled ? "yes" : "no")],
  ["Charter", (s) => (s.charter ? "yes" : "no")],
  ["ACI", (s) => (s.aci_required ? "yes" : "no")],
  ["Attention", (s) => s.attention.join(", ")],
];

type ReportQuery = Omit<ListQueryValues, "page" | "per_page">;

/** The report's days: as asked, else REPORT_MAX_DAYS from today (or up to date_to); 422 beyond REPORT_MAX_DAYS. */
export function reportRange(query: ReportQuery, now: Date): ReportQuery & { date_from: string; date_to: string } {
  const q = { ...query };
  q.date_from ??= q.date_to ? addDays(q.date_to, -(REPORT_MAX_DAYS - 1)) : now.toISOString().slice(0, 10);
  q.date_to ??= addDays(q.date_from, REPORT_MAX_DAYS - 1);
  if (daysBetween(q.date_from, q.date_to) < 0) throw refuseField("date_to", "report_range_order");
  if (daysBetween(q.date_from, q.date_to) >= REPORT_MAX_DAYS) {
    throw refuseField("date_to", "report_too_long", { max: REPORT_MAX_DAYS });
  }
  return q as ReportQuery & { date_from: string; date_to: string };
}

/** The workbook of segment rows (with their attention reasons), one row each under REPORT_COLUMNS' headers. */
export async function segmentsWorkbook(rows: Array<Parameters<typeof segmentAnswer>[0] & { attention: Parameters<typeof segmentAnswer>[1] }>) {
  const workbook = new (await loadExcelJS()).Workbook();
  const sheet = workbook.addWorksheet("Segments");
  sheet.addRow(REPORT_COLUMNS.map(([h]) => h));
  for (const { attention, ...r } of rows) {
    const a = segmentAnswer(r, attention);
    sheet.addRow(REPORT_COLUMNS.map(([, f]) => f(a) ?? ""));
  }
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c) => {
    c.width = 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
