import { Decimal, formatAmount, minorUnitsOf } from "../../../cargo/money/money";
import type { BillingCharge, Surcharge, Tariff } from "../upstream/billing.server";
import { SUMMARY_COLUMNS, type SummaryColumn } from "./price-values";

// What a price list sends the browser for a row: the fields it shows, amounts already written with the currency's
// decimals. Written on the server (the loader), so the list page's JS carries neither decimal.js nor the ISO 4217
// table, and no amount is ever a JavaScript number on the way.

/**
 * An amount as the currency writes it ("1500" RUB → "1500.00", JPY "1500", KWD "0.125"): decimal text in, text out.
 * A rate finer than the currency's minor unit (0.125 RUB per kg) keeps its own digits: rounding it for display
 * would show a price the airline did not publish.
 */
export function amountText(value: string | null, currency: string): string | null {
  if (value === null) return null;
  let amount: Decimal;
  try {
    amount = new Decimal(value);
  } catch {
    // an answer that is not decimal text is shown as it came, never guessed at
    return value;
  }
  const digits = minorUnitsOf(currency) ?? 2;
  return amount.decimalPlaces() > digits ? amount.toFixed() : formatAmount(amount, currency);
}

/** Decimal text without trailing zeros, for weights and percentages ("20.000" → "20"). */
function plain(value: string | null): string | null {
  if (value === null) return null;
  try {
    return new Decimal(value).toFixed();
  } catch {
    return value;
  }
}

/** The fields every price's row shows: route, currency, VAT, effective dates, and the expired and notified badges. */
function scopeRow(p: Tariff | BillingCharge | Surcharge) {
  return {
    id: p.id,
    internalId: p.internalId,
    origin: p.origin,
    destination: p.destination,
    transfers: p.transfers,
    nonStop: p.nonStop,
    currency: p.currency,
    vatInclusion: p.vatInclusion,
    vat: plain(p.vat),
    effectiveFrom: p.effectiveFrom,
    effectiveTo: p.effectiveTo,
    expired: p.expired,
    notified: p.notified,
  };
}

export function tariffRow(t: Tariff) {
  return {
    ...scopeRow(t),
    product: t.product,
    basis: t.basis,
    summary: Object.fromEntries(SUMMARY_COLUMNS.map((c) => [c, amountText(t.summaryRates[c], t.currency)])) as Record<SummaryColumn, string | null>,
  };
}
export type TariffRow = ReturnType<typeof tariffRow>;

export function chargeRow(c: BillingCharge) {
  return {
    ...scopeRow(c),
    chargeCode: c.chargeCode,
    chargeName: c.chargeName,
    basis: c.basis,
    rate: amountText(c.rate, c.currency),
    minimalRate: amountText(c.minimalRate, c.currency),
    products: c.products,
    shc: c.shc,
    originCountry: c.originCountry,
    destinationCountry: c.destinationCountry,
    routeRegion: c.routeRegion,
  };
}
export type ChargeRow = ReturnType<typeof chargeRow>;

export function surchargeRow(x: Surcharge) {
  return {
    ...scopeRow(x),
    code: x.code,
    productCode: x.productCode,
    type: x.type,
    // a percentage is no amount of the currency
    value: x.type === "percent" ? plain(x.value) : amountText(x.value, x.currency),
    minimalWeight: plain(x.minimalWeight),
  };
}
export type SurchargeRow = ReturnType<typeof surchargeRow>;

/** One line of the confirm-awareness dialog: what the forwarder is told it now knows of. */
export function awarenessLine(p: Tariff | BillingCharge | Surcharge): { id: number; code: string | null; origin: string | null; destination: string | null; effectiveFrom: string } {
  const code = "chargeCode" in p ? p.chargeCode : "code" in p ? p.code : p.product;
  return { id: p.id, code, origin: p.origin, destination: p.destination, effectiveFrom: p.effectiveFrom };
}
