import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/open";
import { airWaybills, bookings, companies, segments } from "../db/schema";
import { amountAnswer } from "../http/amount-answer";
import { pageMeta, pageOffset, PageMetaSchema } from "../http/pagination";
import { ErrorSchema } from "../http/schemas";
import { allow } from "../settings/access";
import { AwbListQuerySchema, COUNT_CAP, LIST_ACCESS, listOrder, listWhere } from "./list-query";
import { AirWaybillListItemSchema } from "./schemas";

// The shipments list (spec 1 §2, spec 2 "Shipment/list item"): GET api/v3/air_waybills. Who sees which rows, the
// tabs and the filters are in list-query.ts; this file reads one page and answers it. The count stops at
// COUNT_CAP: counting a million rows for a pager costs more than the page itself (api/README.md "Shipments list").

const w = airWaybills;

export const AwbListMetaSchema = PageMetaSchema.extend({
  total_count_capped: z.boolean().describe(`true: more than ${COUNT_CAP} rows match; total_count says ${COUNT_CAP}`),
});
export const AwbListSchema = z.object({ data: z.array(AirWaybillListItemSchema), meta: AwbListMetaSchema });

/** The list item's own columns, with the forwarder's short name. */
const ITEM_COLUMNS = {
  id: w.id,
  mawb: w.mawb,
  carrier: w.carrier,
  origin_iata: w.origin_iata,
  destination_iata: w.destination_iata,
  pieces: w.pieces,
  weight: w.weight,
  volume: w.volume,
  charge_weight: w.charge_weight,
  shcs: w.shcs,
  commodity: w.commodity,
  product_type: w.product_code,
  postal_number: w.postal_number,
  air_waybill_source: w.air_waybill_source,
  forwarder_short_name: companies.short_name,
  booking_status: w.booking_status,
  departure_at: w.departure_at,
  created_at: w.created_at,
  issued_at: w.issued_at,
  issue_date: w.issue_date,
  verified_at: w.verified_at,
  voided_at: w.voided_at,
  void_reason: w.void_reason,
  void_payment: w.void_payment,
  delivered: sql<boolean>`${w.delivered_at} is not null`,
  departed: sql<boolean>`${w.departed_at} is not null`,
  departed_at: w.departed_at,
  deleted: w.deleted,
  billing_date: w.billing_date,
  tariff_date: w.tariff_date,
  charter: w.charter,
  warnings: w.warnings,
  provisional_amount: w.provisional_amount,
  final_amount: w.final_amount,
  currency: w.currency,
};

/**
 * Rows of the list in order, each with its active bookings (first leg first): two queries, whatever the count.
 * The page's ids are picked first, and only they are read whole: picking reads no more than the index it walks
 * when that index holds every column the filters and the order name (a rare tab sorted by a value, a deep page of
 * a scope), where selecting the columns outright would read every row skipped or sorted.
 * `is_departed`: the flight took off (its actual take-off time, else its STD, is past the app's clock).
 */
export async function awbRows(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number, now: Date) {
  const page = db.select({ id: w.id }).from(w).where(where).orderBy(...orderBy).limit(limit).offset(offset);
  const rows = await db
    .select(ITEM_COLUMNS)
    .from(w)
    .innerJoin(companies, eq(companies.id, w.forwarder_id))
    .where(inArray(w.id, page))
    .orderBy(...orderBy);
  if (rows.length === 0) return [];
  const legs = await db
    .select({
      air_waybill_id: bookings.air_waybill_id,
      number_with_date: bookings.number_with_date,
      origin_iata: bookings.origin_iata,
      destination_iata: bookings.destination_iata,
      std: bookings.std,
      response_status: bookings.response_status,
      response_reason: bookings.response_reason,
      is_departed: sql<boolean>`coalesce(${segments.atot}, ${segments.std}) <= ${now}`,
    })
    .from(bookings)
    .innerJoin(segments, eq(segments.id, bookings.segment_id))
    .where(and(inArray(bookings.air_waybill_id, rows.map((r) => r.id)), eq(bookings.active, true)))
    .orderBy(asc(bookings.air_waybill_id), asc(bookings.std), asc(bookings.id));
  const byWaybill = new Map<number, Array<Omit<(typeof legs)[number], "air_waybill_id">>>();
  for (const { air_waybill_id, ...leg } of legs) {
    const list = byWaybill.get(air_waybill_id) ?? [];
    list.push(leg);
    byWaybill.set(air_waybill_id, list);
  }
  return rows.map((r) => ({
    ...r,
    delivered: !!r.delivered,
    departed: !!r.departed,
    provisional_amount: amountAnswer(r.provisional_amount),
    final_amount: amountAnswer(r.final_amount),
    effective_bookings: byWaybill.get(r.id) ?? [],
  }));
}

/** How many rows match, counting no further than `cap` (more: `capped`). */
export async function cappedCount(db: Db, where: SQL | undefined, cap: number): Promise<{ count: number; capped: boolean }> {
  const inner = db.select({ one: sql`1` }).from(w).where(where).limit(cap + 1);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as("matching"));
  const n = row?.n ?? 0;
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}

export const awbListRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/air_waybills",
    {
      schema: {
        tags: ["air waybills"],
        summary: `The shipments list: tabs, filters, paging and sorting; total_count counts up to ${COUNT_CAP} (total_count_capped beyond)`,
        querystring: AwbListQuerySchema,
        response: { 200: AwbListSchema, 403: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request) => {
      allow(request.auth, LIST_ACCESS);
      const q = request.query;
      const where = await listWhere(db, request.auth, q);
      const order = listOrder(q);
      const [data, total] = await Promise.all([
        awbRows(db, where, order, q.per_page, pageOffset(q.page, q.per_page), app.deps.now()),
        cappedCount(db, where, COUNT_CAP),
      ]);
      const meta = pageMeta(total.count, q.page, q.per_page);
      // past the cap the pager cannot know the last page: a full page may have a next one
      if (total.capped) meta.next_page = data.length === q.per_page && q.page * q.per_page < COUNT_CAP ? q.page + 1 : null;
      return { data, meta: { ...meta, total_count_capped: total.capped } };
    },
  );
};
