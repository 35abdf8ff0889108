// The table of rate cases (rate-cases.json), each computed by hand in its "why": the engine must give the same lines,
// totals and refusals. The table is data so that a person who checks prices can read and extend it without code.
import { describe, expect, it } from "vitest";
import { PRICE_REASON_CODES } from "./reason-codes";
import { buildPriceIndex } from "./price-index";
import { priceShipment } from "./price-shipment";
import table from "./rate-cases.json";
import type { AirlinePricing, BillingCharge, Price, PricedShipment, Surcharge, Tariff, TariffRate } from "./types";

type Fields = Record<string, unknown>;
interface RateCase {
  name: string;
  why: string;
  airline?: Fields;
  shipment?: Fields;
  tariffs: Fields[];
  charges?: Fields[];
  surcharges?: Fields[];
  expect: {
    chargeableWeightKg?: number;
    chargeableBasis?: string;
    lines?: Fields[];
    totals?: Price["totals"];
    refusals?: Array<{ code: string; params?: Fields }>;
  };
}

const defaults = table.defaults as unknown as Record<"airline" | "shipment" | "scope" | "tariff" | "charge" | "surcharge", Fields>;
const cases = table.cases as unknown as RateCase[];

/** "M", "N", "Q45", "PER/Q100" → TariffRate rows. */
function ratesOf(compact: Record<string, string>): TariffRate[] {
  return Object.entries(compact).map(([key, value]) => {
    const [product, rate] = key.includes("/") ? key.split("/") : [null, key];
    const rateClass = rate!.charAt(0) as TariffRate["rateClass"];
    return { productCode: product ?? null, rateClass, weightBrake: rateClass === "Q" ? Number(rate!.slice(1)) : 0, value };
  });
}

const tariffOf = (fields: Fields): Tariff => {
  const merged = { ...defaults.scope, ...defaults.tariff, ...fields };
  return { ...merged, rates: ratesOf(merged.rates as Record<string, string>) } as unknown as Tariff;
};
const chargeOf = (fields: Fields) => ({ ...defaults.scope, ...defaults.charge, ...fields }) as unknown as BillingCharge;
const surchargeOf = (fields: Fields) => ({ ...defaults.scope, ...defaults.surcharge, ...fields }) as unknown as Surcharge;

function run(c: RateCase): Price {
  const index = buildPriceIndex({ tariffs: c.tariffs.map(tariffOf), charges: (c.charges ?? []).map(chargeOf), surcharges: (c.surcharges ?? []).map(surchargeOf) });
  const shipment = { ...defaults.shipment, ...c.shipment } as unknown as PricedShipment;
  const airline = { ...defaults.airline, ...c.airline } as unknown as AirlinePricing;
  return priceShipment(shipment, index, airline);
}

describe("rate cases (rate-cases.json)", () => {
  it("holds at least 40 cases, each with a name, a why and an expectation", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    for (const c of cases) expect(c.why.length, c.name).toBeGreaterThan(10);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const price = run(c);
    const want = c.expect;
    if (want.chargeableWeightKg !== undefined) expect(price.chargeableWeightKg).toBe(want.chargeableWeightKg);
    if (want.chargeableBasis !== undefined) expect(price.chargeableBasis).toBe(want.chargeableBasis);
    if (want.lines) {
      expect(price.lines.map((l) => `${l.kind}:${l.code}`)).toEqual(want.lines.map((l, i) => `${l.kind}:${l.code ?? price.lines[i]?.code}`));
      want.lines.forEach((line, i) => {
        const got = price.lines[i]!;
        for (const [field, value] of Object.entries(line)) {
          if (field === "reasons") expect(got.reasons.map((r) => r.code), `line ${i} reasons`).toEqual(expect.arrayContaining(value as string[]));
          else expect((got as unknown as Fields)[field], `line ${i} ${field}`).toEqual(value);
        }
      });
    }
    if (want.totals) expect(price.totals).toEqual(want.totals);
    expect(price.refusals.map((r) => r.code)).toEqual((want.refusals ?? []).map((r) => r.code));
    (want.refusals ?? []).forEach((r, i) => {
      if (r.params) expect(price.refusals[i]!.params).toMatchObject(r.params);
    });
  });

  it("writes only the reason codes it exports (the list pages translate)", () => {
    const known = new Set<string>(PRICE_REASON_CODES);
    const written = new Set<string>();
    for (const c of cases) {
      const price = run(c);
      for (const r of [...price.refusals, ...price.lines.flatMap((l) => l.reasons)]) written.add(r.code);
    }
    expect([...written].filter((code) => !known.has(code))).toEqual([]);
    // The table reaches every code but these: the index never offers another carrier's or another route's tariff,
    // and broken airline settings are not a rate case (pricing.test.ts covers them).
    const elsewhere = ["invalid_airline_settings", "tariff_other_airline", "tariff_other_origin", "tariff_other_destination"];
    expect([...known].filter((code) => !written.has(code)).sort()).toEqual(elsewhere.sort());
  });
});
