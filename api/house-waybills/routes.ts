import { and, asc, count, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import { houseWaybills } from "../db/schema";
import type { PartyBlock } from "../db/tables/air-waybills";
import { notFound, refuseField } from "../http/errors";
import { Id, TEXT_MAX } from "../http/input";
import { resourceErrors } from "../http/schemas";
import { accessDenied, isForwarder } from "../settings/access";
import { checkAirports, defined, throwIfErrors } from "../settings/common";
import { diff, writeChangeLog } from "../flights/common";
import { awbActions, findVisible, mawbOf, type AirWaybillRow } from "../air-waybills/access";
import { shipmentFacts } from "../air-waybills/shipment-state";
import type { AwbTx } from "../air-waybills/state-change";
import { refreshWarnings } from "../air-waybills/warnings";
import { CreateHouseWaybillBody, HouseWaybillListSchema, HouseWaybillSchema, MAX_HOUSES, UpdateHouseWaybillBody } from "./schemas";
import { houseTotals, totalsDiffer } from "./totals";

// House waybills under a master (spec 3 §7 "House waybills"; issue 11): list (house_waybills.json, with the sums the
// master is checked against), read, create, edit and delete. Whoever may edit the master may change its houses (the
// forwarder until it is issued, the airline until it is voided); whoever may read it reads them. A serial number is
// unique within its master: the second is 422 { errors: { serial_number: ["has already been taken"] } } (the unique
// index decides, so two racing creations cannot both win). Each change recomputes the master's warnings (its totals
// against its houses) and is written in the change log as a HouseWaybill record.

const tags = ["house waybills"];
const RECORD = "HouseWaybill";
const MawbParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4) });
const HouseParams = MawbParams.extend({ id: Id() });

type Row = typeof houseWaybills.$inferSelect;

/** The master locked for a change of its houses, when the caller may edit it now. */
async function masterForChange(tx: AwbTx, auth: AuthContext, mawb: string): Promise<AirWaybillRow> {
  const awb = await findVisible(tx, auth, mawb, { forUpdate: true });
  if (!awbActions(auth, awb, await shipmentFacts(tx, awb)).edit) {
    if (awb.voided_at) throw refuseField("base", "awb_voided");
    if (awb.issued_at && isForwarder(auth.profile)) throw refuseField("base", "awb_issued");
    throw accessDenied();
  }
  return awb;
}

async function findHouse(tx: Pick<AwbTx, "select">, awb: AirWaybillRow, id: number): Promise<Row> {
  const [row] = await tx.select().from(houseWaybills).where(and(eq(houseWaybills.id, id), eq(houseWaybills.air_waybill_id, awb.id))).limit(1);
  if (!row) throw notFound("house_waybill_not_found");
  return row;
}

async function logHouse(tx: AwbTx, auth: AuthContext, awb: AirWaybillRow, id: number, action: string, before: Row | null, after: Record<string, unknown>) {
  const change_set = diff(before as Record<string, unknown> | null, after);
  if (Object.keys(change_set).length) await writeChangeLog(tx, auth, { carrier: awb.carrier, record_type: RECORD, record_id: id, action, change_set });
}

type HouseInput = z.infer<typeof UpdateHouseWaybillBody>;

/** The columns a create or edit writes (absent fields left out); airports are checked against the reference table. */
async function columnsOf(tx: AwbTx, input: HouseInput) {
  throwIfErrors(await checkAirports(tx as never, defined({ origin_iata: input.origin_iata, destination_iata: input.destination_iata })));
  const { shipper, consignee, ...rest } = input;
  return defined({ ...rest, shipper: shipper as PartyBlock | undefined, consignee: consignee as PartyBlock | undefined });
}

export const houseWaybillRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now();

  /**
   * A change of one house, in one transaction: the master locked (when the caller may edit it now), the house found
   * under it, the change made, then the master's warnings recomputed.
   */
  const changeHouse = <R>(
    auth: AuthContext,
    params: { mawb: string; id: number },
    change: (tx: AwbTx, awb: AirWaybillRow, current: Row, at: Date) => Promise<R>,
  ) => {
    const at = now();
    return db.transaction(async (tx) => {
      const awb = await masterForChange(tx, auth, mawbOf(params.mawb));
      const current = await findHouse(tx, awb, params.id);
      const result = await change(tx, awb, current, at);
      await refreshWarnings(tx, awb.id, at);
      return result;
    });
  };

  app.get(
    "/api/v3/air_waybills/:mawb/house_waybills.json",
    {
      schema: {
        tags,
        summary: "The master's house waybills in the order they were added, with their sums beside the master's pieces and weight",
        params: MawbParams,
        response: { 200: HouseWaybillListSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const data = await db.select().from(houseWaybills).where(eq(houseWaybills.air_waybill_id, awb.id)).orderBy(asc(houseWaybills.id)).limit(MAX_HOUSES);
      const totals = await houseTotals(db, awb.id);
      return { data, totals: { ...totals, master_pieces: awb.pieces, master_weight: awb.weight, differ: totalsDiffer(totals, awb) } };
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb/house_waybills/:id",
    { schema: { tags, summary: "One house waybill of the master", params: HouseParams, response: { 200: HouseWaybillSchema, ...resourceErrors } } },
    async (request) => findHouse(db, await findVisible(db, request.auth, mawbOf(request.params.mawb)), request.params.id),
  );

  app.post(
    "/api/v3/air_waybills/:mawb/house_waybills",
    {
      schema: {
        tags,
        summary: "Add a house waybill under the master (serial number unique within it; origin and destination default to the master's)",
        params: MawbParams,
        body: CreateHouseWaybillBody,
        response: { 201: HouseWaybillSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const at = now();
      const created = await db.transaction(async (tx) => {
        const awb = await masterForChange(tx, auth, mawbOf(request.params.mawb));
        const [{ n }] = (await tx.select({ n: count() }).from(houseWaybills).where(eq(houseWaybills.air_waybill_id, awb.id))) as [{ n: number }];
        if (n >= MAX_HOUSES) throw refuseField("base", "houses_limit", { max: MAX_HOUSES });
        const body = request.body;
        const values = await columnsOf(tx, body);
        const [row] = await tx
          .insert(houseWaybills)
          .values({
            ...values,
            air_waybill_id: awb.id,
            mawb: awb.mawb,
            serial_number: body.serial_number,
            origin_iata: body.origin_iata ?? awb.origin_iata,
            destination_iata: body.destination_iata ?? awb.destination_iata,
            pieces: body.pieces,
            weight: body.weight,
            manifest_description_of_goods: body.manifest_description_of_goods,
            created_at: at,
            updated_at: at,
          })
          .returning();
        await logHouse(tx, auth, awb, row!.id, "create", null, row as unknown as Record<string, unknown>);
        await refreshWarnings(tx, awb.id, at);
        return row!;
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    "/api/v3/air_waybills/:mawb/house_waybills/:id",
    { schema: { tags, summary: "Edit a house waybill (the fields sent)", params: HouseParams, body: UpdateHouseWaybillBody, response: { 200: HouseWaybillSchema, ...resourceErrors } } },
    async (request) =>
      changeHouse(request.auth, request.params, async (tx, awb, current, at) => {
        const set = { ...(await columnsOf(tx, request.body)), updated_at: at };
        const [row] = await tx.update(houseWaybills).set(set).where(eq(houseWaybills.id, current.id)).returning();
        await logHouse(tx, request.auth, awb, current.id, "update", current, set);
        return row!;
      }),
  );

  app.delete(
    "/api/v3/air_waybills/:mawb/house_waybills/:id",
    { schema: { tags, summary: "Delete a house waybill", params: HouseParams, response: { 200: HouseWaybillSchema, ...resourceErrors } } },
    async (request) =>
      changeHouse(request.auth, request.params, async (tx, awb, current) => {
        await tx.delete(houseWaybills).where(eq(houseWaybills.id, current.id));
        await logHouse(tx, request.auth, awb, current.id, "delete", current, Object.fromEntries(Object.keys(current).map((k) => [k, null])));
        return current;
      }),
  );
};
