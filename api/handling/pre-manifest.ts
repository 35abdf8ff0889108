import { and, asc, count, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { refreshBookingSummary } from "../air-waybills/booking-summary";
import { assertShipmentAllows } from "../air-waybills/shipment-state";
import { refreshWarnings } from "../air-waybills/warnings";
import { bookLeg, cancelBooking, movedTo } from "../bookings/book";
import type { Tx } from "../bookings/space";
import type { AuthContext } from "../auth/authenticate";
import { airWaybills, bookings, preManifestItems, segments } from "../db/schema";
import { DEFAULT_MANIFEST_PRIORITY } from "../db/tables/handling";
import { isUniqueViolation, notFound, refuse, refuseField } from "../http/errors";
import { IdParams } from "../http/input";
import { pageMeta, pageOffset, PageQuerySchema } from "../http/pagination";
import { ErrorSchema } from "../http/schemas";
import { segmentScope, type Segment } from "../flights/common";
import { assertNotDeparted, handledSegment, HANDLING_ACCESS, targetSegment, waybillOnFlight, type Waybill } from "./access";
import { activeMovements, deactivateMovements, recordMovement } from "./movements";
import { AddItemBody, ChangeItemBody, PreManifestItemSchema, PreManifestListSchema } from "./schemas";

// The flight's pre-manifest (spec 3 §7 segments/{id}/pre_manifest_items, PATCH and DELETE pre_manifest_items/{id};
// the Build-Up tab): the handling desk puts waybills booked on or received for the flight on its manifest with the
// pieces, weight and volume that go and a loading priority (a MAN movement each), changes them, takes them off, or
// moves them to another flight from the same station. A move takes the waybill's booking along (cancelled here, booked
// there, in the same transaction) so the space leaves this flight and is taken on the other; capacity counts what
// is manifested beyond bookings (capacity.ts). Nothing changes once the flight has departed.

const tags = ["segments", "handling"];
const errors = { 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema.describe("the item moved meanwhile"), 422: ErrorSchema } as const;

type Item = typeof preManifestItems.$inferSelect;

const itemAnswer = (i: Item) => ({ ...i, origin: i.origin_iata, destination: i.destination_iata });

/** What goes when the desk does not say: what was received, else the booking on this flight, else the whole waybill. */
async function defaultFigures(tx: Tx, awb: Waybill, segment: Segment) {
  const [received] = (await activeMovements(tx, awb.id, segment.id, "RCS")).slice(-1);
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.segment_id, segment.id), eq(bookings.active, true)))
    .limit(1);
  const from = received ?? booking ?? awb;
  return { pieces: from.pieces, weight: from.weight, volume: from.volume ?? booking?.volume ?? awb.volume };
}

export function checkPieces(awb: Waybill, pieces: number) {
  if (pieces > awb.pieces) throw refuseField("pieces", "pieces_over_awb", { pieces: awb.pieces });
}

/**
 * The item the caller's airline may change (its flight is theirs), its flight and waybill locked: 404 otherwise. A move
 * names its target flight (`target`): both flights are locked in id order, never source first, so two moves in
 * opposite directions (A→B while B→A) wait for each other instead of deadlocking; a target not theirs is 422.
 */
async function lockItem(tx: Tx, request: Parameters<typeof segmentScope>[0], id: number, opts: { target?: number } = {}) {
  const [row] = await tx
    .select({ item: preManifestItems })
    .from(preManifestItems)
    .innerJoin(segments, eq(segments.id, preManifestItems.segment_id))
    .where(and(eq(preManifestItems.id, id), segmentScope(request)))
    .limit(1);
  if (!row) throw notFound();
  const sourceId = row.item.segment_id;
  const ids = opts.target === undefined || opts.target === sourceId ? [sourceId] : [sourceId, opts.target].sort((a, b) => a - b);
  let segment: Segment | undefined;
  let target: Segment | undefined;
  for (const sid of ids) {
    if (sid === sourceId) segment = await handledSegment(tx, request, sid, HANDLING_ACCESS.act, { lock: true });
    else target = await targetSegment(tx, request, sid, "segment_id");
  }
  const [item] = await tx.select().from(preManifestItems).where(eq(preManifestItems.id, id)).for("update");
  if (!item) throw notFound();
  // moved by another desk between the first read and the locks: its flight is not the one locked
  if (item.segment_id !== sourceId) throw refuse(409, "manifest_item_moved");
  const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, item.air_waybill_id)).for("update");
  return { item, segment: segment!, target, awb: awb! };
}

export const preManifestRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/segments/:id/pre_manifest_items",
    {
      schema: {
        tags,
        summary: "The flight's pre-manifest, first priority first, with the flight's booked (KK) and manifested totals",
        params: IdParams,
        querystring: PageQuerySchema,
        response: { 200: PreManifestListSchema, ...errors },
      },
    },
    async (request) => {
      const segment = await handledSegment(db, request, request.params.id, HANDLING_ACCESS.read);
      const { page, per_page } = request.query;
      const mine = eq(preManifestItems.segment_id, segment.id);
      const totals = (t: typeof preManifestItems | typeof bookings) => ({
        pieces: sql<number>`coalesce(sum(${t.pieces}), 0)::int`,
        weight: sql<number>`coalesce(round(sum(${t.weight})::numeric, 3), 0)::double precision`,
        volume: sql<number>`coalesce(round(sum(${t.volume})::numeric, 3), 0)::double precision`,
      });
      const [[manifested], [booked], rows] = await Promise.all([
        db.select({ n: count(), ...totals(preManifestItems) }).from(preManifestItems).where(mine),
        db
          .select(totals(bookings))
          .from(bookings)
          .where(and(eq(bookings.segment_id, segment.id), eq(bookings.active, true), eq(bookings.response_status, "KK"))),
        db
          .select()
          .from(preManifestItems)
          .where(mine)
          .orderBy(asc(preManifestItems.priority), asc(preManifestItems.mawb))
          .limit(per_page)
          .offset(pageOffset(page, per_page)),
      ]);
      const { n, ...manifestedTotals } = manifested!;
      return { data: rows.map(itemAnswer), meta: { ...pageMeta(n, page, per_page), booked: booked!, manifested: manifestedTotals } };
    },
  );

  app.post(
    "/api/v3/segments/:id/pre_manifest_items",
    {
      schema: {
        tags,
        summary: "Put a waybill booked on or received for the flight on its manifest (a MAN movement); 422 'has already been taken' when it is on it",
        params: IdParams,
        body: AddItemBody,
        response: { 201: PreManifestItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = app.deps.now();
      const body = request.body;
      const item = await db.transaction(async (tx) => {
        const segment = await handledSegment(tx, request, request.params.id, HANDLING_ACCESS.act, { lock: true });
        assertNotDeparted(segment);
        const awb = await waybillOnFlight(tx, segment, body.mawb);
        await assertShipmentAllows(tx, awb, "manifest");
        const [twin] = await tx
          .select({ id: preManifestItems.id })
          .from(preManifestItems)
          .where(and(eq(preManifestItems.segment_id, segment.id), eq(preManifestItems.air_waybill_id, awb.id)));
        if (twin) throw refuseField("mawb", "taken");
        const fallback = await defaultFigures(tx, awb, segment);
        const pieces = body.pieces ?? fallback.pieces;
        checkPieces(awb, pieces);
        return putOnManifest(tx, request.auth, segment, awb, { pieces, weight: body.weight ?? fallback.weight, volume: body.volume ?? fallback.volume, priority: body.priority ?? DEFAULT_MANIFEST_PRIORITY }, now);
      });
      return reply.code(201).send(itemAnswer(item));
    },
  );

  app.patch(
    "/api/v3/pre_manifest_items/:id",
    {
      schema: {
        tags,
        summary: "Change what goes (pieces, weight, volume, priority), or move the waybill to another flight from the same station (segment_id): its booking and space go along",
        params: IdParams,
        body: ChangeItemBody,
        response: { 200: PreManifestItemSchema, ...errors },
      },
    },
    async (request) => {
      const now = app.deps.now();
      const body = request.body;
      const out = await db.transaction(async (tx) => {
        const { item, segment, target, awb } = await lockItem(tx, request, request.params.id, { target: body.segment_id });
        assertNotDeparted(segment);
        const figures = {
          pieces: body.pieces ?? item.pieces,
          weight: body.weight ?? item.weight,
          volume: body.volume ?? item.volume,
          priority: body.priority ?? item.priority,
        };
        checkPieces(awb, figures.pieces);
        if (!target) {
          const [row] = await tx
            .update(preManifestItems)
            .set({ ...figures, part_code: figures.pieces < awb.pieces ? "P" : "T", updated_at: now })
            .where(eq(preManifestItems.id, item.id))
            .returning();
          return row!;
        }
        await assertShipmentAllows(tx, awb, "manifest");
        return moveItem(tx, request.auth, { item, segment, awb, figures, target, now });
      });
      return itemAnswer(out);
    },
  );

  app.delete(
    "/api/v3/pre_manifest_items/:id",
    {
      schema: { tags, summary: "Take the waybill off the manifest (its MAN movement is deactivated)", params: IdParams, response: { 200: PreManifestItemSchema, ...errors } },
    },
    async (request) => {
      const removed = await db.transaction(async (tx) => {
        const { item, segment } = await lockItem(tx, request, request.params.id);
        assertNotDeparted(segment);
        if (item.movement_id) await deactivateMovements(tx, [item.movement_id]);
        await tx.delete(preManifestItems).where(eq(preManifestItems.id, item.id));
        return item;
      });
      return itemAnswer(removed);
    },
  );
};

export interface ItemFigures {
  pieces: number;
  weight: number;
  volume: number;
  priority: number;
  /** The ULD it is loaded in (an FFM says so; the Build-Up tab loads in bulk): kept on the MAN movement. */
  uld?: string | null;
}

/** Inserts the manifest item with its MAN movement. */
export async function putOnManifest(tx: Tx, auth: { user: { id?: number | null; email: string } }, segment: Segment, awb: Waybill, f: ItemFigures, now: Date): Promise<Item> {
  const movement = await recordMovement(tx, auth, { status: "MAN", awb, segment, pieces: f.pieces, weight: f.weight, volume: f.volume, uld: f.uld, at: now });
  try {
    const [row] = await tx
      .insert(preManifestItems)
      .values({
        segment_id: segment.id,
        carrier: segment.carrier,
        air_waybill_id: awb.id,
        mawb: awb.mawb,
        origin_iata: segment.origin_iata,
        destination_iata: segment.destination_iata,
        total_pieces: awb.pieces,
        pieces: f.pieces,
        part_code: f.pieces < awb.pieces ? "P" : "T",
        weight: f.weight,
        weight_code: awb.weight_code,
        volume: f.volume,
        volume_code: awb.volume_code,
        commodity: awb.commodity,
        shcs: awb.shcs,
        priority: f.priority,
        movement_id: movement.id,
        created_by: auth.user.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning();
    return row!;
  } catch (err) {
    // the unique index backs the check when two desks add the same waybill at once
    if (isUniqueViolation(err)) throw refuseField("mawb", "taken");
    throw err;
  }
}

/**
 * Moves a manifested waybill to another flight from the same station: off this manifest (MAN deactivated), its
 * booking here cancelled (the handling desk offloads even on a locked flight), booked on the target through bookLeg
 * when it has no booking there (the target must accept bookings; a refusal undoes the whole move; the certification
 * moves with the booking, as bookings/change does), its received
 * status carried over (a new RCS for the target), and on the target's manifest (a new MAN).
 */
async function moveItem(tx: Tx, auth: AuthContext, m: { item: Item; segment: Segment; awb: Waybill; figures: ItemFigures; target: Segment; now: Date }): Promise<Item> {
  const target = m.target;
  if (target.origin_iata !== m.segment.origin_iata) throw refuseField("segment_id", "must_leave_from", { origin: m.segment.origin_iata });
  if (target.atot || target.canceled) throw refuseField("segment_id", target.canceled ? "flight_canceled" : "flight_departed");
  const [there] = await tx
    .select({ id: preManifestItems.id })
    .from(preManifestItems)
    .where(and(eq(preManifestItems.segment_id, target.id), eq(preManifestItems.air_waybill_id, m.awb.id)));
  if (there) throw refuseField("segment_id", "already_on_manifest");

  const ctx = { auth, now: m.now };
  const active = await tx.select().from(bookings).where(and(eq(bookings.air_waybill_id, m.awb.id), eq(bookings.active, true)));
  for (const b of active.filter((b) => b.segment_id === m.segment.id)) await cancelBooking(tx, ctx, b, { ignoreFlightState: true, reason: movedTo(target.number_with_date) });
  if (!active.some((b) => b.segment_id === target.id)) {
    // a confirmed booking writes its BKD there (bookLeg)
    await bookLeg(tx, ctx, m.awb, { segment_id: target.id }, { pieces: m.figures.pieces, weight: m.figures.weight, volume: m.figures.volume, shcs: m.awb.shcs }, { certified: true });
  }

  if (m.item.movement_id) await deactivateMovements(tx, [m.item.movement_id]);
  const received = await activeMovements(tx, m.awb.id, m.segment.id, "RCS");
  await deactivateMovements(tx, received.map((r) => r.id));
  for (const r of received.slice(-1)) await recordMovement(tx, auth, { status: "RCS", awb: m.awb, segment: target, pieces: r.pieces, weight: r.weight, at: m.now });
  await tx.delete(preManifestItems).where(eq(preManifestItems.id, m.item.id));
  const moved = await putOnManifest(tx, auth, target, m.awb, m.figures, m.now);
  await refreshBookingSummary(tx, m.awb.id);
  await refreshWarnings(tx, m.awb.id, m.now);
  return moved;
}
