import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airWaybills, companies } from "../db/schema";
import { refuseField } from "../http/errors";
import { cappedCount } from "../air-waybills/list";
import { listWhere } from "../air-waybills/list-query";
import { checkReportRange, REPORT_MAX_DAYS, REPORT_MAX_ROWS } from "../air-waybills/report";

// The waybills the billing documents cover (the CASS file, the sales report): issued in a date range (spec 2 §9:
// "the CASS report needs date type issued plus a range"), not voided, under the caller's tenancy (the shipments
// list's scope: a forwarder its own, an airline its own prefix, platform all or one airline). The range is at most
// REPORT_MAX_DAYS days and REPORT_MAX_ROWS waybills, like the XLSX report; more is a 422, never a cut file.

export interface IssuedRange {
  date_from?: string | null;
  date_to?: string | null;
  carrier?: string | null;
  forwarder?: string | null;
}

const CHUNK = 2_000;

/** The columns the billing documents read, with the forwarder's codes. */
const COLUMNS = {
  id: airWaybills.id,
  mawb: airWaybills.mawb,
  prefix: airWaybills.prefix,
  carrier: airWaybills.carrier,
  origin_iata: airWaybills.origin_iata,
  destination_iata: airWaybills.destination_iata,
  pieces: airWaybills.pieces,
  weight: airWaybills.weight,
  weight_code: airWaybills.weight_code,
  charge_weight: airWaybills.charge_weight,
  currency: airWaybills.currency,
  wt_val: airWaybills.wt_val,
  other_charges_payment: airWaybills.other_charges_payment,
  rating: airWaybills.rating,
  other_charges: airWaybills.other_charges,
  totals: airWaybills.totals,
  final_amount: airWaybills.final_amount,
  provisional_amount: airWaybills.provisional_amount,
  issued_at: airWaybills.issued_at,
  issue_date: airWaybills.issue_date,
  forwarder_short_name: companies.short_name,
  forwarder_iata_code: companies.forwarder_iata_code,
};

function chunkOf(db: Db, where: SQL | undefined, offset: number) {
  return db
    .select(COLUMNS)
    .from(airWaybills)
    .innerJoin(companies, eq(companies.id, airWaybills.forwarder_id))
    .where(where)
    .orderBy(asc(airWaybills.issued_at), asc(airWaybills.id))
    .limit(CHUNK)
    .offset(offset);
}

export type IssuedWaybill = Awaited<ReturnType<typeof chunkOf>>[number];

/** 422 unless both ends are given, in order, within REPORT_MAX_DAYS days; the message names the rule. */
export function checkIssuedRange(range: IssuedRange): void {
  if (!range.date_from || !range.date_to) {
    throw refuseField("date_from", "issued_report_needs_dates", { max: REPORT_MAX_DAYS });
  }
  checkReportRange({ date_from: range.date_from, date_to: range.date_to });
}

/** The WHERE of the range under tenancy, and how many waybills it holds (422 beyond REPORT_MAX_ROWS). */
export async function issuedWhere(db: Db, auth: Pick<AuthContext, "profile" | "carrier">, range: IssuedRange, extra?: SQL): Promise<{ where: SQL | undefined; count: number }> {
  checkIssuedRange(range);
  const scoped = await listWhere(db, auth, { date_type: "issued", date_from: range.date_from!, date_to: range.date_to!, carrier: range.carrier ?? undefined, forwarder: range.forwarder ?? undefined });
  const where = and(scoped, isNull(airWaybills.voided_at), eq(airWaybills.deleted, false), extra);
  const total = await cappedCount(db, where, REPORT_MAX_ROWS);
  if (total.capped) throw refuseField("date_from", "issued_report_too_many_rows", { max: REPORT_MAX_ROWS });
  return { where, count: total.count };
}

/** The waybills of `where`, issue time order, a chunk at a time (the memory of one chunk, whatever the range). */
export async function* issuedWaybills(db: Db, where: SQL | undefined, count: number): AsyncGenerator<IssuedWaybill[]> {
  for (let offset = 0; offset < count; offset += CHUNK) {
    yield await chunkOf(db, where, offset);
  }
}

/** The waybill's issue date: the stored date, else the UTC day of its issue. */
export const issueDateOf = (w: Pick<IssuedWaybill, "issue_date" | "issued_at">): string => w.issue_date ?? (w.issued_at ? w.issued_at.toISOString().slice(0, 10) : "");
