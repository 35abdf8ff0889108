import { and, type AnyColumn, asc, count, desc, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { TARIFF_EDIT, TARIFFS } from "../../cargo/access/rules";
import { allowRule } from "../auth/access-rules";
import { utcDateOf } from "../clock";
import type { Db } from "../db/open";
import { addRefusal, type FieldRefusals, isUniqueViolation, notFound, refuse, throwIfRefused } from "../http/errors";
import { Id, IdParams, SearchTerm, TEXT_MAX } from "../http/input";
import { contentDisposition } from "../../cargo/files/content-disposition";
import { XLSX_TYPE } from "../settings/uploads";
import { MAX_SHEET_ROWS, priceWorkbook, type SheetColumn } from "./price-sheet";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import type { RefusalCode } from "../http/refusals";
import { resourceErrors } from "../http/schemas";
import { isForwarder } from "../settings/access";
import { checkAirports, codeList, defined, iataCode, isoDate, ListQuerySchema, textSearch, wrapped } from "../settings/common";
import { plainNumbers, scopeColumns, ScopeFields } from "./price-fields";
import type { PriceRow, PriceTable } from "./price-table";
import { accountsFor, notYetNotified, priceViewer, visiblePrices, type PriceViewer } from "./price-visibility";

// The calls of one kind of price (spec 3 §7 "Billing": GET and POST billing/tariffs, GET, PATCH, DELETE
// billing/tariffs/{id}, POST billing/tariffs/notification_marks; the same for charges and surcharges). The three kinds
// differ only in their own fields, checks and answer (tariffs.ts, charges.ts, surcharges.ts).
//
// Reading: the tariffs section's users (spec 1 §6 TARIFFS), each seeing what price-visibility.ts lets them. Writing:
// TARIFF_EDIT (platform, or an airline Manager where the airline may edit tariffs). Confirming awareness: forwarders.

/** A stored row merged with a body: what the checks and the scope key read. */
export type PriceValues = Record<string, unknown> & {
  origin?: string | null;
  destination?: string | null;
  transfers?: string[];
  effectiveFrom?: string;
  effectiveTo?: string | null;
  vatInclusion?: string;
  vat?: string | null;
};

export interface PriceKind<T extends PriceTable> {
  /** "tariffs": billing/tariffs. */
  path: string;
  /** The body's Rails-style wrapper ("tariff"); a flat body works too. */
  record: string;
  table: T;
  /** The kind's own body fields (the scope's are price-fields.ts's). */
  fields: z.ZodRawShape;
  answer: z.ZodTypeAny;
  notFoundCode: RefusalCode;
  /** The kind's checks across fields of the whole record. */
  check: (values: PriceValues, errors: FieldRefusals) => void;
  /** The kind's fields that make two prices the same price (beside the shared scope's). */
  identity: (values: PriceValues) => unknown[];
  /** The kind's answer fields from a row (beside the shared scope's). */
  answerOf: (row: T["$inferSelect"]) => Record<string, unknown>;
  /** Extra list filters. */
  filters?: z.ZodRawShape;
  where?: (query: Record<string, unknown>) => Array<SQL | undefined>;
  /** The spreadsheet's columns of the kind's own fields (beside the shared scope's). */
  columns: SheetColumn[];
  /** Columns `q` searches (beside internalId, document and notes). */
  search?: AnyColumn[];
}

/** A kind of price, typed by its table (an identity: the kind's fields are checked where it is written). */
export const priceKind = <T extends PriceTable>(kind: PriceKind<T>) => kind;

/** 422 statusCode tariffAlreadyExists (spec 3 §8: "Tariff create with statusCode tariffAlreadyExists: Exists"). */
export const priceExists = () => refuse(422, "tariff_exists", {}, { extra: { statusCode: "tariffAlreadyExists" } });

const sortedCopy = (list: unknown) => [...((list as string[] | undefined) ?? [])].sort();

/** The canonical text of what makes a price the same price: its scope and the kind's identity. */
export function scopeKeyOf(values: PriceValues, identity: unknown[]): string {
  return JSON.stringify([
    values.origin ?? null,
    values.destination ?? null,
    values.transfers ?? [],
    values.nonStop ?? false,
    values.effectiveFrom,
    values.salesChannel ?? null,
    sortedCopy(values.accountsIncluded),
    sortedCopy(values.accountsExcluded),
    sortedCopy(values.groups),
    values.currency,
    ...identity,
  ]);
}

/** The shared checks across fields: dates in order, a route of two airports, VAT with its percent. */
async function checkScope(db: Db, values: PriceValues, errors: FieldRefusals) {
  if (values.effectiveFrom && values.effectiveTo && values.effectiveTo < values.effectiveFrom) {
    addRefusal(errors, "effectiveTo", "not_before", { field: "effectiveFrom" });
  }
  if (values.origin && values.origin === values.destination) addRefusal(errors, "destination", "same_as_origin");
  for (const t of values.transfers ?? []) {
    if (t === values.origin || t === values.destination) addRefusal(errors, "transfers", "transfer_is_route_end", { code: t });
  }
  if (values.vatInclusion && values.vatInclusion !== "without" && values.vat == null) addRefusal(errors, "vat", "blank");
  await checkAirports(db, { origin: values.origin, destination: values.destination, transfers: values.transfers }, errors);
}

/** A price as the viewer reads it: numbers as plain text, the accounts it may see, expired and notified. */
export function priceAnswer<T extends PriceTable>(kind: PriceKind<T>, row: PriceRow, viewer: PriceViewer, today: string) {
  const { accountsIncluded, accountsExcluded, accountsNotified, scopeKey: _k, createdBy: _c, ...rest } = row;
  const companies = accountsFor(viewer, { accountsIncluded, accountsExcluded, accountsNotified });
  return {
    ...plainNumbers(rest),
    ...kind.answerOf(row as T["$inferSelect"]),
    companies,
    expired: row.effectiveTo !== null && row.effectiveTo < today,
    notified: viewer.account === null ? accountsNotified.length > 0 : accountsNotified.includes(viewer.account),
  };
}

/** One kind's sheet of the prices the viewer may see (billing.xlsx), in the lists' order. */
export async function priceSheet<T extends PriceTable>(db: Db, kind: PriceKind<T>, viewer: PriceViewer, today: string) {
  const table = kind.table as PriceTable;
  const rows = (await db
    .select()
    .from(table)
    .where(visiblePrices(table, viewer))
    .orderBy(asc(table.origin), asc(table.destination), desc(table.effectiveFrom), asc(table.id))
    .limit(MAX_SHEET_ROWS)) as PriceRow[];
  return { name: kind.path, columns: kind.columns, rows: rows.map((r) => priceAnswer(kind, r, viewer, today)) };
}

export function priceRoutes<T extends PriceTable>(kind: PriceKind<T>): FastifyPluginAsyncZod {
  const table = kind.table as PriceTable;
  const base = `/api/v3/billing/${kind.path}`;
  const tags = ["billing"];
  const Fields = z.object({ ...ScopeFields, ...kind.fields });
  const Answer = kind.answer;
  const missing = () => notFound(kind.notFoundCode);

  const answerOf = (row: PriceRow, viewer: PriceViewer, today: string) => priceAnswer(kind, row, viewer, today);

  /** The record after a body: checked, with its scope key; 422 names every bad field at once. */
  async function prepared(db: Db, values: PriceValues) {
    if (values.vatInclusion === "without") values.vat = null;
    const errors: FieldRefusals = {};
    await checkScope(db, values, errors);
    kind.check(values, errors);
    throwIfRefused(errors);
    return { ...values, scopeKey: scopeKeyOf(values, kind.identity(values)) };
  }

  const columnsOf = (values: Record<string, unknown>) => {
    const { id: _i, airline: _a, created_at: _ca, updated_at: _ua, createdBy: _cb, accountsNotified: _n, ...rest } = values;
    return rest;
  };

  async function writing<R>(write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw priceExists();
      throw err;
    }
  }

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const db = app.deps.db;
    const today = () => utcDateOf(app.deps.now());

    async function reader(request: FastifyRequest, named?: string | null) {
      allowRule(request, TARIFFS, `read_${kind.path}`);
      return priceViewer(db, request, named);
    }
    /** The price `id` when the viewer may see it; 404 otherwise (another airline's, another agent's). */
    async function visibleRow(viewer: PriceViewer, id: number) {
      const [row] = (await db
        .select()
        .from(table)
        .where(and(eq(table.id, id), visiblePrices(table, viewer)))
        .limit(1)) as PriceRow[];
      if (!row) throw missing();
      return { row, viewer };
    }
    const findVisible = async (request: FastifyRequest, id: number) => visibleRow(await reader(request), id);
    /** A row the caller may change: its airline's (platform: the tenant's or any). */
    async function findEditable(request: FastifyRequest, id: number) {
      allowRule(request, TARIFF_EDIT, `edit_${kind.path}`);
      return visibleRow(await priceViewer(db, request), id);
    }

    const ListFilters = {
      mode: z.enum(["route", "all", "new"]).default("all"),
      carrier: z.string().max(TEXT_MAX.code).optional().describe("platform only: the airline"),
      origin: iataCode().optional(),
      destination: iataCode().optional(),
      effective_on: isoDate().optional().describe("only prices in force on this day"),
      active: z.enum(["true", "false"]).optional().describe("true: not expired"),
      ...(kind.filters ?? {}),
    };
    type ListFilterQuery = Record<string, unknown> & {
      mode: "route" | "all" | "new";
      carrier?: string;
      origin?: string;
      destination?: string;
      effective_on?: string;
      active?: "true" | "false";
      q?: string;
    };
    /** The rows a list (or its spreadsheet) shows: the viewer's, filtered as the query says. */
    function listWhere(query: ListFilterQuery, viewer: PriceViewer, day: string) {
      // On route: the prices that could price a shipment from origin to destination, so "any airport" ones too.
      const onRoute = (column: AnyColumn, code: string | undefined) => (code ? or(isNull(column), eq(column, code)) : undefined);
      return and(
        visiblePrices(table, viewer),
        query.mode === "route" ? onRoute(table.origin, query.origin) : query.origin ? eq(table.origin, query.origin) : undefined,
        query.mode === "route" ? onRoute(table.destination, query.destination) : query.destination ? eq(table.destination, query.destination) : undefined,
        query.mode === "new" ? notYetNotified(table, viewer) : undefined,
        query.effective_on ? lte(table.effectiveFrom, query.effective_on) : undefined,
        query.effective_on ? or(isNull(table.effectiveTo), gte(table.effectiveTo, query.effective_on)) : undefined,
        query.active === "true" ? or(isNull(table.effectiveTo), gte(table.effectiveTo, day)) : undefined,
        query.active === "false" ? sql`${table.effectiveTo} < ${day}` : undefined,
        textSearch(query.q, table.internalId, table.document, table.notes, ...(kind.search ?? [])),
        ...(kind.where?.(query) ?? []),
      );
    }
    const listOrder = [asc(table.origin), asc(table.destination), desc(table.effectiveFrom), asc(table.id)];

    api.get(
      base,
      {
        schema: {
          tags,
          summary: `The ${kind.path} the caller may see. mode: route (origin and destination; prices for any airport match too), all, new (not yet confirmed: by the forwarder's account, or by any account for the airline)`,
          querystring: ListQuerySchema.extend(ListFilters),
          response: { 200: pageOf(Answer), ...resourceErrors },
        },
      },
      async (request) => {
        const query = request.query as ListFilterQuery & { page: number; per_page: number };
        const viewer = await reader(request, query.carrier);
        const day = today();
        const where = listWhere(query, viewer, day);
        const [total] = await db.select({ n: count() }).from(table).where(where);
        const rows = (await db
          .select()
          .from(table)
          .where(where)
          .orderBy(...listOrder)
          .limit(query.per_page)
          .offset(pageOffset(query.page, query.per_page))) as PriceRow[];
        return { data: rows.map((r) => answerOf(r, viewer, day)), meta: pageMeta(total?.n ?? 0, query.page, query.per_page) };
      },
    );

    api.get(
      `${base}.xlsx`,
      {
        schema: {
          tags,
          summary: `The ${kind.path} of the list's filters as a spreadsheet (${kind.path}.xlsx; at most ${MAX_SHEET_ROWS} rows)`,
          querystring: z.object({ q: SearchTerm(), ...ListFilters }),
          produces: [XLSX_TYPE],
        },
      },
      async (request, reply) => {
        const query = request.query as ListFilterQuery;
        const viewer = await reader(request, query.carrier);
        const day = today();
        const rows = (await db.select().from(table).where(listWhere(query, viewer, day)).orderBy(...listOrder).limit(MAX_SHEET_ROWS)) as PriceRow[];
        const file = await priceWorkbook([{ name: kind.path, columns: kind.columns, rows: rows.map((r) => answerOf(r, viewer, day)) }]);
        return reply.type(XLSX_TYPE).header("content-disposition", contentDisposition(`${kind.path}.xlsx`)).send(file);
      },
    );

    api.post(
      `${base}/notification_marks`,
      {
        schema: {
          tags,
          summary: `A forwarder confirms it knows of these ${kind.path} (its account is marked on each it may see)`,
          body: z.object({ ids: codeList(Id()).pipe(z.array(z.number()).min(1)) }).strict(),
          response: { 200: z.object({ notified: z.number().int() }), ...resourceErrors },
        },
      },
      async (request) => {
        if (!isForwarder(request.auth.profile)) throw refuse(403, "access_denied", { action: "confirm_tariffs" });
        const viewer = await reader(request);
        const account = viewer.account!;
        const marked = await db
          .update(table)
          .set({ accountsNotified: sql`array_append(${table.accountsNotified}, ${account})` } as never)
          .where(and(sql`${table.id} = any(${sql.param(request.body.ids)}::int[])`, visiblePrices(table, viewer), sql`not (${account} = any(${table.accountsNotified}))`))
          .returning({ id: table.id });
        return { notified: marked.length };
      },
    );

    api.get(
      `${base}/:id`,
      { schema: { tags, summary: `One of the ${kind.path}`, params: IdParams, response: { 200: Answer, ...resourceErrors } } },
      async (request) => {
        const { row, viewer } = await findVisible(request, request.params.id);
        return answerOf(row, viewer, today());
      },
    );

    api.post(
      base,
      {
        schema: {
          tags,
          summary: `Create one of the ${kind.path} (422 statusCode tariffAlreadyExists when the same price exists)`,
          body: wrapped(kind.record, Fields.extend({ carrier: z.string().max(TEXT_MAX.code).optional().describe("platform only: the airline") }).strict()),
          response: { 201: Answer, ...resourceErrors },
        },
      },
      async (request, reply) => {
        const p = allowRule(request, TARIFF_EDIT, `create_${kind.path}`);
        const { carrier: named, ...body } = request.body as Record<string, unknown> & { carrier?: string };
        const viewer = await priceViewer(db, request, named);
        if (!viewer.carrier) throw refuse(422, "carrier_required");
        const values = await prepared(db, scopeColumns(defined(body)) as PriceValues);
        const [row] = (await writing(() =>
          db
            .insert(table)
            .values({ ...columnsOf(values), airline: viewer.carrier!, createdBy: p.profile.user_id } as never)
            .returning(),
        )) as PriceRow[];
        return reply.code(201).send(answerOf(row!, viewer, today()));
      },
    );

    api.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Change one of the ${kind.path} (absent fields stay)`,
          params: IdParams,
          body: wrapped(kind.record, Fields.partial().strict()),
          response: { 200: Answer, ...resourceErrors },
        },
      },
      async (request) => {
        const { row: existing, viewer } = await findEditable(request, request.params.id);
        const values = await prepared(db, { ...existing, ...scopeColumns(defined(request.body as Record<string, unknown>)) } as PriceValues);
        const [row] = (await writing(() =>
          db
            .update(table)
            .set({ ...columnsOf(values), updated_at: new Date() } as never)
            .where(eq(table.id, existing.id))
            .returning(),
        )) as PriceRow[];
        return answerOf(row!, viewer, today());
      },
    );

    api.delete(
      `${base}/:id`,
      { schema: { tags, summary: `Delete one of the ${kind.path}`, params: IdParams, response: { 204: z.null(), ...resourceErrors } } },
      async (request, reply) => {
        const { row } = await findEditable(request, request.params.id);
        await db.delete(table).where(eq(table.id, row.id));
        return reply.code(204).send();
      },
    );
  };
}

