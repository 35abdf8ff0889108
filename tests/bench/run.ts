/**
 * `npm run bench`: the figures DESIGN §6 asks for, printed, never asserted (timed tests are flaky;
 * budgets are read by people). Runs the real API on a throwaway PGlite and the real BFF build in-process.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { startApi } from "../../api/start";
import { loadConfig } from "../../app/lib/config.server";
import { createAppHandler } from "../../app/lib/http/app-handler.server";
import { deriveTenant } from "../../app/lib/tenant";
import { canAccess } from "../../app/lib/access/can-access";
import { DEFAULT_AIRLINE_LISTS } from "../../app/lib/access/airline-lists";
import { ensureBuild } from "../../scripts/ensure-build";
import { eq, inArray, sql } from "drizzle-orm";
import { candidateLegs } from "../../api/flights/trips";
import { localDayWindow } from "../../cargo/time/zoned-time";
import { agreements, aircraftCapacities, airports, allotments, billingCharges, handlers, segments, surcharges, tariffs } from "../../api/db/schema";
import { numberWithDate } from "../../cargo/flights/flight-number";
import { makeTestApi, signIn } from "../api/helpers";
import { memoryFigures } from "./memory";
import { ssrFigures } from "./ssr";
import { telegramParsingFigures } from "./telegram-parsing";

const REQUESTS = 400;
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(count: number, concurrency: number, fn: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const start = performance.now();
        await fn();
        times.push(performance.now() - start);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

// ---- Route search over one day of 10 000 segments -------------------------------------------------------------

const SEARCH_SEGMENTS = 10_000;
const SEARCH_REQUESTS = 200;
const SEARCH_DATE = "2025-03-10";
const PRICED_TARIFFS = 5_000;
/** Hubs by carrier and the spokes they fly to: a day of a mid-size network (three airlines, banks of flights). */
const NETWORK: Record<string, { hubs: string[]; aircraft: string[] }> = {
  S7: { hubs: ["OVB", "DME", "IKT"], aircraft: ["320", "321", "738", "73H"] },
  SU: { hubs: ["SVO", "LED"], aircraft: ["320", "321", "333", "77W"] },
  U6: { hubs: ["SVX", "KJA"], aircraft: ["319", "320", "321"] },
};
const SPOKES = [
  "AER", "KRR", "KZN", "UFA", "VVO", "KHV", "ROV", "MRV", "GOJ", "KUF", "CEK", "TJM", "OMS", "BAX", "NOZ", "TOF", "YKS", "PKC",
  "MMK", "ARH", "KGD", "MCX", "VOG", "SGC", "NUX", "NJC", "UUS", "HTA", "UUD", "BQS", "FRA", "IST", "DXB", "PEK", "TAS", "ALA",
  "TBS", "EVN", "GYD", "BKK",
];

/** A seeded random source, so every run measures the same network. */
function random(seed: number) {
  return () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

async function routeSearchFigure(): Promise<string[]> {
  // the searched network is dated around SEARCH_DATE: the clock stands before it, whatever today is
  const t = await makeTestApi({ clockStart: new Date("2025-03-01T10:00:00Z") });
  try {
    const db = t.database.db;
    const rnd = random(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const allHubs = Object.values(NETWORK).flatMap((n) => n.hubs);
    const codes = [...new Set([...allHubs, ...SPOKES])];
    const info = new Map((await db.select().from(airports).where(inArray(airports.iata, codes))).map((a) => [a.iata, a]));
    const known = (c: string) => info.has(c) && !!info.get(c)!.timezone;
    const spokes = SPOKES.filter(known);
    const dayStart = Date.parse(`${SEARCH_DATE}T00:00:00Z`) - 3 * 3_600_000;
    const rows: Array<typeof segments.$inferInsert> = [];
    const carriers = Object.keys(NETWORK);
    for (let i = 0; i < SEARCH_SEGMENTS; i++) {
      const carrier = carriers[i % carriers.length]!;
      const net = NETWORK[carrier]!;
      const hub = pick(net.hubs.filter(known));
      const kind = rnd();
      // 75 % hub <-> spoke, 15 % hub <-> hub, 10 % spoke <-> spoke.
      let [o, d] = kind < 0.75 ? [hub, pick(spokes)] : kind < 0.9 ? [hub, pick(allHubs.filter(known))] : [pick(spokes), pick(spokes)];
      if (rnd() < 0.5) [o, d] = [d, o];
      if (o === d) d = o === hub ? pick(spokes) : hub;
      if (o === d) continue;
      const std = new Date(dayStart + Math.floor(rnd() * 24 * 60) * 60_000);
      const sta = new Date(+std + (60 + Math.floor(rnd() * 360)) * 60_000);
      const number = String(Math.floor(i / carriers.length) + 1).padStart(4, "0");
      const oa = info.get(o)!;
      const da = info.get(d)!;
      rows.push({
        carrier,
        number: `${carrier}${number}`,
        flight_date: SEARCH_DATE,
        number_with_date: numberWithDate({ carrier, number: Number(number), suffix: null }, SEARCH_DATE),
        origin_iata: o,
        destination_iata: d,
        origin_country_code: oa.country_code,
        destination_country_code: da.country_code,
        origin_time_zone: oa.timezone!,
        destination_time_zone: da.timezone!,
        std,
        sta,
        aircraft_type: pick(net.aircraft),
        booked_weight: Math.floor(rnd() * 3000),
        booked_volume: Math.floor(rnd() * 15),
      });
    }
    const created: Array<{ id: number; carrier: string; nwd: string; o: string; d: string }> = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const batch = await db
        .insert(segments)
        .values(rows.slice(i, i + 1000))
        .returning({ id: segments.id, carrier: segments.carrier, nwd: segments.number_with_date, o: segments.origin_iata, d: segments.destination_iata });
      created.push(...batch);
    }
    const types = [...new Set(Object.entries(NETWORK).flatMap(([c, n]) => n.aircraft.map((a) => `${c}|${a}`)))];
    await db
      .insert(aircraftCapacities)
      .values(types.map((k) => ({ carrier: k.split("|")[0]!, aircraft_type: k.split("|")[1]!, max_cargo_weight: 4000, max_cargo_volume: 25 })))
      .onConflictDoNothing();
    await db
      .insert(handlers)
      .values(carriers.flatMap((c) => allHubs.filter(known).map((h) => ({ carrier: c, location: h, min_connection_time_domestic: 90, min_connection_time_intl: 120, max_connection_time: 1440, transfer: true }))))
      .onConflictDoNothing();
    // One segment in ten holds space for a forwarder.
    const held = created.filter((_, i) => i % 10 === 0);
    for (let i = 0; i < held.length; i += 1000) {
      await db.insert(allotments).values(
        held.slice(i, i + 1000).map((s) => ({
          carrier: s.carrier, segment_id: s.id, segment_number_with_date: s.nwd, origin_iata: s.o, destination_iata: s.d,
          forwarder_short_name: "FWDONE", weight: 500, volume: 3, timelimit_to_std: 48,
        })),
      );
    }
    await t.database.db.execute("analyze");
    if (process.env.BENCH_EXPLAIN) {
      // The candidate legs query of one search, as the planner runs it (BENCH_EXPLAIN=1 npx tsx tests/bench/run.ts trips).
      const zone = info.get("KZN")!.timezone!;
      const day = localDayWindow(SEARCH_DATE, zone);
      const legs = candidateLegs(db, "S7", { origin_iata: "KZN", destination_iata: "VVO", max_stops: 2 }, day, new Date(+day.to + 48 * 3_600_000), t.clock());
      const plan = await db.execute(sql`explain (analyze, costs off) ${legs}`);
      for (const r of (plan as unknown as { rows: Array<Record<string, string>> }).rows) console.log("   ", Object.values(r)[0]);
    }

    // A forwarder on the S7 tenant searches S7's network (a third of the day's segments are S7's).
    const forwarder = await signIn(t.app, "forwarder@cargodesk.test", { carrier: "s7" });
    const queries = [
      ["KZN", "VVO"], ["AER", "KHV"], ["DME", "OVB"], ["SVO", "LED"], ["UFA", "IKT"], ["FRA", "KJA"], ["ROV", "TOF"], ["LED", "AER"],
    ].filter(([o, d]) => known(o!) && known(d!));
    let n = 0;
    const inject = (o: string, d: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/v3/trips?origin_iata=${o}&destination_iata=${d}&date=${SEARCH_DATE}`,
        headers: { authorization: `Bearer ${forwarder.access_token}`, carrier: "s7" },
      });
    // Warm-up (plans, JIT) and the size of each answer, read outside the timing.
    let trips = 0;
    let bytes = 0;
    for (const [o, d] of queries) {
      const res = await inject(o!, d!);
      if (res.statusCode !== 200) throw new Error(`trips answered ${res.statusCode}: ${res.body}`);
      trips += (res.json() as { data: unknown[] }).data.length;
      bytes += res.body.length;
      await inject(o!, d!);
    }
    const cpu = process.cpuUsage();
    const times = await timed(SEARCH_REQUESTS, 1, async () => {
      const [o, d] = queries[n++ % queries.length]!;
      if ((await inject(o!, d!)).statusCode !== 200) throw new Error("trips failed");
    });
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / SEARCH_REQUESTS;
    const priced = await pricedSearchFigure(db, codes.filter(known), queries as Array<[string, string]>, (o, d) =>
      t.app.inject({
        method: "GET",
        url: `/api/v3/trips?origin_iata=${o}&destination_iata=${d}&date=${SEARCH_DATE}&weight=250&volume=1.2&pieces=4`,
        headers: { authorization: `Bearer ${forwarder.access_token}`, carrier: "s7" },
      }),
    );
    return [
      `  route search (trips)       p50 ${fmt(percentile(times, 50))}  p95 ${fmt(percentile(times, 95))}  budget p95 <= 50 ms  ` +
        `(${rows.length} segments on ${SEARCH_DATE}, ${queries.length} O&Ds, ${SEARCH_REQUESTS} req one at a time, CPU ${cpuMs.toFixed(1)} ms/req, ${(trips / queries.length).toFixed(0)} trips / ${(bytes / queries.length / 1024).toFixed(0)} KiB each, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
      priced,
    ];
  } finally {
    await t.close();
  }
}

/**
 * The priced route search (issue 24; DESIGN §6: p95 <= 100 ms with 5 000 tariffs): S7 publishes PRICED_TARIFFS tariffs
 * over the bench network (most on airport pairs, some for any destination or any route, a quarter for named
 * accounts, a product's own rates on some), with charges and surcharges, and the forwarder's searches carry a weight,
 * so every trip is priced for its account.
 */
async function pricedSearchFigure(
  db: Awaited<ReturnType<typeof makeTestApi>>["database"]["db"],
  codes: string[],
  queries: Array<[string, string]>,
  inject: (o: string, d: string) => Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<string> {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const rows: Array<typeof tariffs.$inferInsert> = [];
  const seen = new Set<string>();
  for (let i = 0; rows.length < PRICED_TARIFFS; i++) {
    const kind = rnd();
    const origin = kind < 0.97 ? pick(codes) : null;
    const destination = kind < 0.9 ? pick(codes.filter((c) => c !== origin)) : null;
    const accounts = rnd() < 0.25 ? [pick(["S7-FWD1-001", "S7-FWD2-001", "S7-AGENT-9"])] : [];
    const product = rnd() < 0.3 ? pick(["EXP", "PER", "DGR"]) : null;
    const scopeKey = `bench-${i}`;
    if (seen.has(scopeKey)) continue;
    seen.add(scopeKey);
    const base = 40 + Math.floor(rnd() * 120);
    const rate = (k: number) => String((base * k).toFixed(2));
    rows.push({
      airline: "S7", origin, destination, effectiveFrom: "2000-01-01", currency: "RUB", vatInclusion: "included", vat: "20", scopeKey,
      level: accounts.length ? "second" : "first", accountsIncluded: accounts, product,
      rates: [
        { productCode: null, rateClass: "M", weightBrake: 0, value: rate(20) },
        { productCode: null, rateClass: "N", weightBrake: 0, value: rate(1) },
        ...[45, 100, 300, 500, 1000].map((b, j) => ({ productCode: null, rateClass: "Q" as const, weightBrake: b, value: rate(0.9 - j * 0.08) })),
      ],
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(tariffs).values(rows.slice(i, i + 1000));
  await db.insert(billingCharges).values(
    ["AWC", "MYC", "RAC", "SCC", "CGC"].map((code, i) => ({
      airline: "S7", effectiveFrom: "2000-01-01", currency: "RUB", chargeCode: code, chargeName: code, basis: i % 2 ? "charge" : "fixed", rate: String(10 + i), scopeKey: `bench-${code}`,
    })),
  );
  await db.insert(surcharges).values([{ airline: "S7", effectiveFrom: "2000-01-01", currency: "RUB", code: "FSC", type: "perKg", value: "3.5", scopeKey: "bench-fsc" }]);
  // The forwarder's agreement is in force on the bench's clock whatever day the demo was seeded.
  await db.update(agreements).set({ effective_from: "2000-01-01" }).where(eq(agreements.account_number, "S7-FWD1-001"));
  await db.execute("analyze");
  let priced = 0;
  let trips = 0;
  let bytes = 0;
  for (const [o, d] of queries) {
    const res = await inject(o, d);
    if (res.statusCode !== 200) throw new Error(`priced trips answered ${res.statusCode}: ${res.body}`);
    bytes += res.body.length;
    const data = (res.json() as { data: Array<{ cost: string | null }> }).data;
    trips += data.length;
    priced += data.filter((t) => t.cost !== null).length;
    await inject(o, d);
  }
  let n = 0;
  const cpu = process.cpuUsage();
  const times = await timed(SEARCH_REQUESTS, 1, async () => {
    const [o, d] = queries[n++ % queries.length]!;
    if ((await inject(o, d)).statusCode !== 200) throw new Error("priced trips failed");
  });
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / SEARCH_REQUESTS;
  return (
    `  priced route search        p50 ${fmt(percentile(times, 50))}  p95 ${fmt(percentile(times, 95))}  budget p95 <= 100 ms  ` +
    `(${rows.length} tariffs + 5 charges + 1 surcharge, ${priced} of ${trips} trips priced, CPU ${cpuMs.toFixed(1)} ms/req, ${(bytes / queries.length / 1024).toFixed(0)} KiB each, ${SEARCH_REQUESTS} req one at a time, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`
  );
}

async function main() {
  if (process.argv[2] === "trips") {
    console.log("Cargo Desk bench (route search only)");
    for (const line of await routeSearchFigure()) console.log(line);
    return;
  }
  if (process.argv[2] === "telegrams") {
    console.log("Cargo Desk bench (telegram parsing only)");
    for (const line of await telegramParsingFigures()) console.log(line);
    return;
  }
  const telegramParsing = await telegramParsingFigures();
  const routeSearch = await routeSearchFigure();
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cargo-bench-"));
  const api = await startApi({ port: 0, dataDir });
  try {
    const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
    const config = loadConfig({ UPSTREAM_URL: api.url, SESSION_SECRET: "bench-secret-".padEnd(40, "x"), NODE_ENV: "production" });
    const handle = createAppHandler(build, config);

    // pure modules on the hot path of every request
    const hosts = ["s7.localhost", "localhost", "staging-su.cargo.example", "cargo.localhost", "10.0.0.1"];
    let t0 = performance.now();
    for (let i = 0; i < 200_000; i++) deriveTenant(hosts[i % hosts.length], { appDomain: "localhost" });
    const tenantOps = 200_000 / ((performance.now() - t0) / 1000);
    const ctx = {
      user: { type: "airline" as const, role: "manager" as const },
      tenant: { code: "s7", type: "airline" as const, environment: "prod" as const },
      ui: {},
      lists: DEFAULT_AIRLINE_LISTS,
    };
    t0 = performance.now();
    for (let i = 0; i < 200_000; i++) canAccess("/dashboard/shipments/555-12345675/fwb", ctx);
    const accessOps = 200_000 / ((performance.now() - t0) / 1000);

    // sign in once through the real form, keep the cookie
    const signInPage = await handle(new Request("http://s7.localhost/signIn"));
    let cookie = signInPage.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const html = await signInPage.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const form = new URLSearchParams({ csrf, email: "s7.manager@cargodesk.test", password: "cargodesk-demo", website: "", redirect: "" });
    const posted = await handle(
      new Request("http://s7.localhost/signIn", { method: "POST", body: form, headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } }),
    );
    cookie = posted.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") || cookie;

    // the upstream call the profile page wraps, with a token of its own
    const token = (await (
      await fetch(`${api.url}/oauth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Carrier: "s7" },
        body: JSON.stringify({ grant_type: "password", username: "s7.manager@cargodesk.test", password: "cargodesk-demo" }),
      })
    ).json()) as { access_token: string };
    const upstream = await timed(REQUESTS, CONCURRENCY, async () => {
      await (await fetch(`${api.url}/api/v3/profiles/me`, { headers: { Authorization: `Bearer ${token.access_token}`, Carrier: "s7" } })).text();
    });
    const page = await timed(REQUESTS, CONCURRENCY, async () => {
      const res = await handle(new Request("http://s7.localhost/dashboard/profile", { headers: { Cookie: cookie } }));
      if (res.status !== 200) throw new Error(`profile answered ${res.status}`);
      await res.text();
    });

    // client JavaScript a first load of a page pulls in
    const jsBytes = async (pathname: string) => {
      const res = await handle(new Request(`http://s7.localhost${pathname}`, { headers: { Cookie: cookie } }));
      const doc = await res.text();
      const srcs = new Set([...doc.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]));
      let total = 0;
      for (const src of srcs) total += fs.statSync(path.join("public", src)).size;
      return { total, files: srcs.size };
    };
    const profileJs = await jsBytes("/dashboard/profile");
    const usersJs = await jsBytes("/dashboard/settings/users");

    console.log("Cargo Desk bench");
    console.log(`  tenant derivation          ${Math.round(tenantOps).toLocaleString("en-US")} ops/s`);
    console.log(`  route access check         ${Math.round(accessOps).toLocaleString("en-US")} ops/s`);
    console.log(`  upstream profiles/me       p50 ${fmt(percentile(upstream, 50))}  p99 ${fmt(percentile(upstream, 99))}  (${REQUESTS} req, ${CONCURRENCY} at once)`);
    console.log(`  SSR /dashboard/profile     p50 ${fmt(percentile(page, 50))}  p99 ${fmt(percentile(page, 99))}  (3 upstream calls per page)`);
    console.log(`  BFF/upstream ratio         p50 ${(percentile(page, 50) / percentile(upstream, 50)).toFixed(2)}  p99 ${(percentile(page, 99) / percentile(upstream, 99)).toFixed(2)}`);
    console.log(`  first-load JS profile      ${(profileJs.total / 1024).toFixed(1)} KiB in ${profileJs.files} files (uncompressed)`);
    console.log(`  first-load JS users        ${(usersJs.total / 1024).toFixed(1)} KiB in ${usersJs.files} files (uncompressed)`);
    for (const line of telegramParsing) console.log(line);
    for (const line of routeSearch) console.log(line);
    for (const line of await (await import("./awb-list")).awbListFigures()) console.log(line);
    for (const line of await (await import("./schedule-telegrams")).scheduleTelegramFigures()) console.log(line);
    console.log((await import("./list-js-weight")).listJsWeightReport());
  } finally {
    await api.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  for (const line of await ssrFigures()) console.log(line);
  for (const line of await (await import("./route-matching")).routeMatchingFigures()) console.log(line);
  for (const line of await memoryFigures()) console.log(line);
  for (const line of await (await import("./job-queue-idle")).jobQueueIdleFigures()) console.log(line);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
