import { and, type AnyColumn, asc, count, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TARIFFS } from "../../cargo/access/rules";
import { allowRule } from "../auth/access-rules";
import { utcDateOf } from "../clock";
import { billingCharges, tariffs } from "../db/schema";
import { pageMeta, pageOf, pageOffset, PageQuerySchema } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { iataCode, isoDate } from "../settings/common";
import { plainNumbers } from "./price-fields";
import type { PriceRow } from "./price-table";
import { priceViewer, visiblePrices } from "./price-visibility";
import { SummaryRatesSchema, summaryRatesOf } from "./tariffs";

// External tariffs (spec 2 "External tariff"; spec 3 GET forwarders_api/v1/billing/tariffs): the tariffs a forwarder's
// own systems read, summarised as the rate-break columns, with the other charges that go with them. "contracted": the
// tariff names the caller's account (a deal), not the airline's published price.

const ExternalTariffSchema = z.object({
  id: z.number().int(),
  airline: z.string(),
  companies: z.array(z.string()).describe("the caller's account when the tariff names it"),
  contracted: z.boolean(),
  currency: z.string(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  other_charges: z.array(z.object({ code: z.string(), name: z.string(), basis: z.string(), rate: z.string(), minimal_rate: z.string().nullable(), currency: z.string() })),
  product: z.string().nullable(),
  summary_rates: SummaryRatesSchema,
  transit: z.array(z.string()),
  type: z.enum(["published", "contracted"]),
  vat_percent: z.string().nullable(),
});

export const externalTariffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.get(
    "/forwarders_api/v1/billing/tariffs",
    {
      schema: {
        tags: ["billing"],
        summary: "The tenant airline's tariffs a forwarder may see, with their rate-break columns and other charges (effective_on: in force that day; default today)",
        querystring: PageQuerySchema.extend({ origin: iataCode().optional(), destination: iataCode().optional(), effective_on: isoDate().optional() }),
        response: { 200: pageOf(ExternalTariffSchema), ...resourceErrors },
      },
    },
    async (request) => {
      allowRule(request, TARIFFS, "read_tariffs");
      const viewer = await priceViewer(db, request);
      const { origin, destination, page, per_page } = request.query;
      const day = request.query.effective_on ?? utcDateOf(app.deps.now());
      const inForce = (t: typeof tariffs | typeof billingCharges) => and(lte(t.effectiveFrom, day), or(isNull(t.effectiveTo), gte(t.effectiveTo, day)));
      const where = and(visiblePrices(tariffs, viewer), inForce(tariffs), origin ? eq(tariffs.origin, origin) : undefined, destination ? eq(tariffs.destination, destination) : undefined);
      const [total] = await db.select({ n: count() }).from(tariffs).where(where);
      const rows = await db.select().from(tariffs).where(where).orderBy(asc(tariffs.origin), asc(tariffs.destination), asc(tariffs.id)).limit(per_page).offset(pageOffset(page, per_page));
      // only the charges that could go with this page's tariffs: ends any, or one of the page's airports
      const ends = (list: Array<string | null>) => [...new Set(list.filter((c): c is string => c !== null))];
      const endIn = (column: AnyColumn, codes: string[]) => (codes.length ? or(isNull(column), inArray(column, codes)) : isNull(column));
      const charges = rows.length
        ? ((await db
            .select()
            .from(billingCharges)
            .where(
              and(
                visiblePrices(billingCharges, viewer),
                inForce(billingCharges),
                endIn(billingCharges.origin, ends(rows.map((t) => t.origin))),
                endIn(billingCharges.destination, ends(rows.map((t) => t.destination))),
              ),
            )) as PriceRow[])
        : [];
      const data = rows.map((t) => {
        const contracted = viewer.account !== null && t.accountsIncluded.includes(viewer.account);
        const applies = (c: (typeof charges)[number]) => (!c.origin || c.origin === t.origin) && (!c.destination || c.destination === t.destination);
        return {
          id: t.id,
          airline: t.airline,
          companies: contracted ? [viewer.account!] : [],
          contracted,
          currency: t.currency,
          origin: t.origin,
          destination: t.destination,
          effective_from: t.effectiveFrom,
          effective_to: t.effectiveTo,
          other_charges: (charges as Array<typeof billingCharges.$inferSelect>).filter(applies).map((c) => {
            const n = plainNumbers(c);
            return { code: c.chargeCode, name: c.chargeName, basis: c.basis, rate: n.rate, minimal_rate: n.minimalRate, currency: c.currency };
          }),
          product: t.product,
          summary_rates: summaryRatesOf(t.rates),
          transit: t.transfers,
          type: contracted ? ("contracted" as const) : ("published" as const),
          vat_percent: plainNumbers(t).vat,
        };
      });
      return { data, meta: pageMeta(total?.n ?? 0, page, per_page) };
    },
  );
};
