/**
 * The shipments list over a volume database (DESIGN §6: p95 <= 50 ms on 1 000 000 waybills, PostgreSQL): every tab
 * per kind of caller and the main filters and sorts, each timed through the real API (fastify.inject: routing,
 * auth, schemas, SQL and serialisation), one request at a time, p50/p95 beside the rows it matched.
 *
 * The database: AWB_BENCH_URL, else DATABASE_URL when it holds at least MIN_WAYBILLS waybills. Without one the
 * figure says how to make it and is skipped. `npx tsx tests/bench/awb-list.ts` runs it alone (AWB_BENCH_REQUESTS
 * sets the requests per case, default 40; AWB_BENCH_ONLY=sort= keeps the cases whose query holds that text).
 */
import { sql } from "drizzle-orm";
import { buildApi } from "../../api/app";
import { openDatabase } from "../../api/db/open";
import { signIn } from "../api/helpers";
import { printWhenRun } from "./print-when-run";

const MIN_WAYBILLS = 100_000;
const REQUESTS = Number(process.env.AWB_BENCH_REQUESTS ?? 40);
const ONLY = process.env.AWB_BENCH_ONLY;
const BUDGET_MS = 50;

const HOW_TO = [
  "  shipments list (1M)        skipped: no volume database. Make one (about 2 minutes for a million):",
  "      createdb -h 127.0.0.1 -U postgres awb_volume",
  "      DATABASE_URL=postgres://postgres@127.0.0.1:5432/awb_volume npm run seed:volume -- --waybills 1000000",
  "      AWB_BENCH_URL=postgres://postgres@127.0.0.1:5432/awb_volume npm run bench",
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function volumeUrl(): Promise<string | null> {
  const candidates = [process.env.AWB_BENCH_URL, process.env.DATABASE_URL].filter((u): u is string => !!u);
  for (const url of candidates) {
    const database = await openDatabase({ databaseUrl: url });
    try {
      // the planner's row estimate: instant on a million, and enough to tell a volume database from a demo one
      const res = await database.db.execute(sql`select reltuples::bigint as n from pg_class where relname = 'air_waybills'`);
      const n = Number((res as unknown as { rows: Array<{ n: string }> }).rows[0]?.n ?? 0);
      if (n >= MIN_WAYBILLS || url === process.env.AWB_BENCH_URL) return url;
    } finally {
      await database.close();
    }
  }
  return null;
}

export async function awbListFigures(): Promise<string[]> {
  const url = await volumeUrl();
  if (!url) return HOW_TO;
  const database = await openDatabase({ databaseUrl: url });
  const app = await buildApi({ database, config: { SMTP_URL: undefined, NODE_ENV: "test" } });
  try {
    const total = Number(((await database.db.execute(sql`select count(*)::int as n from air_waybills`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    const now = app.deps.now();
    const daysAgo = (n: number) => isoDay(new Date(now.getTime() - n * 86_400_000));
    const month = `date_from=${daysAgo(30)}&date_to=${daysAgo(0)}`;
    const lastYear = `date_from=${daysAgo(400)}&date_to=${daysAgo(370)}`;

    const callers = {
      "S7 manager": { email: "s7.manager@cargodesk.test", carrier: "s7" },
      "FWDONE (own host)": { email: "forwarder@cargodesk.test" },
      "FWDONE on s7": { email: "forwarder@cargodesk.test", carrier: "s7" },
      platform: { email: "platform@cargodesk.test" },
    } as const;
    const tokens = new Map<string, string>();
    for (const [name, c] of Object.entries(callers)) tokens.set(name, (await signIn(app, c.email, { carrier: "carrier" in c ? c.carrier : undefined })).access_token);

    const cases: Array<[keyof typeof callers, string]> = [];
    for (const caller of Object.keys(callers) as Array<keyof typeof callers>) {
      for (const tab of ["all", "booking", "tracking", "billing", "warning", "voided"]) cases.push([caller, `tab=${tab}`]);
    }
    const filters = [
      "mawb=421-3123", "mawb=4213", `date_type=created&${month}`, `date_type=departure&${month}`, `date_type=issued&${lastYear}`,
      `date_type=departed&${month}`, `date_type=tariff_date&${lastYear}`, "booked=yes", "booked=no", "booked=requests", "booked=cancelled",
      "issued=false", "delivered=false", "verified=true", "billed=true", "billed=false", "departed=false", "warning=true", "charter=true",
      "payment=required", "payment=not_defined", "origin_iata=OVB", "destination_iata=DME", "tab=billing&delivered=true&billed=false",
      `tab=tracking&date_type=departure&${month}`, "page=400", "sort=departure_at&direction=desc", "sort=issued_at&direction=desc",
    ];
    for (const f of filters) cases.push(["S7 manager", f], ["FWDONE (own host)", f]);
    cases.push(["S7 manager", "forwarder=FWDTWO"], ["S7 manager", "forwarder=FWDTWO&tab=warning"], ["platform", "carrier=SU&tab=booking"], ["platform", `date_type=departure&${month}`]);

    // sorting by a value over a whole scope walks the scope's (scope, value, id) index (migration 0011); a rare tab
    // or switch on top makes the walk skip rows that fail it, and a deep page skips 10 000 that pass: both timed
    const sorts = [
      "sort=weight&direction=desc", "sort=charge_weight", "sort=mawb&direction=desc", "sort=origin_iata", "sort=destination_iata&direction=desc",
      "sort=departed_at&direction=desc", "sort=tariff_date",
      "tab=voided&sort=weight&direction=desc", "tab=warning&sort=charge_weight", "tab=booking&sort=mawb", "tab=tracking&sort=destination_iata",
      "tab=voided&payment=required&sort=origin_iata", "charter=true&sort=weight", "booked=requests&sort=charge_weight&direction=desc",
      `sort=weight&date_type=departure&${month}`, `tab=warning&sort=mawb&date_type=created&${month}`,
    ];
    for (const caller of Object.keys(callers) as Array<keyof typeof callers>) for (const f of sorts) cases.push([caller, f]);
    for (const caller of ["S7 manager", "platform"] as const) {
      cases.push([caller, "page=400&sort=weight"], [caller, "tab=voided&page=400&sort=weight&direction=desc"], [caller, "tab=warning&page=100&sort=origin_iata"]);
    }
    cases.push(["FWDONE on s7", "charter=true&page=40&sort=charge_weight"], ["platform", "carrier=V0&tab=voided&sort=weight"]);

    const lines = [`  shipments list over ${total.toLocaleString("en-US")} waybills (PostgreSQL, ${REQUESTS} requests each, one at a time; budget p95 <= ${BUDGET_MS} ms)`];
    let worst = 0;
    let over = 0;
    const timedCases = cases.filter(([, q]) => !ONLY || q.includes(ONLY));
    for (const [caller, query] of timedCases) {
      const carrier = "carrier" in callers[caller] ? (callers[caller] as { carrier: string }).carrier : undefined;
      const inject = () =>
        app.inject({ method: "GET", url: `/api/v3/air_waybills?per_page=25&${query}`, headers: { authorization: `Bearer ${tokens.get(caller)}`, ...(carrier ? { carrier } : {}) } });
      const first = await inject();
      if (first.statusCode !== 200) throw new Error(`${caller} ${query}: ${first.statusCode} ${first.body}`);
      const meta = first.json().meta as { total_count: number; total_count_capped: boolean };
      await inject();
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        await inject();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      if (p95 > BUDGET_MS) over++;
      const rows = meta.total_count_capped ? `>${meta.total_count}` : String(meta.total_count);
      lines.push(
        `    ${caller.padEnd(18)} ${query.slice(0, 62).padEnd(62)} p50 ${percentile(times, 50).toFixed(1).padStart(5)} ms  p95 ${p95.toFixed(1).padStart(5)} ms  rows ${rows.padStart(6)}${p95 > BUDGET_MS ? "  OVER" : ""}`,
      );
    }
    lines.push(`    ${timedCases.length} cases: worst p95 ${worst.toFixed(1)} ms, ${over} over the budget`);
    return lines;
  } finally {
    await app.close();
    await database.close();
  }
}

printWhenRun(import.meta.url, awbListFigures);
