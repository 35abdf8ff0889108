import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Tx } from "../bookings/space";
import { receptacles, segments } from "../db/schema";
import { notFound, refuseField } from "../http/errors";
import { IdParams } from "../http/input";
import { PageQuerySchema } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { handledSegment, HANDLING_ACCESS } from "../handling/access";
import { allow, type Who } from "../settings/access";
import { receptacleAnswers, receptaclePage, receptacleWhere } from "./answers";
import { recordReceptacleMovement } from "./movements";
import {
  ReceptacleCreateBody,
  ReceptacleListQuery,
  ReceptacleMovementBody,
  ReceptacleMovementSchema,
  ReceptaclePageSchema,
  ReceptacleSchema,
  ReceptacleUpdateBody,
} from "./schemas";
import { assertChangeable, createReceptacle, updateReceptacle } from "./write";

// Postal receptacles (issue 11; spec 1 §6 "Receptacles": platform only; spec 3 §7 "receptacles" and
// segments/{id}/receptacles). Platform staff keep the receptacles and put them on flights; the airline operating a
// flight reads the receptacles on it (the flight page's Receptacles tab), never another airline's, never a forwarder.

export const RECEPTACLES_ACCESS = { manage: { platform: true } } as const satisfies Record<string, Who>;

const tags = ["receptacles"];

/** The receptacle a change works on, locked for the transaction; 404 when there is none. */
async function lockedReceptacle(tx: Tx, id: number) {
  const [row] = await tx.select().from(receptacles).where(eq(receptacles.id, id)).for("update");
  if (!row) throw notFound("receptacle_not_found");
  return row;
}

export const receptacleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  /** One receptacle in the answer's shape; 404 when there is none. */
  const answerOf = async (id: number) => {
    const [row] = await receptacleAnswers(db, eq(receptacles.id, id));
    if (!row) throw notFound("receptacle_not_found");
    return row;
  };

  app.get(
    "/api/v3/receptacles",
    {
      schema: {
        tags,
        summary: "Receptacles by UID, offices of exchange, flight (number, date, airline); meta adds count and sum_weight of the whole selection",
        querystring: ReceptacleListQuery,
        response: { 200: ReceptaclePageSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, RECEPTACLES_ACCESS.manage);
      const { page, per_page, ...filters } = request.query;
      return receptaclePage(db, receptacleWhere(filters), { page, per_page });
    },
  );

  app.get(
    "/api/v3/receptacles/:id",
    { schema: { tags, summary: "One receptacle with its flight and movements", params: IdParams, response: { 200: ReceptacleSchema, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, RECEPTACLES_ACCESS.manage);
      return answerOf(request.params.id);
    },
  );

  app.post(
    "/api/v3/receptacles",
    {
      schema: {
        tags,
        summary: "Create a receptacle from its UPU S9 UID (offices and weight derived from it); segment_id puts it on a flight (MAN)",
        body: ReceptacleCreateBody,
        response: { 201: ReceptacleSchema, ...resourceErrors },
      },
      config: { recordKey: "receptacle" },
    },
    async (request, reply) => {
      allow(request.auth, RECEPTACLES_ACCESS.manage);
      const id = await db.transaction((tx) => createReceptacle(tx, request.auth, request.body, app.deps.now()));
      return reply.code(201).send(await answerOf(id));
    },
  );

  for (const method of ["patch", "put"] as const) {
    app[method](
      "/api/v3/receptacles/:id",
      {
        schema: {
          tags,
          summary: "Change a receptacle (not once its flight has departed); segment_id moves it to another flight, null takes it off",
          params: IdParams,
          body: ReceptacleUpdateBody,
          response: { 200: ReceptacleSchema, ...resourceErrors },
        },
        config: { recordKey: "receptacle" },
      },
      async (request) => {
        allow(request.auth, RECEPTACLES_ACCESS.manage);
        await db.transaction(async (tx) => {
          const current = await lockedReceptacle(tx, request.params.id);
          await updateReceptacle(tx, request.auth, current, request.body, app.deps.now());
        });
        return answerOf(request.params.id);
      },
    );
  }

  app.delete(
    "/api/v3/receptacles/:id",
    { schema: { tags, summary: "Delete a receptacle with its movements (not once its flight has departed)", params: IdParams, response: { 200: ReceptacleSchema, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, RECEPTACLES_ACCESS.manage);
      const answer = await answerOf(request.params.id);
      await db.transaction(async (tx) => {
        const current = await lockedReceptacle(tx, request.params.id);
        await assertChangeable(tx, current);
        await tx.delete(receptacles).where(eq(receptacles.id, current.id));
      });
      return answer;
    },
  );

  app.get(
    "/api/v3/receptacles/:id/movements",
    {
      schema: { tags, summary: "A receptacle's movements, oldest first", params: IdParams, response: { 200: z.object({ data: z.array(ReceptacleMovementSchema) }), ...resourceErrors } },
    },
    async (request) => {
      allow(request.auth, RECEPTACLES_ACCESS.manage);
      return { data: (await answerOf(request.params.id)).movements };
    },
  );

  app.post(
    "/api/v3/receptacles/:id/movements",
    {
      schema: {
        tags,
        summary: "Record RCS (received from the post, before departure), RCF (received from the flight) or DLV (delivered to the post, after arrival)",
        params: IdParams,
        body: ReceptacleMovementBody,
        response: { 201: ReceptacleMovementSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allow(request.auth, RECEPTACLES_ACCESS.manage);
      const status = request.body.status_code;
      const row = await db.transaction(async (tx) => {
        const current = await lockedReceptacle(tx, request.params.id);
        const [segment] = current.segment_id === null ? [] : await tx.select().from(segments).where(eq(segments.id, current.segment_id));
        if (!segment) throw refuseField("base", "receptacle_not_on_flight");
        if (status === "RCS" && segment.atot) throw refuseField("status_code", "flight_departed");
        if (status !== "RCS" && !segment.atl) throw refuseField("status_code", "flight_not_arrived");
        // a step after arrival never precedes the arrival the flight recorded (its time may be entered ahead of now)
        const now = app.deps.now();
        const at = status !== "RCS" && segment.atl! > now ? segment.atl! : now;
        return recordReceptacleMovement(tx, request.auth, status, current, segment, at);
      });
      return reply.code(201).send(row);
    },
  );

  app.get(
    "/api/v3/segments/:id/receptacles",
    {
      schema: {
        tags: ["segments", ...tags],
        summary: "The receptacles on the flight; meta adds their count and total weight (the operating airline and platform)",
        params: IdParams,
        querystring: PageQuerySchema,
        response: { 200: ReceptaclePageSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const segment = await handledSegment(db, request, request.params.id, HANDLING_ACCESS.read);
      return receptaclePage(db, eq(receptacles.segment_id, segment.id), request.query);
    },
  );
};
