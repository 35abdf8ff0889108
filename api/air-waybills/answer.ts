import { asc, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { OUTGOING_SEND } from "../../cargo/access/rules";
import { mayDo } from "../auth/access-rules";
import { amountAnswer } from "../http/amount-answer";
import type { Db } from "../db/open";
import { bookings, companies, houseWaybills } from "../db/schema";
import { bookingAnswers } from "../bookings/book";
import { airportInfo } from "../flights/common";
import { awbActions, type AirWaybillRow } from "./access";
import { shipmentFacts } from "./shipment-state";
import { airlineOfCarrier, chargeableCalculation, dimensionAnswers } from "./figures";
import type { AirWaybillAnswer } from "./schemas";

// The detail answer of a waybill (AirWaybillSchema): the row, its forwarder's short name, its bookings, the route they
// make, the chargeable calculation by the airline's settings and the actions the caller may take.

/** Airports from origin to destination: the active bookings' legs in order, else the manual route. */
function routeOf(row: AirWaybillRow, legs: Array<{ origin_iata: string; destination_iata: string; active: boolean }>): string[] {
  const active = legs.filter((l) => l.active);
  if (active.length) return [active[0]!.origin_iata, ...active.map((l) => l.destination_iata)];
  return [row.origin_iata, ...row.manual_route, row.destination_iata];
}

/** Who asks: the answer's actions are theirs. */
export type Viewer = Pick<FastifyRequest, "auth" | "server">;

async function hasHouses(db: Db, awbId: number): Promise<boolean> {
  const [row] = await db.select({ id: houseWaybills.id }).from(houseWaybills).where(eq(houseWaybills.air_waybill_id, awbId)).limit(1);
  return Boolean(row);
}

export async function awbAnswer(db: Db, viewer: Viewer, row: AirWaybillRow, now: Date): Promise<AirWaybillAnswer> {
  const auth = viewer.auth;
  const [forwarder] = await db.select({ short_name: companies.short_name }).from(companies).where(eq(companies.id, row.forwarder_id)).limit(1);
  const bookingRows = await db.select().from(bookings).where(eq(bookings.air_waybill_id, row.id)).orderBy(asc(bookings.std), asc(bookings.id));
  const airline = await airlineOfCarrier(db, row.carrier);
  const origin = (await airportInfo(db, [row.origin_iata])).get(row.origin_iata);
  return {
    ...row,
    product_type: row.product_code,
    forwarder_short_name: forwarder?.short_name ?? "",
    delivered: row.delivered_at !== null,
    departed: row.departed_at !== null,
    charge_weight_source: row.charge_weight_source === "airline" ? "airline" : "auto",
    chargeable_calculation: chargeableCalculation(airline, { weight: row.weight, volume: row.volume, airlineDefinedCw: row.airline_defined_cw }),
    dimensions: dimensionAnswers(row.dimensions),
    goods_items: row.goods_items as unknown as Array<Record<string, unknown>>,
    provisional_amount: amountAnswer(row.provisional_amount),
    final_amount: amountAnswer(row.final_amount),
    route: routeOf(row, bookingRows),
    origin_time_zone: origin?.timezone ?? "UTC",
    bookings: await bookingAnswers(db, bookingRows, now),
    actions: awbActions(auth, row, await shipmentFacts(db, row)),
    // spec 2 "can_send_fhl": the caller sends telegrams and the waybill has house waybills for an FHL to carry
    can_send_fhl: mayDo(viewer, OUTGOING_SEND) && (await hasHouses(db, row.id)),
  };
}
