import { and, asc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParams, TEXT_MAX } from "../http/input";
import type { Db } from "../db/open";
import { HttpError, isUniqueViolation } from "../http/errors";
import { pageOf } from "../http/pagination";
import { ErrorSchema } from "../http/schemas";
import { allow, carrierForWrite, scopeCarrier, type Who } from "./access";
import { defined, ListQuerySchema, listPage, sortOrder, textSearch, wrapped, type SortAllowlist } from "./common";

/** A table owned by an airline: an `id` identity and a `carrier` column. */
type CarrierTable = PgTable & { id: PgColumn; carrier: PgColumn; created_at: PgColumn; updated_at: PgColumn };

export interface CarrierResourceOptions<T extends CarrierTable, F extends z.AnyZodObject, Q extends z.ZodRawShape> {
  /** URL segment under api/v3 ("handlers"). */
  path: string;
  /** Rails-style body wrapper ("handler"); a flat body works too. */
  record: string;
  tag: string;
  table: T;
  /** Answer of one row. */
  answer: z.ZodTypeAny;
  /** Fields of a create body (required ones required); PATCH takes them all as optional. */
  fields: F;
  access: { read: Who; write: Who };
  /** Text of the 404 for a missing or foreign id. */
  notFoundText: string;
  /** Extra list filters (query parameters) and how they filter. */
  filters?: Q;
  where?: (query: z.infer<z.ZodObject<Q>>) => Array<SQL | undefined>;
  /** Columns `q` searches. */
  search: PgColumn[];
  orderBy: PgColumn[];
  /** Columns `sort` may name (besides `id`, always sortable), by query value; default: only `id`. */
  sortable?: SortAllowlist;
  /** Checks and derived values before a write (the whole record after the change), may throw 422. */
  prepare?: (db: Db, values: Record<string, unknown>, ctx: { carrier: string; existing: T["$inferSelect"] | null }) => Promise<Record<string, unknown>>;
  /** The answer of a unique-index violation. */
  duplicate: () => HttpError;
  toAnswer?: (row: T["$inferSelect"]) => unknown;
  /** Whether DELETE exists (default true). */
  deletable?: boolean;
  /**
   * Runs in the write's transaction, after it: `before` is null on create, `after` null on delete. For change
   * logs and for checks that need the stored row (one that throws undoes the write).
   */
  onWrite?: (tx: Db, ctx: WriteEvent<T["$inferSelect"]>) => Promise<void>;
}

export interface WriteEvent<R> {
  request: FastifyRequest;
  action: "create" | "update" | "delete";
  before: R | null;
  after: R | null;
}

const errors = { 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };

/**
 * List, read, create, update and delete of an airline-owned settings resource. Every query is filtered by the
 * caller's airline (api/settings/access.ts scopeCarrier): an id of another airline's row answers the same 404 as
 * an id that does not exist.
 */
export function carrierResource<T extends CarrierTable, F extends z.AnyZodObject, Q extends z.ZodRawShape = {}>(
  opts: CarrierResourceOptions<T, F, Q>,
): FastifyPluginAsyncZod {
  const base = `/api/v3/${opts.path}`;
  const table = opts.table as CarrierTable;
  const tags = [opts.tag];
  const toAnswer = opts.toAnswer ?? ((r: unknown) => r);
  const notFound = () => new HttpError(404, { error: opts.notFoundText });
  const CarrierField = { carrier: z.string().max(TEXT_MAX.code).trim().min(1).optional().describe("platform only: the airline (else the Carrier header)") };

  const scope = (request: FastifyRequest, requested?: string | null): SQL | undefined => {
    const carrier = scopeCarrier(request.auth, requested);
    return carrier ? eq(table.carrier, carrier) : undefined;
  };

  async function findOne(db: Db, request: FastifyRequest, id: number) {
    const [row] = await db.select().from(table).where(and(eq(table.id, id), scope(request))).limit(1);
    if (!row) throw notFound();
    return row as T["$inferSelect"];
  }

  /** One write, with its onWrite hook in the same transaction; a unique violation answers `duplicate`. */
  async function write(
    db: Db,
    event: Omit<WriteEvent<T["$inferSelect"]>, "after">,
    fn: (tx: Db) => Promise<unknown[]>,
  ): Promise<T["$inferSelect"] | undefined> {
    const run = async (tx: Db) => {
      const [row] = (await fn(tx)) as Array<T["$inferSelect"]>;
      if (opts.onWrite && (row || event.action !== "delete")) {
        await opts.onWrite(tx, { ...event, ...(event.action === "delete" ? { before: row ?? null, after: null } : { after: row ?? null }) });
      }
      return row;
    };
    try {
      return await (opts.onWrite ? db.transaction((tx) => run(tx as unknown as Db)) : run(db));
    } catch (err) {
      if (isUniqueViolation(err)) throw opts.duplicate();
      throw err;
    }
  }

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const db = app.deps.db;
    const prepare = opts.prepare ?? (async (_db, v) => v);

    api.get(
      base,
      {
        schema: {
          tags,
          summary: `List ${opts.path} (q searches; platform: carrier filter; sort: ${["id", ...Object.keys(opts.sortable ?? {})].join(", ")})`,
          querystring: ListQuerySchema.extend({ ...CarrierField, ...(opts.filters ?? {}) }),
          response: { 200: pageOf(opts.answer), ...errors },
        },
      },
      async (request) => {
        allow(request.auth, opts.access.read);
        const query = request.query as Record<string, unknown> & {
          q?: string;
          carrier?: string;
          page: number;
          per_page: number;
          sort?: string;
          direction?: "asc" | "desc";
        };
        const orderBy = sortOrder({ id: table.id, ...opts.sortable }, query, table.id, [...opts.orderBy.map((c) => asc(c)), asc(table.id)]);
        const where = and(
          scope(request, query.carrier),
          textSearch(query.q, ...opts.search),
          ...(opts.where?.(query as never) ?? []),
        );
        const { data, meta } = await listPage(db, table, where, orderBy, query);
        return { data: data.map((r) => toAnswer(r as T["$inferSelect"])), meta };
      },
    );

    api.get(
      `${base}/:id`,
      { schema: { tags, summary: `One of ${opts.path}`, params: IdParams, response: { 200: opts.answer, ...errors } } },
      async (request) => {
        allow(request.auth, opts.access.read);
        return toAnswer(await findOne(db, request, request.params.id));
      },
    );

    api.post(
      base,
      {
        schema: {
          tags,
          summary: `Create one of ${opts.path}`,
          body: wrapped(opts.record, opts.fields.extend(CarrierField)),
          response: { 201: opts.answer, ...errors },
        },
      },
      async (request, reply) => {
        allow(request.auth, opts.access.write);
        const body = request.body as Record<string, unknown> & { carrier?: string };
        const carrier = await carrierForWrite(db, request.auth, body.carrier);
        const { carrier: _ignored, ...fields } = body;
        const values = await prepare(db, defined(fields), { carrier, existing: null });
        const row = await write(db, { request, action: "create", before: null }, (tx) => tx.insert(table).values({ ...values, carrier } as never).returning());
        return reply.code(201).send(toAnswer(row as T["$inferSelect"]));
      },
    );

    api.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Change one of ${opts.path} (absent fields stay)`,
          params: IdParams,
          body: wrapped(opts.record, opts.fields.partial()),
          response: { 200: opts.answer, ...errors },
        },
      },
      async (request) => {
        allow(request.auth, opts.access.write);
        const existing = await findOne(db, request, request.params.id);
        const changes = defined(request.body as Record<string, unknown>);
        const merged = await prepare(db, { ...(existing as Record<string, unknown>), ...changes }, {
          carrier: (existing as { carrier: string }).carrier,
          existing,
        });
        // Write only what the caller changed and what prepare derived from it, never id/carrier/stamps.
        const { id: _id, carrier: _c, created_at: _ca, updated_at: _ua, ...rest } = merged;
        const row = await write(db, { request, action: "update", before: existing }, (tx) =>
          tx
            .update(table)
            .set({ ...rest, updated_at: new Date() } as never)
            .where(eq(table.id, request.params.id))
            .returning(),
        );
        return toAnswer(row as T["$inferSelect"]);
      },
    );

    if (opts.deletable ?? true) {
      api.delete(
        `${base}/:id`,
        { schema: { tags, summary: `Delete one of ${opts.path}`, params: IdParams, response: { 204: z.null(), ...errors } } },
        async (request, reply) => {
          allow(request.auth, opts.access.write);
          const deleted = await write(db, { request, action: "delete", before: null }, (tx) =>
            tx
              .delete(table)
              .where(and(eq(table.id, request.params.id), scope(request)))
              .returning(),
          );
          if (!deleted) throw notFound();
          return reply.code(204).send();
        },
      );
    }
  };
}
