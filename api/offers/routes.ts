import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Condition } from "../../cargo/access/condition";
import { OFFERS } from "../../cargo/access/rules";
import { OFFER_LAPSED_REFUSAL, OFFER_STATE_REFUSAL, offerAllows, offerLapsed, offerStatusAfter, type OfferAction, type OfferStatus } from "../../cargo/offers/offer-status";
import { allowRule } from "../auth/access-rules";
import { utcDateOf } from "../clock";
import { companies, offerDimensions, offerRates, offers } from "../db/schema";
import { addRefusal, notFound, refuse, refuseField, throwIfRefused, type FieldRefusals } from "../http/errors";
import { Id, IdParams } from "../http/input";
import { pageMeta, pageOffset } from "../http/pagination";
import { ErrorSchema, resourceErrors } from "../http/schemas";
import { escapeLike, wholeList } from "../settings/common";
import { awbAnswer } from "../air-waybills/answer";
import { findVisible } from "../air-waybills/access";
import { AirWaybillSchema } from "../air-waybills/schemas";
import { proposedAirfreight } from "./airfreight-prefill";
import { createAirWaybillFromOffer } from "./offer-air-waybill";
import {
  dimensionValues,
  findOffer,
  listItemOf,
  nextOfferNumber,
  offerAnswer,
  offerColumns,
  offerScope,
  offerVolume,
  rateAnswer,
  rateValues,
  totalsOf,
  type OfferRow,
  type Tx,
} from "./queries";
import {
  CreateOfferBody,
  MAX_OFFER_DIMENSIONS,
  MAX_OFFER_RATES,
  OfferAirWaybillBody,
  OfferDimensionBodySchema,
  OfferDimensionSchema,
  OfferListQuery,
  OfferListSchema,
  OfferRateBodySchema,
  OfferRateSchema,
  OfferSchema,
  UpdateOfferBody,
  type OfferDimensionBody,
  type OfferRateBody,
} from "./schemas";

// Offers (issue 24; spec 1 §2 "Offers", spec 2 §3 "Offer", §4 its statuses; spec 3 §7 "offers (plus .pdf, dimensions,
// rates)"): a forwarder's quotations to its customers. A draft (created) is edited with its rate lines and dimensions;
// sending, accepting and closing move it along cargo/offers/offer-status.ts's graph, which answers every other step
// with 422 offer_state_forbids naming the state. An accepted offer ships: POST {id}/air_waybill creates the waybill
// without booking through the waybill's own create path (its number, checks, log and FWB), and the offer records it;
// booking is the BFF's create page prefilled from the offer. GET {id}.pdf is the quotation to hand the customer.

const tags = ["offers"];
const errors = { ...resourceErrors, 409: ErrorSchema } as const;

/**
 * Spec 1 §6 "Offers: forwarder Default on the forwarder sub-domain" as far as the API can see it: the rule's users.
 * A forwarder host sends no Carrier header, like the default host, so the API cannot tell the two apart (api/auth/
 * access-rules.ts evaluates a host without the header as a tenant without type); the pages keep the whole rule.
 * Airline and platform users are refused (403): an offer is one forwarder's business with its own customer.
 */
const OFFERS_API: Condition = { users: OFFERS.users };

const allowOffers = (request: Pick<FastifyRequest, "auth" | "server">) => allowRule(request, OFFERS_API, "offers");

const RateParams = z.object({ id: Id(), rateId: Id() });
const DimensionParams = z.object({ id: Id(), dimensionId: Id() });

/** 422 when the offer's status does not allow `action` (cargo's graph), or it is sent or accepted after valid_until. */
function refuseUnlessAllowed(row: OfferRow, action: OfferAction, today: string) {
  if (!offerAllows(row.status as OfferStatus, action)) throw refuse(422, OFFER_STATE_REFUSAL, { state: row.status, action });
  if (offerLapsed(row.valid_until, today, action)) throw refuse(422, OFFER_LAPSED_REFUSAL, { valid_until: row.valid_until ?? "" });
}

const STAMP_OF: Partial<Record<OfferAction, "sent_at" | "accepted_at" | "closed_at">> = { send: "sent_at", accept: "accepted_at", close: "closed_at" };

/** Moves a locked offer along the graph (send, accept, close), stamping when. Sending needs a price to send. */
async function transition(tx: Tx, row: OfferRow, action: "send" | "accept" | "close", at: Date) {
  refuseUnlessAllowed(row, action, utcDateOf(at));
  if (action === "send") {
    const [rates] = await tx.select({ n: count() }).from(offerRates).where(eq(offerRates.offer_id, row.id));
    if (!rates?.n) throw refuseField("rates", "offer_needs_rates");
  }
  await tx
    .update(offers)
    .set({ status: offerStatusAfter(row.status as OfferStatus, action), [STAMP_OF[action]!]: at, updated_at: at })
    .where(eq(offers.id, row.id));
}

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now();

  /** Replaces the offer's rate lines (the BFF's form sends them all), amounts computed from the offer's figures. */
  async function writeRates(tx: Tx, request: FastifyRequest, offer: OfferRow, rates: OfferRateBody[], at: Date, errs: FieldRefusals) {
    const rows = [];
    for (const [i, r] of rates.entries()) rows.push(await rateValues(tx, r, offer, request.auth.user.email, errs, `rates.${i}`));
    throwIfRefused(errs);
    await tx.delete(offerRates).where(eq(offerRates.offer_id, offer.id));
    if (rows.length) await tx.insert(offerRates).values(rows.map((r) => ({ ...r, offer_id: offer.id, created_at: at, updated_at: at })));
  }

  async function writeDimensions(tx: Tx, offerId: number, dims: OfferDimensionBody[], at: Date) {
    await tx.delete(offerDimensions).where(eq(offerDimensions.offer_id, offerId));
    if (dims.length) await tx.insert(offerDimensions).values(dims.map((d) => ({ ...dimensionValues(d), offer_id: offerId, created_at: at, updated_at: at })));
  }

  /** A change of the caller's offer `id` in one transaction with the offer locked; answers the offer as it is then. */
  async function change(request: FastifyRequest, id: number, work: (tx: Tx, row: OfferRow, at: Date) => Promise<void>) {
    allowOffers(request);
    const at = now();
    await db.transaction(async (tx) => work(tx, await findOffer(tx, request.auth, id, { forUpdate: true }), at));
    return offerAnswer(db, await findOffer(db, request.auth, id));
  }

  app.get(
    "/api/v3/offers",
    {
      schema: {
        tags,
        summary: "The forwarder's offers, newest first: a status tab (created, sent, accepted, closed; all by default) and q (number, customer, airport, commodity)",
        querystring: OfferListQuery,
        response: { 200: OfferListSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allowOffers(request);
      const q = request.query;
      const term = q.q?.trim();
      const like = term ? `%${escapeLike(term)}%` : null;
      const where: SQL | undefined = and(
        offerScope(request.auth),
        q.status && q.status !== "all" ? eq(offers.status, q.status) : undefined,
        like ? or(ilike(offers.number, like), ilike(offers.customer_name, like), ilike(offers.origin_iata, like), ilike(offers.destination_iata, like), ilike(offers.commodity, like)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(offers).where(where);
      const rows = await db
        .select({ row: offers, forwarder_short_name: companies.short_name })
        .from(offers)
        .innerJoin(companies, eq(companies.id, offers.forwarder_id))
        .where(where)
        .orderBy(desc(offers.created_at), desc(offers.id))
        .limit(q.per_page)
        .offset(pageOffset(q.page, q.per_page));
      const totals = await totalsOf(db, rows.map((r) => r.row.id));
      return {
        data: rows.map(({ row, forwarder_short_name }) => listItemOf({ ...row, forwarder_short_name }, totals.get(row.id) ?? [])),
        meta: pageMeta(total?.n ?? 0, q.page, q.per_page),
      };
    },
  );

  app.post(
    "/api/v3/offers",
    {
      schema: {
        tags,
        summary: "Create an offer with its rates and dimensions: a draft (created, \"save draft\"), or with send true created and sent at once (\"create offer\")",
        body: CreateOfferBody,
        response: { 201: OfferSchema, ...errors },
      },
      config: { recordKey: "offer" },
    },
    async (request, reply) => {
      const profile = allowOffers(request);
      const body = request.body;
      const forwarderId = profile.company.id;
      const at = now();
      const errs: FieldRefusals = {};
      for (const field of ["origin_iata", "destination_iata", "pieces", "weight"] as const) if (body.offer[field] == null) addRefusal(errs, field, "blank");
      const columns = await offerColumns(db, forwarderId, body.offer, null, errs);
      throwIfRefused(errs);
      const dims = body.dimensions ?? [];
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(offers)
          .values({
            ...columns,
            number: await nextOfferNumber(tx, forwarderId),
            forwarder_id: forwarderId,
            origin_iata: body.offer.origin_iata!,
            destination_iata: body.offer.destination_iata!,
            pieces: body.offer.pieces!,
            weight: body.offer.weight!,
            volume: offerVolume(dims, body.offer.volume),
            created_by: request.auth.user.id,
            created_at: at,
            updated_at: at,
          })
          .returning();
        const given = body.rates ?? [];
        // the rate engine's airfreight, where it has one and the forwarder gave none (api/offers/airfreight-prefill.ts)
        const proposed = given.some((r) => r.type === "airfreight") ? [] : await proposedAirfreight(tx, row!, utcDateOf(app.deps.now()));
        await writeRates(tx, request, row!, [...proposed, ...given], at, errs);
        await writeDimensions(tx, row!.id, dims, at);
        if (body.send) await transition(tx, row!, "send", at);
        return row!.id;
      });
      return reply.code(201).send(await offerAnswer(db, await findOffer(db, request.auth, id)));
    },
  );

  app.get(
    "/api/v3/offers/:id",
    { schema: { tags, summary: "One offer with its rates, dimensions, totals per currency and the actions its status allows", params: IdParams, response: { 200: OfferSchema, ...resourceErrors } } },
    async (request) => {
      allowOffers(request);
      return offerAnswer(db, await findOffer(db, request.auth, request.params.id));
    },
  );

  app.patch(
    "/api/v3/offers/:id",
    {
      schema: {
        tags,
        summary: "Edit a draft (created only; else 422 offer_state_forbids): the fields given; rates and dimensions, when given, replace the offer's",
        params: IdParams,
        body: UpdateOfferBody,
        response: { 200: OfferSchema, ...errors },
      },
      config: { recordKey: "offer" },
    },
    async (request) => {
      const body = request.body;
      return change(request, request.params.id, async (tx, row, at) => {
        refuseUnlessAllowed(row, "edit", utcDateOf(at));
        const errs: FieldRefusals = {};
        const columns = await offerColumns(tx, row.forwarder_id, body.offer, row, errs);
        throwIfRefused(errs);
        const dims = body.dimensions;
        // new dimension rows give the volume; the typed one stands only without rows
        const volume = dims ? offerVolume(dims, body.offer.volume ?? row.volume) : columns.volume;
        const [updated] = await tx.update(offers).set({ ...columns, ...(volume !== undefined ? { volume } : {}), updated_at: at }).where(eq(offers.id, row.id)).returning();
        if (dims) await writeDimensions(tx, row.id, dims, at);
        if (body.rates) await writeRates(tx, request, updated!, body.rates, at, errs);
      });
    },
  );

  app.delete(
    "/api/v3/offers/:id",
    { schema: { tags, summary: "Delete a draft (created only): a sent offer stays, to be closed", params: IdParams, response: { 204: z.null(), ...resourceErrors } } },
    async (request, reply) => {
      allowOffers(request);
      await db.transaction(async (tx) => {
        const row = await findOffer(tx, request.auth, request.params.id, { forUpdate: true });
        refuseUnlessAllowed(row, "delete", utcDateOf(now()));
        await tx.delete(offers).where(eq(offers.id, row.id));
      });
      return reply.code(204).send(null);
    },
  );

  for (const [path, action, summary] of [
    ["send", "send", "Send a draft to the customer (\"create offer\"): it needs at least one rate and must not be past valid_until"],
    ["accept", "accept", "The customer accepted a sent offer (not past valid_until)"],
    ["close", "close", "Close a created, sent or accepted offer: nothing more happens to it"],
  ] as const) {
    app.post(
      `/api/v3/offers/:id/${path}`,
      { schema: { tags, summary, params: IdParams, response: { 200: OfferSchema, ...resourceErrors } } },
      async (request) => change(request, request.params.id, (tx, row, at) => transition(tx, row, action, at)),
    );
  }

  // ---- rate lines and dimensions one by one (a draft's) -----------------------------------------------------------

  app.get(
    "/api/v3/offers/:id/rates",
    { schema: { tags, summary: "The offer's rate lines", params: IdParams, response: { 200: z.object({ data: z.array(OfferRateSchema), meta: z.any() }), ...resourceErrors } } },
    async (request) => {
      allowOffers(request);
      const row = await findOffer(db, request.auth, request.params.id);
      return wholeList((await db.select().from(offerRates).where(eq(offerRates.offer_id, row.id)).orderBy(asc(offerRates.id))).map(rateAnswer));
    },
  );

  app.post(
    "/api/v3/offers/:id/rates",
    { schema: { tags, summary: "Add a rate line to a draft (body rate); answers the offer", params: IdParams, body: OfferRateBodySchema, response: { 201: OfferSchema, ...errors } } },
    async (request, reply) => {
      const answer = await change(request, request.params.id, async (tx, row, at) => {
        refuseUnlessAllowed(row, "edit", utcDateOf(at));
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(offerRates).where(eq(offerRates.offer_id, row.id));
        if (n >= MAX_OFFER_RATES) throw refuseField("rates", "too_many", { max: MAX_OFFER_RATES });
        const errs: FieldRefusals = {};
        const values = await rateValues(tx, request.body, row, request.auth.user.email, errs, "rate");
        throwIfRefused(errs);
        await tx.insert(offerRates).values({ ...values, offer_id: row.id, created_at: at, updated_at: at });
      });
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    "/api/v3/offers/:id/rates/:rateId",
    { schema: { tags, summary: "Remove a rate line of a draft; answers the offer", params: RateParams, response: { 200: OfferSchema, ...resourceErrors } } },
    async (request) =>
      change(request, request.params.id, async (tx, row, at) => {
        refuseUnlessAllowed(row, "edit", utcDateOf(at));
        const gone = await tx.delete(offerRates).where(and(eq(offerRates.id, request.params.rateId), eq(offerRates.offer_id, row.id))).returning({ id: offerRates.id });
        if (!gone.length) throw notFound();
      }),
  );

  app.get(
    "/api/v3/offers/:id/dimensions",
    { schema: { tags, summary: "The offer's dimension rows (cm, kg; each row's volume in m3)", params: IdParams, response: { 200: z.object({ data: z.array(OfferDimensionSchema), meta: z.any() }), ...resourceErrors } } },
    async (request) => {
      allowOffers(request);
      const row = await findOffer(db, request.auth, request.params.id);
      return wholeList((await offerAnswer(db, row)).dimensions);
    },
  );

  app.post(
    "/api/v3/offers/:id/dimensions",
    { schema: { tags, summary: "Add a dimension row to a draft (body dimension); the offer's volume follows its rows; answers the offer", params: IdParams, body: OfferDimensionBodySchema, response: { 201: OfferSchema, ...errors } } },
    async (request, reply) => {
      const answer = await change(request, request.params.id, async (tx, row, at) => {
        refuseUnlessAllowed(row, "edit", utcDateOf(at));
        const existing = await tx.select().from(offerDimensions).where(eq(offerDimensions.offer_id, row.id));
        if (existing.length >= MAX_OFFER_DIMENSIONS) throw refuseField("dimensions", "too_many", { max: MAX_OFFER_DIMENSIONS });
        const added = dimensionValues(request.body);
        await tx.insert(offerDimensions).values({ ...added, offer_id: row.id, created_at: at, updated_at: at });
        await tx.update(offers).set({ volume: offerVolume([...existing, added], null), updated_at: at }).where(eq(offers.id, row.id));
      });
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    "/api/v3/offers/:id/dimensions/:dimensionId",
    { schema: { tags, summary: "Remove a dimension row of a draft; answers the offer", params: DimensionParams, response: { 200: OfferSchema, ...resourceErrors } } },
    async (request) =>
      change(request, request.params.id, async (tx, row, at) => {
        refuseUnlessAllowed(row, "edit", utcDateOf(at));
        const gone = await tx.delete(offerDimensions).where(and(eq(offerDimensions.id, request.params.dimensionId), eq(offerDimensions.offer_id, row.id))).returning({ id: offerDimensions.id });
        if (!gone.length) throw notFound();
        const rest = await tx.select().from(offerDimensions).where(eq(offerDimensions.offer_id, row.id));
        // the last row gone, the volume stays as the rows made it (a typed volume is the form's, not this call's)
        if (rest.length) await tx.update(offers).set({ volume: offerVolume(rest, null), updated_at: at }).where(eq(offers.id, row.id));
      }),
  );

  // ---- shipping under an accepted offer, and the quotation as a document -------------------------------------------

  app.post(
    "/api/v3/offers/:id/air_waybill",
    {
      schema: {
        tags,
        summary:
          "Create the air waybill without booking from an accepted offer (its airline, route, figures, commodity, dimensions; the customer as shipper unless given): the waybill create's own checks, number and 409 warnings; the offer records the number and stays accepted",
        params: IdParams,
        body: OfferAirWaybillBody,
        response: { 201: AirWaybillSchema, ...errors },
      },
    },
    async (request, reply) => {
      allowOffers(request);
      const at = now();
      const mawb = await createAirWaybillFromOffer(request, request.params.id, request.body, at);
      return reply.code(201).send(await awbAnswer(db, request, await findVisible(db, request.auth, mawb), at));
    },
  );

  app.get(
    "/api/v3/offers/:id.pdf",
    { schema: { tags, summary: "The offer as a document (offer.pdf): customer, route, shipment, the rates with the customer's prices, totals per currency, validity", params: IdParams, produces: ["application/pdf"] } },
    async (request, reply) => {
      allowOffers(request);
      const offer = await offerAnswer(db, await findOffer(db, request.auth, request.params.id));
      // pdf-lib and fontkit load with the first document (api/on-first-use.ts)
      const { offerPdf } = await import("./offer-pdf");
      const pdf = await offerPdf(offer, now());
      reply.header("content-disposition", 'inline; filename="offer.pdf"');
      return reply.type("application/pdf").send(Buffer.from(pdf));
    },
  );
};

