import { and, asc, count, desc, eq, exists, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertShipmentAllows } from "../air-waybills/shipment-state";
import { bookingAnswers } from "../bookings/book";
import { airWaybills, awbMovements, bookings, preManifestItems } from "../db/schema";
import { refuseField } from "../http/errors";
import { IdParams } from "../http/input";
import { pageMeta, pageOf, pageOffset, PageQuerySchema } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { assertNotDeparted, handledSegment, HANDLING_ACCESS, waybillOnFlight } from "./access";
import { FlightRowSchema, flightRowPage, flightRows } from "./flight-rows";
import type { Segment } from "../flights/common";
import { activeMovements, deactivateMovements, recordMovement } from "./movements";
import { FlightRowsQuery, Mawb, ReadyToGoSchema, ReceiveBody } from "./schemas";

// Receiving at the flight's origin (spec 2 §4 "Movement of an AWB": marked received, removed from the received list)
// and the lists of the flight page's Shipments, Receiving and Ready for Carriage tabs. Received = a standing RCS
// movement of the waybill on this flight with the pieces and weight counted at the warehouse; removing it from the
// received list deactivates that movement (the history keeps it). The ready-to-go list is what was received for the
// flight, each with its booking and movements (spec 2 §3 "Ready-to-go list").

const tags = ["segments", "handling"];

export const receivingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/segments/:id/air_waybills",
    {
      schema: {
        tags,
        summary: "The waybills booked on or manifested for the flight (build-up rows): booking, received, manifested figures and the latest movement; state filters them",
        params: IdParams,
        querystring: FlightRowsQuery,
        response: { 200: pageOf(FlightRowSchema), ...resourceErrors },
      },
    },
    async (request) => {
      const segment = await handledSegment(db, request, request.params.id, HANDLING_ACCESS.read);
      return flightRowPage(db, segment, request.query.state, request.query.page, request.query.per_page);
    },
  );

  app.post(
    "/api/v3/segments/:id/air_waybills/receive",
    {
      schema: {
        tags,
        summary: "Mark a waybill booked on the flight received at its origin with the pieces and weight counted (an RCS movement)",
        params: IdParams,
        body: ReceiveBody,
        response: { 201: FlightRowSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const now = app.deps.now();
      const { segment, awbId } = await db.transaction(async (tx) => {
        const segment = await handledSegment(tx, request, request.params.id, HANDLING_ACCESS.act, { lock: true });
        assertNotDeparted(segment);
        const awb = await waybillOnFlight(tx, segment, request.body.mawb);
        await assertShipmentAllows(tx, awb, "receive");
        if ((await activeMovements(tx, awb.id, segment.id, "RCS")).length) throw refuseField("mawb", "already_received");
        await recordMovement(tx, request.auth, { status: "RCS", awb, segment, pieces: request.body.pieces, weight: request.body.weight, at: now });
        return { segment, awbId: awb.id };
      });
      return reply.code(201).send((await flightRowPageOf(segment, awbId))!);
    },
  );

  app.delete(
    "/api/v3/segments/:id/air_waybills/received/:mawb",
    {
      schema: {
        tags,
        summary: "Remove a waybill from the flight's received list (its RCS stays in the history, deactivated); not once it is on the manifest",
        params: IdParams.extend({ mawb: Mawb() }),
        response: { 200: FlightRowSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const { segment, awbId } = await db.transaction(async (tx) => {
        const segment = await handledSegment(tx, request, request.params.id, HANDLING_ACCESS.act, { lock: true });
        assertNotDeparted(segment);
        const awb = await waybillOnFlight(tx, segment, request.params.mawb);
        await assertShipmentAllows(tx, awb, "unreceive");
        const standing = await activeMovements(tx, awb.id, segment.id, "RCS");
        if (!standing.length) throw refuseField("mawb", "not_on_received_list");
        const [item] = await tx
          .select({ id: preManifestItems.id })
          .from(preManifestItems)
          .where(and(eq(preManifestItems.segment_id, segment.id), eq(preManifestItems.air_waybill_id, awb.id)));
        if (item) throw refuseField("mawb", "on_manifest");
        await deactivateMovements(tx, standing.map((m) => m.id));
        return { segment, awbId: awb.id };
      });
      return (await flightRowPageOf(segment, awbId))!;
    },
  );

  /** The row of one waybill after a change (the answer of receive and remove). */
  const flightRowPageOf = async (segment: Segment, awbId: number) => (await flightRows(db, segment, [awbId]))[0];

  app.get(
    "/api/v3/segments/:id/air_waybills/ready_to_go",
    {
      schema: {
        tags,
        summary: "The ready-to-go list: waybills received for the flight, each with its booking, its movements on the flight and whether it is on the manifest",
        params: IdParams,
        querystring: PageQuerySchema,
        response: { 200: pageOf(ReadyToGoSchema), ...resourceErrors },
      },
    },
    async (request) => {
      const segment = await handledSegment(db, request, request.params.id, HANDLING_ACCESS.read);
      const { page, per_page } = request.query;
      const receivedHere = exists(
        sql`(select 1 from ${awbMovements} where ${awbMovements.air_waybill_id} = ${airWaybills.id} and ${awbMovements.segment_id} = ${segment.id} and ${awbMovements.status_code} = 'RCS' and not ${awbMovements.deactivated})`,
      );
      const where = and(receivedHere, eq(airWaybills.deleted, false));
      const [{ n }] = (await db.select({ n: count() }).from(airWaybills).where(where)) as [{ n: number }];
      const awbs = await db
        .select({ id: airWaybills.id, mawb: airWaybills.mawb })
        .from(airWaybills)
        .where(where)
        .orderBy(asc(airWaybills.mawb))
        .limit(per_page)
        .offset(pageOffset(page, per_page));
      const ids = awbs.map((a) => a.id);
      const [moves, bookingRows, items] = ids.length
        ? await Promise.all([
            db
              .select()
              .from(awbMovements)
              .where(and(inArray(awbMovements.air_waybill_id, ids), eq(awbMovements.segment_id, segment.id)))
              .orderBy(asc(awbMovements.time_utc), asc(awbMovements.id)),
            db
              .select()
              .from(bookings)
              .where(and(inArray(bookings.air_waybill_id, ids), eq(bookings.segment_id, segment.id), eq(bookings.active, true)))
              .orderBy(desc(bookings.id)),
            db.select({ awb: preManifestItems.air_waybill_id }).from(preManifestItems).where(and(inArray(preManifestItems.air_waybill_id, ids), eq(preManifestItems.segment_id, segment.id))),
          ])
        : [[], [], []];
      const answers = await bookingAnswers(db, bookingRows, app.deps.now());
      const onManifest = new Set(items.map((i) => i.awb));
      return {
        data: awbs.map((a) => ({
          segment: { id: segment.id, number_with_date: segment.number_with_date, origin_iata: segment.origin_iata, destination_iata: segment.destination_iata },
          mawb: a.mawb,
          booking: answers.find((b) => b.mawb === a.mawb) ?? null,
          movements: moves.filter((m) => m.air_waybill_id === a.id),
          manifested: onManifest.has(a.id),
        })),
        meta: pageMeta(n, page, per_page),
      };
    },
  );
};
