import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Decimal, formatAmount, roundToCurrency } from "../../cargo/money/money";
import type { BillingDateSource, PriceLine, VatInclusion } from "../../cargo/pricing/types";
import { totalsOf } from "../../cargo/pricing/price-shipment";
import { findVisible, mawbOf, type AirWaybillRow } from "../air-waybills/access";
import { airlineOfCarrier } from "../air-waybills/figures";
import { utcDateOf } from "../clock";
import type { Db } from "../db/open";
import { airWaybills, companies, rateLines } from "../db/schema";
import { optAmount, optPercent, reqAmount } from "../http/amount-input";
import { notFound, refuse } from "../http/errors";
import { Id, MawbParams, TEXT_MAX, tooLong } from "../http/input";
import { amountAnswer } from "../http/amount-answer";
import { resourceErrors } from "../http/schemas";
import { allow, type Who } from "../settings/access";
import { codeList, optText } from "../settings/common";
import { codeField, currencyCode } from "./price-fields";
import { priceWaybill, type WaybillPrice } from "./waybill-price";

// A waybill's rate lines and its calculation (spec 3 §7 "Air waybills": POST /{id}/calculate, GET and POST /{id}/rates,
// DELETE /{id}/rates/{rateId}; "Billing": POST billing/calculate for a list). The calculation replaces the lines the
// engine wrote before (manual ones stay), sets the waybill's estimated revenue from its total, fills the printed
// waybill's rating and other charges while it is not issued, and, when the airline bills automatically, its billing
// date by the airline's billing_date_source.

/** Who bills: platform, and the airline's Default, Manager and Billing users (spec 1 §6 Billing). */
export const BILLING_ACCESS = { platform: true, airline: ["operator", "manager", "billing"] } as const satisfies Who;
/** The most waybills one billing/calculate prices. */
export const MAX_CALCULATE = 100;

export const RateLineSchema = z.object({
  id: z.number().int(),
  mawb: z.string(),
  kind: z.string(),
  code: z.string(),
  rate_class_code: z.string().nullable(),
  description: z.string().nullable(),
  rate: z.string(),
  amount: z.string(),
  currency: z.string(),
  base_value: z.string(),
  basis: z.string(),
  weight_brake: z.string().nullable(),
  vat_inclusion: z.string(),
  vat: z.string(),
  vat_percent: z.string().nullable(),
  invoice_number: z.string().nullable(),
  unit_code: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  buyer_id: z.number().int().nullable(),
  rate_numbers: z.string().nullable(),
  added_by: z.string(),
  calculation_type: z.enum(["auto", "manual"]),
  reasons: z.array(z.object({ code: z.string(), params: z.record(z.union([z.string(), z.number()])).optional() })),
  created_at: z.string(),
});

const TotalsSchema = z.array(z.object({ currency: z.string(), amount: z.string(), vat: z.string() }));

export const WaybillRatesSchema = z.object({
  mawb: z.string(),
  chargeable_weight: z.number().nullable(),
  tariff_date: z.string().nullable(),
  billing_date: z.string().nullable(),
  rates: z.array(RateLineSchema),
  totals: TotalsSchema.describe("per currency: what the payer pays (amounts plus VAT not included) and all the VAT"),
});

function lineAnswer(row: typeof rateLines.$inferSelect) {
  return {
    ...row,
    rate: amountAnswer(row.rate)!,
    amount: amountAnswer(row.amount)!,
    base_value: amountAnswer(row.base_value)!,
    weight_brake: amountAnswer(row.weight_brake),
    vat: amountAnswer(row.vat)!,
    vat_percent: amountAnswer(row.vat_percent),
    calculation_type: row.calculation_type as "auto" | "manual",
    created_at: row.created_at.toISOString(),
  };
}

async function ratesAnswer(db: Db, awb: AirWaybillRow) {
  const rows = await db.select().from(rateLines).where(eq(rateLines.air_waybill_id, awb.id)).orderBy(asc(rateLines.id));
  return {
    mawb: awb.mawb,
    chargeable_weight: awb.charge_weight,
    tariff_date: awb.tariff_date,
    billing_date: awb.billing_date,
    rates: rows.map(lineAnswer),
    // summed as the engine sums a price's lines: what is paid (VAT not included added) and all the VAT
    totals: totalsOf(rows.map((r) => ({ amount: r.amount, vat: r.vat, vatInclusion: r.vat_inclusion as VatInclusion, currency: r.currency }))),
  };
}

/** The airline's company: the supplier of what a rate line bills. */
async function airlineCompanyId(db: Db, carrier: string): Promise<number | null> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.carrier, carrier), eq(companies.business_type, "airline"))).limit(1);
  return row?.id ?? null;
}

/** What the line counts: kilograms, pieces, or the shipment. */
const UNIT: Record<string, string> = { gross: "K", charge: "K", pieces: "P", fixed: "S", percent: "S" };

/**
 * The printed waybill's boxes from the lines (IATA Resolution 600a): one rating line per airfreight line, and the
 * charges and surcharges as other charges due the carrier (a Cargo-IMP other charge is two letters and who it is
 * due to: "MYC" is MY due carrier), paid as the weight charge is.
 */
function printedBlocks(awb: AirWaybillRow, lines: readonly PriceLine[], chargeableWeight: number) {
  const airfreight = lines.filter((l) => l.kind === "airfreight");
  const rating = airfreight.map((l) => ({
    pieces: awb.pieces,
    gross_weight: awb.weight,
    rate_class_code: l.rateClass ?? "N",
    commodity_item_number: null,
    chargeable_weight: chargeableWeight,
    rate: l.rate,
    total: l.amount,
    nature_of_goods: awb.commodity,
  }));
  const other_charges = lines
    .filter((l) => l.kind !== "airfreight")
    .map((l) => {
      const code = l.code.toUpperCase();
      const due = code.length === 3 && (code.endsWith("A") || code.endsWith("C")) ? (code[2] as "A" | "C") : "C";
      return { code: code.slice(0, 2), due, payment: awb.wt_val === "C" ? ("C" as const) : ("P" as const), amount: l.amount };
    });
  return { rating, other_charges, weight_charge: airfreight.length ? formatAmount(airfreight.reduce((s, l) => s.plus(l.amount), new Decimal(0)), airfreight[0]!.currency) : null };
}

/** The billing date an airline that bills automatically gives a priced waybill (its billing_date_source). */
function billingDateOf(source: string | null, awb: AirWaybillRow, today: string): string | null {
  switch (source as BillingDateSource | null) {
    case "issue":
      return awb.issue_date;
    case "departure":
      return awb.departed_at ? utcDateOf(awb.departed_at) : awb.departure_at ? utcDateOf(awb.departure_at) : null;
    default:
      // "calculation", or none chosen: the day it was priced
      return today;
  }
}

/**
 * How a calculation treats the printed waybill's charges (before issue; after it they are the document's):
 * - "replace" (the airline's Calculate): the rating block and the charges due the carrier become the price's; other
 *   charges due the agent, which the agent wrote, stay;
 * - "ifEmpty" (a waybill being created, the demo): only blocks nobody filled in take the price, so a waybill that
 *   arrives with its own charges (an FWB, a form) keeps them.
 */
export type PrintedCharges = "replace" | "ifEmpty";

/** Prices the waybill and stores what the price says; the refusals when it cannot be priced (nothing changes then). */
export async function calculateWaybill(db: Db, now: Date, awb: AirWaybillRow, printed: PrintedCharges = "replace"): Promise<{ ok: true } | { ok: false; priced: WaybillPrice }> {
  const priced = await priceWaybill(db, awb, now);
  const { price, date } = priced;
  if (price.refusals.length) return { ok: false, priced };
  const airline = await airlineOfCarrier(db, awb.carrier);
  const supplierId = await airlineCompanyId(db, awb.carrier);
  await db.transaction(async (tx) => {
    await tx.delete(rateLines).where(and(eq(rateLines.air_waybill_id, awb.id), eq(rateLines.calculation_type, "auto")));
    if (price.lines.length) {
      await tx.insert(rateLines).values(
        price.lines.map((l) => ({
          air_waybill_id: awb.id,
          mawb: awb.mawb,
          kind: l.kind,
          code: l.code,
          rate_class_code: l.rateClass,
          description: l.description,
          rate: l.rate,
          amount: l.amount,
          currency: l.currency,
          base_value: l.baseValue,
          basis: l.basis,
          weight_brake: l.weightBrake === null ? null : String(l.weightBrake),
          vat_inclusion: l.vatInclusion,
          vat: l.vat,
          vat_percent: l.vatPercent,
          unit_code: UNIT[l.basis] ?? null,
          supplier_id: supplierId,
          buyer_id: awb.forwarder_id,
          rate_numbers: `${l.kind === "airfreight" ? "tariff" : l.kind}:${l.sourceId}`,
          added_by: "calculation",
          calculation_type: "auto",
          reasons: l.reasons,
        })),
      );
    }
    const first = price.totals[0]!;
    const sameCurrency = !awb.currency || awb.currency === first.currency;
    const blocks = printedBlocks(awb, price.lines, price.chargeableWeightKg);
    const open = !awb.issued_at && sameCurrency;
    const rating = open && (printed === "replace" || !awb.rating.length);
    const charges = open && (printed === "replace" || !awb.other_charges.length);
    await tx
      .update(airWaybills)
      .set({
        tariff_date: awb.tariff_date ?? date,
        ...(sameCurrency ? { provisional_amount: first.amount, currency: first.currency } : {}),
        // The printed waybill is the issued document: its boxes change only before it is issued.
        ...(rating ? { rating: blocks.rating, totals: { ...awb.totals, weight_charge: blocks.weight_charge } } : {}),
        ...(charges ? { other_charges: [...awb.other_charges.filter((c) => c.due === "A"), ...blocks.other_charges] } : {}),
        ...(airline.auto_billing && !awb.billing_date ? { billing_date: billingDateOf(airline.billing_date_source, awb, utcDateOf(now)) } : {}),
        updated_at: now,
      })
      .where(eq(airWaybills.id, awb.id));
  });
  return { ok: true };
}

/** 422 "the waybill could not be priced" with the engine's refusals beside the sentences (spec 3: "a 422 returns a list of errors"). */
const notPriced = (priced: WaybillPrice) =>
  refuse(422, "waybill_not_priced", {}, { as: "errors", extra: { refusals: priced.price.refusals, tariff_date: priced.date } });

const ManualRate = z
  .object({
    kind: z.enum(["airfreight", "charge", "surcharge"]).default("charge"),
    code: codeField(),
    rate_class_code: z.enum(["M", "N", "Q"]).nullish(),
    description: optText(TEXT_MAX.name),
    rate: reqAmount(),
    base_value: optAmount(),
    amount: optAmount(),
    currency: currencyCode(),
    basis: z.enum(["gross", "charge", "fixed", "pieces"]).default("fixed"),
    vat_inclusion: z.enum(["without", "notIncluded", "included"]).default("without"),
    vat_percent: optPercent(),
    invoice_number: optText(TEXT_MAX.code * 4),
  })
  .strict();

/**
 * A manual line's body, flat or wrapped as `{ rate: {...} }`. Not the settings' `wrapped`: the record's name is also
 * one of its fields (the rate), so only an object under it is the wrapper.
 */
const rateBody = z.preprocess(
  (v) => (v && typeof v === "object" && "rate" in v && typeof (v as { rate: unknown }).rate === "object" ? (v as { rate: unknown }).rate : v),
  ManualRate,
);


export const waybillRateRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["billing"];

  app.get(
    "/api/v3/air_waybills/:mawb/rates",
    { schema: { tags, summary: "The waybill's rate lines, with their explanation, and totals per currency", params: MawbParams, response: { 200: WaybillRatesSchema, ...resourceErrors } } },
    async (request) => ratesAnswer(db, await findVisible(db, request.auth, mawbOf(request.params.mawb))),
  );

  app.post(
    "/api/v3/air_waybills/:mawb/calculate",
    {
      schema: {
        tags,
        summary: "Price the waybill with the airline's tariffs, charges and surcharges (422 lists why it could not be priced; 404 AirWaybill not found)",
        params: MawbParams,
        response: { 200: WaybillRatesSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, BILLING_ACCESS);
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const done = await calculateWaybill(db, app.deps.now(), awb);
      if (!done.ok) throw notPriced(done.priced);
      return ratesAnswer(db, await findVisible(db, request.auth, awb.mawb));
    },
  );

  app.post(
    "/api/v3/air_waybills/:mawb/rates",
    { schema: { tags, summary: "Add a rate line by hand (it stays when the waybill is calculated again)", params: MawbParams, body: rateBody, response: { 201: WaybillRatesSchema, ...resourceErrors } } },
    async (request, reply) => {
      allow(request.auth, BILLING_ACCESS);
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const b = request.body;
      const base = b.base_value ?? "1";
      const amount = b.amount ?? formatAmount(roundToCurrency(new Decimal(b.rate).times(base), b.currency), b.currency);
      const percent = b.vat_inclusion === "without" ? null : (b.vat_percent ?? null);
      const vat = percent === null ? new Decimal(0) : b.vat_inclusion === "included" ? new Decimal(amount).times(percent).div(new Decimal(percent).plus(100)) : new Decimal(amount).times(percent).div(100);
      await db.insert(rateLines).values({
        air_waybill_id: awb.id,
        mawb: awb.mawb,
        kind: b.kind,
        code: b.code,
        rate_class_code: b.rate_class_code ?? null,
        description: b.description ?? null,
        rate: b.rate,
        amount,
        currency: b.currency,
        base_value: base,
        basis: b.basis,
        vat_inclusion: b.vat_inclusion,
        vat: formatAmount(vat, b.currency),
        vat_percent: percent,
        invoice_number: b.invoice_number ?? null,
        unit_code: UNIT[b.basis] ?? null,
        supplier_id: await airlineCompanyId(db, awb.carrier),
        buyer_id: awb.forwarder_id,
        added_by: request.auth.user.email,
        calculation_type: "manual",
      });
      return reply.code(201).send(await ratesAnswer(db, awb));
    },
  );

  app.delete(
    "/api/v3/air_waybills/:mawb/rates/:rateId",
    {
      schema: {
        tags,
        summary: "Delete a rate line",
        params: MawbParams.extend({ rateId: Id() }),
        response: { 204: z.null(), ...resourceErrors },
      },
    },
    async (request, reply) => {
      allow(request.auth, BILLING_ACCESS);
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const deleted = await db.delete(rateLines).where(and(eq(rateLines.id, request.params.rateId), eq(rateLines.air_waybill_id, awb.id))).returning({ id: rateLines.id });
      if (!deleted.length) throw notFound("rate_not_found");
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/v3/billing/calculate",
    {
      schema: {
        tags,
        summary: `Price a list of waybills (at most ${MAX_CALCULATE}); each answers priced or why not`,
        body: z.object({ mawb_list: codeList(z.string().max(TEXT_MAX.code * 4, tooLong(TEXT_MAX.code * 4))).pipe(z.array(z.string()).min(1).max(MAX_CALCULATE)) }).strict(),
        response: {
          200: z.object({ data: z.array(z.object({ mawb: z.string(), calculated: z.boolean(), totals: TotalsSchema, refusals: z.array(z.object({ code: z.string(), params: z.record(z.union([z.string(), z.number()])).optional() })) })) }),
          ...resourceErrors,
        },
      },
    },
    async (request) => {
      allow(request.auth, BILLING_ACCESS);
      const data = [];
      for (const text of new Set(request.body.mawb_list)) {
        let awb: AirWaybillRow;
        try {
          awb = await findVisible(db, request.auth, mawbOf(text));
        } catch {
          data.push({ mawb: text, calculated: false, totals: [], refusals: [{ code: "shipment_not_found", params: { mawb: text } }] });
          continue;
        }
        const done = await calculateWaybill(db, app.deps.now(), awb);
        if (!done.ok) data.push({ mawb: awb.mawb, calculated: false, totals: [], refusals: done.priced.price.refusals });
        else data.push({ mawb: awb.mawb, calculated: true, totals: (await ratesAnswer(db, awb)).totals, refusals: [] });
      }
      return { data };
    },
  );
};

