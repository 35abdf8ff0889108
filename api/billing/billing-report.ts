import { and, asc, count, eq, gte, lte } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentDisposition } from "../../cargo/files/content-disposition";
import { AWB_ACCESS, awbScope } from "../air-waybills/access";
import { checkReportRange } from "../air-waybills/report";
import type { Db } from "../db/open";
import { airWaybills, companies, rateLines } from "../db/schema";
import type { AuthContext } from "../auth/authenticate";
import { amountAnswer } from "../http/amount-answer";
import { pageMeta, pageOf, pageOffset, PageQuerySchema } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { allow } from "../settings/access";
import { isoDate } from "../settings/common";
import { XLSX_TYPE } from "../settings/uploads";
import { MAX_SHEET_ROWS, priceWorkbook, type SheetColumn } from "./price-sheet";

// What was billed in a period (spec 3 GET rates/billing and GET air_waybills/billing): the rate lines of the caller's
// waybills whose billing date falls in it (at most the shipments reports' 31 days), as JSON pages or one spreadsheet.

const Range = { date_from: isoDate().optional().describe("billing date from (YYYY-MM-DD)"), date_to: isoDate().optional().describe("billing date to, at most 31 days on") };

const BilledLineSchema = z.object({
  mawb: z.string(),
  billing_date: z.string().nullable(),
  forwarder_short_name: z.string(),
  kind: z.string(),
  code: z.string(),
  rate_class_code: z.string().nullable(),
  rate: z.string(),
  base_value: z.string(),
  amount: z.string(),
  vat: z.string(),
  vat_inclusion: z.string(),
  currency: z.string(),
  calculation_type: z.string(),
  rate_numbers: z.string().nullable(),
});


function billedLines(db: Db, auth: AuthContext, from: string, to: string) {
  const where = and(awbScope(auth), gte(airWaybills.billing_date, from), lte(airWaybills.billing_date, to));
  const select = db
    .select({
      mawb: airWaybills.mawb,
      billing_date: airWaybills.billing_date,
      forwarder_short_name: companies.short_name,
      kind: rateLines.kind,
      code: rateLines.code,
      rate_class_code: rateLines.rate_class_code,
      rate: rateLines.rate,
      base_value: rateLines.base_value,
      amount: rateLines.amount,
      vat: rateLines.vat,
      vat_inclusion: rateLines.vat_inclusion,
      currency: rateLines.currency,
      calculation_type: rateLines.calculation_type,
      rate_numbers: rateLines.rate_numbers,
    })
    .from(rateLines)
    .innerJoin(airWaybills, eq(airWaybills.id, rateLines.air_waybill_id))
    .innerJoin(companies, eq(companies.id, airWaybills.forwarder_id))
    .where(where);
  const total = db.select({ n: count() }).from(rateLines).innerJoin(airWaybills, eq(airWaybills.id, rateLines.air_waybill_id)).where(where);
  return { select, total, order: [asc(airWaybills.billing_date), asc(airWaybills.mawb), asc(rateLines.id)] };
}

type BilledLine = z.infer<typeof BilledLineSchema>;
const answer = (r: BilledLine): BilledLine => ({ ...r, rate: amountAnswer(r.rate)!, base_value: amountAnswer(r.base_value)!, amount: amountAnswer(r.amount)!, vat: amountAnswer(r.vat)! });

const COLUMNS: Array<{ header: string; value: (r: BilledLine) => unknown; amount?: boolean }> = [
  { header: "AWB", value: (r) => r.mawb },
  { header: "billing date", value: (r) => r.billing_date },
  { header: "forwarder", value: (r) => r.forwarder_short_name },
  { header: "kind", value: (r) => r.kind },
  { header: "code", value: (r) => r.code },
  { header: "class", value: (r) => r.rate_class_code },
  { header: "rate", value: (r) => r.rate, amount: true },
  { header: "base", value: (r) => r.base_value, amount: true },
  { header: "amount", value: (r) => r.amount, amount: true },
  { header: "VAT", value: (r) => r.vat, amount: true },
  { header: "VAT inclusion", value: (r) => r.vat_inclusion },
  { header: "currency", value: (r) => r.currency },
  { header: "calculated", value: (r) => r.calculation_type },
  { header: "priced by", value: (r) => r.rate_numbers },
];

/** The most lines one spreadsheet holds: the price sheets' cap, since the workbook is built in memory. */
const MAX_BILLED_LINES = MAX_SHEET_ROWS;

export const billingReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["billing"];
  const range = (q: { date_from?: string; date_to?: string }) => {
    checkReportRange(q);
    return { from: q.date_from!, to: q.date_to! };
  };

  app.get(
    "/api/v3/rates/billing",
    {
      schema: { tags, summary: "The rate lines of the caller's waybills billed in a period (billing date; at most 31 days)", querystring: PageQuerySchema.extend(Range), response: { 200: pageOf(BilledLineSchema), ...resourceErrors } },
    },
    async (request) => {
      allow(request.auth, AWB_ACCESS.read);
      const { from, to } = range(request.query);
      const { page, per_page } = request.query;
      const q = billedLines(db, request.auth, from, to);
      const [total] = await q.total;
      const rows = await q.select.orderBy(...q.order).limit(per_page).offset(pageOffset(page, per_page));
      return { data: rows.map(answer), meta: pageMeta(total?.n ?? 0, page, per_page) };
    },
  );

  app.get(
    "/api/v3/air_waybills/billing",
    { schema: { tags, summary: "The same lines as a spreadsheet (air_waybills_billing.xlsx)", querystring: z.object(Range), produces: [XLSX_TYPE] } },
    async (request, reply) => {
      allow(request.auth, AWB_ACCESS.read);
      const { from, to } = range(request.query);
      const q = billedLines(db, request.auth, from, to);
      const rows = (await q.select.orderBy(...q.order).limit(MAX_BILLED_LINES)).map(answer);
      const file = await priceWorkbook([{ name: "billing", columns: COLUMNS as SheetColumn[], rows: rows as unknown as Array<Record<string, unknown>> }], { scope: false });
      return reply.type(XLSX_TYPE).header("content-disposition", contentDisposition("air_waybills_billing.xlsx")).send(file);
    },
  );
};
