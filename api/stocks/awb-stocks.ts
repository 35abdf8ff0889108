import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isAwbPrefix } from "../../cargo";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airlines, awbStockNumbers, awbStockRanges, companies } from "../db/schema";
import { isUniqueViolation, refuseField } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { FormBoolean, IsoDateTime, resourceErrors } from "../http/schemas";
import { allow, isForwarder, isPlatform, scopeCarrier, type Who } from "../settings/access";
import { checkAirports, escapeLike, iataCode, ListQuerySchema, throwIfErrors, wrapped } from "../settings/common";
import { assignNumbers, loadRange, MAX_RANGE_SIZE, withdrawNumbers, type NumberPick } from "./awb-stock-numbers";
import { wholeNumber } from "../http/decimal-input";
import { utcDateOf } from "../clock";
import { agreedForwarderId, agreedForwarders } from "./agreed-forwarders";
import { said } from "../http/refusals";

// AWB stocks (spec 3 "AWB stocks", spec 1 §6 settings "stocks" and "agent/stocks"): an airline's manager (or
// platform staff) loads ranges under the airline's prefix and hands numbers to forwarders; a forwarder reads the
// numbers it holds. Ranges are answered as the spec's range items (prefix, forwarder, range, quantity, free, BSO,
// location): one item per run of consecutive serials that one holder has in one loaded range.

const tags = ["awb stocks"];

const ACCESS_WRITE: Who = { platform: true, airline: ["manager"] };
const ACCESS_READ: Who = { platform: true, airline: ["manager"], forwarder: true };

/** "1234500-1234599" (or one serial): the serials of a range, inclusive, seven digits each. */
const SerialRange = z
  .string()
  .max(TEXT_MAX.code * 2 + 3)
  .trim()
  .transform((text, ctx) => {
    const match = /^(\d{1,7})(?:\s*-\s*(\d{1,7}))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: "custom", message: "must be serial numbers of seven digits: from-to" });
      return z.NEVER;
    }
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from > to) {
      ctx.addIssue({ code: "custom", message: "must start at its lower serial" });
      return z.NEVER;
    }
    if (to - from + 1 > MAX_RANGE_SIZE) {
      ctx.addIssue({ code: "custom", message: `must hold at most ${MAX_RANGE_SIZE} numbers` });
      return z.NEVER;
    }
    return { serial_from: from, serial_to: to };
  });

const Prefix = z
  .string({ required_error: said("blank") })
  .max(TEXT_MAX.code)
  .trim()
  .refine(isAwbPrefix, "must be the airline's three-digit prefix");

const RangeFields = z.object({
  prefix: Prefix,
  range: SerialRange,
  bso: FormBoolean.optional(),
  location_iata: iataCode().optional().or(z.literal("").transform(() => undefined)),
  carrier: z.string().max(TEXT_MAX.code).trim().optional().describe("platform only: the airline (else the Carrier header)"),
});

/** Which numbers an assign or withdraw touches: `range` (serials) or `count` (the lowest that qualify). */
const PickFields = z
  .object({
    prefix: Prefix,
    forwarder_short_name: z.string({ required_error: said("blank") }).max(TEXT_MAX.code).trim().min(1, said("blank")),
    range: SerialRange.optional(),
    count: wholeNumber(1, MAX_RANGE_SIZE).optional(),
    carrier: z.string().max(TEXT_MAX.code).trim().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.range === undefined) === (v.count === undefined)) ctx.addIssue({ code: "custom", path: ["range"], message: "give either a range or a count" });
  });

export const StockRangeSchema = z.object({
  range_id: z.number().int(),
  airline_prefix: z.string(),
  carrier: z.string(),
  forwarder: z.string().nullable().describe("short name of the holder; null: the airline's own pool"),
  range: z.string().describe("first-last serial (seven digits)"),
  qty: z.number().int(),
  free: z.number().int(),
  bso: z.boolean(),
  location_iata: z.string().nullable(),
});

export const StockNumberSchema = z.object({
  mawb: z.string(),
  airline_prefix: z.string(),
  serial_number: z.string().describe("seven digits"),
  digit: z.number().int().describe("check digit"),
  forwarder: z.string().nullable(),
  state: z.enum(["free", "used", "voided"]),
  bso: z.boolean(),
  location_iata: z.string().nullable(),
  used_at: IsoDateTime.nullable(),
});

const Totals = z.object({ free: z.number().int(), used: z.number().int(), voided: z.number().int() });

/** The airline a call works on, with its prefix: an airline user's own, or the one platform staff name. */
async function airlineOf(db: Db, auth: Pick<AuthContext, "profile" | "carrier">, named?: string | null) {
  const carrier = scopeCarrier(auth, named);
  if (!carrier) throw refuseField("carrier", "blank");
  const [airline] = await db.select({ carrier: airlines.carrier, prefix: airlines.awb_prefix }).from(airlines).where(eq(airlines.carrier, carrier)).limit(1);
  if (!airline) throw refuseField("carrier", "unknown_airline", { carrier });
  return airline;
}

/** A prefix the airline may write under: its own (422 under `prefix` otherwise: another airline's numbers). */
function requireOwnPrefix(airline: { prefix: string }, prefix: string) {
  if (airline.prefix !== prefix) throw refuseField("prefix", "not_airline_prefix", { prefix: airline.prefix });
}

async function forwarderId(db: Db, shortName: string): Promise<number> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.short_name, shortName.toUpperCase()), eq(companies.business_type, "forwarder")))
    .limit(1);
  if (!row) throw refuseField("forwarder_short_name", "unknown_forwarder");
  return row.id;
}

/** Which stock rows the caller sees: a forwarder its own numbers, an airline its ranges, platform one airline or all. */
async function visibleNumbers(db: Db, auth: AuthContext, named?: string | null): Promise<SQL | undefined> {
  const p = auth.profile!;
  // a forwarder on an airline's site (the Carrier header) works with that airline's numbers; elsewhere with all it holds
  if (isForwarder(p)) return and(eq(awbStockNumbers.forwarder_id, p.company.id), auth.carrier ? eq(awbStockRanges.carrier, auth.carrier) : undefined);
  const carrier = isPlatform(p) ? scopeCarrier(auth, named) : (await airlineOf(db, auth)).carrier;
  return carrier ? eq(awbStockRanges.carrier, carrier) : undefined;
}

const holder = sql<string | null>`${companies.short_name}`;

export const awbStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/awb_stocks/prefixes",
    {
      schema: {
        tags,
        summary: "The AWB prefixes the caller works with: an airline's own, a forwarder's from the numbers it holds, all for platform",
        response: { 200: z.object({ data: z.array(z.object({ prefix: z.string(), carrier: z.string() })) }), ...resourceErrors },
      },
    },
    async (request) => {
      const p = allow(request.auth, ACCESS_READ);
      if (isForwarder(p)) {
        const rows = await db
          .selectDistinct({ prefix: awbStockNumbers.prefix, carrier: awbStockRanges.carrier })
          .from(awbStockNumbers)
          .innerJoin(awbStockRanges, eq(awbStockRanges.id, awbStockNumbers.range_id))
          .where(await visibleNumbers(db, request.auth))
          .orderBy(asc(awbStockNumbers.prefix));
        return { data: rows };
      }
      const carrier = scopeCarrier(request.auth);
      const rows = await db
        .select({ prefix: airlines.awb_prefix, carrier: airlines.carrier })
        .from(airlines)
        .where(carrier ? eq(airlines.carrier, carrier) : undefined)
        .orderBy(asc(airlines.awb_prefix));
      return { data: rows };
    },
  );

  app.post(
    "/api/v3/awb_stocks",
    {
      schema: {
        tags,
        summary: `Load a range of numbers under the airline's prefix (at most ${MAX_RANGE_SIZE}); overlapping a loaded range is refused`,
        body: wrapped("awb_stock", RangeFields),
        response: { 201: StockRangeSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allow(request.auth, ACCESS_WRITE);
      const body = request.body;
      const airline = await airlineOf(db, request.auth, body.carrier);
      requireOwnPrefix(airline, body.prefix);
      if (body.location_iata) throwIfErrors(await checkAirports(db, { location_iata: body.location_iata }));
      let rangeId: number;
      try {
        rangeId = await db.transaction((tx) =>
          loadRange(tx, { carrier: airline.carrier, prefix: body.prefix, ...body.range, bso: body.bso ?? false, location_iata: body.location_iata ?? null }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw refuseField("range", "stock_overlap");
        throw err;
      }
      const [item] = await rangeItems(db, eq(awbStockRanges.id, rangeId), 1, 1);
      return reply.code(201).send(item!);
    },
  );

  app.get(
    "/api/v1/awb_stocks/forwarders",
    {
      schema: {
        tags,
        summary:
          "The forwarders the airline may assign numbers to: those it has an active agreement with that has not ended (q searches short name and name)",
        querystring: ListQuerySchema.pick({ q: true, page: true, per_page: true }).extend({ carrier: z.string().max(TEXT_MAX.code).trim().optional().describe("platform only") }),
        response: { 200: pageOf(z.object({ id: z.number().int(), short_name: z.string(), name: z.string() })), ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, ACCESS_WRITE);
      const airline = await airlineOf(db, request.auth, request.query.carrier);
      return agreedForwarders(db, airline.carrier, utcDateOf(app.deps.now()), request.query);
    },
  );

  for (const action of ["assign", "withdraw"] as const) {
    app.patch(
      `/api/v1/awb_stocks/${action}`,
      {
        schema: {
          tags,
          summary:
            action === "assign"
              ? "Give free numbers of the airline's pool to a forwarder: a serial range, or a count (the lowest free ones)"
              : "Take a forwarder's free numbers back into the airline's pool (used and voided numbers stay)",
          body: wrapped("awb_stock", PickFields),
          response: { 200: z.object({ [action === "assign" ? "assigned" : "withdrawn"]: z.number().int() }), ...resourceErrors },
        },
      },
      async (request) => {
        allow(request.auth, ACCESS_WRITE);
        const body = request.body;
        const airline = await airlineOf(db, request.auth, body.carrier);
        requireOwnPrefix(airline, body.prefix);
        // numbers go only to a forwarder the airline has an agreement with; any holder's free numbers come back
        const forwarder =
          action === "assign"
            ? await agreedForwarderId(db, airline.carrier, utcDateOf(app.deps.now()), body.forwarder_short_name)
            : await forwarderId(db, body.forwarder_short_name);
        const pick: NumberPick = body.range ?? { count: body.count! };
        const opts = { carrier: airline.carrier, prefix: body.prefix, forwarderId: forwarder, pick };
        const done = await db.transaction((tx) => (action === "assign" ? assignNumbers(tx, opts) : withdrawNumbers(tx, opts)));
        // nothing to do is a mistake worth saying; fewer than a count asked is what there was
        if (done === 0) throw refuseField(body.range ? "range" : "count", action === "assign" ? "no_free_airline_numbers" : "no_free_forwarder_numbers");
        return { [action === "assign" ? "assigned" : "withdrawn"]: done };
      },
    );
  }

  app.get(
    "/api/v1/awb_stocks/ranges",
    {
      schema: {
        tags,
        summary: "Range items: each run of consecutive serials one holder (a forwarder, or the airline's pool) has in a loaded range",
        querystring: ListQuerySchema.pick({ page: true, per_page: true }).extend({
          prefix: Prefix.optional(),
          forwarder: z.string().max(TEXT_MAX.code).trim().optional().describe("holder short name"),
          carrier: z.string().max(TEXT_MAX.code).trim().optional(),
        }),
        response: { 200: pageOf(StockRangeSchema), ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, ACCESS_READ);
      const q = request.query;
      const where = and(
        await visibleNumbers(db, request.auth, q.carrier),
        q.prefix ? eq(awbStockNumbers.prefix, q.prefix) : undefined,
        q.forwarder ? eq(companies.short_name, q.forwarder.toUpperCase()) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(runs(db, where));
      return { data: await rangeItems(db, where, q.page, q.per_page), meta: pageMeta(total?.n ?? 0, q.page, q.per_page) };
    },
  );

  app.get(
    "/api/v1/awb_stocks",
    {
      schema: {
        tags,
        summary: "Stock numbers (q: a number or its part), with the totals by state of what the filters select",
        querystring: ListQuerySchema.pick({ page: true, per_page: true, q: true }).extend({
          prefix: Prefix.optional(),
          forwarder: z.string().max(TEXT_MAX.code).trim().optional(),
          state: z.enum(["free", "used", "voided"]).optional(),
          carrier: z.string().max(TEXT_MAX.code).trim().optional(),
        }),
        response: { 200: pageOf(StockNumberSchema).extend({ totals: Totals }), ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, ACCESS_READ);
      const q = request.query;
      const digits = q.q?.replace(/[^0-9]/g, "") ?? "";
      const filters = and(
        await visibleNumbers(db, request.auth, q.carrier),
        q.prefix ? eq(awbStockNumbers.prefix, q.prefix) : undefined,
        q.forwarder ? eq(companies.short_name, q.forwarder.toUpperCase()) : undefined,
        // the number as typed with or without its hyphen: matched on its digits
        digits ? sql`replace(${awbStockNumbers.mawb}, '-', '') like ${`%${escapeLike(digits)}%`}` : undefined,
      );
      const where = and(filters, q.state ? eq(awbStockNumbers.state, q.state) : undefined);
      const base = () =>
        db
          .select({
            mawb: awbStockNumbers.mawb,
            prefix: awbStockNumbers.prefix,
            serial: awbStockNumbers.serial,
            forwarder: holder,
            state: awbStockNumbers.state,
            bso: awbStockRanges.bso,
            location_iata: awbStockRanges.location_iata,
            used_at: awbStockNumbers.used_at,
          })
          .from(awbStockNumbers)
          .innerJoin(awbStockRanges, eq(awbStockRanges.id, awbStockNumbers.range_id))
          .leftJoin(companies, eq(companies.id, awbStockNumbers.forwarder_id));
      const [rows, states] = await Promise.all([
        base()
          .where(where)
          .orderBy(asc(awbStockNumbers.prefix), asc(awbStockNumbers.serial))
          .limit(q.per_page)
          .offset(pageOffset(q.page, q.per_page)),
        db
          .select({ state: awbStockNumbers.state, n: count() })
          .from(awbStockNumbers)
          .innerJoin(awbStockRanges, eq(awbStockRanges.id, awbStockNumbers.range_id))
          .leftJoin(companies, eq(companies.id, awbStockNumbers.forwarder_id))
          .where(filters)
          .groupBy(awbStockNumbers.state),
      ]);
      const totals = { free: 0, used: 0, voided: 0 };
      for (const s of states) totals[s.state] = Number(s.n);
      const total = q.state ? totals[q.state] : totals.free + totals.used + totals.voided;
      return {
        data: rows.map((r) => {
          const serial = String(r.serial).padStart(7, "0");
          return {
            mawb: r.mawb,
            airline_prefix: r.prefix,
            serial_number: serial,
            digit: r.serial % 7,
            forwarder: r.forwarder,
            state: r.state,
            bso: r.bso,
            location_iata: r.location_iata,
            used_at: r.used_at,
          };
        }),
        meta: pageMeta(total, q.page, q.per_page),
        totals,
      };
    },
  );
};

/**
 * The runs of consecutive serials per loaded range and holder (gaps and islands: within one holder's numbers of a
 * range, serial minus its row number is the same along a run).
 */
function runs(db: Db, where: SQL | undefined) {
  const numbered = db
    .select({
      range_id: awbStockNumbers.range_id,
      prefix: awbStockNumbers.prefix,
      forwarder: sql<string | null>`${holder}`.as("forwarder"),
      serial: awbStockNumbers.serial,
      free: sql<number>`(${awbStockNumbers.state} = 'free')::int`.as("is_free"),
      island: sql<number>`${awbStockNumbers.serial} - row_number() over (partition by ${awbStockNumbers.range_id}, ${awbStockNumbers.forwarder_id} order by ${awbStockNumbers.serial})`.as("island"),
    })
    .from(awbStockNumbers)
    .innerJoin(awbStockRanges, eq(awbStockRanges.id, awbStockNumbers.range_id))
    .leftJoin(companies, eq(companies.id, awbStockNumbers.forwarder_id))
    .where(where)
    .as("numbered");
  return db
    .select({
      range_id: numbered.range_id,
      prefix: numbered.prefix,
      forwarder: numbered.forwarder,
      first: sql<number>`min(${numbered.serial})`.as("first"),
      last: sql<number>`max(${numbered.serial})`.as("last"),
      qty: sql<number>`count(*)::int`.as("qty"),
      free: sql<number>`sum(${numbered.free})::int`.as("free"),
    })
    .from(numbered)
    .groupBy(numbered.range_id, numbered.prefix, numbered.forwarder, numbered.island)
    .as("runs");
}

async function rangeItems(db: Db, where: SQL | undefined, page: number, perPage: number) {
  const r = runs(db, where);
  const rows = await db
    .select({
      range_id: r.range_id,
      prefix: r.prefix,
      forwarder: r.forwarder,
      first: r.first,
      last: r.last,
      qty: r.qty,
      free: r.free,
      carrier: awbStockRanges.carrier,
      bso: awbStockRanges.bso,
      location_iata: awbStockRanges.location_iata,
    })
    .from(r)
    .innerJoin(awbStockRanges, eq(awbStockRanges.id, r.range_id))
    .orderBy(asc(r.prefix), asc(r.first))
    .limit(perPage)
    .offset(pageOffset(page, perPage));
  const seven = (n: number) => String(n).padStart(7, "0");
  return rows.map((row) => ({
    range_id: row.range_id,
    airline_prefix: row.prefix,
    carrier: row.carrier,
    forwarder: row.forwarder,
    range: `${seven(Number(row.first))}-${seven(Number(row.last))}`,
    qty: Number(row.qty),
    free: Number(row.free),
    bso: row.bso,
    location_iata: row.location_iata,
  }));
}

