import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { Id, TEXT_MAX, tooLong } from "../http/input";
import type { Db } from "../db/open";
import { allotments, companies, segments } from "../db/schema";
import { addRefusal, refusal, refuseFields } from "../http/errors";
import { StampsShape } from "../http/schemas";
import { carrierResource } from "../settings/carrier-resource";
import { iataCode, optBool, optDate, optInt, reqText, reqVolume, reqWeight, sortColumns, throwIfErrors, nonNegative, type FieldErrors } from "../settings/common";
import { acceptUploadBodies, refuseRows, registerUpload, rowError, type RowError } from "../settings/uploads";
import { assertBookable, diff, FLIGHTS_ACCESS, logChanges, segmentRowsRoute } from "./common";
import { sentenceOf } from "../http/refusals";

// Allotments (spec 2 "Allotment"): space held on a segment for a forwarder. Spec 3 §8: 422 "has already been
// taken" (Exists) for a second allotment of the same forwarder and type on a segment; "must exist" (EmptyFields)
// when the segment or the forwarder is not found. Unused space is released timelimit_to_std hours before STD
// (0 = full block space): see segments/{id}/capacity.

export const ALLOTMENT_TYPES = ["hard", "soft"] as const;

export const AllotmentSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  segment_id: z.number().int(),
  segment_number_with_date: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  forwarder_short_name: z.string(),
  type: z.string(),
  weight: z.number().describe("kg"),
  volume: z.number().describe("m3"),
  timelimit_to_std: z.number().int().describe("hours before STD; 0 = full block space"),
  used_weight: z.number(),
  used_volume: z.number(),
  valid_until: z.string().nullable(),
  postal: z.boolean(),
  ...StampsShape,
});

const upper = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v);

const AllotmentFields = z.object({
  segment_number_with_date: z
    .preprocess((v) => (typeof v === "string" ? v.replace(/\s+/g, "").toUpperCase() || null : v), z.string().max(TEXT_MAX.search, tooLong(TEXT_MAX.search)).nullish())
    .describe("S71234/22NOV26 (or segment_id)"),
  segment_id: optInt(),
  origin_iata: iataCode().optional().describe("the leg's origin, for a multi-leg flight"),
  forwarder_short_name: z.preprocess(upper, reqText()),
  type: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v ?? undefined), z.enum(ALLOTMENT_TYPES, { message: "must be hard or soft" }).optional()),
  weight: reqWeight(),
  volume: reqVolume(),
  timelimit_to_std: nonNegative(optInt()),
  valid_until: optDate(),
  postal: optBool(),
});

async function resolve(
  db: Db,
  carrier: string,
  values: Record<string, unknown>,
  errors: FieldErrors,
  existing: { segment_id: number; segment_number_with_date: string } | null = null,
) {
  const nwd = (values.segment_number_with_date as string | null | undefined) ?? null;
  const id = (values.segment_id as number | null | undefined) ?? null;
  // Named by id when the id is what changed (or all there is), else by number_with_date.
  const byId = id !== null && (!nwd || (existing ? id !== existing.segment_id : false)) ? id : null;
  if (byId === null && !nwd) {
    addRefusal(errors, "segment", "must_exist");
    return undefined;
  }
  const found = await db
    .select()
    .from(segments)
    .where(
      and(
        eq(segments.carrier, carrier),
        byId !== null ? eq(segments.id, byId) : eq(segments.number_with_date, nwd!),
        values.origin_iata && byId === null ? eq(segments.origin_iata, values.origin_iata as string) : undefined,
      ),
    )
    .limit(1);
  const segment = found[0];
  if (!segment) addRefusal(errors, "segment", "must_exist");
  const [forwarder] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.short_name, values.forwarder_short_name as string), eq(companies.business_type, "forwarder")))
    .limit(1);
  if (!forwarder) addRefusal(errors, "forwarder", "must_exist");
  return segment;
}

const allotmentCrud = carrierResource({
  path: "allotments",
  record: "allotment",
  tag: "allotments",
  table: allotments,
  answer: AllotmentSchema,
  fields: AllotmentFields,
  access: { read: FLIGHTS_ACCESS.write, write: FLIGHTS_ACCESS.write },
  filters: {
    segment_id: Id().optional(),
    forwarder_short_name: z.string().max(TEXT_MAX.search).optional(),
    origin_iata: iataCode().optional(),
    destination_iata: iataCode().optional(),
  },
  where: (q) => [
    q.segment_id ? eq(allotments.segment_id, q.segment_id) : undefined,
    q.forwarder_short_name ? eq(allotments.forwarder_short_name, q.forwarder_short_name.toUpperCase()) : undefined,
    q.origin_iata ? eq(allotments.origin_iata, q.origin_iata) : undefined,
    q.destination_iata ? eq(allotments.destination_iata, q.destination_iata) : undefined,
  ],
  search: [allotments.segment_number_with_date, allotments.forwarder_short_name],
  orderBy: [allotments.segment_number_with_date, allotments.forwarder_short_name],
  sortable: sortColumns(allotments, [
    "carrier", "segment_number_with_date", "origin_iata", "destination_iata", "forwarder_short_name", "type", "weight", "volume",
    "timelimit_to_std", "valid_until", "postal", "created_at", "updated_at",
  ]),
  prepare: async (db, values, { carrier, existing }) => {
    const errors: FieldErrors = {};
    const segment = await resolve(db, carrier, values, errors, existing);
    throwIfErrors(errors);
    // Holding space is a reservation change: refused on a locked, sales-closed or cancelled flight, and so is
    // any change of an allotment there; moving one away also changes the flight it leaves.
    if (!existing || Object.keys(diff(existing, { ...existing, ...values, segment_id: segment!.id })).length) assertBookable(segment!);
    if (existing && existing.segment_id !== segment!.id) assertBookable(await segmentOf(db, existing.segment_id), "base", { canceledAllowed: true });
    return {
      ...values,
      segment_id: segment!.id,
      segment_number_with_date: segment!.number_with_date,
      origin_iata: segment!.origin_iata,
      destination_iata: segment!.destination_iata,
      type: (values.type as string | undefined) ?? "hard",
      timelimit_to_std: (values.timelimit_to_std as number | null | undefined) ?? 0,
    };
  },
  duplicate: () => refuseFields({ forwarder_short_name: [refusal("taken")] }, 422, { message: sentenceOf("allotment_exists"), code: "allotment_exists", params: {} }),
  onWrite: async (tx, event) => {
    // Giving space back is a reservation change too, except on a cancelled flight (nothing to sell there).
    if (event.action === "delete") assertBookable(await segmentOf(tx, event.before!.segment_id), "base", { canceledAllowed: true });
    await logAllotment(tx, event);
  },
});

const logAllotment = logChanges<typeof allotments.$inferSelect>("Allotment", (a) => a.segment_id);

async function segmentOf(db: Db, id: number) {
  const [s] = await db.select().from(segments).where(eq(segments.id, id)).limit(1);
  return s!;
}

export const allotmentRoutes: FastifyPluginAsync = async (app) => {
  acceptUploadBodies(app);
  await app.register(allotmentCrud);
  segmentRowsRoute(app, {
    path: "allotments",
    summary: "Allotments on the segment (oldest first)",
    item: AllotmentSchema,
    rows: (db, s) => db.select().from(allotments).where(eq(allotments.segment_id, s.id)).orderBy(asc(allotments.id)),
  });
  registerUpload(app, {
    path: "allotments",
    tag: "allotments",
    access: FLIGHTS_ACCESS.write,
    row: AllotmentFields,
    columns: [
      { key: "segment_number_with_date", example: "S70101/22NOV26" },
      { key: "origin_iata", example: "DME" },
      { key: "forwarder_short_name", example: "FWDONE" },
      { key: "type", example: "hard" },
      { key: "weight", example: 500 },
      { key: "volume", example: 3 },
      { key: "timelimit_to_std", example: 48 },
      { key: "valid_until", example: "" },
      { key: "postal", example: "false" },
    ],
    check: async (db, rows) => {
      // The carrier is the caller's; rows are resolved in insert. Here: forwarders exist, no duplicate rows.
      const errors: RowError[] = [];
      const names = [...new Set(rows.map((r) => r.value.forwarder_short_name as string))];
      const known = names.length
        ? new Set(
            (await db.select({ n: companies.short_name }).from(companies).where(and(inArray(companies.short_name, names), eq(companies.business_type, "forwarder")))).map(
              (r) => r.n,
            ),
          )
        : new Set<string>();
      const seen = new Set<string>();
      for (const { row, value } of rows) {
        if (!known.has(value.forwarder_short_name as string)) errors.push(rowError(row, "forwarder", refusal("must_exist")));
        const key = `${value.segment_number_with_date}|${value.origin_iata ?? ""}|${value.forwarder_short_name}|${value.type ?? "hard"}`;
        if (seen.has(key)) errors.push(rowError(row, "forwarder_short_name", refusal("taken")));
        seen.add(key);
      }
      return errors;
    },
    insert: async (tx, carrier, values, request) => {
      const errors: RowError[] = [];
      const rows: Array<typeof allotments.$inferInsert> = [];
      for (const [i, v] of values.entries()) {
        const fieldErrors: FieldErrors = {};
        const segment = await resolve(tx, carrier, v, fieldErrors);
        if (segment && (segment.canceled || segment.locked || segment.sales_closed)) addRefusal(fieldErrors, "segment", "flight_closed");
        for (const [field, refusals] of Object.entries(fieldErrors)) for (const r of refusals) errors.push(rowError(i + 2, field, r));
        if (!segment) continue;
        rows.push({
          carrier,
          segment_id: segment.id,
          segment_number_with_date: segment.number_with_date,
          origin_iata: segment.origin_iata,
          destination_iata: segment.destination_iata,
          forwarder_short_name: v.forwarder_short_name as string,
          type: (v.type as string | undefined) ?? "hard",
          weight: v.weight as number,
          volume: v.volume as number,
          timelimit_to_std: (v.timelimit_to_std as number | null | undefined) ?? 0,
          valid_until: (v.valid_until as string | null | undefined) ?? null,
          postal: (v.postal as boolean | undefined) ?? false,
        });
      }
      if (errors.length) throw refuseRows(errors);
      try {
        const created = await tx.insert(allotments).values(rows).returning();
        for (const after of created) await logAllotment(tx, { request, action: "create", before: null, after });
      } catch (err) {
        if ((err as { code?: string }).code === "23505" || String((err as { cause?: { code?: string } }).cause?.code) === "23505") {
          throw refuseRows([rowError(2, "forwarder_short_name", refusal("taken"))], "allotment_rows_exist");
        }
        throw err;
      }
    },
  });
};

