import type { Db } from "../db/open";
import { airWaybills, billingCharges, billingGroups, surcharges, tariffs } from "../db/schema";
import { calculateWaybill } from "./waybill-rates";
import type { TariffRate } from "../../cargo/pricing/types";
import { scopeKeyOf } from "./price-routes";
import { chargeIdentity } from "./charges";
import { surchargeIdentity } from "./surcharges";
import { tariffIdentity } from "./tariffs";

// Demo prices (issue 24; DESIGN §4 "demo data ... tariffs"): S7 publishes tariffs on the routes its demo flights fly
// (DME-OVB, OVB-KJA, and DME-KJA through OVB), a deal for the demo forwarder's account, an expired tariff, other
// charges and surcharges; SU, C6 and V0 publish a tariff on each route their demo waybills take. Dates are relative
// to the seed's today: every price but the expired one is in force from the start of last year. Then every demo
// waybill is priced with them (its estimated revenue and rate lines), as a calculation would.

const rates = (m: string, n: string, q: Array<[number, string]>, productCode: string | null = null): TariffRate[] => [
  { productCode, rateClass: "M", weightBrake: 0, value: m },
  { productCode, rateClass: "N", weightBrake: 0, value: n },
  ...q.map(([weightBrake, value]) => ({ productCode, rateClass: "Q" as const, weightBrake, value })),
];

const scope = (carrier: string, from: string) => ({
  airline: carrier,
  transfers: [] as string[],
  nonStop: false,
  effectiveFrom: from,
  effectiveTo: null as string | null,
  salesChannel: null,
  accountsIncluded: [] as string[],
  accountsExcluded: [] as string[],
  accountsNotified: [] as string[],
  groups: [] as string[],
  vatInclusion: "without",
  vat: null as string | null,
});

export async function seedDemoPrices(tx: Db, today: string) {
  const year = Number(today.slice(0, 4));
  const from = `${year - 1}-01-01`;
  const s7 = scope("S7", from);
  const tariffRows = [
    { ...s7, internalId: "S7-DMEOVB-GEN", origin: "DME", destination: "OVB", currency: "RUB", vatInclusion: "included", vat: "20", basis: "charge", level: "first", legsNumber: "any", product: null, notes: "General cargo, Moscow - Novosibirsk",
      rates: [...rates("2500", "98", [[45, "86"], [100, "74"], [300, "65"], [500, "58"], [1000, "52"]]), ...rates("3500", "130", [[45, "118"], [100, "104"]], "EXP")] },
    { ...s7, internalId: "S7-DMEOVB-FWD1", origin: "DME", destination: "OVB", currency: "RUB", vatInclusion: "included", vat: "20", basis: "charge", level: "second", legsNumber: "any", product: null, accountsIncluded: ["S7-FWD1-001"], notes: "Contract rates of Forwarder One",
      rates: rates("2200", "90", [[45, "79"], [100, "68"], [300, "60"], [500, "54"], [1000, "48"]]) },
    { ...s7, internalId: "S7-OVBKJA-GEN", origin: "OVB", destination: "KJA", currency: "RUB", vatInclusion: "included", vat: "20", basis: "charge", level: "first", legsNumber: "single", product: null,
      rates: rates("1800", "54.5", [[45, "47"], [100, "41"], [300, "36.5"]]) },
    { ...s7, internalId: "S7-DMEKJA-OVB", origin: "DME", destination: "KJA", transfers: ["OVB"], currency: "RUB", vatInclusion: "included", vat: "20", basis: "charge", level: "first", legsNumber: "many", product: null, notes: "Through Novosibirsk",
      rates: rates("3200", "128", [[45, "112"], [100, "97"], [300, "86"], [500, "79"]]) },
    { ...s7, internalId: "S7-DMEOVB-2024", origin: "DME", destination: "OVB", effectiveFrom: `${year - 2}-01-01`, effectiveTo: `${year - 2}-12-31`, currency: "RUB", vatInclusion: "included", vat: "20", basis: "charge", level: "first", legsNumber: "any", product: null, notes: "Last season's tariff",
      rates: rates("2300", "92", [[45, "80"], [100, "70"]]) },
    { ...scope("SU", from), internalId: "SU-SVOLED", origin: "SVO", destination: "LED", currency: "RUB", vatInclusion: "notIncluded", vat: "20", basis: "charge", level: "first", legsNumber: "any", product: null,
      rates: rates("1900", "61", [[45, "52"], [100, "45"], [300, "39"]]) },
    { ...scope("SU", from), internalId: "SU-SVOAER", origin: "SVO", destination: "AER", currency: "RUB", vatInclusion: "notIncluded", vat: "20", basis: "charge", level: "first", legsNumber: "any", product: null,
      rates: rates("2100", "72", [[45, "63"], [100, "55"], [300, "48"]]) },
    ...(["SVO", "DME"] as const).map((destination) => ({
      ...scope("C6", from), internalId: `C6-TAS${destination}`, origin: "TAS", destination, currency: "RUB", basis: "charge", level: "first", legsNumber: "any", product: null,
      rates: rates("5200", "260", [[45, "220"], [100, "190"], [300, "165"], [500, "150"]]),
    })),
    ...(["MAD", "HAV", "MIA"] as const).map((destination) => ({
      ...scope("V0", from), internalId: `V0-CCS${destination}`, origin: "CCS", destination, currency: "USD", basis: "charge", level: "first", legsNumber: "any", product: null,
      rates: rates("85", destination === "MAD" ? "6.1" : "3.45", [[45, destination === "MAD" ? "5.4" : "2.95"], [100, destination === "MAD" ? "4.8" : "2.6"], [300, destination === "MAD" ? "4.2" : "2.25"]]),
    })),
  ];
  await tx.insert(tariffs).values(tariffRows.map((r) => ({ ...r, scopeKey: scopeKeyOf(r, tariffIdentity(r)) })));
  const chargeRows = [
    { ...s7, origin: null, destination: null, currency: "RUB", chargeCode: "AWC", chargeName: "Air waybill fee", basis: "fixed", rate: "450", minimalRate: null, products: [], shc: [] },
    { ...s7, origin: null, destination: null, currency: "RUB", chargeCode: "MYC", chargeName: "Fuel", basis: "charge", rate: "12.5", minimalRate: "500", products: [], shc: [] },
    { ...s7, origin: null, destination: null, currency: "RUB", chargeCode: "RAC", chargeName: "Dangerous goods check", basis: "fixed", rate: "3000", minimalRate: null, products: [], shc: ["RFL", "RCM", "RMD", "ICE", "RLI"] },
  ];
  await tx.insert(billingCharges).values(chargeRows.map((r) => ({ ...r, originCountry: null, destinationCountry: null, routeRegion: null, scopeKey: scopeKeyOf(r, chargeIdentity(r)) })));
  const surchargeRows = [
    { ...s7, origin: null, destination: null, currency: "RUB", code: "SCC", productCode: null, type: "perKg", value: "3.2", minimalWeight: null },
    { ...s7, origin: null, destination: null, currency: "RUB", code: "XPS", productCode: "EXP", type: "percent", value: "15", minimalWeight: "100" },
  ];
  await tx.insert(surcharges).values(surchargeRows.map((r) => ({ ...r, scopeKey: scopeKeyOf(r, surchargeIdentity(r)) })));
  await tx.insert(billingGroups).values([{ carrier: "S7", name: "Key accounts", accounts: ["S7-FWD1-001", "S7-FWD2-001"] }]);
  const now = new Date(`${today}T12:00:00Z`);
  for (const awb of await tx.select().from(airWaybills).orderBy(airWaybills.id)) await calculateWaybill(tx, now, awb, "ifEmpty");
}
