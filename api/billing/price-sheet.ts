import { loadExcelJS } from "../on-first-use";

// Prices as a spreadsheet (spec 3 §7 billing.xlsx; §9 default name tariffs.xlsx): one sheet per kind, the columns a
// person reads in the list. An amount goes in as a number when it has at most 15 significant digits (a spreadsheet
// holds binary doubles; 15 digits come back exactly as typed), so it can be summed; longer ones stay text.

/** The most rows one spreadsheet holds: an airline's whole tariff book, not an unbounded dump. */
export const MAX_SHEET_ROWS = 20_000;

export interface SheetColumn {
  header: string;
  value: (row: Record<string, unknown>) => unknown;
  /** Decimal text to write as a number where that is exact. */
  amount?: boolean;
}

const DIGITS = /\d/g;
function cell(value: unknown, amount: boolean | undefined): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(", ");
  if (amount && typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) && (value.match(DIGITS) ?? []).length <= 15) return Number(value);
  return typeof value === "object" ? JSON.stringify(value) : (value as string | number | boolean);
}

/** The scope's columns, which every kind shows first. */
export const SCOPE_COLUMNS: SheetColumn[] = [
  { header: "id", value: (r) => r.id },
  { header: "internalId", value: (r) => r.internalId },
  { header: "origin", value: (r) => r.origin },
  { header: "destination", value: (r) => r.destination },
  { header: "transfers", value: (r) => r.transfers },
  { header: "nonStop", value: (r) => r.nonStop },
  { header: "effectiveFrom", value: (r) => r.effectiveFrom },
  { header: "effectiveTo", value: (r) => r.effectiveTo },
  { header: "salesChannel", value: (r) => r.salesChannel },
  { header: "accounts included", value: (r) => (r.companies as { included: string[] }).included },
  { header: "accounts excluded", value: (r) => (r.companies as { excluded: string[] }).excluded },
  { header: "groups", value: (r) => r.groups },
  { header: "currency", value: (r) => r.currency },
  { header: "vatInclusion", value: (r) => r.vatInclusion },
  { header: "vat %", value: (r) => r.vat, amount: true },
  { header: "expired", value: (r) => r.expired },
  { header: "notified", value: (r) => r.notified },
];

/** The sheets as one workbook; each sheet starts with the prices' scope columns unless `scope` is false. */
export async function priceWorkbook(sheets: Array<{ name: string; columns: SheetColumn[]; rows: Array<Record<string, unknown>> }>, opts: { scope?: boolean } = {}): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  for (const { name, columns, rows } of sheets) {
    const all = opts.scope === false ? columns : [...SCOPE_COLUMNS, ...columns];
    const sheet = workbook.addWorksheet(name);
    sheet.addRow(all.map((c) => c.header));
    for (const row of rows) sheet.addRow(all.map((c) => cell(c.value(row), c.amount)));
    sheet.getRow(1).font = { bold: true };
    sheet.columns.forEach((c) => {
      c.width = 14;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
