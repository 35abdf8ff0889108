import { and, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/open";
import { agreements, billingGroups, companies } from "../db/schema";
import { utcDateOf } from "../clock";
import { refuse } from "../http/errors";
import { isForwarder, scopeCarrier } from "../settings/access";
import type { PriceTable } from "./price-table";

// Who sees which prices (spec 1 §6 "Airlines restrict who views tariffs; forwarders confirm awareness of tariffs";
// spec 2 Agreement show_tariffs). An airline sees its own, platform staff the tenant's (or every airline's). A
// forwarder sees the tenant airline's prices only through an agreement in force with show_tariffs on, and of those
// only the ones that may price its account: not excluded, included when a list names accounts, in one of its groups
// when a price names groups. What it is shown names no other agent's account.

export interface PriceViewer {
  /** The airline whose prices are seen; null: every airline (platform without a tenant). */
  carrier: string | null;
  /** A forwarder's account with the airline (its agreement's account number); null for the airline and platform. */
  account: string | null;
  /** The account's groups (billing_groups); empty for the airline and platform. */
  groups: string[];
}

export const tariffsNotAvailable = () => refuse(403, "tariffs_not_available");

/** The caller as a viewer of prices; 403 tariffs_not_available for a forwarder the airline shows none to. */
export async function priceViewer(db: Db, request: FastifyRequest, named?: string | null): Promise<PriceViewer> {
  const p = request.auth.profile!;
  if (!isForwarder(p)) return { carrier: scopeCarrier(request.auth, named), account: null, groups: [] };
  const carrier = request.auth.carrier;
  if (!carrier) throw tariffsNotAvailable();
  const today = utcDateOf(request.server.deps.now());
  const [agreement] = await db
    .select({ account: agreements.account_number })
    .from(agreements)
    .innerJoin(companies, eq(companies.id, agreements.supplier_id))
    .where(
      and(
        eq(companies.carrier, carrier),
        eq(agreements.client_id, p.company.id),
        eq(agreements.active, true),
        eq(agreements.show_tariffs, true),
        lte(agreements.effective_from, today),
        or(isNull(agreements.effective_to), gte(agreements.effective_to, today)),
      ),
    )
    .orderBy(agreements.id)
    .limit(1);
  if (!agreement) throw tariffsNotAvailable();
  const groups = await db
    .select({ name: billingGroups.name })
    .from(billingGroups)
    .where(and(eq(billingGroups.carrier, carrier), sql`${agreement.account} = any(${billingGroups.accounts})`));
  return { carrier, account: agreement.account, groups: groups.map((g) => g.name) };
}

/** The prices of `table` the viewer may see. */
export function visiblePrices(table: PriceTable, viewer: PriceViewer): SQL | undefined {
  const airline = viewer.carrier ? eq(table.airline, viewer.carrier) : undefined;
  if (viewer.account === null) return airline;
  const account = viewer.account;
  const groups = viewer.groups.length ? sql`${table.groups} && ${sql.param(viewer.groups)}::text[]` : sql`false`;
  return and(
    airline,
    sql`not (${account} = any(${table.accountsExcluded}))`,
    or(sql`cardinality(${table.accountsIncluded}) = 0`, sql`${account} = any(${table.accountsIncluded})`),
    or(sql`cardinality(${table.groups}) = 0`, groups),
  );
}

/** Prices the viewer has not confirmed yet (list mode "new"): a forwarder's own mark; for the airline, nobody's. */
export function notYetNotified(table: PriceTable, viewer: PriceViewer): SQL {
  return viewer.account === null ? sql`cardinality(${table.accountsNotified}) = 0` : sql`not (${viewer.account} = any(${table.accountsNotified}))`;
}

/** The account lists as the viewer may read them: all of them for the airline, only its own account for a forwarder. */
export function accountsFor(viewer: PriceViewer, row: { accountsIncluded: string[]; accountsExcluded: string[]; accountsNotified: string[] }) {
  if (viewer.account === null) return { included: row.accountsIncluded, excluded: row.accountsExcluded, notified: row.accountsNotified };
  const own = (list: string[]) => (list.includes(viewer.account!) ? [viewer.account!] : []);
  return { included: own(row.accountsIncluded), excluded: [], notified: own(row.accountsNotified) };
}
