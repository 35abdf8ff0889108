import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkAwbNumber } from "../../cargo/awb/awb-number";
import { MOVEMENT_ACTIONS } from "../../cargo/awb/shipment-state";
import { AWB_ACCESS, findVisible } from "../air-waybills/access";
import { assertShipmentAllows } from "../air-waybills/shipment-state";
import { MovementSchema } from "../air-waybills/schemas";
import type { Db } from "../db/open";
import { airWaybills, awbMovements, preManifestItems, segments } from "../db/schema";
import { segmentScope } from "../flights/common";
import { notFound, refuseField } from "../http/errors";
import { resourceErrors } from "../http/schemas";
import { allow, may } from "../settings/access";
import { handledSegment, HANDLING_ACCESS, isArrived, isDeparted, waybillOnFlight } from "./access";
import type { DiscrepancyCode } from "../../cargo/awb/movement-codes";
import { recordMovement } from "./movements";
import { Mawb, MovementBody, MovementIdParams } from "./schemas";

// A waybill's movements written or deleted by hand (spec 3 §7 "Air waybills": POST and DELETE /{id}/movements): the
// destination's steps after arrival (RCF received from the flight, NFD consignee notified, DLV delivered) and
// discrepancies (DIS with its state, spec 3 §8) on a flight the caller's airline operates. The airline deletes a
// wrong movement, never one of a flight that has departed (that is the flight's record); deleting a MAN takes the
// waybill off that manifest, so the manifest and the movements never disagree.

const tags = ["air waybills", "handling"];

/**
 * The ids of `rows` (one waybill's movements, which the caller may read) the caller may delete, by the DELETE route's
 * rule: a movement on a flight, the flight's operating airline while it has not departed; one off any flight, the
 * waybill's airline. The shipment page offers the delete button by it.
 */
export async function removableMovementIds(db: Pick<Db, "select">, request: FastifyRequest, rows: Array<Pick<typeof awbMovements.$inferSelect, "id" | "segment_id">>): Promise<Set<number>> {
  if (!may(request.auth, HANDLING_ACCESS.act)) return new Set();
  const ids = [...new Set(rows.map((m) => m.segment_id).filter((id): id is number => id !== null))];
  const open = ids.length
    ? new Set(
        (await db.select({ id: segments.id, atot: segments.atot }).from(segments).where(and(inArray(segments.id, ids), segmentScope(request))))
          .filter((s) => !isDeparted(s))
          .map((s) => s.id),
      )
    : new Set<number>();
  const offFlight = may(request.auth, AWB_ACCESS.airline);
  return new Set(rows.filter((m) => (m.segment_id === null ? offFlight : open.has(m.segment_id))).map((m) => m.id));
}

export const awbMovementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.post(
    "/api/v3/air_waybills/:mawb/movements",
    {
      schema: {
        tags,
        summary: "Record RCF, NFD or DLV for a waybill of an arrived flight, or a discrepancy (DIS with discrepancy_code) on a flight it is booked on or manifested for",
        params: z.object({ mawb: Mawb() }),
        body: MovementBody,
        response: { 201: MovementSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const now = app.deps.now();
      const body = request.body;
      const row = await db.transaction(async (tx) => {
        const segment = await handledSegment(tx, request, body.segment_id, HANDLING_ACCESS.act, { lock: true });
        const awb = await waybillOnFlight(tx, segment, request.params.mawb);
        await assertShipmentAllows(tx, awb, MOVEMENT_ACTIONS[body.status_code]);
        const [item] = await tx
          .select()
          .from(preManifestItems)
          .where(and(eq(preManifestItems.segment_id, segment.id), eq(preManifestItems.air_waybill_id, awb.id)));
        if (body.status_code === "DIS") {
          if (!body.discrepancy_code) throw refuseField("discrepancy_code", "blank");
        } else {
          if (!isArrived(segment)) throw refuseField("status_code", "flight_not_arrived");
          if (!item) throw refuseField("mawb", "not_on_manifest");
        }
        const from = item ?? awb;
        const movement = await recordMovement(tx, request.auth, {
          status: body.status_code,
          awb,
          segment,
          pieces: body.pieces ?? from.pieces,
          weight: body.weight ?? from.weight,
          volume: from.volume,
          discrepancy: (body.discrepancy_code as DiscrepancyCode | undefined) ?? null,
          at: now,
        });
        if (body.status_code === "DLV") await tx.update(airWaybills).set({ delivered_at: now, updated_at: now }).where(eq(airWaybills.id, awb.id));
        return movement;
      });
      return reply.code(201).send(row);
    },
  );

  app.delete(
    "/api/v3/air_waybills/:mawb/movements/:id",
    {
      schema: {
        tags,
        summary: "Delete a wrong movement (the airline; never one of a departed flight). A MAN takes the waybill off that manifest",
        params: MovementIdParams,
        response: { 200: MovementSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const check = checkAwbNumber(request.params.mawb);
      if (!check.valid) throw notFound();
      const row = await db.transaction(async (tx) => {
        const [movement] = await tx
          .select()
          .from(awbMovements)
          .where(and(eq(awbMovements.id, request.params.id), eq(awbMovements.mawb, check.mawb)))
          .for("update");
        if (!movement) throw notFound();
        if (movement.segment_id !== null) {
          // the operating airline of the movement's flight (another airline's flight: not found)
          const segment = await handledSegment(tx, request, movement.segment_id, HANDLING_ACCESS.act, { lock: true });
          if (isDeparted(segment)) throw refuseField("base", "movements_after_departure");
        } else {
          // a movement off any flight: the waybill's own airline
          allow(request.auth, AWB_ACCESS.airline);
          await findVisible(tx, request.auth, check.mawb);
        }
        if (movement.status_code === "MAN") await tx.delete(preManifestItems).where(eq(preManifestItems.movement_id, movement.id));
        await tx.delete(awbMovements).where(eq(awbMovements.id, movement.id));
        return movement;
      });
      return row;
    },
  );
};
