import { asc, count, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/open";
import { accountingPresets, airlines } from "../db/schema";
import { refuseField } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { ErrorSchema, StampsShape } from "../http/schemas";
import { ACCESS, allow, carrierForWrite, scopeCarrier, type Who } from "../settings/access";
import { carrierResource } from "../settings/carrier-resource";
import { BLANK, optInt, reqText, sortColumns } from "../settings/common";
import { DEFAULT_PRESETS, PRESET_KINDS } from "./catalogue";
import { said } from "../http/refusals";

// Accounting information presets (spec 2 §9; issue 10 "kept per airline, editable"): the airline's Manager (and
// platform) keep its list; forwarders creating a waybill for the airline and the airline's staff read the presets in
// use. An airline that keeps none of its own is offered the platform's catalogue (catalogue.ts): the fallback is read
// time, not a seed, so a new airline has presets from its first day and deleting every own preset brings the
// catalogue back instead of leaving the form empty. `copy_defaults` copies the catalogue into the airline's own list
// to edit it.

/** How many presets an airline keeps at most: the form offers them all in one list. */
export const MAX_PRESETS = 100;
const CODE = /^[a-z0-9_]{1,40}$/;
/** What the accounting box of a waybill and Cargo-IMP carry (the commodity's rule, and "_" for a template's blanks). */
const LATIN = /^[A-Z0-9 .,;:\-/()'&+#%*_]+$/;
const TEXT_LIMIT = 500;

/** Who reads an airline's presets: its staff and platform (the settings list), and forwarders (the presets in use). */
const READ: Who = { platform: true, airline: true };
const IN_USE: Who = { platform: true, airline: true, forwarder: true };

export const AccountingPresetSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  kind: z.enum(PRESET_KINDS),
  code: z.string(),
  name: z.string(),
  text: z.string(),
  position: z.number().int(),
  ...StampsShape,
});

const PresetFields = z.object({
  kind: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(PRESET_KINDS, { errorMap: (_issue, ctx) => ({ message: ctx.data === undefined ? BLANK : `must be one of ${PRESET_KINDS.join(", ")}` }) }),
  ),
  code: reqText(TEXT_MAX.name)
    .transform((s) => s.toLowerCase())
    .pipe(z.string().regex(CODE, said("preset_code_format"))),
  name: reqText(TEXT_MAX.name),
  text: reqText(TEXT_LIMIT)
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(LATIN, said("only_latin"))),
  position: optInt()
    .refine((v) => v == null || (v >= 0 && v <= 9999), "must be from 0 to 9999")
    .describe("order in the form's list (default 0; then by code)"),
});

const tooMany = () => refuseField("base", "presets_limit", { max: MAX_PRESETS });

/** The airline's own presets, in the form's order. */
const ownPresets = (db: Db, carrier: string) =>
  db.select().from(accountingPresets).where(eq(accountingPresets.carrier, carrier)).orderBy(asc(accountingPresets.position), asc(accountingPresets.kind), asc(accountingPresets.code)).limit(MAX_PRESETS);

/** List, create, edit and delete of an airline's own presets (api/settings/carrier-resource.ts: S7 never sees SU's). */
export const accountingPresetCrud = carrierResource({
  path: "accounting_presets",
  record: "accounting_preset",
  tag: "accounting presets",
  table: accountingPresets,
  answer: AccountingPresetSchema,
  fields: PresetFields,
  access: { read: READ, write: ACCESS.settings },
  filters: { kind: z.enum(PRESET_KINDS).optional() },
  where: (q) => [q.kind ? eq(accountingPresets.kind, q.kind) : undefined],
  search: [accountingPresets.code, accountingPresets.name, accountingPresets.text],
  orderBy: [accountingPresets.position, accountingPresets.kind, accountingPresets.code],
  sortable: sortColumns(accountingPresets, ["kind", "code", "name", "position", "created_at", "updated_at"]),
  prepare: async (db, values, { carrier, existing }) => {
    if (!existing) {
      const [n] = await db.select({ n: count() }).from(accountingPresets).where(eq(accountingPresets.carrier, carrier));
      if ((n?.n ?? 0) >= MAX_PRESETS) throw tooMany();
    }
    // a cleared order ("" or null) is the default, first among equals
    return { ...values, position: values.position ?? 0 };
  },
  duplicate: () => refuseField("code", "taken"),
});

const InUseSchema = z.object({
  carrier: z.string().nullable(),
  source: z.enum(["airline", "default"]).describe("airline: its own presets; default: it keeps none, the platform's catalogue"),
  data: z.array(z.object({ kind: z.enum(PRESET_KINDS), code: z.string(), name: z.string(), text: z.string() })),
});

export const accountingPresetInUseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["accounting presets"];

  app.get(
    "/api/v3/accounting_presets/in_use",
    {
      schema: {
        tags,
        summary:
          "The presets a waybill of the airline is offered (the Carrier header, or carrier): its own, or the platform's catalogue when it keeps none; without an airline, the catalogue",
        querystring: z.object({ carrier: z.string().max(TEXT_MAX.code).trim().optional().describe("forwarder and platform: the airline (else the Carrier header)") }),
        response: { 200: InUseSchema, 403: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request) => {
      allow(request.auth, IN_USE);
      const carrier = scopeCarrier(request.auth, request.query.carrier);
      if (carrier) {
        const [airline] = await db.select({ carrier: airlines.carrier }).from(airlines).where(eq(airlines.carrier, carrier)).limit(1);
        if (!airline) throw refuseField("carrier", "unknown_airline", { carrier });
        const own = await ownPresets(db, carrier);
        if (own.length) return { carrier, source: "airline" as const, data: own.map(({ kind, code, name, text }) => ({ kind: kind as (typeof PRESET_KINDS)[number], code, name, text })) };
      }
      return { carrier, source: "default" as const, data: [...DEFAULT_PRESETS] };
    },
  );

  app.post(
    "/api/v3/accounting_presets/copy_defaults",
    {
      schema: {
        tags,
        summary: "Copy the platform's catalogue into the airline's own presets to edit them (codes it already keeps stay as they are)",
        body: z.object({ carrier: z.string().max(TEXT_MAX.code).trim().optional().describe("platform only: the airline (else the Carrier header)") }).nullish(),
        response: { 200: z.object({ added: z.number().int() }), 403: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request) => {
      allow(request.auth, ACCESS.settings);
      const carrier = await carrierForWrite(db, request.auth, request.body?.carrier);
      const added = await db.transaction(async (tx) => {
        // the airline's row locked: two copies (or a copy and a create) never pass the limit together
        await tx.select({ id: airlines.id }).from(airlines).where(eq(airlines.carrier, carrier)).for("update");
        const kept = new Set((await tx.select({ code: accountingPresets.code }).from(accountingPresets).where(eq(accountingPresets.carrier, carrier))).map((r) => r.code));
        const missing = DEFAULT_PRESETS.map((p, position) => ({ carrier, ...p, position })).filter((p) => !kept.has(p.code));
        if (!missing.length) return 0;
        if (kept.size + missing.length > MAX_PRESETS) throw tooMany();
        const rows = await tx
          .insert(accountingPresets)
          .values(missing)
          .onConflictDoNothing({ target: [accountingPresets.carrier, accountingPresets.code] })
          .returning({ id: accountingPresets.id });
        return rows.length;
      });
      return { added };
    },
  );
};
