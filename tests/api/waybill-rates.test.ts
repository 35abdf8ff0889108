import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airlines, airWaybills, tariffs } from "../../api/db/schema";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi } from "./helpers";

// A waybill priced with its airline's prices (issue 24; spec 3 air_waybills/{id}/calculate, rates, billing/calculate):
// the demo S7 prices (api/billing/demo.ts) on waybills the test makes, before they are booked (priced by route, on
// the clock's day, when every demo price is in force).

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Billing", "suManager", "forwarderOnS7"] });
const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");
const fx = bookingFixtures(t);

/** Forwarder One's DME-OVB waybill of 80 kg and 0.6 m3: 100 kg chargeable by volume (6 000 cm3/kg). */
const dmeOvb = (opts: Parameters<typeof fx.waybill>[0] = {}) => fx.waybill({ forwarder: "FWDONE", origin: "DME", destination: "OVB", weight: 80, volume: 0.6, ...opts });
const calculate = (mawb: string) => s7(accounts.s7Billing, "POST", `/api/v3/air_waybills/${mawb}/calculate`);

describe("a waybill's price", () => {
  it("comes from the airline's tariffs for the agent's account, each line explained, and fills the printed waybill", async () => {
    const awb = await dmeOvb();
    const [deal] = await t.database.db.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.internalId, "S7-DMEOVB-FWD1"));
    const res = await calculate(awb.mawb);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The deal's Q100 68 × 100 kg = 6 800 (VAT 20 % inside: 1 133.33); AWB fee 450; fuel 12.5 × 100 = 1 250;
    // security 3.2 × 100 = 320. Total 8 820.
    expect(body.totals).toEqual([{ currency: "RUB", amount: "8820.00", vat: "1133.33" }]);
    const byCode = Object.fromEntries(body.rates.map((r: { code: string }) => [r.code, r]));
    expect(body.rates.find((r: { kind: string }) => r.kind === "airfreight")).toMatchObject({
      rate_class_code: "Q", weight_brake: "100", rate: "68", base_value: "100", amount: "6800", vat: "1133.33", vat_inclusion: "included",
      rate_numbers: `tariff:${deal!.id}`, calculation_type: "auto", added_by: "calculation", unit_code: "K",
    });
    expect(body.rates.find((r: { kind: string }) => r.kind === "airfreight").reasons.map((r: { code: string }) => r.code)).toContain("tariff_chosen");
    expect([byCode.AWC?.amount, byCode.MYC?.amount, byCode.SCC?.amount]).toEqual(["450", "1250", "320"]);
    const detail = (await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${awb.mawb}`)).json();
    expect(detail).toMatchObject({ provisional_amount: "8820", currency: "RUB" });
    const row = await fx.waybillNow(awb.id);
    expect(row.rating).toEqual([expect.objectContaining({ rate_class_code: "Q", chargeable_weight: 100, rate: "68", total: "6800.00" })]);
    expect(row.other_charges).toEqual(expect.arrayContaining([{ code: "AW", due: "C", payment: "P", amount: "450.00" }, { code: "MY", due: "C", payment: "P", amount: "1250.00" }]));
    // The forwarder reads its waybill's price; it does not bill.
    expect((await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${awb.mawb}/rates`)).json().totals).toEqual(body.totals);
    expect((await s7(accounts.forwarderOnS7, "POST", `/api/v3/air_waybills/${awb.mawb}/calculate`)).statusCode).toBe(403);
    // Another airline's billing finds no such waybill.
    expect((await su(accounts.suManager, "POST", `/api/v3/air_waybills/${awb.mawb}/calculate`)).statusCode).toBe(404);
  });

  it("keeps lines a person added when calculated again, and the airline's chargeable weight overrides the agent's", async () => {
    const awb = await dmeOvb();
    await calculate(awb.mawb);
    const added = await s7(accounts.s7Billing, "POST", `/api/v3/air_waybills/${awb.mawb}/rates`, { code: "XBC", description: "Storage", rate: "12.5", base_value: "3", currency: "RUB" });
    expect(added.statusCode, added.body).toBe(201);
    const manual = added.json().rates.find((r: { calculation_type: string }) => r.calculation_type === "manual");
    expect(manual).toMatchObject({ code: "XBC", amount: "37.5", added_by: "s7.billing@cargodesk.test" });
    // 300 kg set by the airline: Q300 60 × 300 = 18 000; fuel 3 750, security 960, fee 450; storage 37.50 stays.
    await t.database.db.update(airWaybills).set({ airline_defined_cw: 300 }).where(eq(airWaybills.id, awb.id));
    const again = (await calculate(awb.mawb)).json();
    expect(again.totals).toEqual([{ currency: "RUB", amount: "23197.50", vat: "3000.00" }]);
    expect(again.rates.filter((r: { calculation_type: string }) => r.calculation_type === "manual")).toHaveLength(1);
    expect((await s7(accounts.s7Billing, "DELETE", `/api/v3/air_waybills/${awb.mawb}/rates/${manual.id}`)).statusCode).toBe(204);
    expect((await s7(accounts.s7Billing, "DELETE", `/api/v3/air_waybills/${awb.mawb}/rates/${manual.id}`)).statusCode).toBe(404);
    const bad = await s7(accounts.s7Billing, "POST", `/api/v3/air_waybills/${awb.mawb}/rates`, { code: "XBC", rate: "1e309", currency: "RUB" });
    expect(bad.json().error_codes.rate[0].code).toBe("amount_not_decimal");
  });

  it("answers 422 with the engine's reasons when no tariff prices it, and changes nothing", async () => {
    const awb = await fx.waybill({ forwarder: "FWDONE", origin: "OVB", destination: "DME" });
    const res = await calculate(awb.mawb);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "waybill_not_priced", refusals: [expect.objectContaining({ code: "no_tariff" })] });
    expect((await fx.waybillNow(awb.id)).provisional_amount).toBeNull();
  });

  it("prices a list of waybills, each priced or saying why not; an airline that bills automatically dates the bill", async () => {
    const priced = await dmeOvb();
    const unpriced = await fx.waybill({ forwarder: "FWDONE", origin: "OVB", destination: "DME" });
    await t.database.db.update(airlines).set({ auto_billing: true, billing_date_source: "calculation" }).where(eq(airlines.carrier, "S7"));
    try {
      const res = await s7(accounts.s7Manager, "POST", "/api/v3/billing/calculate", { mawb_list: [priced.mawb, unpriced.mawb, "421-00000000"] });
      expect(res.statusCode, res.body).toBe(200);
      const byMawb = Object.fromEntries(res.json().data.map((r: { mawb: string }) => [r.mawb, r]));
      expect(byMawb[priced.mawb]).toMatchObject({ calculated: true, totals: [{ currency: "RUB", amount: "8820.00" }] });
      expect(byMawb[unpriced.mawb]).toMatchObject({ calculated: false, refusals: [expect.objectContaining({ code: "no_tariff" })] });
      expect(byMawb["421-00000000"]).toMatchObject({ calculated: false, refusals: [{ code: "shipment_not_found" }] });
      expect((await fx.waybillNow(priced.id)).billing_date).toBe(t.today);
      expect((await fx.waybillNow(unpriced.id)).billing_date).toBeNull();
      // What was billed today: the priced waybill's lines, as JSON pages and as a spreadsheet.
      const billed = await s7(accounts.s7Billing, "GET", `/api/v3/rates/billing?date_from=${t.today}&date_to=${t.today}&per_page=100`);
      expect(billed.statusCode, billed.body).toBe(200);
      const ours = billed.json().data.filter((l: { mawb: string }) => l.mawb === priced.mawb);
      expect(ours.map((l: { code: string }) => l.code).sort()).toEqual(["AWC", "MYC", "SCC", ours.find((l: { kind: string }) => l.kind === "airfreight").code].sort());
      const file = await s7(accounts.s7Billing, "GET", `/api/v3/air_waybills/billing?date_from=${t.today}&date_to=${t.today}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-disposition"]).toContain("air_waybills_billing.xlsx");
      expect((await s7(accounts.s7Billing, "GET", "/api/v3/rates/billing")).json().error_codes.date_from[0].code).toBe("report_needs_dates");
    } finally {
      await t.database.db.update(airlines).set({ auto_billing: false, billing_date_source: null }).where(and(eq(airlines.carrier, "S7")));
    }
    const tooMany = await s7(accounts.s7Manager, "POST", "/api/v3/billing/calculate", { mawb_list: Array.from({ length: 101 }, (_, i) => `421-${i}`) });
    expect(tooMany.statusCode).toBe(422);
  });
});
