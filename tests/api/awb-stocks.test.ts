import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { awbNumberFromSerial, checkAwbNumber } from "../../cargo";
import { agreements, awbStockNumbers, companies } from "../../api/db/schema";
import { takeStockNumber } from "../../api/stocks/awb-stock-numbers";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// AWB stocks (issue 10): S7 (prefix 421) loads ranges and hands numbers to forwarders; a waybill takes its number
// from the forwarder's stock. Serials here are far from any the demo data could use (9 000 000 and up).

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Operator", "suManager", "forwarderOnS7", "fwdTwo"] });
const s7 = (tokens: Tokens, method: "GET" | "POST" | "PATCH", url: string, payload?: object) => callsOn(t, "s7")(tokens, method, url, payload);
const anyHost = (tokens: Tokens, method: "GET", url: string) => callsOn(t)(tokens, method, url);
const su = (tokens: Tokens, method: "GET" | "POST" | "PATCH", url: string, payload?: object) => callsOn(t, "su")(tokens, method, url, payload);

const loadRange = (range: string, extra: object = {}) => s7(accounts.s7Manager, "POST", "/api/v3/awb_stocks", { awb_stock: { prefix: "421", range, ...extra } });
const pick = (action: "assign" | "withdraw", body: object) => s7(accounts.s7Manager, "PATCH", `/api/v1/awb_stocks/${action}`, { awb_stock: { prefix: "421", ...body } });

async function companyId(shortName: string): Promise<number> {
  const [row] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, shortName));
  return row!.id;
}

/** A forwarder company of its own, with agreements with these airlines (effective_to: null = open-ended). */
async function forwarderWith(shortName: string, deals: Array<{ supplier: string; effective_to: string | null; active?: boolean }>) {
  const db = t.database.db;
  const [fwd] = await db.insert(companies).values({ short_name: shortName, name: `${shortName} Logistics`, business_type: "forwarder" }).returning({ id: companies.id });
  for (const [i, deal] of deals.entries()) {
    await db.insert(agreements).values({
      supplier_id: await companyId(deal.supplier), client_id: fwd!.id, account_number: `${shortName}-${i}`, contract_number: `${shortName}/${i}`,
      currency: "RUB", effective_from: "2000-01-01", effective_to: deal.effective_to, active: deal.active ?? true,
    });
  }
}

describe("the forwarders an airline assigns numbers to (issue 22 item 9)", () => {
  it("are those it has an agreement in force with, its own only, searchable; numbers go to no other forwarder", async () => {
    await forwarderWith("AGRS7", [{ supplier: "S7", effective_to: null }]);
    await forwarderWith("AGRSU", [{ supplier: "SU", effective_to: null }]);
    await forwarderWith("ENDS7", [{ supplier: "S7", effective_to: "2001-12-31" }]);
    await forwarderWith("OFFS7", [{ supplier: "S7", effective_to: null, active: false }]);
    const namesOf = async (call: typeof s7, tokens: Tokens, query = "") =>
      (await call(tokens, "GET", `/api/v1/awb_stocks/forwarders${query}`)).json().data.map((f: { short_name: string }) => f.short_name).sort();
    expect(await namesOf(s7, accounts.s7Manager, "?per_page=100")).toEqual(["AGRS7", "FWDONE", "FWDTWO"]);
    expect(await namesOf(su, accounts.suManager, "?per_page=100")).toEqual(["AGRSU", "FWDONE", "FWDTWO"]);
    expect(await namesOf(s7, accounts.s7Manager, "?q=agr")).toEqual(["AGRS7"]);
    const paged = (await s7(accounts.s7Manager, "GET", "/api/v1/awb_stocks/forwarders?per_page=2")).json();
    expect([paged.data.length, paged.meta.total_count]).toEqual([2, 3]);
    // whoever may not assign numbers may not list them either
    expect((await s7(accounts.s7Operator, "GET", "/api/v1/awb_stocks/forwarders")).statusCode).toBe(403);
    expect((await s7(accounts.forwarderOnS7, "GET", "/api/v1/awb_stocks/forwarders")).statusCode).toBe(403);

    expect((await loadRange("9500000-9500009")).statusCode).toBe(201);
    expect((await pick("assign", { forwarder_short_name: "agrs7", range: "9500000-9500001" })).json()).toEqual({ assigned: 2 });
    for (const name of ["AGRSU", "ENDS7", "OFFS7"]) {
      const refused = await pick("assign", { forwarder_short_name: name, range: "9500002-9500003" });
      expect([refused.statusCode, refused.json()]).toEqual([
        422,
        {
          errors: { forwarder_short_name: ["has no agreement with the airline"] },
          error_codes: { forwarder_short_name: [{ code: "forwarder_no_agreement", params: { forwarder: name, carrier: "S7" } }] },
          code: "no_agreement",
          params: { forwarder: name, carrier: "S7" },
        },
      ]);
    }
    expect((await freeNumbersOf("ENDS7")).length).toBe(0);
    // numbers already held come back whatever became of the agreement
    await t.database.db.update(agreements).set({ active: false }).where(eq(agreements.account_number, "AGRS7-0"));
    expect((await pick("withdraw", { forwarder_short_name: "AGRS7", range: "9500000-9500001" })).json()).toEqual({ withdrawn: 2 });
  });
});

describe("loading a range", () => {
  it("answers the range item: the airline's pool, every number free", async () => {
    const res = await loadRange("9000000-9000099", { location_iata: "ovb", bso: "true" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ airline_prefix: "421", carrier: "S7", forwarder: null, range: "9000000-9000099", qty: 100, free: 100, bso: true, location_iata: "OVB" });
  });

  it("writes each number with the check digit cargo computes", async () => {
    const rows = await t.database.db.select({ serial: awbStockNumbers.serial, mawb: awbStockNumbers.mawb }).from(awbStockNumbers).where(eq(awbStockNumbers.prefix, "421"));
    const loaded = rows.filter((r) => r.serial >= 9_000_000 && r.serial <= 9_000_099);
    expect(loaded).toHaveLength(100);
    for (const row of loaded) {
      expect(row.mawb).toBe(awbNumberFromSerial("421", row.serial));
      expect(checkAwbNumber(row.mawb).valid).toBe(true);
    }
  });

  it("refuses an overlap, another airline's prefix, a reversed or oversized range and bad serials, storing nothing", async () => {
    const before = (await s7(accounts.s7Manager, "GET", "/api/v1/awb_stocks?per_page=1")).json().meta.total_count;
    const refusals: Array<[string, object, string]> = [
      ["9000050-9000150", {}, "range"],
      ["9100000-9100009", { prefix: "555" }, "prefix"],
      ["9100009-9100000", {}, "range"],
      ["1000000-1020000", {}, "range"],
      ["12345678-12345679", {}, "range"],
      ["abc", {}, "range"],
      ["9100000-9100009", { location_iata: "QQQ" }, "location_iata"],
    ];
    for (const [range, extra, field] of refusals) {
      const res = await loadRange(range, extra);
      expect(res.statusCode, `${range} ${JSON.stringify(extra)}`).toBe(422);
      expect(Object.keys(res.json().errors), range).toContain(field);
    }
    expect((await s7(accounts.s7Manager, "GET", "/api/v1/awb_stocks?per_page=1")).json().meta.total_count).toBe(before);
  });

  it("is the manager's: a Default user and a forwarder are refused", async () => {
    expect((await s7(accounts.s7Operator, "POST", "/api/v3/awb_stocks", { awb_stock: { prefix: "421", range: "9200000-9200009" } })).statusCode).toBe(403);
    expect((await s7(accounts.forwarderOnS7, "POST", "/api/v3/awb_stocks", { awb_stock: { prefix: "421", range: "9200000-9200009" } })).statusCode).toBe(403);
  });
});

/** A forwarder's free numbers of a prefix, lowest serial first, as stored. */
async function freeNumbersOf(shortName: string, prefix = "421"): Promise<string[]> {
  const rows = await t.database.db
    .select({ mawb: awbStockNumbers.mawb })
    .from(awbStockNumbers)
    .where(and(eq(awbStockNumbers.forwarder_id, await companyId(shortName)), eq(awbStockNumbers.prefix, prefix), eq(awbStockNumbers.state, "free")))
    .orderBy(asc(awbStockNumbers.serial));
  return rows.map((r) => r.mawb);
}

/** The airline's pool: free numbers of a prefix no forwarder holds, lowest serial first. */
async function poolOf(prefix = "421"): Promise<string[]> {
  const rows = await t.database.db
    .select({ mawb: awbStockNumbers.mawb })
    .from(awbStockNumbers)
    .where(and(isNull(awbStockNumbers.forwarder_id), eq(awbStockNumbers.prefix, prefix), eq(awbStockNumbers.state, "free")))
    .orderBy(asc(awbStockNumbers.serial));
  return rows.map((r) => r.mawb);
}

describe("assigning and withdrawing", () => {
  it("gives a serial range to a forwarder, and the ranges show each holder's run", async () => {
    expect((await pick("assign", { forwarder_short_name: "fwdone", range: "9000000-9000009" })).json()).toEqual({ assigned: 10 });
    expect((await pick("assign", { forwarder_short_name: "FWDTWO", range: "9000090-9000099" })).json()).toEqual({ assigned: 10 });
    const ranges = (await s7(accounts.s7Manager, "GET", "/api/v1/awb_stocks/ranges?prefix=421&per_page=100")).json().data;
    const mine = ranges.filter((r: { range: string }) => r.range.startsWith("90000"));
    expect(mine.map((r: { forwarder: string | null; range: string; qty: number; free: number }) => [r.forwarder, r.range, r.qty, r.free])).toEqual([
      ["FWDONE", "9000000-9000009", 10, 10],
      [null, "9000010-9000089", 80, 80],
      ["FWDTWO", "9000090-9000099", 10, 10],
    ]);
  });

  it("a count gives the lowest free numbers of the airline's pool", async () => {
    const lowest = (await poolOf()).slice(0, 5);
    expect(lowest).toHaveLength(5);
    expect((await pick("assign", { forwarder_short_name: "FWDONE", count: 5 })).json()).toEqual({ assigned: 5 });
    const held = await freeNumbersOf("FWDONE");
    for (const mawb of lowest) expect(held).toContain(mawb);
    expect(await poolOf()).not.toContain(lowest[0]);
  });

  it("a forwarder reads its own numbers and prefixes, never another forwarder's", async () => {
    const own = (await s7(accounts.forwarderOnS7, "GET", "/api/v1/awb_stocks?q=42190000&per_page=100")).json();
    expect(own.data.map((n: { mawb: string }) => n.mawb)).toEqual(Array.from({ length: 10 }, (_, i) => awbNumberFromSerial("421", 9_000_000 + i)));
    expect(own.totals).toEqual({ free: 10, used: 0, voided: 0 });
    expect(own.data.every((n: { forwarder: string }) => n.forwarder === "FWDONE")).toBe(true);
    // on S7's site the forwarder works with S7's numbers; on its own host with every airline's it holds
    expect((await s7(accounts.forwarderOnS7, "GET", "/api/v3/awb_stocks/prefixes")).json().data).toEqual([{ prefix: "421", carrier: "S7" }]);
    expect((await s7(accounts.forwarderOnS7, "GET", "/api/v1/awb_stocks/ranges?per_page=100")).json().data.every((r: { carrier: string }) => r.carrier === "S7")).toBe(true);
    const everywhere = (await anyHost(accounts.fwdTwo, "GET", "/api/v3/awb_stocks/prefixes")).json().data.map((p: { prefix: string }) => p.prefix);
    expect(everywhere).toEqual(["308", "421", "555", "745"]);
    const other = (await anyHost(accounts.fwdTwo, "GET", "/api/v1/awb_stocks?q=42190000&per_page=100")).json();
    expect(other.data.map((n: { mawb: string }) => n.mawb)).toEqual(Array.from({ length: 10 }, (_, i) => awbNumberFromSerial("421", 9_000_090 + i)));
    // a number found by its digits, typed with or without the hyphen
    expect((await s7(accounts.forwarderOnS7, "GET", `/api/v1/awb_stocks?q=${awbNumberFromSerial("421", 9_000_003)}`)).json().data).toHaveLength(1);
    expect((await s7(accounts.forwarderOnS7, "GET", `/api/v1/awb_stocks?q=${awbNumberFromSerial("421", 9_000_003).replace("-", "")}`)).json().data).toHaveLength(1);
  });

  it("another airline sees none of S7's stock and cannot hand out its numbers", async () => {
    const list = (await su(accounts.suManager, "GET", "/api/v1/awb_stocks/ranges?per_page=100")).json().data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.filter((r: { airline_prefix: string }) => r.airline_prefix === "421")).toEqual([]);
    const res = await su(accounts.suManager, "PATCH", "/api/v1/awb_stocks/assign", { awb_stock: { prefix: "421", forwarder_short_name: "FWDONE", count: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.prefix).toBeDefined();
  });

  it("withdraws free numbers only: a used number stays the forwarder's; nothing to do, an unknown forwarder or no range nor count is a 422", async () => {
    const fwdTwo = await companyId("FWDTWO");
    const [lowest] = await freeNumbersOf("FWDTWO");
    const used = await t.database.db.transaction((tx) => takeStockNumber(tx, { forwarderId: fwdTwo, prefix: "421", at: t.clock() }));
    expect(used).toBe(lowest);
    const serial = used!.slice(4, 11);
    const refused = await pick("withdraw", { forwarder_short_name: "FWDTWO", range: `${serial}-${serial}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.range).toBeDefined();
    const usedRow = (await s7(accounts.s7Manager, "GET", `/api/v1/awb_stocks?q=${used}&state=used`)).json().data;
    expect(usedRow.map((n: { mawb: string; forwarder: string }) => [n.mawb, n.forwarder])).toEqual([[used, "FWDTWO"]]);
    expect((await pick("withdraw", { forwarder_short_name: "FWDTWO", range: "9000090-9000099" })).json()).toEqual({ withdrawn: 10 });
    expect((await pick("withdraw", { forwarder_short_name: "FWDTWO", range: "9000090-9000099" })).statusCode).toBe(422);
    expect((await pick("assign", { forwarder_short_name: "NOSUCH", count: 1 })).json().errors.forwarder_short_name).toBeDefined();
    expect((await pick("assign", { forwarder_short_name: "FWDONE" })).json().errors.range).toBeDefined();
    expect((await pick("assign", { forwarder_short_name: "FWDONE", count: 1, range: "9000050-9000050" })).json().errors.range).toBeDefined();
  });
});

describe("a whole range at the limit", () => {
  it("loads 20 000 numbers (the limit) and assigns them whole, each in one statement", async () => {
    const loaded = await loadRange("8000000-8019999");
    expect(loaded.statusCode, loaded.body).toBe(201);
    expect(loaded.json()).toMatchObject({ qty: 20_000, free: 20_000 });
    expect((await pick("assign", { forwarder_short_name: "FWDTWO", range: "8000000-8019999" })).json()).toEqual({ assigned: 20_000 });
    expect((await pick("withdraw", { forwarder_short_name: "FWDTWO", count: 20_000 })).json()).toEqual({ withdrawn: 20_000 });
    // one more than the limit is refused before any work
    expect((await loadRange("8100000-8120000")).json().errors.range).toBeDefined();
    expect((await pick("assign", { forwarder_short_name: "FWDTWO", count: 20_001 })).json().errors.count).toBeDefined();
  }, 60_000);
});

describe("taking the next number", () => {
  it("fifty parallel takings get the forwarder's fifty lowest free numbers, each once; then in serial order until none is left", async () => {
    expect((await loadRange("9300000-9300049")).statusCode).toBe(201);
    expect((await pick("assign", { forwarder_short_name: "FWDONE", range: "9300000-9300049" })).json()).toEqual({ assigned: 50 });
    const fwdOne = await companyId("FWDONE");
    const expected = await freeNumbersOf("FWDONE");
    expect(expected.length).toBeGreaterThan(50);
    const take = () => t.database.db.transaction((tx) => takeStockNumber(tx, { forwarderId: fwdOne, prefix: "421", at: t.clock() }));
    const taken = await Promise.all(Array.from({ length: 50 }, take));
    expect(new Set(taken).size).toBe(50);
    expect([...taken].sort()).toEqual(expected.slice(0, 50).sort());
    for (const mawb of expected.slice(50)) expect(await take()).toBe(mawb);
    expect(await take()).toBeNull();
    expect((await s7(accounts.forwarderOnS7, "GET", "/api/v1/awb_stocks?prefix=421&state=free")).json().totals.free).toBe(0);
  });
});
