import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Decimal, formatRate } from "../../../cargo/money/money";
import { WAYBILL_BILLING } from "../../../cargo/access/rules";
import { meets } from "../access/can-access";
import { loadAirWaybill, mawbParam } from "../air-waybills/shipment.server";
import { verifyCsrf } from "../auth/csrf.server";
import type { SignedInUser } from "../auth/guard.server";
import { requirePage } from "../auth/require-page.server";
import { failureResponse } from "../upstream/failure-response.server";
import { notFound, recordIdOf } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import { roundedAmount } from "../upstream/amount.server";
import type { ErrorCode } from "../upstream/errors";
import { fieldRefusalMessages, wholeRefusalMessage } from "../upstream/refusal-message";
import {
  addWaybillRate,
  calculateWaybill,
  deleteWaybillRate,
  getWaybillRates,
  NotPricedSchema,
  type ManualRateInput,
  type PriceReason,
  type RateLine,
} from "../upstream/waybill-rates.server";
import { ADD_LINE_FIELDS, BILLING_INTENTS, type AddLineField, type AddLineReply, type CalculateReply } from "./waybill-billing-values";

// The waybill's billing page (spec 1 /shipments/:mawb/billing; issue 24): its chargeable weight, tariff and billing
// dates, the rate lines with how each was priced, and the totals per currency; for billing (platform, airline
// Default/Manager/Billing: WAYBILL_BILLING, the API's BILLING_ACCESS) a Calculate button, an Add line form and a
// Delete per line, each a plain POST that works without JavaScript. Whoever opens the shipment reads the page; a
// post by anyone else is the not-found page (the route's `action` condition). Amounts stay decimal text: rounded
// here once to the currency, grouped on the page without becoming numbers.

const ROUTE = "/dashboard/shipments/:mawb/billing";
const pageUrl = (mawb: string) => `/dashboard/shipments/${mawb}/billing`;

/** A rate line as the page draws it: amounts rounded to the currency, the rate with its finer digits kept. */
export interface BillingLine extends Omit<RateLine, "reasons"> {
  reasons: PriceReason[];
}

export interface BillingPageData {
  pageTitle: string;
  mawb: string;
  route: string[];
  rates: {
    chargeableWeight: number | null;
    tariffDate: string | null;
    billingDate: string | null;
    lines: BillingLine[];
    totals: Array<{ currency: string; amount: string; vat: string }>;
  } | null;
  error: ErrorCode | null;
  canBill: boolean;
  /** The currency the add form starts with: the lines' own, else the waybill's. */
  currency: string;
}

const rateText = (rate: string, currency: string) => {
  try {
    return formatRate(new Decimal(rate), currency);
  } catch {
    return rate;
  }
};

function lineView(line: RateLine): BillingLine {
  return {
    ...line,
    rate: rateText(line.rate, line.currency),
    amount: roundedAmount(line.amount, line.currency),
    vat: roundedAmount(line.vat, line.currency),
  };
}

export async function billingLoader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const mawb = mawbParam(args.params.mawb);
  const [awb, rates] = await Promise.all([loadAirWaybill(user, mawb), getWaybillRates(user.api, mawb)]);
  if (!rates.ok && rates.code === "NotFound") throw notFound();
  const data: BillingPageData = {
    pageTitle,
    mawb,
    route: awb.route.length ? awb.route : [awb.origin_iata, awb.destination_iata],
    rates: rates.ok
      ? {
          chargeableWeight: rates.data.chargeable_weight,
          tariffDate: rates.data.tariff_date,
          billingDate: rates.data.billing_date,
          lines: rates.data.rates.map(lineView),
          totals: rates.data.totals.map((s) => ({ currency: s.currency, amount: roundedAmount(s.amount, s.currency), vat: roundedAmount(s.vat, s.currency) })),
        }
      : null,
    error: rates.ok ? null : rates.code,
    canBill: meets(WAYBILL_BILLING, user.access),
    currency: (rates.ok ? rates.data.totals[0]?.currency : null) ?? awb.currency ?? "",
  };
  return json(data);
}

/** The most characters a typed value of the add form keeps (the API's own limits are lower; this bounds the echo). */
const VALUE_MAX = 300;

function typedValues(form: FormData): Record<AddLineField, string> {
  return Object.fromEntries(ADD_LINE_FIELDS.map((name) => [name, String(form.get(name) ?? "").trim().slice(0, VALUE_MAX)])) as Record<AddLineField, string>;
}

/** What the form sends upstream: the empty optional fields left out, so the API's defaults apply. */
function manualRate(v: Record<AddLineField, string>): ManualRateInput {
  const optional = (value: string) => (value === "" ? undefined : value);
  return {
    kind: v.kind || "charge",
    code: v.code.toUpperCase(),
    rate_class_code: optional(v.rate_class_code),
    description: optional(v.description),
    rate: v.rate.replace(",", "."),
    base_value: optional(v.base_value.replace(",", ".")),
    amount: optional(v.amount.replace(",", ".")),
    currency: v.currency.toUpperCase(),
    basis: v.basis || "fixed",
    vat_inclusion: v.vat_inclusion || "without",
    vat_percent: optional(v.vat_percent.replace(",", ".")),
    invoice_number: optional(v.invoice_number),
  };
}

async function addLine(user: SignedInUser, mawb: string, form: FormData) {
  const values = typedValues(form);
  const errors: Partial<Record<AddLineField, string[]>> = {};
  for (const name of ["code", "rate", "currency"] as const) if (!values[name]) errors[name] = ["errors:required"];
  if (Object.keys(errors).length) return json({ add: { values, errors, formErrors: [] } satisfies AddLineReply }, { status: 400 });
  const input = manualRate(values);
  const added = await addWaybillRate(user.api, mawb, input);
  if (added.ok) return redirectWithNotice(pageUrl(mawb), user, { kind: "success", key: "pricing:notices.added", params: { code: input.code } });
  if (added.code === "NotFound") throw notFound();
  if (added.status !== 422 && added.status !== 400) throw failureResponse(added);
  const byField = fieldRefusalMessages(added);
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(byField)) {
    if ((ADD_LINE_FIELDS as readonly string[]).includes(field)) errors[field as AddLineField] = messages;
    else formErrors.push(...messages);
  }
  const whole = wholeRefusalMessage(added);
  if (whole) formErrors.push(whole);
  if (!formErrors.length && !Object.keys(errors).length) formErrors.push(`errors:${added.code}`);
  return json({ add: { values, errors, formErrors } satisfies AddLineReply }, { status: 422 });
}

async function calculate(user: SignedInUser, mawb: string) {
  const done = await calculateWaybill(user.api, mawb);
  if (done.ok) return redirectWithNotice(pageUrl(mawb), user, { kind: "success", key: "pricing:notices.calculated", params: { mawb } });
  if (done.code === "NotFound") throw notFound();
  const refused = done.status === 422 ? NotPricedSchema.safeParse(done.body) : null;
  if (refused?.success) {
    const [first, ...passedOver] = refused.data.refusals;
    const reply: CalculateReply = { tariffDate: refused.data.tariff_date, refusal: first ?? null, passedOver, message: first ? null : wholeRefusalMessage(done) };
    return json({ calculate: reply }, { status: 422 });
  }
  return redirectWithNotice(pageUrl(mawb), user, { kind: "error", key: `errors:${done.code}` });
}

async function deleteLine(user: SignedInUser, mawb: string, form: FormData) {
  const removed = await deleteWaybillRate(user.api, mawb, recordIdOf(String(form.get("id") ?? "")));
  if (removed.ok) return redirectWithNotice(pageUrl(mawb), user, { kind: "success", key: "pricing:notices.deleted" });
  // the line went away meanwhile (the API names it); another company's waybill is the not-found page
  if (removed.refusal?.code === "rate_not_found") return redirectWithNotice(pageUrl(mawb), user, { kind: "error", key: "pricing:notices.deleteFailed" });
  if (removed.code === "NotFound") throw notFound();
  return redirectWithNotice(pageUrl(mawb), user, { kind: "error", key: "pricing:notices.failed" });
}

export async function billingAction(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const mawb = mawbParam(args.params.mawb);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  switch (form.get("intent")) {
    case BILLING_INTENTS.calculate:
      return calculate(user, mawb);
    case BILLING_INTENTS.add:
      return addLine(user, mawb, form);
    case BILLING_INTENTS.delete:
      return deleteLine(user, mawb, form);
    default:
      throw new Response("Bad Request", { status: 400 });
  }
}
