import { and, eq, inArray } from "drizzle-orm";
import {
  shipmentAllows,
  shipmentState,
  SHIPMENT_STATE_REFUSAL,
  type ShipmentAction,
  type ShipmentFacts,
} from "../../cargo/awb/shipment-state";
import type { Db } from "../db/open";
import { airWaybills, awbMovements, preManifestItems } from "../db/schema";
import { HttpError, refuse } from "../http/errors";

// The facts cargo/awb/shipment-state reads a shipment's state from, as we store them: the waybill's own marks
// (issued, verified, voided, departed, delivered) and its standing movements (RCS received, ARR at the destination)
// and manifest items. Every route that changes a shipment asks here and refuses what the graph does not allow.

type Waybill = Pick<typeof airWaybills.$inferSelect, "id" | "destination_iata" | "issued_at" | "verified_at" | "voided_at" | "departed_at" | "delivered_at">;
type Reader = Pick<Db, "select">;

/** The facts of several waybills at once (two reads whatever their number), by waybill id. */
export async function shipmentFactsOf(db: Reader, awbs: readonly Waybill[]): Promise<Map<number, ShipmentFacts>> {
  const ids = awbs.map((a) => a.id);
  const [moves, items] = ids.length
    ? await Promise.all([
        db
          .select({ awb: awbMovements.air_waybill_id, status: awbMovements.status_code, location: awbMovements.location_iata })
          .from(awbMovements)
          .where(and(inArray(awbMovements.air_waybill_id, ids), inArray(awbMovements.status_code, ["RCS", "ARR"]), eq(awbMovements.deactivated, false))),
        db.select({ awb: preManifestItems.air_waybill_id }).from(preManifestItems).where(inArray(preManifestItems.air_waybill_id, ids)),
      ])
    : [[], []];
  const manifested = new Set(items.map((i) => i.awb));
  return new Map(
    awbs.map((a) => {
      const mine = moves.filter((m) => m.awb === a.id);
      return [
        a.id,
        {
          issued: a.issued_at !== null,
          verified: a.verified_at !== null,
          voided: a.voided_at !== null,
          received: mine.some((m) => m.status === "RCS"),
          manifested: manifested.has(a.id),
          departed: a.departed_at !== null,
          arrived: mine.some((m) => m.status === "ARR" && m.location === a.destination_iata),
          delivered: a.delivered_at !== null,
        } satisfies ShipmentFacts,
      ];
    }),
  );
}

/** The facts of one waybill. */
export async function shipmentFacts(db: Reader, awb: Waybill): Promise<ShipmentFacts> {
  return (await shipmentFactsOf(db, [awb])).get(awb.id)!;
}

/** 422 when the shipment's state does not allow `action`: `{ error, code: "shipment_state_forbids", params: { state, action } }`. */
export function shipmentStateRefusal(facts: ShipmentFacts, action: ShipmentAction): HttpError {
  const state = shipmentState(facts);
  return refuse(422, SHIPMENT_STATE_REFUSAL, { state, action });
}

/** Refuses (422, above) what the waybill's state does not allow. */
export async function assertShipmentAllows(db: Reader, awb: Waybill, action: ShipmentAction): Promise<void> {
  const facts = await shipmentFacts(db, awb);
  if (!shipmentAllows(facts, action)) throw shipmentStateRefusal(facts, action);
}
