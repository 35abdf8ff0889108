import { and, asc, count, eq } from "drizzle-orm";
import { refusalOfIssue, type ZodIssueLike } from "../http/zod-refusals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airWaybills, attachments, users } from "../db/schema";
import type { AttachmentRow } from "../db/tables/attachments";
import { type FieldRefusals, notFound, refusal, refuse, refuseField, refuseFields } from "../http/errors";
import { Id, IdParams } from "../http/input";
import { ErrorSchema, IsoDateTime } from "../http/schemas";
import { acceptUploadBodies } from "../settings/uploads";
import { allow, may, type Who } from "../settings/access";
import { AWB_ACCESS, awbScope, type AirWaybillRow } from "../air-waybills/access";
import { contentDisposition } from "../../cargo/files/content-disposition";
import { cleanFileName } from "../../cargo/files/file-name";
import { ACCEPTED_KINDS, storedFile } from "./file-kinds";
import { newStorageKey } from "./file-store";

// Attachments (spec 3 §7: POST api/v3/attachments as a form with doc, doc_type, attachable_id, attachable_type; GET
// attachments; DELETE attachments/{id}), and GET attachments/{id}/file for the bytes. An attachment belongs to an air
// waybill: whoever may read the waybill (its forwarder, its airline, platform) may list and download its documents,
// nobody else learns they exist (404). The type is read from the bytes (file-kinds.ts), the name is kept with that
// type's extension and without control or bidi characters, the size is bounded before anything is stored, and a
// download names the file only through cargo/files/content-disposition.ts.

const tags = ["attachments"];

export const DOC_TYPES = [
  "CargoManifest", "NOTOC", "Invoice", "InvoiceIssued", "AirWaybill", "CSD", "DGD", "ELIDeclaration", "TransitStatement", "FHL",
  "SLI", "PackingList", "MRN", "DocsForConsignee", "CCA", "CDR", "Photo", "AircraftData", "Other", "Undefined",
] as const;
export const ATTACHABLE_TYPES = ["AirWaybill"] as const;

/** More than this many documents on one waybill is a mistake or an attack, not paperwork. */
export const MAX_ATTACHMENTS_PER_WAYBILL = 100;

const AttachmentSchema = z.object({
  id: z.number().int(),
  doc: z.string().describe("the uploaded file's name"),
  doc_type: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  url: z.string().describe("GET it with the same token for the bytes"),
  thumb_url: z.string().nullable().describe("images only: the same address (shown small by the client)"),
  created_at: IsoDateTime,
  attachable_id: z.number().int(),
  attachable_type: z.string(),
  uploaded_by: z.string().nullable(),
  mawb: z.string(),
  removable: z.boolean().describe("whether the caller may remove it"),
});

const UploadFields = z.object({
  doc_type: z.enum(DOC_TYPES, { message: `must be one of ${DOC_TYPES.join(", ")}` }),
  attachable_type: z.enum(ATTACHABLE_TYPES, { message: "must be AirWaybill" }),
  attachable_id: Id(),
});

const ListQuery = z.object({ attachable_type: z.enum(ATTACHABLE_TYPES, { message: "must be AirWaybill" }), attachable_id: Id() });

/** The waybill with this id when the caller may read it; 404 otherwise. */
async function visibleWaybill(db: Db, auth: AuthContext, id: number): Promise<AirWaybillRow> {
  allow(auth, AWB_ACCESS.read);
  const [row] = await db.select().from(airWaybills).where(and(eq(airWaybills.id, id), awbScope(auth))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Who may add a document (inside the waybill's scope): its forwarder's operators, its airline's operators and managers, platform. */
const ATTACH = { platform: true, forwarder: ["operator"], airline: ["operator", "manager"] } as const satisfies Who;
/** Who may remove any of them: the airline's operators and managers, platform; a forwarder only what its company attached. */
const REMOVE_ANY = { platform: true, airline: ["operator", "manager"] } as const satisfies Who;

const mayRemove = (auth: AuthContext, row: AttachmentRow) => may(auth, REMOVE_ANY) || auth.profile!.company.id === row.company_id;

function answer(auth: AuthContext, row: AttachmentRow & { uploaded_by_email?: string | null }, mawb: string) {
  const url = `/api/v3/attachments/${row.id}/file`;
  return {
    id: row.id,
    // cleaned again on the way out: rows stored before names were cleaned on upload (issue 21) show the same way
    doc: cleanFileName(row.filename),
    doc_type: row.doc_type,
    content_type: row.content_type,
    byte_size: row.byte_size,
    url,
    thumb_url: row.content_type.startsWith("image/") ? url : null,
    created_at: row.created_at,
    attachable_id: row.attachable_id,
    attachable_type: row.attachable_type,
    uploaded_by: row.uploaded_by_email ?? null,
    mawb,
    removable: mayRemove(auth, row),
  };
}

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files, config, now } = app.deps;
  acceptUploadBodies(app);
  // the multipart envelope (boundaries, the three small fields) around the largest file
  const bodyLimit = config.ATTACHMENT_MAX_BYTES + 64 * 1024;

  app.post(
    "/api/v3/attachments",
    {
      bodyLimit,
      schema: {
        tags,
        summary: "Attach a document to an air waybill (multipart: doc, doc_type, attachable_id, attachable_type)",
        consumes: ["multipart/form-data"],
        response: { 201: AttachmentSchema, 403: ErrorSchema, 404: ErrorSchema, 413: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const contentType = request.headers["content-type"] ?? "";
      if (!Buffer.isBuffer(body) || !contentType.toLowerCase().startsWith("multipart/form-data")) throw refuseField("doc", "blank");
      let form: FormData;
      try {
        form = await new Response(body as unknown as BodyInit, { headers: { "content-type": contentType } }).formData();
      } catch {
        throw refuse(400, "malformed_multipart");
      }
      const text = (name: string) => {
        const v = form.get(name);
        return typeof v === "string" ? v.slice(0, 50) : undefined;
      };
      const fields = UploadFields.safeParse({ doc_type: text("doc_type"), attachable_type: text("attachable_type") ?? "AirWaybill", attachable_id: text("attachable_id") });
      const errors: FieldRefusals = {};
      if (!fields.success) for (const issue of fields.error.issues) (errors[String(issue.path[0])] ??= []).push({ ...refusalOfIssue(issue as ZodIssueLike), sentence: issue.message });
      const doc = form.get("doc");
      if (!doc || typeof doc === "string" || doc.size === 0) errors.doc = [refusal("blank")];
      else if (doc.size > config.ATTACHMENT_MAX_BYTES) errors.doc = [refusal("attachment_too_large", { max_mb: Math.floor(config.ATTACHMENT_MAX_BYTES / 1024 / 1024) })];
      // the waybill first: a caller who may not see it learns nothing about the rest of the form
      const awb = fields.success ? await visibleWaybill(db, request.auth, fields.data.attachable_id) : null;
      if (awb && !may(request.auth, ATTACH)) throw refuse(403, "attach_forbidden");
      if (Object.keys(errors).length || !fields.success || !awb || !doc || typeof doc === "string") {
        // a waybill the caller may not see is one that is not there
        if (!Object.keys(errors).length) errors.attachable_id = [refusal("must_exist")];
        throw refuseFields(errors);
      }
      const bytes = new Uint8Array(await doc.arrayBuffer());
      const stored = await storedFile(bytes, doc.name);
      if (!stored) throw refuseField("doc", "attachment_kind", { kinds: ACCEPTED_KINDS });
      const [{ n }] = await db.select({ n: count() }).from(attachments).where(eq(attachments.air_waybill_id, awb.id));
      if (n >= MAX_ATTACHMENTS_PER_WAYBILL) throw refuseField("doc", "attachments_limit", { max: MAX_ATTACHMENTS_PER_WAYBILL });

      const key = newStorageKey(now());
      await files.put(key, bytes, stored.contentType);
      try {
        const [row] = await db
          .insert(attachments)
          .values({
            attachable_type: fields.data.attachable_type,
            attachable_id: awb.id,
            air_waybill_id: awb.id,
            doc_type: fields.data.doc_type,
            filename: stored.filename,
            content_type: stored.contentType,
            byte_size: bytes.byteLength,
            storage_key: key,
            uploaded_by: request.auth.user.id,
            company_id: request.auth.profile!.company.id,
            created_at: now(),
          })
          .returning();
        return reply.code(201).send(answer(request.auth, { ...row!, uploaded_by_email: request.auth.user.email }, awb.mawb));
      } catch (error) {
        await files.delete(key).catch(() => {}); // no orphaned bytes for a row that was never written
        throw error;
      }
    },
  );

  app.get(
    "/api/v3/attachments",
    {
      schema: {
        tags,
        summary: "An air waybill's documents, oldest first",
        querystring: ListQuery,
        response: { 200: z.object({ data: z.array(AttachmentSchema) }), 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const awb = await visibleWaybill(db, request.auth, request.query.attachable_id);
      const rows = await db
        .select({ row: attachments, email: users.email })
        .from(attachments)
        .leftJoin(users, eq(users.id, attachments.uploaded_by))
        .where(eq(attachments.air_waybill_id, awb.id))
        .orderBy(asc(attachments.created_at), asc(attachments.id))
        .limit(MAX_ATTACHMENTS_PER_WAYBILL);
      return { data: rows.map((r) => answer(request.auth, { ...r.row, uploaded_by_email: r.email }, awb.mawb)) };
    },
  );

  /** The attachment with this id when the caller may read its waybill; 404 otherwise. */
  async function visibleAttachment(auth: AuthContext, id: number) {
    const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
    if (!row) throw notFound();
    const awb = await visibleWaybill(db, auth, row.air_waybill_id);
    return { row, awb };
  }

  app.get(
    "/api/v3/attachments/:id/file",
    { schema: { tags, summary: "The document's bytes (as an attachment download)", params: IdParams, response: { 403: ErrorSchema, 404: ErrorSchema } } },
    async (request, reply) => {
      const { row } = await visibleAttachment(request.auth, request.params.id);
      const bytes = await files.get(row.storage_key);
      if (!bytes) throw notFound("document_file_missing");
      return reply
        .type(row.content_type)
        .header("content-disposition", contentDisposition(row.filename))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "sandbox")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(bytes) as never);
    },
  );

  app.delete(
    "/api/v3/attachments/:id",
    { schema: { tags, summary: "Remove a document", params: IdParams, response: { 204: z.null(), 403: ErrorSchema, 404: ErrorSchema } } },
    async (request, reply) => {
      const { row } = await visibleAttachment(request.auth, request.params.id);
      if (!mayRemove(request.auth, row)) throw refuse(403, "attachment_remove_forbidden");
      await db.delete(attachments).where(eq(attachments.id, row.id));
      await files.delete(row.storage_key);
      return reply.code(204).send(null);
    },
  );
};
