import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkAwbNumber } from "../../cargo";
import { formatLocalIso } from "../../cargo/time/zoned-time";
import { airportInfo } from "../flights/common";
import { utcDateOf } from "../clock";
import type { Db } from "../db/open";
import { airWaybills, awbMovements, bookings, changeLogs } from "../db/schema";
import { refusal, refuseField } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { ErrorSchema, IsoDateTime } from "../http/schemas";
import { accessDenied, allow, may } from "../settings/access";
import { throwIfErrors, type FieldErrors } from "../settings/common";
import { bookingAnswers } from "../bookings/book";
import { removableMovementIds } from "../handling/awb-movements";
import { refreshWarnings } from "./warnings";
import { shipmentFacts } from "./shipment-state";
import { applyAwbAction, AWB_RECORD, logAwbChange, voidChanges } from "./state-change";
import { AWB_ACCESS, awbActions, awbScope, findVisible, mawbOf, type AirWaybillRow, type AwbActions } from "./access";
import { awbAnswer, type Viewer } from "./answer";
import { columnsOf, confirmationRequired, createAirWaybill, toRows } from "./create";
import { airlineOfCarrier } from "./figures";
import { markStockNumber } from "./numbers";
import { prepareAwb, type AwbValues } from "./prepare";
import { AirWaybillSchema, AlertSchema, BookingSchema, CreateAirWaybillBody, MovementSchema, UpdateAirWaybillBody } from "./schemas";
import { said } from "../http/refusals";
import { sendMovementEvent, sendWaybillEvent } from "../outgoing/waybill-events";

// Air waybills (spec 3 §7 "Air waybills", issue 10): create (the number from the forwarder's stock or typed on c6/su,
// optionally booked on chosen flights in the same transaction), read, edit, and the state actions issue, verify,
// void, deliver with their cancels, the charter marks, and the waybill's bookings, movements, alerts and change log.
// Every change lands in change_logs (record_type "AirWaybill"). The list, its XLSX and report are list.ts/report.ts.

const tags = ["air waybills"];
const errors = { 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema } as const;

/** The number in a path, in any written form; anything else names no waybill (404). */
const MawbParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4) });
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Applies a state change the caller's actions allow, logs it and answers the waybill. */
async function act(
  db: Db,
  request: Viewer,
  now: Date,
  mawbText: string,
  action: keyof AwbActions,
  change: (row: AirWaybillRow, tx: Tx) => Promise<Partial<AirWaybillRow>> | Partial<AirWaybillRow>,
) {
  const mawb = mawbOf(mawbText);
  const auth = request.auth;
  const row = await db.transaction(async (tx) => {
    const current = await findVisible(tx, auth, mawb, { forUpdate: true });
    return applyAwbAction(tx, auth, now, current, action, change);
  });
  return awbAnswer(db, request, row, now);
}

const ReasonBody = (field: string) =>
  z.object({ [field]: z.string({ required_error: said("blank") }).trim().min(1, said("blank")).max(TEXT_MAX.text) });

export const airWaybillRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now();

  app.post(
    "/api/v3/air_waybills",
    {
      schema: {
        tags,
        summary:
          "Create an air waybill: the number is the forwarder's next free one of the airline's stock, or typed on the custom-number tenants (c6, su); `segments` books it on those flights at once. 409 lists warnings to accept (accept_warnings).",
        body: CreateAirWaybillBody,
        response: { 201: AirWaybillSchema, ...errors },
      },
      config: { recordKey: "air_waybill" },
    },
    async (request, reply) => {
      const at = now();
      const created = await createAirWaybill(request, request.body, at);
      const fresh = await findVisible(db, request.auth, created.mawb);
      return reply.code(201).send(await awbAnswer(db, request, fresh, at));
    },
  );

  app.patch(
    "/api/v3/air_waybills/charter_list",
    {
      schema: {
        tags,
        summary: "Mark (or unmark) air waybills as charter; numbers the caller cannot see are left out",
        body: z.object({
          mawbs: z.array(z.string().max(TEXT_MAX.code * 2)).min(1, said("blank")).max(500, "must have at most 500 items"),
          charter: z.preprocess((v) => (typeof v === "string" ? v === "true" || v === "1" : v), z.boolean({ required_error: said("blank") })),
        }),
        response: { 200: z.object({ updated: z.number().int(), mawbs: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => {
      const auth = request.auth;
      allow(auth, AWB_ACCESS.airline);
      const numbers = [...new Set(request.body.mawbs.map((m) => checkAwbNumber(m)).flatMap((c) => (c.valid ? [c.mawb] : [])))];
      if (!numbers.length) return { updated: 0, mawbs: [] };
      const at = now();
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(airWaybills)
          .set({ charter: request.body.charter, updated_at: at })
          .where(and(inArray(airWaybills.mawb, numbers), awbScope(auth), sql`${airWaybills.voided_at} is null`, sql`${airWaybills.charter} <> ${request.body.charter}`))
          .returning();
        for (const r of rows) await logAwbChange(tx, auth, r, "charter", { charter: !request.body.charter }, { charter: request.body.charter });
        return rows.map((r) => r.mawb);
      });
      return { updated: updated.length, mawbs: updated };
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb",
    { schema: { tags, summary: "One air waybill with its bookings, route, chargeable calculation and the caller's actions", params: MawbParams, response: { 200: AirWaybillSchema, ...errors } } },
    async (request) => awbAnswer(db, request, await findVisible(db, request.auth, mawbOf(request.params.mawb)), now()),
  );

  app.patch(
    "/api/v3/air_waybills/:mawb",
    {
      schema: {
        tags,
        summary: "Edit an air waybill: the forwarder until it is issued, the airline until it is voided (only the airline sets airline_defined_cw)",
        params: MawbParams,
        body: UpdateAirWaybillBody,
        response: { 200: AirWaybillSchema, ...errors },
      },
      config: { recordKey: "air_waybill" },
    },
    async (request) => {
      const auth = request.auth;
      const mawb = mawbOf(request.params.mawb);
      const body = request.body;
      const at = now();
      await db.transaction(async (tx) => {
        const current = await findVisible(tx, auth, mawb, { forUpdate: true });
        const actions = awbActions(auth, current, await shipmentFacts(tx, current));
        if (!actions.edit) {
          if (current.voided_at || current.issued_at) throw refuseField("base", current.voided_at ? "awb_voided" : "awb_issued");
          throw accessDenied();
        }
        const f = body.air_waybill;
        const errs: FieldErrors = {};
        if (f.airline_defined_cw !== undefined && !may(auth, AWB_ACCESS.airline)) errs.airline_defined_cw = [refusal("airline_only")];
        throwIfErrors(errs);
        const airline = await airlineOfCarrier(tx, current.carrier);
        const dims = body.dimensions ? toRows(body.dimensions) : current.dimensions;
        const changes = columnsOf(f);
        // new dimension rows give the volume; the stored volume only stands when no rows are sent or kept
        const merged: AwbValues = { ...current, ...changes, volume: body.dimensions && f.volume === undefined ? null : ((changes.volume as number | undefined) ?? current.volume) };
        const prepared = await prepareAwb(tx as unknown as Db, airline, merged, dims, { booking: false, certified: current.consignor_certified });
        throwIfErrors(prepared.errors);
        const fresh = prepared.check.warnings.filter((w) => !current.warnings.includes(w));
        if (fresh.length && !body.accept_warnings) throw confirmationRequired(fresh);
        const set = { ...changes, dimensions: dims, volume: prepared.volume, ...prepared.figures, updated_at: at };
        await tx.update(airWaybills).set(set).where(eq(airWaybills.id, current.id));
        await logAwbChange(tx, auth, current, "update", current as unknown as Record<string, unknown>, set);
        await refreshWarnings(tx, current.id, at);
        await sendWaybillEvent(tx, at, current.id, "awb_changed", auth.user.id);
      });
      return awbAnswer(db, request, await findVisible(db, auth, mawb), at);
    },
  );

  const action = (method: "POST" | "DELETE" | "PATCH", path: string, summary: string, name: keyof AwbActions, change: Parameters<typeof act>[5], body?: z.ZodTypeAny) =>
    app.route({
      method,
      url: `/api/v3/air_waybills/:mawb/${path}`,
      schema: { tags, summary, params: MawbParams, ...(body ? { body } : {}), response: { 200: AirWaybillSchema, ...errors } },
      handler: async (request) => act(db, request, now(), (request.params as { mawb: string }).mawb, name, (row, tx) => change(row, tx)),
    });

  action("POST", "issue", "Issue the air waybill (airline)", "issue", () => ({ issued_at: now(), issue_date: utcDateOf(now()) }));
  action("DELETE", "issue", "Cancel the issue (not once verified)", "cancel_issue", () => ({ issued_at: null, issue_date: null }));
  action("POST", "verify", "Verify the issued air waybill (airline)", "verify", () => ({ verified_at: now() }));
  action("DELETE", "verify", "Cancel the verification", "cancel_verify", () => ({ verified_at: null }));
  app.route({
    method: "POST",
    url: "/api/v3/air_waybills/:mawb/void",
    schema: {
      tags,
      summary: "Void the air waybill with a reason: its bookings are cancelled and its number is blocked for good (never back to stock)",
      params: MawbParams,
      body: z.object({ air_waybill: ReasonBody("void_reason").extend({ void_payment: z.enum(["required", "not_required"]).optional() }) }),
      response: { 200: AirWaybillSchema, ...errors },
    },
    config: { recordKey: "air_waybill" },
    handler: async (request) => {
      const body = request.body as { air_waybill: { void_reason: string; void_payment?: string } };
      return act(db, request, now(), (request.params as { mawb: string }).mawb, "void", (row, tx) => voidChanges(tx, { auth: request.auth, now: now() }, row, body.air_waybill));
    },
  });
  app.route({
    method: "DELETE",
    url: "/api/v3/air_waybills/:mawb/void",
    schema: { tags, summary: "Cancel the void, with a reason (bookings stay cancelled)", params: MawbParams, body: ReasonBody("cancel_void_reason"), response: { 200: AirWaybillSchema, ...errors } },
    handler: async (request) =>
      act(db, request, now(), (request.params as { mawb: string }).mawb, "cancel_void", async (row, tx) => {
        await markStockNumber(tx, row.mawb, "used");
        return { voided_at: null, void_reason: null, void_payment: null, notation: [row.notation, `Void cancelled: ${(request.body as { cancel_void_reason: string }).cancel_void_reason}`].filter(Boolean).join("\n") };
      }),
  });
  app.route({
    method: "PATCH",
    url: "/api/v3/air_waybills/:mawb/void",
    schema: {
      tags,
      summary: "Set whether the voided air waybill must still be paid (required or not_required)",
      params: MawbParams,
      body: z.object({ void_payment: z.enum(["required", "not_required"], { message: "must be required or not_required" }) }),
      response: { 200: AirWaybillSchema, ...errors },
    },
    // who may and when: the airline on a voided waybill, exactly as for cancelling the void
    handler: async (request) =>
      act(db, request, now(), (request.params as { mawb: string }).mawb, "cancel_void", () => ({ void_payment: (request.body as { void_payment: string }).void_payment })),
  });
  action("POST", "deliver", "Deliver the shipment to the consignee (a DLV movement at the destination)", "deliver", async (row, tx) => {
    const [movement] = await tx
      .insert(awbMovements)
      .values({ air_waybill_id: row.id, mawb: row.mawb, status_code: "DLV", location_iata: row.destination_iata, pieces: row.pieces, weight: row.weight, volume: row.volume, time_utc: now(), created_at: now() })
      .returning();
    await sendMovementEvent(tx, row, movement!, null);
    return { delivered_at: now() };
  });

  app.get(
    "/api/v3/air_waybills/:mawb/bookings",
    { schema: { tags, summary: "The waybill's bookings, cancelled ones too, first leg first", params: MawbParams, response: { 200: z.object({ data: z.array(BookingSchema) }), ...errors } } },
    async (request) => {
      const row = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const rows = await db.select().from(bookings).where(eq(bookings.air_waybill_id, row.id)).orderBy(asc(bookings.std), asc(bookings.id));
      return { data: await bookingAnswers(db, rows, now()) };
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb/movements",
    {
      schema: {
        tags,
        summary: "The shipment's movements (Cargo-IMP status codes), oldest first; removable: the caller may delete it (DELETE /{mawb}/movements/{id})",
        params: MawbParams,
        response: {
          200: z.object({
            data: z.array(
              MovementSchema.extend({ removable: z.boolean(), time_local: z.string().describe("time_utc as ISO with the offset of the movement's airport (the local/UTC switch)") }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const row = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const rows = await db.select().from(awbMovements).where(eq(awbMovements.air_waybill_id, row.id)).orderBy(asc(awbMovements.time_utc), asc(awbMovements.id));
      const removable = await removableMovementIds(db, request, rows);
      const airports = await airportInfo(db, rows.map((m) => m.location_iata));
      return {
        data: rows.map((m) => ({ ...m, removable: removable.has(m.id), time_local: formatLocalIso(m.time_utc, airports.get(m.location_iata)?.timezone ?? "UTC") })),
      };
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb/alerts",
    { schema: { tags, summary: "The waybill's warnings as alerts (codes of the warning tab)", params: MawbParams, response: { 200: z.object({ data: z.array(AlertSchema) }), ...errors } } },
    async (request) => {
      const row = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      return { data: row.warnings.map((code, i) => ({ id: i + 1, mawb: row.mawb, code })) };
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb/change_logs",
    {
      schema: {
        tags,
        summary: "Who changed the waybill and when (newest first): { field: [before, after] }",
        params: MawbParams,
        response: {
          200: z.object({
            data: z.array(z.object({ id: z.number().int(), action: z.string(), channel_id: z.string().nullable(), change_set: z.record(z.tuple([z.unknown(), z.unknown()])), created_at: IsoDateTime })),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const row = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const rows = await db
        .select({ id: changeLogs.id, action: changeLogs.action, channel_id: changeLogs.channel_id, change_set: changeLogs.change_set, created_at: changeLogs.created_at })
        .from(changeLogs)
        .where(and(eq(changeLogs.record_type, AWB_RECORD), eq(changeLogs.record_id, row.id)))
        .orderBy(desc(changeLogs.created_at), desc(changeLogs.id))
        .limit(200);
      return { data: rows };
    },
  );
};
