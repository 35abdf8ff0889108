import { and, asc, count, eq, exists, gte, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/open";
import { agreements, companies } from "../db/schema";
import { refusal, refuseField, refuseFields } from "../http/errors";
import { pageMeta, pageOffset } from "../http/pagination";
import { escapeLike } from "../settings/common";

// The forwarders an airline hands AWB numbers to (issue 22 item 9): those it has an agreement with. The stock
// page offers only them, and assigning numbers to any other forwarder is refused. An agreement counts while it is
// active and not ended (effective_to absent, or today or later); one that starts later already counts, so numbers
// can be handed out before its first day.

const supplier = alias(companies, "agreement_supplier");

/** Forwarder companies with an agreement in force (or to come) with the airline `carrier` on `today`. */
function agreedWith(db: Db, carrier: string, today: string): SQL {
  const agreement = db
    .select({ one: sql`1` })
    .from(agreements)
    .innerJoin(supplier, eq(supplier.id, agreements.supplier_id))
    .where(
      and(
        eq(agreements.client_id, companies.id),
        eq(supplier.business_type, "airline"),
        eq(supplier.carrier, carrier),
        eq(agreements.active, true),
        or(isNull(agreements.effective_to), gte(agreements.effective_to, today)),
      ),
    );
  return and(eq(companies.business_type, "forwarder"), exists(agreement))!;
}

/** A page of the airline's agreed forwarders by short name, `q` searching short name and name. */
export async function agreedForwarders(db: Db, carrier: string, today: string, query: { q?: string; page: number; per_page: number }) {
  const term = query.q?.trim() ? `%${escapeLike(query.q.trim())}%` : null;
  const where = and(agreedWith(db, carrier, today), term ? or(ilike(companies.short_name, term), ilike(companies.name, term)) : undefined);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  const rows = await db
    .select({ id: companies.id, short_name: companies.short_name, name: companies.name })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.short_name), asc(companies.id))
    .limit(query.per_page)
    .offset(pageOffset(query.page, query.per_page));
  return { data: rows, meta: pageMeta(total?.n ?? 0, query.page, query.per_page) };
}

/**
 * The id of the forwarder `shortName` when the airline has an agreement with it. An unknown name is 422 "unknown
 * forwarder"; a forwarder without an agreement is 422 under forwarder_short_name with code `no_agreement`.
 */
export async function agreedForwarderId(db: Db, carrier: string, today: string, shortName: string): Promise<number> {
  const name = shortName.toUpperCase();
  const [row] = await db
    .select({ id: companies.id, agreed: sql<boolean>`${agreedWith(db, carrier, today)}` })
    .from(companies)
    .where(and(eq(companies.short_name, name), eq(companies.business_type, "forwarder")))
    .limit(1);
  if (!row) throw refuseField("forwarder_short_name", "unknown_forwarder");
  if (!row.agreed) {
    const params = { forwarder: name, carrier };
    throw refuseFields({ forwarder_short_name: [refusal("forwarder_no_agreement", params)] }, 422, { code: "no_agreement", params });
  }
  return row.id;
}
