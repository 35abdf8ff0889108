import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParams, TEXT_MAX } from "../http/input";
import type { Db } from "../db/open";
import { HttpError, isUniqueViolation, notFound } from "../http/errors";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { addPostCodeError } from "../http/post-code";
import { resourceErrors } from "../http/schemas";
import { allow, carrierForWrite, scopeCarrier, type Who } from "./access";
import { defined, ListQuerySchema, sortOrder, textSearch, throwIfErrors, wrapped, type SortAllowlist } from "./common";
import type { RefusalCode } from "../http/refusals";
import type { Condition } from "../../cargo/access/condition";
import { allowRule } from "../auth/access-rules";

/** A settings table: an `id` identity, stamps, and an owner column (`carrier`, `company_id`...). */
type OwnedTable = PgTable & { id: PgColumn; created_at: PgColumn; updated_at: PgColumn };
/** A table owned by an airline: an `id` identity and a `carrier` column. */
type CarrierTable = OwnedTable & { carrier: PgColumn };

/**
 * Who a row belongs to, and so who sees it: an airline (`carrier`) or a company (parties). Platform staff see
 * every owner's rows and name one with the owner parameter of a list query or a create body.
 */
export interface Owner {
  /** The owner parameter of list queries and create bodies ("carrier", "forwarder_short_name"). */
  field: string;
  queryField: z.ZodTypeAny;
  bodyField: z.ZodTypeAny;
  /** The caller's rows; `named` is the list query's owner parameter. */
  scope: (db: Db, request: FastifyRequest, named?: string | null) => Promise<SQL | undefined>;
  /** The owner columns of a new row, and the owner's name for the answer. */
  forWrite: (db: Db, request: FastifyRequest, named?: string | null) => Promise<{ columns: Record<string, unknown>; name: string }>;
  /** The owner columns, which a PATCH never writes. */
  columns: string[];
  /** Where the owner's name of an answer comes from when the row holds only an id: a joined column. */
  join?: { table: PgTable; on: SQL; name: PgColumn };
  /** The answer of a row: the row with its owner's name. */
  answer: (row: Record<string, unknown>, name: string) => unknown;
}

/** Rows of one airline (api/settings/access.ts scopeCarrier): the Carrier header, or (platform) `carrier`. */
export function carrierOwner(table: CarrierTable): Owner {
  const field = z.string().max(TEXT_MAX.code).trim().min(1).optional().describe("platform only: the airline (else the Carrier header)");
  return {
    field: "carrier",
    queryField: field,
    bodyField: field,
    scope: async (_db, request, named) => {
      const carrier = scopeCarrier(request.auth, named);
      return carrier ? eq(table.carrier, carrier) : undefined;
    },
    forWrite: async (db, request, named) => {
      const carrier = await carrierForWrite(db, request.auth, named);
      return { columns: { carrier }, name: carrier };
    },
    columns: ["carrier"],
    answer: (row) => row,
  };
}

export interface OwnedResourceOptions<T extends OwnedTable, F extends z.AnyZodObject, Q extends z.ZodRawShape> {
  /** URL segment under api/v3 ("handlers"). */
  path: string;
  /** Rails-style body wrapper ("handler"); a flat body works too. */
  record: string;
  tag: string;
  table: T;
  owner: Owner;
  /** Answer of one row. */
  answer: z.ZodTypeAny;
  /** Fields of a create body (required ones required), without the owner; PATCH takes them all as optional. */
  fields: F;
  /**
   * Who may read and write: the API's own settings table (api/settings/access.ts), or the page's rule of the shared
   * access table (cargo/access/rules.ts) for a resource behind exactly one page, so the page and its calls admit the
   * same users; its refusal names `action`.
   */
  access: { read: Who; write: Who } | { rule: Condition; action: string };
  /** Refusal of the 404 for a missing or foreign id (default: the API's "Record Not Found"). */
  notFoundCode?: RefusalCode;
  /** Extra list filters (query parameters) and how they filter. */
  filters?: Q;
  where?: (query: z.infer<z.ZodObject<Q>>) => Array<SQL | undefined>;
  /** Columns `q` searches. */
  search: PgColumn[];
  orderBy: PgColumn[];
  /** Columns `sort` may name (besides `id`, always sortable), by query value; default: only `id`. */
  sortable?: SortAllowlist;
  /** The record is a postal address whose country is this field: GB and EU need post_code (spec 2 §9). */
  postalAddress?: { country: string };
  /** Checks and derived values before a write (the whole record after the change), may throw 422. */
  prepare?: (db: Db, values: Record<string, unknown>, ctx: { owner: Record<string, unknown>; existing: T["$inferSelect"] | null; request: FastifyRequest }) => Promise<Record<string, unknown>>;
  /** The answer of a unique-index violation (default: rethrown). */
  duplicate?: () => HttpError;
  toAnswer?: (row: T["$inferSelect"]) => unknown;
  /** Whether DELETE exists (default true). */
  deletable?: boolean;
  /**
   * Runs in the write's transaction, after it: `before` is null on create, `after` null on delete. For change
   * logs and for checks that need the stored row (one that throws undoes the write).
   */
  onWrite?: (tx: Db, ctx: WriteEvent<T["$inferSelect"]>) => Promise<void>;
}

export interface CarrierResourceOptions<T extends CarrierTable, F extends z.AnyZodObject, Q extends z.ZodRawShape>
  extends Omit<OwnedResourceOptions<T, F, Q>, "owner" | "prepare" | "duplicate"> {
  prepare?: (db: Db, values: Record<string, unknown>, ctx: { carrier: string; existing: T["$inferSelect"] | null; request: FastifyRequest }) => Promise<Record<string, unknown>>;
  /** The answer of a unique-index violation (a table without a unique index has none). */
  duplicate?: () => HttpError;
}

export interface WriteEvent<R> {
  request: FastifyRequest;
  action: "create" | "update" | "delete";
  before: R | null;
  after: R | null;
}


/** An airline-owned settings resource: ownedResource with the carrier as owner (see below). */
export function carrierResource<T extends CarrierTable, F extends z.AnyZodObject, Q extends z.ZodRawShape = {}>(
  opts: CarrierResourceOptions<T, F, Q>,
): FastifyPluginAsyncZod {
  const { prepare } = opts;
  return ownedResource<T, F, Q>({
    ...opts,
    owner: carrierOwner(opts.table),
    prepare: prepare && ((db, values, { owner, existing, request }) => prepare(db, values, { carrier: owner.carrier as string, existing, request })),
  });
}

/**
 * List, read, create, update and delete of an owned settings resource. Every query is filtered by the caller's
 * owner (an airline's rows, a forwarder's parties): an id of another owner's row answers the same 404 as an id
 * that does not exist.
 */
export function ownedResource<T extends OwnedTable, F extends z.AnyZodObject, Q extends z.ZodRawShape = {}>(
  opts: OwnedResourceOptions<T, F, Q>,
): FastifyPluginAsyncZod {
  const base = `/api/v3/${opts.path}`;
  const table = opts.table as OwnedTable;
  const { owner } = opts;
  const tags = [opts.tag];
  const toAnswer = (row: Row, name: string) => {
    const answer = owner.answer(row, name);
    return opts.toAnswer ? opts.toAnswer(answer as T["$inferSelect"]) : answer;
  };
  const missing = () => notFound(opts.notFoundCode);
  const { access } = opts;
  const guard = (request: FastifyRequest, kind: "read" | "write") => {
    if ("rule" in access) allowRule(request, access.rule, access.action);
    else allow(request.auth, access[kind]);
  };
  const ownerQuery = { [owner.field]: owner.queryField };
  const ownerBody = { [owner.field]: owner.bodyField };

  type Row = Record<string, unknown>;
  /** Rows with their owner's name (joined where the row holds only the owner's id). */
  const select = (db: Db) =>
    owner.join
      ? db.select({ row: table, name: owner.join.name }).from(table).innerJoin(owner.join.table, owner.join.on)
      : db.select({ row: table }).from(table);
  const nameOf = (found: { row: Row; name?: unknown }) => String(found.name ?? "");

  async function findOne(db: Db, request: FastifyRequest, id: number) {
    const [found] = (await select(db)
      .where(and(eq(table.id, id), await owner.scope(db, request)))
      .limit(1)) as Array<{ row: Row; name?: unknown }>;
    if (!found) throw missing();
    return { row: found.row as T["$inferSelect"] & Row, name: nameOf(found) };
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
      if (opts.duplicate && isUniqueViolation(err)) throw opts.duplicate();
      throw err;
    }
  }

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const db = app.deps.db;
    const own = opts.prepare ?? (async (_db, v) => v);
    const prepare: typeof own = (db, values, ctx) => {
      if (opts.postalAddress) throwIfErrors(addPostCodeError({}, values, opts.postalAddress.country));
      return own(db, values, ctx);
    };

    api.get(
      base,
      {
        schema: {
          tags,
          summary: `List ${opts.path} (q searches; platform: ${owner.field} filter; sort: ${["id", ...Object.keys(opts.sortable ?? {})].join(", ")})`,
          querystring: ListQuerySchema.extend({ ...ownerQuery, ...(opts.filters ?? {}) }),
          response: { 200: pageOf(opts.answer), ...resourceErrors },
        },
      },
      async (request) => {
        guard(request, "read");
        const query = request.query as Record<string, unknown> & {
          q?: string;
          page: number;
          per_page: number;
          sort?: string;
          direction?: "asc" | "desc";
        };
        const orderBy = sortOrder({ id: table.id, ...opts.sortable }, query, table.id, [...opts.orderBy.map((c) => asc(c)), asc(table.id)]);
        const where = and(
          await owner.scope(db, request, query[owner.field] as string | undefined),
          textSearch(query.q, ...opts.search),
          ...(opts.where?.(query as never) ?? []),
        );
        const [total] = await db.select({ n: count() }).from(table).where(where);
        const rows = (await select(db)
          .where(where)
          .orderBy(...orderBy)
          .limit(query.per_page)
          .offset(pageOffset(query.page, query.per_page))) as Array<{ row: Row; name?: unknown }>;
        return { data: rows.map((r) => toAnswer(r.row, nameOf(r))), meta: pageMeta(total?.n ?? 0, query.page, query.per_page) };
      },
    );

    api.get(
      `${base}/:id`,
      { schema: { tags, summary: `One of ${opts.path}`, params: IdParams, response: { 200: opts.answer, ...resourceErrors } } },
      async (request) => {
        guard(request, "read");
        const { row, name } = await findOne(db, request, request.params.id);
        return toAnswer(row, name);
      },
    );

    api.post(
      base,
      {
        schema: {
          tags,
          summary: `Create one of ${opts.path}`,
          body: wrapped(opts.record, opts.fields.extend(ownerBody)),
          response: { 201: opts.answer, ...resourceErrors },
        },
      },
      async (request, reply) => {
        guard(request, "write");
        const { [owner.field]: named, ...fields } = request.body as Record<string, unknown>;
        const { columns, name } = await owner.forWrite(db, request, named as string | undefined);
        const values = await prepare(db, defined(fields), { owner: columns, existing: null, request });
        const row = await write(db, { request, action: "create", before: null }, (tx) => tx.insert(table).values({ ...values, ...columns } as never).returning());
        return reply.code(201).send(toAnswer(row as Row, name));
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
          response: { 200: opts.answer, ...resourceErrors },
        },
      },
      async (request) => {
        guard(request, "write");
        const { row: existing, name } = await findOne(db, request, request.params.id);
        const changes = defined(request.body as Record<string, unknown>);
        const ownerColumns = Object.fromEntries(owner.columns.map((c) => [c, existing[c]]));
        const merged = await prepare(db, { ...existing, ...changes }, { owner: ownerColumns, existing, request });
        // Write only what the caller changed and what prepare derived from it, never id, owner or stamps.
        const { id: _id, created_at: _ca, updated_at: _ua, ...rest } = merged;
        for (const c of owner.columns) delete rest[c];
        const row = await write(db, { request, action: "update", before: existing }, (tx) =>
          tx
            .update(table)
            .set({ ...rest, updated_at: new Date() } as never)
            .where(eq(table.id, request.params.id))
            .returning(),
        );
        return toAnswer(row as Row, name);
      },
    );

    if (opts.deletable ?? true) {
      api.delete(
        `${base}/:id`,
        { schema: { tags, summary: `Delete one of ${opts.path}`, params: IdParams, response: { 204: z.null(), ...resourceErrors } } },
        async (request, reply) => {
          guard(request, "write");
          const scope = await owner.scope(db, request);
          const deleted = await write(db, { request, action: "delete", before: null }, (tx) =>
            tx
              .delete(table)
              .where(and(eq(table.id, request.params.id), scope))
              .returning(),
          );
          if (!deleted) throw missing();
          return reply.code(204).send();
        },
      );
    }
  };
}
