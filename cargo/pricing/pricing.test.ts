// Focused checks of the engine's parts, beside the table of rate cases: what the table cannot show (the index reads
// only the trip's buckets, the order of specificity as a whole, limits on odd data, the public surface).
import { describe, expect, it } from "vitest";
import * as cargo from "../index";
import { airfreightOf } from "./airfreight";
import { Decimal } from "../money/money";
import { buildPriceIndex, candidatesOf } from "./price-index";
import { scopeMiss, tariffMiss, tripScopeOf, chargeApplies } from "./price-scope";
import { MAX_PASSED_OVER, priceShipment, totalsOf } from "./price-shipment";
import { compareSpecificity, specificitySummary, tariffSpecificity } from "./tariff-choice";
import type { AirlinePricing, BillingCharge, PricedShipment, PriceLine, Tariff } from "./types";

const airline: AirlinePricing = { chargeableRatio: 6000, minChargeWeight: null, cwRoundingRule: "0.5", tariffsPublication: false };
const shipment = (fields: Partial<PricedShipment> = {}): PricedShipment => ({
  carrier: "SU",
  legs: [{ origin: "SVO", destination: "LED", nonStop: true }],
  product: "GCR",
  shcs: [],
  pieces: 1,
  grossWeightKg: 30,
  volumeM3: 0,
  date: "2026-03-10",
  account: "A1",
  accountGroups: [],
  salesChannel: "web",
  ...fields,
});
const tariff = (fields: Partial<Tariff> = {}): Tariff => ({
  id: 1,
  airline: "SU",
  origin: "SVO",
  destination: "LED",
  transfers: [],
  nonStop: false,
  effectiveFrom: "2026-01-01",
  effectiveTo: null,
  salesChannel: null,
  accounts: { included: [], excluded: [], notified: [] },
  groups: [],
  currency: "RUB",
  vatInclusion: "without",
  vatPercent: null,
  basis: "charge",
  level: "first",
  legsNumber: "any",
  product: null,
  isDerivative: false,
  minChargeableWeight: null,
  rates: [{ productCode: null, rateClass: "N", weightBrake: 0, value: "50" }],
  ...fields,
});
const index = (tariffs: Tariff[]) => buildPriceIndex({ tariffs, charges: [], surcharges: [] });

describe("price index", () => {
  it("offers a trip only the carrier's prices whose ends match it, exact route first", () => {
    const tariffs = [
      tariff({ id: 1, origin: null, destination: null }),
      tariff({ id: 2, origin: null }),
      tariff({ id: 3, destination: null }),
      tariff({ id: 4 }),
      tariff({ id: 5, destination: "KJA" }),
      tariff({ id: 6, origin: "LED", destination: "SVO" }),
      tariff({ id: 7, airline: "S7" }),
    ];
    expect(candidatesOf(index(tariffs).tariffs, "SU", "SVO", "LED").map((t) => t.id)).toEqual([4, 3, 2, 1]);
  });

  it("prices a trip by its buckets, not the whole set: 5000 tariffs elsewhere are never looked at", () => {
    const elsewhere = Array.from({ length: 5000 }, (_, i) => tariff({ id: 100 + i, destination: `X${i}` }));
    const price = priceShipment(shipment(), index([...elsewhere, tariff({ id: 1, effectiveTo: "2026-01-31" })]), airline);
    expect(price.refusals[0]).toMatchObject({ code: "no_tariff", params: { candidates: 1, shown: 1 } });
    expect(price.refusals[1]).toEqual({ code: "tariff_expired", params: { tariffId: 1, effectiveTo: "2026-01-31" } });
  });
});

describe("specificity", () => {
  it("an account's own tariff beats every other criterion of a general one", () => {
    const own = tariff({ id: 9, origin: null, destination: null, accounts: { included: ["A1"], excluded: [], notified: [] }, isDerivative: true });
    const detailed = tariff({
      id: 1,
      transfers: ["OVB"],
      legsNumber: "many",
      nonStop: true,
      product: "GCR",
      groups: ["G1"],
      salesChannel: "web",
      level: "second",
      effectiveFrom: "2026-03-01",
    });
    expect(compareSpecificity(tariffSpecificity(own), tariffSpecificity(detailed))).toBeLessThan(0);
    expect(specificitySummary(tariffSpecificity(own))).toBe("account+derivative");
    expect(specificitySummary(tariffSpecificity(detailed))).toBe("route2+transfers+legs+nonStop+product+groups+channel+second");
    expect(specificitySummary(tariffSpecificity(tariff({ origin: null, destination: null })))).toBe("general");
  });

  it("orders any set the same way whatever order it came in", () => {
    const set = [
      tariff({ id: 5 }),
      tariff({ id: 2, product: "GCR" }),
      tariff({ id: 3, level: "second" }),
      tariff({ id: 4, effectiveFrom: "2026-02-01" }),
      tariff({ id: 1 }),
      tariff({ id: 6, isDerivative: true }),
    ];
    const order = (list: Tariff[]) => [...list].sort((a, b) => compareSpecificity(tariffSpecificity(a), tariffSpecificity(b))).map((t) => t.id);
    expect(order(set)).toEqual([2, 3, 4, 1, 5, 6]);
    expect(order([...set].reverse())).toEqual([2, 3, 4, 1, 5, 6]);
  });
});

describe("applicability", () => {
  const trip = tripScopeOf(shipment());
  it("names the field that does not match", () => {
    expect(scopeMiss(tariff({ origin: "VKO" }), trip)).toEqual({ code: "tariff_other_origin", params: { tariffId: 1, origin: "VKO" } });
    expect(scopeMiss(tariff({ destination: "KJA" }), trip)).toEqual({ code: "tariff_other_destination", params: { tariffId: 1, destination: "KJA" } });
    expect(tariffMiss(tariff({ airline: "S7" }), trip, airline)).toEqual({ code: "tariff_other_airline", params: { tariffId: 1, airline: "S7" } });
  });

  it("an account on both lists is excluded", () => {
    const both = tariff({ accounts: { included: ["A1"], excluded: ["A1"], notified: [] } });
    expect(tariffMiss(both, trip, airline)?.code).toBe("tariff_account_excluded");
  });

  it("with publication on, a shipment without an account gets no tariff (no one acknowledged it)", () => {
    const published = tariff({ accounts: { included: [], excluded: [], notified: ["A1"] } });
    expect(tariffMiss(published, tripScopeOf(shipment({ account: null })), { ...airline, tariffsPublication: true })?.code).toBe("tariff_not_notified");
    expect(tariffMiss(published, trip, { ...airline, tariffsPublication: true })).toBeNull();
  });

  it("a charge for listed products does not apply to a shipment without a product", () => {
    const charge = { ...tariff(), chargeCode: "X", chargeName: "X", rate: "1", minimalRate: null, products: ["GCR"], shcs: [] } as BillingCharge;
    expect(chargeApplies(charge, trip)).toBe(true);
    expect(chargeApplies(charge, tripScopeOf(shipment({ product: null })))).toBe(false);
  });
});

describe("limits and odd data", () => {
  it("caps the passed-over list and still counts every candidate", () => {
    const expired = Array.from({ length: 15 }, (_, i) => tariff({ id: i + 1, effectiveTo: "2026-01-31" }));
    const price = priceShipment(shipment(), index(expired), airline);
    expect(price.refusals).toHaveLength(1 + MAX_PASSED_OVER);
    expect(price.refusals[0]!.params).toMatchObject({ candidates: 15, shown: MAX_PASSED_OVER });
  });

  it("refuses a shipment it cannot price instead of throwing", () => {
    const t = index([tariff()]);
    expect(priceShipment(shipment({ legs: [] }), t, airline).refusals).toEqual([{ code: "invalid_shipment", params: { field: "legs" } }]);
    expect(priceShipment(shipment({ date: "2026-02-30" }), t, airline).refusals[0]!.params).toEqual({ field: "date" });
    expect(priceShipment(shipment({ pieces: 1.5 }), t, airline).refusals[0]!.params).toEqual({ field: "pieces" });
    expect(priceShipment(shipment({ volumeM3: Number.NaN }), t, airline).refusals[0]!.params).toEqual({ field: "volumeM3" });
    expect(priceShipment(shipment({ grossWeightKg: 2_000_000 }), t, airline).refusals[0]!.params).toEqual({ field: "grossWeightKg" });
    expect(priceShipment(shipment(), t, { ...airline, chargeableRatio: 0 }).refusals).toEqual([
      { code: "invalid_airline_settings", params: { field: "chargeableRatio" } },
    ]);
    // The airline's own weight needs no ratio.
    expect(priceShipment(shipment({ airlineChargeableWeightKg: 30 }), t, { ...airline, chargeableRatio: 0 }).lines[0]!.amount).toBe("1500.00");
  });

  it("ignores Q rates whose break is not a weight, and refuses a negative rate", () => {
    const rates = [
      { productCode: null, rateClass: "N" as const, weightBrake: 0, value: "50" },
      { productCode: null, rateClass: "Q" as const, weightBrake: Number.NaN, value: "1" },
      { productCode: null, rateClass: "Q" as const, weightBrake: -45, value: "1" },
      { productCode: null, rateClass: "Q" as const, weightBrake: Number.POSITIVE_INFINITY, value: "1" },
    ];
    const freight = airfreightOf(1, "charge", rates, new Decimal(30));
    expect(freight?.amount.toString()).toBe("1500");
    const negative = priceShipment(shipment(), index([tariff({ rates: [{ productCode: null, rateClass: "N", weightBrake: 0, value: "-50" }] })]), airline);
    expect(negative.refusals).toEqual([{ code: "invalid_price_data", params: { sourceId: 1, field: "rates.N.0" } }]);
  });
});

describe("totals", () => {
  const line = (amount: string, vat: string, vatInclusion: PriceLine["vatInclusion"], currency = "RUB") =>
    ({ amount, vat, vatInclusion, currency }) as PriceLine;
  it("are what the payer pays: included VAT is inside the amount, VAT not included is added; vat sums both", () => {
    expect(totalsOf([line("1200.00", "200.00", "included"), line("100.00", "20.00", "notIncluded"), line("5", "0", "without", "JPY")])).toEqual([
      { currency: "RUB", amount: "1320.00", vat: "220.00" },
      { currency: "JPY", amount: "5", vat: "0" },
    ]);
  });
});

describe("public surface", () => {
  it("cargo/index names the reason codes and leaves the engine, which needs decimal.js, to be imported by path", () => {
    for (const name of ["PRICE_REASON_CODES", "PRICE_REFUSAL_CODES"]) expect(cargo, name).toHaveProperty(name);
    // the browser's bundles of the forms that import the index must not carry decimal.js and currency-codes
    for (const name of ["priceShipment", "buildPriceIndex", "candidatesOf", "totalsOf"]) expect(cargo, name).not.toHaveProperty(name);
    expect([priceShipment, buildPriceIndex, candidatesOf, totalsOf].every((f) => typeof f === "function")).toBe(true);
  });
});
