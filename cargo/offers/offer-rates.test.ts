import { describe, expect, it } from "vitest";
import { defaultBaseValue, offerRateAmounts, offerTotals } from "./offer-rates";

describe("an offer's rate line", () => {
  it("multiplies the rate by the base value and rounds once, to the currency", () => {
    expect(offerRateAmounts({ basis: "weight", rate_class_code: "N", rate: "1.005", base_value: "10", currency: "USD" })).toEqual({
      base_value: "10",
      amount: "10.05",
      incoming_amount: "10.05",
      outgoing_amount: "10.05",
      margin: "0.00",
    });
    // 0.1 × 3 is 0.3, not 0.30000000000000004; JPY has no minor units, KWD three
    expect(offerRateAmounts({ basis: "charge", rate_class_code: "Q", rate: "0.1", base_value: "3", currency: "EUR" }).amount).toBe("0.30");
    expect(offerRateAmounts({ basis: "weight", rate_class_code: "N", rate: "12.5", base_value: "3", currency: "JPY" }).amount).toBe("38");
    expect(offerRateAmounts({ basis: "weight", rate_class_code: "N", rate: "0.0005", base_value: "3", currency: "KWD" }).amount).toBe("0.002");
  });

  it("takes a minimum (M) or fixed line as one amount, whatever base value is sent", () => {
    expect(offerRateAmounts({ basis: "weight", rate_class_code: "M", rate: "85", base_value: "120", currency: "EUR" })).toMatchObject({ base_value: "1", amount: "85.00" });
    expect(offerRateAmounts({ basis: "fixed_value", rate_class_code: null, rate: "25", base_value: "7", currency: "RUB" })).toMatchObject({ base_value: "1", amount: "25.00" });
  });

  it("keeps the forwarder's own incoming and outgoing amounts, and the margin between them", () => {
    const line = offerRateAmounts({ basis: "weight", rate_class_code: "N", rate: "2.4", base_value: "100", incoming_amount: "230", outgoing_amount: "275.555", currency: "USD" });
    expect(line).toEqual({ base_value: "100", amount: "240.00", incoming_amount: "230.00", outgoing_amount: "275.56", margin: "45.56" });
    // selling below cost is a negative margin
    expect(offerRateAmounts({ basis: "fixed_value", rate_class_code: null, rate: "50", base_value: "1", outgoing_amount: "40", currency: "USD" }).margin).toBe("-10.00");
  });

  it("falls back to the shipment's gross or chargeable weight, or 1 for one amount", () => {
    const weights = { gross: "120", chargeable: "166.5" };
    expect(defaultBaseValue({ basis: "weight", rate_class_code: "N" }, weights)).toBe("120");
    expect(defaultBaseValue({ basis: "charge", rate_class_code: "Q" }, weights)).toBe("166.5");
    expect(defaultBaseValue({ basis: "charge", rate_class_code: "M" }, weights)).toBe("1");
    expect(defaultBaseValue({ basis: "fixed_value", rate_class_code: null }, weights)).toBe("1");
  });
});

describe("an offer's totals", () => {
  it("adds each currency's lines exactly and never adds two currencies together", () => {
    const totals = offerTotals([
      { currency: "USD", incoming_amount: "0.10", outgoing_amount: "0.20" },
      { currency: "EUR", incoming_amount: "100.00", outgoing_amount: "90.00" },
      { currency: "USD", incoming_amount: "0.20", outgoing_amount: "0.40" },
    ]);
    expect(totals).toEqual([
      { currency: "EUR", incoming_amount: "100.00", outgoing_amount: "90.00", margin: "-10.00" },
      { currency: "USD", incoming_amount: "0.30", outgoing_amount: "0.60", margin: "0.30" },
    ]);
    expect(offerTotals([])).toEqual([]);
  });
});
