/**
 * Before the clock starts: enough S7 air waybill numbers with the forwarder for the run's creates. The demo gives
 * FWDONE 200 numbers of prefix 421; a run of many users uses more, and a number once used never returns. The airline
 * manager does what a person would on Settings → AWB stocks, through the same forms: Load a range after the highest
 * serial loaded (when the pool is short), then Assign a count of the pool's lowest free numbers to FWDONE.
 */
import { formWhere, PageShapeError, textOf } from "./html-forms";
import type { VirtualUser } from "./virtual-user";

const STOCKS_PAGE = "/dashboard/settings/stocks";
export const STOCK_PREFIX = "421";
export const STOCK_FORWARDER = "FWDONE";
const POOL = "Airline's pool";
/** The stocks page's own limit for one loaded range. */
const MAX_RANGE = 20_000;

export interface StockRow {
  prefix: string;
  from: number;
  to: number;
  holder: string;
  free: number;
}

/** The rows of the stock ranges table (prefix, serials "from-to", holder, numbers, free, ...). */
export function stockRowsOf(html: string): StockRow[] {
  const at = html.indexOf('data-testid="stock-ranges-table"');
  if (at < 0) throw new PageShapeError("the AWB stocks page has no ranges table");
  const table = html.slice(at, html.indexOf("</table>", at));
  const rows: StockRow[] = [];
  for (const row of table.split(/<tr\b/).slice(2)) {
    const cells = [...row.matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)].map((m) => textOf(m[1]!));
    const serials = /^(\d+)-(\d+)$/.exec(cells[1] ?? "");
    if (!serials) continue; // the "no records" row
    rows.push({ prefix: cells[0]!, from: Number(serials[1]), to: Number(serials[2]), holder: cells[2]!, free: Number((cells[4] ?? "").replace(/\D/g, "")) });
  }
  return rows;
}

/** Every row of the prefix, page after page. */
async function allRows(manager: VirtualUser): Promise<StockRow[]> {
  const rows: StockRow[] = [];
  for (let page = 1; page <= 1000; page++) {
    const answer = await manager.expectPage("stocks list", `${STOCKS_PAGE}?prefix=${STOCK_PREFIX}&page=${page}`, 'data-testid="stock-ranges-table"');
    const found = stockRowsOf(answer.body);
    rows.push(...found);
    const pages = Number(/Page \d+ of (\d+)/.exec(textOf(answer.body))?.[1] ?? "1");
    if (found.length === 0 || page >= pages) return rows;
  }
  return rows;
}

/** Posts the dialog form `dialog` (load, assign) of the stocks page with `values`; throws unless it is saved. */
async function submitDialog(manager: VirtualUser, dialog: "load" | "assign", values: Record<string, string>): Promise<void> {
  const path = `${STOCKS_PAGE}?dialog=${dialog}`;
  const page = await manager.expectPage(`stocks: ${dialog} dialog`, path, `id="stock-${dialog}"`);
  const form = formWhere(page.body, `stock ${dialog}`, (f) => f.id === `stock-${dialog}`);
  const answer = await manager.post(`stocks: ${dialog}`, page, form, values);
  if (answer.status !== 302) throw new PageShapeError(`stocks: ${dialog} ${JSON.stringify(values)} answered ${answer.status}: ${textOf(answer.body).slice(-300)}`);
}

/** What the supply did, for the report. */
export interface StockSupply {
  freeBefore: number;
  assigned: number;
  loaded: string | null;
}

/** Makes sure FWDONE holds at least `need` free numbers of prefix 421, loading and assigning as the manager. */
export async function supplyStock(manager: VirtualUser, need: number): Promise<StockSupply> {
  const rows = await allRows(manager);
  const free = rows.filter((r) => r.holder === STOCK_FORWARDER).reduce((sum, r) => sum + r.free, 0);
  const supply: StockSupply = { freeBefore: free, assigned: 0, loaded: null };
  if (free >= need) return supply;
  const missing = need - free;
  const pool = rows.filter((r) => r.holder === POOL).reduce((sum, r) => sum + r.free, 0);
  if (pool < missing) {
    const from = Math.max(0, ...rows.map((r) => r.to)) + 1;
    const to = Math.min(9_999_999, from + Math.min(MAX_RANGE, Math.max(missing - pool, 1000)) - 1);
    if (to < from) throw new PageShapeError(`no serials left under ${STOCK_PREFIX} to load`);
    supply.loaded = `${from}-${to}`;
    await submitDialog(manager, "load", { prefix: STOCK_PREFIX, range: supply.loaded });
  }
  await submitDialog(manager, "assign", { prefix: STOCK_PREFIX, forwarder_short_name: STOCK_FORWARDER, count: String(missing) });
  supply.assigned = missing;
  return supply;
}
