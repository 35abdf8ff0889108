import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DEPARTURE_TOO_EARLY, departureDue, departureTooEarlyParams } from "../../cargo/flights/departure";
import { assertShipmentAllows } from "../air-waybills/shipment-state";
import { airWaybills, preManifestItems, segments } from "../db/schema";
import { refuse, refuseField } from "../http/errors";
import { IdParams } from "../http/input";
import { resourceErrors } from "../http/schemas";
import type { Db } from "../db/open";
import { SegmentSchema, segmentAnswers, writeChangeLog, type Segment } from "../flights/common";
import { assertNotDeparted, handledSegment, HANDLING_ACCESS, isArrived, isDeparted } from "./access";
import { recordMovement } from "./movements";
import { recordFlightEventOnReceptacles } from "../receptacles/movements";
import { FlightEventBody } from "./schemas";

// The flight's actual departure and arrival (segment actions beside lock and close_sales, api/flights/segments.ts):
// departure sets ATOT and writes a DEP movement for every waybill on the manifest, which moves the waybill to departed
// (its departed_at, the shipments list's "departed"); arrival sets ATL and writes ARR at the destination for the same
// waybills. Both are logged on the segment like its other changes; each is done once.


type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface FlightEvent {
  path: "depart" | "arrive";
  summary: string;
  /** The segment's time field the event sets, and the movement each manifested waybill gets. */
  field: "atot" | "atl";
  status: "DEP" | "ARR";
  /** Refuses the event when the flight is not in the state for it, or not yet due (422). */
  check(segment: Segment, at: Date, now: Date): void;
  /** What else the event changes on each manifested waybill. */
  onWaybill?(tx: Tx, awbId: number, at: Date, now: Date): Promise<unknown>;
}

const EVENTS: FlightEvent[] = [
  {
    path: "depart",
    summary: "Actual departure (time: ATOT, default now; neither it nor now earlier than STD minus 60 minutes, else 422 departure_before_schedule): a DEP movement for each manifested waybill, which is departed from then on",
    field: "atot",
    status: "DEP",
    check: (segment, at, now) => {
      assertNotDeparted(segment);
      // not before STD minus the tolerance of cargo/flights/departure, neither the time given nor the moment it is said
      if (!departureDue(segment.std, at, now)) {
        const params = departureTooEarlyParams(segment.std, segment.origin_time_zone);
        throw refuse(422, DEPARTURE_TOO_EARLY, params);
      }
    },
    onWaybill: (tx, awbId, at, now) => tx.update(airWaybills).set({ departed_at: at, updated_at: now }).where(and(eq(airWaybills.id, awbId), isNull(airWaybills.departed_at))),
  },
  {
    path: "arrive",
    summary: "Actual arrival (time: ATL, default now) of a departed flight: an ARR movement at the destination for each manifested waybill",
    field: "atl",
    status: "ARR",
    check: (segment, at) => {
      if (!isDeparted(segment)) throw refuseField("base", "flight_not_departed");
      if (isArrived(segment)) throw refuseField("base", "flight_arrived");
      if (at <= segment.atot!) throw refuseField("time", "after_departure");
    },
  },
];

export const flightEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  for (const event of EVENTS) {
    app.post(
      `/api/v3/segments/:id/${event.path}`,
      { schema: { tags: ["segments", "handling"], summary: event.summary, params: IdParams, body: FlightEventBody, response: { 200: SegmentSchema, ...resourceErrors } } },
      async (request) => {
        const now = app.deps.now();
        const segment = await db.transaction(async (tx) => {
          const segment = await handledSegment(tx, request, request.params.id, HANDLING_ACCESS.act, { lock: true });
          const at = request.body.time ? new Date(request.body.time) : now;
          event.check(segment, at, now);
          const items = await tx.select().from(preManifestItems).where(eq(preManifestItems.segment_id, segment.id));
          for (const item of items) {
            const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, item.air_waybill_id)).for("update");
            if (event.status === "DEP") await assertShipmentAllows(tx, awb!, "depart");
            await recordMovement(tx, request.auth, { status: event.status, awb: awb!, segment, pieces: item.pieces, weight: item.weight, volume: item.volume, at });
            await event.onWaybill?.(tx, awb!.id, at, now);
          }
          // the mail on the flight departs and arrives with it
          await recordFlightEventOnReceptacles(tx, request.auth, segment, event.status, at);
          const [row] = await tx.update(segments).set({ [event.field]: at, updated_at: now }).where(eq(segments.id, segment.id)).returning();
          await writeChangeLog(tx, request.auth, { carrier: segment.carrier, record_type: "Segment", record_id: segment.id, action: event.path, change_set: { [event.field]: [null, at.toISOString()] }, segment_id: segment.id });
          return row!;
        });
        return (await segmentAnswers(db, [segment], now))[0]!;
      },
    );
  }
};
