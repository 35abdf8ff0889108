import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { accessDenied, allow, type Who } from "../settings/access";
import { awbActions, findVisible, mawbOf } from "../air-waybills/access";
import { shipmentFacts } from "../air-waybills/shipment-state";
import type { Db } from "../db/open";
import { GoodsItemInput, MAX_AWB_ROWS } from "../air-waybills/schemas";
import { logAwbChange } from "../air-waybills/state-change";
import { airWaybills, type GoodsItem } from "../db/schema";
import { refuseField } from "../http/errors";
import { ErrorSchema } from "../http/schemas";
import { acceptUploadBodies, readSheetRows, readUploadedFile, sendTemplate, UPLOAD_ANSWERS, XLSX_TYPE } from "../settings/uploads";

// A waybill's goods items (spec 2 "Goods item"; spec 3 §7 GET air_waybills/{id}/goods_items, POST goods_items/upload):
// they live on the waybill (air_waybills.goods_items, written with it by its form), so the list answers them in the
// waybill's order with their position as id, and an upload replaces the whole list from an XLSX or CSV file, all
// rows or none. Who reads: whoever may read the waybill. Who uploads: whoever may edit it now (its forwarder until it
// is issued, its airline's operators and managers and platform until it is voided): a file is an edit of the waybill,
// logged in its change log like one. No warning compares the items' sums with the waybill's figures (the items'
// pieces and weights are optional, and the waybill's own figures are what is booked), so none is refreshed.

const tags = ["air waybills", "uploads"];

/** The roles that edit waybills (api/air-waybills/access.ts awbActions): upload and the templates. */
const UPLOADERS: Who = { platform: true, airline: ["operator", "manager"], forwarder: ["operator"] };

/** The template columns, in the order the waybill's form lists a goods item, with one example row. */
const COLUMNS = [
  { key: "description", example: "Spare parts for pumps" },
  { key: "hs_code", example: "841391" },
  { key: "marks", example: "ACME 1-10" },
  { key: "packing", example: "Wooden crates" },
  { key: "pieces", example: 10 },
  { key: "weight", example: 250.5 },
] as const;

export const GoodsItemSchema = z.object({
  /** The item's position on the waybill, from 1 (the list is stored with the waybill and replaced whole). */
  id: z.number().int(),
  mawb: z.string(),
  description: z.string(),
  hs_code: z.string().nullable(),
  marks: z.string().nullable(),
  packing: z.string().nullable(),
  pieces: z.number().int().nullable(),
  weight: z.number().nullable(),
});

const goodsItemAnswers = (mawb: string, items: GoodsItem[]) =>
  items.map((g, i) => ({
    id: i + 1,
    mawb,
    description: g.description,
    hs_code: g.hs_code ?? null,
    marks: g.marks ?? null,
    packing: g.packing ?? null,
    pieces: g.pieces ?? null,
    weight: g.weight ?? null,
  }));

export const goodsItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  acceptUploadBodies(app);

  app.get(
    "/api/v3/air_waybills/:mawb/goods_items",
    {
      schema: {
        tags,
        summary: "The waybill's goods items in its order (id: the position)",
        params: z.object({ mawb: z.string().max(20) }),
        response: { 200: z.object({ data: z.array(GoodsItemSchema) }), 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const row = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      return { data: goodsItemAnswers(row.mawb, row.goods_items) };
    },
  );

  app.post(
    "/api/v3/goods_items/upload",
    {
      schema: {
        tags,
        summary: `Replace a waybill's goods items from XLSX or CSV (multipart fields "file" and "mawb", or the file as the body with ?mawb=); at most ${MAX_AWB_ROWS} rows, all or none`,
        consumes: ["multipart/form-data", "text/csv", XLSX_TYPE],
        querystring: z.object({ mawb: z.string().max(20).optional() }),
        response: {
          201: z.object({ created: z.number().int(), data: z.array(GoodsItemSchema) }),
          403: ErrorSchema,
          404: ErrorSchema,
          ...UPLOAD_ANSWERS,
        },
      },
    },
    async (request, reply) => {
      allow(request.auth, UPLOADERS);
      const file = await readUploadedFile(request);
      const named = (file.fields.mawb ?? request.query.mawb ?? "").trim();
      if (!named) throw refuseField("mawb", "blank");
      const mawb = mawbOf(named);
      // who may: the waybill found in the caller's scope, and editable by them now (before the file is read)
      const current = await findVisible(db, request.auth, mawb);
      await assertMayReplace(db, request.auth, current);
      const rows = await readSheetRows(file, COLUMNS.map((c) => c.key), GoodsItemInput, { maxRows: MAX_AWB_ROWS });
      const items: GoodsItem[] = rows.map(({ value }) => value);
      const now = app.deps.now();
      await db.transaction(async (tx) => {
        const locked = await findVisible(tx, request.auth, mawb, { forUpdate: true });
        await assertMayReplace(tx, request.auth, locked);
        const set = { goods_items: items, updated_at: now };
        await tx.update(airWaybills).set(set).where(eq(airWaybills.id, locked.id));
        await logAwbChange(tx, request.auth, locked, "update", locked as unknown as Record<string, unknown>, set);
      });
      return reply.code(201).send({ created: items.length, data: goodsItemAnswers(mawb, items) });
    },
  );

  for (const format of ["xlsx", "csv"] as const) {
    app.get(
      `/api/v3/goods_items/template.${format}`,
      {
        schema: {
          tags,
          summary: `Goods items upload template (${format.toUpperCase()}): the header and one example row`,
          produces: [format === "csv" ? "text/csv" : XLSX_TYPE],
        },
      },
      async (request, reply) => {
        allow(request.auth, UPLOADERS);
        return sendTemplate(reply, "goods_items", COLUMNS, format);
      },
    );
  }
};

type Auth = Parameters<typeof awbActions>[0];

/** A voided waybill keeps its goods for the record (422); one the caller may read but not edit: 403. */
async function assertMayReplace(db: Pick<Db, "select">, auth: Auth, awb: typeof airWaybills.$inferSelect) {
  if (awb.voided_at) throw refuseField("mawb", "awb_voided");
  if (!awbActions(auth, awb, await shipmentFacts(db, awb)).edit) {
    if (awb.issued_at) throw refuseField("mawb", "awb_issued");
    throw accessDenied();
  }
}

