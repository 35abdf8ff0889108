import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { airWaybills, preManifestItems, segments } from "../db/schema";
import { HttpError } from "../http/errors";
import { IdParams } from "../http/input";
import { ErrorSchema } from "../http/schemas";
import { SegmentSchema, segmentAnswers, writeChangeLog } from "../flights/common";
import { assertNotDeparted, handledSegment, HANDLING_ACCESS, isArrived, isDeparted } from "./access";
import { recordMovement } from "./movements";
import { FlightEventBody } from "./schemas";

// The flight's actual departure and arrival (segment actions beside lock and close_sales, api/flights/segments.ts):
// departure sets ATOT and writes a DEP movement for every waybill on the manifest, which moves the waybill to departed
// (its departed_at, the shipments list's "departed"); arrival sets ATL and writes ARR at the destination for the same
// waybills. Both are logged on the segment like its other changes; each is done once.

const errors = { 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema } as const;

export const flightEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.post(
    "/api/v3/segments/:id/depart",
    {
      schema: {
        tags: ["segments", "handling"],
        summary: "Actual departure (time: ATOT, default now): a DEP movement for each manifested waybill, which is departed from then on",
        params: IdParams,
        body: FlightEventBody,
        response: { 200: SegmentSchema, ...errors },
      },
    },
    async (request) => {
      const now = app.deps.now();
      const segment = await db.transaction(async (tx) => {
        const segment = await handledSegment(tx, request, request.params.id, HANDLING_ACCESS.act, { lock: true });
        assertNotDeparted(segment);
        const atot = request.body.time ? new Date(request.body.time) : now;
        const items = await tx.select().from(preManifestItems).where(eq(preManifestItems.segment_id, segment.id));
        for (const item of items) {
          const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, item.air_waybill_id)).for("update");
          await recordMovement(tx, request.auth, { status: "DEP", awb: awb!, segment, pieces: item.pieces, weight: item.weight, volume: item.volume, at: atot });
          await tx.update(airWaybills).set({ departed_at: atot, updated_at: now }).where(and(eq(airWaybills.id, awb!.id), isNull(airWaybills.departed_at)));
        }
        const [row] = await tx.update(segments).set({ atot, updated_at: now }).where(eq(segments.id, segment.id)).returning();
        await writeChangeLog(tx, request.auth, { carrier: segment.carrier, record_type: "Segment", record_id: segment.id, action: "depart", change_set: { atot: [null, atot.toISOString()] }, segment_id: segment.id });
        return row!;
      });
      return (await segmentAnswers(db, [segment], now))[0]!;
    },
  );

  app.post(
    "/api/v3/segments/:id/arrive",
    {
      schema: {
        tags: ["segments", "handling"],
        summary: "Actual arrival (time: ATL, default now) of a departed flight: an ARR movement at the destination for each manifested waybill",
        params: IdParams,
        body: FlightEventBody,
        response: { 200: SegmentSchema, ...errors },
      },
    },
    async (request) => {
      const now = app.deps.now();
      const segment = await db.transaction(async (tx) => {
        const segment = await handledSegment(tx, request, request.params.id, HANDLING_ACCESS.act, { lock: true });
        if (!isDeparted(segment)) throw new HttpError(422, { errors: { base: ["Flight has not departed"] } });
        if (isArrived(segment)) throw new HttpError(422, { errors: { base: ["Flight has arrived"] } });
        const atl = request.body.time ? new Date(request.body.time) : now;
        if (atl <= segment.atot!) throw new HttpError(422, { errors: { time: ["must be after the departure"] } });
        const items = await tx.select().from(preManifestItems).where(eq(preManifestItems.segment_id, segment.id));
        for (const item of items) {
          const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, item.air_waybill_id));
          await recordMovement(tx, request.auth, { status: "ARR", awb: awb!, segment, pieces: item.pieces, weight: item.weight, volume: item.volume, at: atl });
        }
        const [row] = await tx.update(segments).set({ atl, updated_at: now }).where(eq(segments.id, segment.id)).returning();
        await writeChangeLog(tx, request.auth, { carrier: segment.carrier, record_type: "Segment", record_id: segment.id, action: "arrive", change_set: { atl: [null, atl.toISOString()] }, segment_id: segment.id });
        return row!;
      });
      return (await segmentAnswers(db, [segment], now))[0]!;
    },
  );
};
