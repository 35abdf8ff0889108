import { and, desc, eq, gte, ilike, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/open";
import { receptacles, segments } from "../db/schema";
import { pageMeta, pageOffset } from "../http/pagination";
import { escapeLike } from "../settings/common";
import { movementsOf } from "./movements";
import type { ReceptacleAnswer } from "./schemas";

// Reading receptacles: the filters of the list, one page with its flights and movements in three queries, and the
// figures of the whole selection (count and total weight) that the list and the flight's tab show.

export interface ReceptacleFilters {
  uid?: string;
  post_office_origin?: string;
  post_office_destination?: string;
  segment_id?: number;
  flight?: string;
  carrier?: string;
  date_from?: string | null;
  date_to?: string | null;
}

const upper = (s: string | undefined) => s?.trim().toUpperCase() || undefined;

/** WHERE of the filters; the flight's own filters (number, date, airline) read the joined segment. */
export function receptacleWhere(f: ReceptacleFilters): SQL | undefined {
  const uid = upper(f.uid);
  const flight = upper(f.flight)?.replace(/\s+/g, "");
  return and(
    uid ? ilike(receptacles.uid, `%${escapeLike(uid)}%`) : undefined,
    upper(f.post_office_origin) ? eq(receptacles.post_office_origin, upper(f.post_office_origin)!) : undefined,
    upper(f.post_office_destination) ? eq(receptacles.post_office_destination, upper(f.post_office_destination)!) : undefined,
    f.segment_id ? eq(receptacles.segment_id, f.segment_id) : undefined,
    upper(f.carrier) ? eq(receptacles.carrier, upper(f.carrier)!) : undefined,
    flight ? ilike(segments.number_with_date, `${escapeLike(flight)}%`) : undefined,
    f.date_from ? gte(segments.flight_date, f.date_from) : undefined,
    f.date_to ? lte(segments.flight_date, f.date_to) : undefined,
  );
}

/** Count and total weight (kg, one decimal) of every receptacle the filters find, not only the page's. */
export async function receptacleFigures(db: Pick<Db, "select">, where: SQL | undefined) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, sum_weight: sql<string>`coalesce(sum(${receptacles.weight}), 0)` })
    .from(receptacles)
    .leftJoin(segments, eq(segments.id, receptacles.segment_id))
    .where(where);
  return { count: row?.count ?? 0, sum_weight: Number(row?.sum_weight ?? 0) };
}

/** Rows of receptacles with their flights and movements, in the answer's shape. */
export async function receptacleAnswers(db: Pick<Db, "select">, where: SQL | undefined, page?: { page: number; per_page: number }): Promise<ReceptacleAnswer[]> {
  const q = db
    .select({ r: receptacles, s: segments })
    .from(receptacles)
    .leftJoin(segments, eq(segments.id, receptacles.segment_id))
    .where(where)
    .orderBy(desc(receptacles.created_at), desc(receptacles.id));
  const rows = page ? await q.limit(page.per_page).offset(pageOffset(page.page, page.per_page)) : await q;
  const moves = await movementsOf(db, rows.map(({ r }) => r.id));
  return rows.map(({ r, s }) => {
    const own = moves.filter((m) => m.receptacle_id === r.id);
    const standing = own.filter((m) => !m.deactivated);
    return {
      ...r,
      segment: s
        ? {
            id: s.id,
            carrier: s.carrier,
            number_with_date: s.number_with_date,
            flight_date: s.flight_date,
            origin_iata: s.origin_iata,
            destination_iata: s.destination_iata,
            std: s.std.toISOString(),
            atot: s.atot?.toISOString() ?? null,
            atl: s.atl?.toISOString() ?? null,
          }
        : null,
      status: standing.at(-1)?.status_code ?? null,
      movements: own,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}

/** One page of the selection with its figures in the meta. */
export async function receptaclePage(db: Pick<Db, "select">, where: SQL | undefined, page: { page: number; per_page: number }) {
  const [figures, data] = await Promise.all([receptacleFigures(db, where), receptacleAnswers(db, where, page)]);
  return { data, meta: { ...pageMeta(figures.count, page.page, page.per_page), ...figures } };
}
