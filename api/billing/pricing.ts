import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { buildPriceIndex, type PriceIndex } from "../../cargo/pricing/price-index";
import type { AirlinePricing, BillingCharge, PriceScope, Surcharge, Tariff, VatInclusion } from "../../cargo/pricing/types";
import { cwRoundingOf } from "../air-waybills/figures";
import type { Db } from "../db/open";
import { agreements, airlines, airports, billingCharges, billingGroups, companies, countries, surcharges, tariffs } from "../db/schema";
import type { PriceRow, PriceTable } from "./price-table";

// The API's side of the rate engine (cargo/pricing): the prices that could price a route, read from the database in
// the engine's shapes, the airline's settings that shape a price, and the agent's account and groups. A shipment
// goes from A to B, so only prices whose ends are A or any and B or any are read (the route indexes of
// db/tables/billing.ts), however many the airline publishes; the engine then picks among them by specificity.

/** The scope of a stored price as the engine reads it. */
function scopeOf(row: PriceRow): PriceScope {
  return {
    id: row.id,
    name: row.internalId,
    airline: row.airline,
    origin: row.origin,
    destination: row.destination,
    transfers: row.transfers,
    nonStop: row.nonStop,
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
    salesChannel: row.salesChannel,
    accounts: { included: row.accountsIncluded, excluded: row.accountsExcluded, notified: row.accountsNotified },
    groups: row.groups,
    currency: row.currency,
    vatInclusion: row.vatInclusion as VatInclusion,
    vatPercent: row.vat,
  };
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** The prices of `carriers` that could price origin → destination on `day` (in force, ends matching or any). */
function onRoute(table: PriceTable, carriers: readonly string[], origin: string, destination: string, day: string): SQL | undefined {
  return and(
    inArray(table.airline, [...carriers]),
    or(isNull(table.origin), eq(table.origin, origin)),
    or(isNull(table.destination), eq(table.destination, destination)),
    lte(table.effectiveFrom, day),
    or(isNull(table.effectiveTo), gte(table.effectiveTo, day)),
  );
}

/**
 * The countries and customs regions of the route's ends: a charge may be limited to an origin or destination country
 * or to a route region (DOMESTIC: one country; EU, GB, CIS: both ends in that customs region), which the engine's
 * scope does not carry, so those charges are filtered here.
 */
async function routeCountries(db: Db, origin: string, destination: string) {
  const rows = await db
    .select({ iata: airports.iata, country: airports.country_code, region: countries.customs_region })
    .from(airports)
    .leftJoin(countries, eq(countries.alpha_2, airports.country_code))
    .where(inArray(airports.iata, [origin, destination]));
  const of = (iata: string) => rows.find((r) => r.iata === iata);
  return { origin: of(origin), destination: of(destination) };
}

export interface RoutePrices {
  index: PriceIndex;
  /** How many prices were read: what a priced search cost. */
  count: number;
}

/** The engine's index of the prices of `carriers` that could price origin → destination on `day`. */
export async function pricesOnRoute(db: Db, carriers: readonly string[], origin: string, destination: string, day: string): Promise<RoutePrices> {
  if (!carriers.length) return { index: buildPriceIndex({ tariffs: [], charges: [], surcharges: [] }), count: 0 };
  const [tariffRows, chargeRows, surchargeRows, ends] = await Promise.all([
    db.select().from(tariffs).where(onRoute(tariffs, carriers, origin, destination, day)),
    db.select().from(billingCharges).where(onRoute(billingCharges, carriers, origin, destination, day)),
    db.select().from(surcharges).where(onRoute(surcharges, carriers, origin, destination, day)),
    routeCountries(db, origin, destination),
  ]);
  const regionFits = (region: string | null) => {
    if (!region) return true;
    const [o, d] = [ends.origin, ends.destination];
    if (region === "DOMESTIC") return !!o?.country && o.country === d?.country;
    return o?.region === region && d?.region === region;
  };
  const chargeFits = (c: typeof billingCharges.$inferSelect) =>
    (!c.originCountry || c.originCountry === ends.origin?.country) && (!c.destinationCountry || c.destinationCountry === ends.destination?.country) && regionFits(c.routeRegion);
  const tariffList: Tariff[] = tariffRows.map((r) => ({
    ...scopeOf(r),
    basis: r.basis as Tariff["basis"],
    level: r.level as Tariff["level"],
    legsNumber: r.legsNumber as Tariff["legsNumber"],
    product: r.product,
    isDerivative: r.isDerivative,
    minChargeableWeight: num(r.minChargeableWeight),
    rates: r.rates,
  }));
  const chargeList: BillingCharge[] = chargeRows.filter(chargeFits).map((r) => ({
    ...scopeOf(r),
    chargeCode: r.chargeCode,
    chargeName: r.chargeName,
    basis: r.basis as BillingCharge["basis"],
    rate: r.rate,
    minimalRate: r.minimalRate,
    products: r.products,
    shcs: r.shc,
  }));
  const surchargeList: Surcharge[] = surchargeRows.map((r) => ({
    ...scopeOf(r),
    productCode: r.productCode,
    type: r.type as Surcharge["type"],
    value: r.value,
    minimalWeight: num(r.minimalWeight),
    code: r.code,
  }));
  return {
    index: buildPriceIndex({ tariffs: tariffList, charges: chargeList, surcharges: surchargeList }),
    count: tariffList.length + chargeList.length + surchargeList.length,
  };
}

/** The settings of each airline that shape its prices. */
export async function airlinePricings(db: Db, carriers: readonly string[]): Promise<Map<string, AirlinePricing>> {
  if (!carriers.length) return new Map();
  const rows = await db.select().from(airlines).where(inArray(airlines.carrier, [...carriers]));
  return new Map(
    rows.map((a) => [
      a.carrier,
      {
        chargeableRatio: Number(a.chargeable_ratio) || 6000,
        minChargeWeight: num(a.min_charge_weight),
        cwRoundingRule: cwRoundingOf(a.cw_rounding_rule),
        tariffsPublication: a.tariffs_publication,
      },
    ]),
  );
}

export interface AgentAccount {
  account: string;
  groups: string[];
  /** The agreement lets the agent see the airline's tariffs (and so the prices they make). */
  showTariffs: boolean;
}

/** A forwarder's account with each airline on `day` (its agreement in force) and the account's groups. */
export async function agentAccounts(db: Db, forwarderId: number, carriers: readonly string[], day: string): Promise<Map<string, AgentAccount>> {
  if (!carriers.length) return new Map();
  const rows = await db
    .select({ carrier: companies.carrier, account: agreements.account_number, showTariffs: agreements.show_tariffs })
    .from(agreements)
    .innerJoin(companies, eq(companies.id, agreements.supplier_id))
    .where(
      and(
        inArray(companies.carrier, [...carriers]),
        eq(agreements.client_id, forwarderId),
        eq(agreements.active, true),
        lte(agreements.effective_from, day),
        or(isNull(agreements.effective_to), gte(agreements.effective_to, day)),
      ),
    )
    .orderBy(agreements.id);
  const out = new Map<string, AgentAccount>();
  for (const r of rows) if (r.carrier && !out.has(r.carrier)) out.set(r.carrier, { account: r.account, groups: [], showTariffs: r.showTariffs });
  if (!out.size) return out;
  const groups = await db
    .select({ carrier: billingGroups.carrier, name: billingGroups.name, accounts: billingGroups.accounts })
    .from(billingGroups)
    .where(and(inArray(billingGroups.carrier, [...out.keys()]), sql`${billingGroups.accounts} && ${sql.param([...out.values()].map((a) => a.account))}::text[]`));
  for (const g of groups) {
    const agent = out.get(g.carrier);
    if (agent && g.accounts.includes(agent.account)) agent.groups.push(g.name);
  }
  return out;
}

/** What pricing on one route needs: the prices that could apply, each airline's settings, the agent's accounts. */
export interface RoutePricing {
  index: PriceIndex;
  airlines: Map<string, AirlinePricing>;
  /** The forwarder's account with each airline; empty when the caller is no forwarder. */
  agents: Map<string, AgentAccount>;
}

/**
 * Everything pricing a shipment of `carriers` from origin to destination on `date` reads, in one round of queries:
 * the route's prices, the airlines' settings, and (for a forwarder) its accounts under the agreements in force on
 * `agreementDay`.
 */
export async function routePricing(
  db: Db,
  q: { carriers: readonly string[]; origin: string; destination: string; date: string; forwarderId: number | null; agreementDay: string },
): Promise<RoutePricing> {
  const [prices, airlines, agents] = await Promise.all([
    pricesOnRoute(db, q.carriers, q.origin, q.destination, q.date),
    airlinePricings(db, q.carriers),
    q.forwarderId === null ? Promise.resolve(new Map<string, AgentAccount>()) : agentAccounts(db, q.forwarderId, q.carriers, q.agreementDay),
  ]);
  return { index: prices.index, airlines, agents };
}
