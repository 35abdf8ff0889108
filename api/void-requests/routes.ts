import { aliasedTable, and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airWaybills, companies, users, voidRequests } from "../db/schema";
import { notFound, refuseDuplicate, refuseField } from "../http/errors";
import { IdParams, TEXT_MAX } from "../http/input";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { accessDenied, allow, isForwarder, isPlatform, may, scopeCarrier } from "../settings/access";
import { AWB_ACCESS, findVisible, mawbOf, type AirWaybillRow } from "../air-waybills/access";
import { applyAwbAction, logAwbChange, voidChanges, type AwbTx } from "../air-waybills/state-change";
import { CreateVoidRequestBody, ResolveVoidRequestBody, VoidRequestListQuery, VoidRequestSchema, type VoidRequestAnswer } from "./schemas";

// Void requests (spec 2 §4 "Void request"; spec 3 §7 POST `/{id}/void_requests`; issue 11): the forwarder that owns a
// waybill asks the airline to void it, and may withdraw while it is requested; the airline (its prefix's staff, or
// platform) accepts — the waybill is voided through the same path as POST /void, so its bookings leave their flights
// and its number is blocked in the stock for good — or declines with a reason. Each side lists its requests: the
// airline those under its prefix, the forwarder its company's. Every step is written in the waybill's change log.

const tags = ["void requests"];
const MawbParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4) });

type Row = typeof voidRequests.$inferSelect;

/** The requests the caller may see: the same tenancy as the waybills' (api/air-waybills/access.ts awbScope). */
function requestScope(auth: AuthContext): SQL | undefined {
  const p = auth.profile!;
  if (isForwarder(p)) return and(eq(voidRequests.forwarder_id, p.company.id), auth.carrier ? eq(voidRequests.carrier, auth.carrier) : undefined);
  const carrier = scopeCarrier(auth);
  return carrier ? eq(voidRequests.carrier, carrier) : isPlatform(p) ? undefined : eq(voidRequests.id, -1);
}

/** The forwarder that owns the waybill (its Default users): the side that asks and withdraws. */
const isOwner = (auth: AuthContext, forwarderId: number) => isForwarder(auth.profile) && may(auth, AWB_ACCESS.read) && auth.profile!.company.id === forwarderId;

const actionsOf = (auth: AuthContext, row: Pick<Row, "status" | "forwarder_id">) => ({
  withdraw: row.status === "requested" && isOwner(auth, row.forwarder_id),
  resolve: row.status === "requested" && may(auth, AWB_ACCESS.airline),
});

const requester = aliasedTable(users, "requester");
const resolver = aliasedTable(users, "resolver");

/** Requests with the forwarder's short name and who asked and resolved, newest first. */
async function answers(db: Pick<Db, "select">, auth: AuthContext, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<VoidRequestAnswer[]> {
  const query = db
    .select({ row: voidRequests, company_short_name: companies.short_name, requested_by: requester.email, resolved_by: resolver.email })
    .from(voidRequests)
    .innerJoin(companies, eq(companies.id, voidRequests.forwarder_id))
    .leftJoin(requester, eq(requester.id, voidRequests.requested_by))
    .leftJoin(resolver, eq(resolver.id, voidRequests.resolved_by))
    .where(where)
    .orderBy(desc(voidRequests.created_at), desc(voidRequests.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query.limit(200);
  return rows.map(({ row, company_short_name, requested_by, resolved_by }) => ({
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    mawb: row.mawb,
    carrier: row.carrier,
    awb_prefix: row.awb_prefix,
    company_short_name,
    status: row.status,
    request_reason: row.request_reason,
    payment_required: row.payment_required,
    resolve_reason: row.resolve_reason,
    void_payment: (row.void_payment as VoidRequestAnswer["void_payment"]) ?? null,
    requested_by,
    resolved_by,
    resolved_at: row.resolved_at,
    actions: actionsOf(auth, row),
  }));
}

async function answerOf(db: Pick<Db, "select">, auth: AuthContext, id: number): Promise<VoidRequestAnswer> {
  const [answer] = await answers(db, auth, eq(voidRequests.id, id));
  return answer!;
}

/** Why the owner cannot ask now, or null: a voided waybill is gone, one on its way or delivered can no longer be voided. */
function refusalToAsk(awb: AirWaybillRow): string | null {
  if (awb.voided_at) return "the air waybill is voided";
  if (awb.departed_at || awb.delivered_at) return "cannot void this air waybill in its state";
  return null;
}

/** The request `id` locked for this change when the caller may see it; 404 otherwise. */
async function lockRequest(tx: AwbTx, auth: AuthContext, id: number): Promise<Row> {
  allow(auth, AWB_ACCESS.read);
  const [row] = await tx.select().from(voidRequests).where(and(eq(voidRequests.id, id), requestScope(auth))).limit(1).for("update");
  if (!row) throw notFound("void_request_not_found");
  return row;
}

/** The second open request of a waybill, however it is found (the check, or the open-request index in a race). */
const taken = () => refuseField("base", "taken");

const stillOpen = (row: Row) => {
  if (row.status !== "requested") throw refuseField("status", "void_request_settled", { status: row.status });
};

export const voidRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now();

  /**
   * A change of a request while it is requested, by the side `allowed` to make it, in one transaction with the
   * request locked; answers the request as it is then.
   */
  const changeOpen = async (auth: AuthContext, id: number, allowed: (row: Row) => boolean, change: (tx: AwbTx, row: Row, at: Date) => Promise<void>) => {
    const at = now();
    await db.transaction(async (tx) => {
      const row = await lockRequest(tx, auth, id);
      if (!allowed(row)) throw accessDenied();
      stillOpen(row);
      await change(tx, row, at);
    });
    return answerOf(db, auth, id);
  };

  app.get(
    "/api/v3/air_waybills/:mawb/void_requests",
    {
      schema: {
        tags,
        summary: "The waybill's void requests, newest first, and whether the caller may ask for one now (can_request)",
        params: MawbParams,
        response: { 200: z.object({ data: z.array(VoidRequestSchema), can_request: z.boolean() }), ...resourceErrors },
      },
    },
    async (request) => {
      const auth = request.auth;
      const awb = await findVisible(db, auth, mawbOf(request.params.mawb));
      const data = await answers(db, auth, and(eq(voidRequests.air_waybill_id, awb.id), requestScope(auth)));
      const can_request = isOwner(auth, awb.forwarder_id) && !refusalToAsk(awb) && !data.some((r) => r.status === "requested");
      return { data, can_request };
    },
  );

  app.post(
    "/api/v3/air_waybills/:mawb/void_requests",
    {
      schema: {
        tags,
        summary: "The forwarder asks the airline to void its waybill, with a reason and whether it still needs paying; one open request per waybill",
        params: MawbParams,
        body: CreateVoidRequestBody,
        response: { 201: VoidRequestSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const mawb = mawbOf(request.params.mawb);
      const body = request.body;
      const at = now();
      const id = await refuseDuplicate(
        () =>
          db.transaction(async (tx) => {
            // the waybill's row lock orders two requests for it (the open-request index is the last guard)
            const awb = await findVisible(tx, auth, mawb, { forUpdate: true });
            if (!isOwner(auth, awb.forwarder_id)) throw accessDenied();
            const refusal = refusalToAsk(awb);
            if (refusal) throw refuseField("base", "void_refused", { detail: refusal });
            const [open] = await tx.select({ id: voidRequests.id }).from(voidRequests).where(and(eq(voidRequests.air_waybill_id, awb.id), eq(voidRequests.status, "requested"))).limit(1);
            if (open) throw taken();
            const [row] = await tx
              .insert(voidRequests)
              .values({
                air_waybill_id: awb.id,
                mawb: awb.mawb,
                carrier: awb.carrier,
                awb_prefix: awb.prefix,
                forwarder_id: awb.forwarder_id,
                request_reason: body.request_reason,
                payment_required: body.payment_required,
                requested_by: auth.user.id,
                created_at: at,
                updated_at: at,
              })
              .returning();
            await logAwbChange(tx, auth, awb, "void_request", null, { void_request: "requested", void_request_reason: body.request_reason, void_payment_required: body.payment_required });
            return row!.id;
          }),
        taken,
      );
      return reply.code(201).send(await answerOf(db, auth, id));
    },
  );

  app.get(
    "/api/v3/void_requests",
    {
      schema: {
        tags,
        summary: "Void requests newest first: an airline's under its prefixes, a forwarder's of its company (platform: the host's airline or all)",
        querystring: VoidRequestListQuery,
        response: { 200: pageOf(VoidRequestSchema), ...resourceErrors },
      },
    },
    async (request) => {
      const auth = request.auth;
      allow(auth, AWB_ACCESS.read);
      const q = request.query;
      const where = and(requestScope(auth), q.status ? eq(voidRequests.status, q.status) : undefined, q.mawb ? sql`${voidRequests.mawb} like ${`${q.mawb}%`}` : undefined);
      const [total] = await db.select({ n: count() }).from(voidRequests).where(where);
      const data = await answers(db, auth, where, { limit: q.per_page, offset: pageOffset(q.page, q.per_page) });
      return { data, meta: pageMeta(total?.n ?? 0, q.page, q.per_page) };
    },
  );

  app.patch(
    "/api/v3/void_requests/:id",
    {
      schema: {
        tags,
        summary: "The airline accepts (the waybill is voided, its number never issued again; void_payment required) or declines (resolve_reason required) a requested void",
        params: IdParams,
        body: ResolveVoidRequestBody,
        response: { 200: VoidRequestSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const auth = request.auth;
      const body = request.body;
      return changeOpen(auth, request.params.id, () => may(auth, AWB_ACCESS.airline), async (tx, row, at) => {
        const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, row.air_waybill_id)).limit(1).for("update");
        const accepted = body.status === "accepted";
        if (accepted) {
          const void_reason = body.resolve_reason ?? row.request_reason;
          await applyAwbAction(tx, auth, at, awb!, "void", (current, t) => voidChanges(t, { auth, now: at }, current, { void_reason, void_payment: body.void_payment }));
        }
        await tx
          .update(voidRequests)
          .set({ status: body.status, resolve_reason: body.resolve_reason ?? null, void_payment: accepted ? body.void_payment : null, resolved_by: auth.user.id, resolved_at: at, updated_at: at })
          .where(eq(voidRequests.id, row.id));
        await logAwbChange(tx, auth, awb!, `void_request_${body.status}`, { void_request: "requested" }, { void_request: body.status, void_resolve_reason: body.resolve_reason ?? null });
      });
    },
  );

  app.delete(
    "/api/v3/void_requests/:id",
    {
      schema: { tags, summary: "The forwarder withdraws its request while it is requested (status cancelled; the row stays)", params: IdParams, response: { 200: VoidRequestSchema, ...resourceErrors } },
    },
    async (request) => {
      const auth = request.auth;
      return changeOpen(auth, request.params.id, (row) => isOwner(auth, row.forwarder_id), async (tx, row, at) => {
        await tx.update(voidRequests).set({ status: "cancelled", resolved_by: auth.user.id, resolved_at: at, updated_at: at }).where(eq(voidRequests.id, row.id));
        const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, row.air_waybill_id)).limit(1);
        await logAwbChange(tx, auth, awb!, "void_request_withdrawn", { void_request: "requested" }, { void_request: "cancelled" });
      });
    },
  );
};
