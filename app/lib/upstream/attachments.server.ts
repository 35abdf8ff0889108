import { z } from "zod";
import type { Upstream } from "./client.server";
import { LooseText, NumberLike } from "./schemas";

/** A document kept with an air waybill (spec 2 §3 "Attachment"; spec 3 §7 attachments). */
export const AttachmentSchema = z.object({
  id: NumberLike,
  doc: z.string(),
  doc_type: z.string(),
  content_type: z.string().default("application/octet-stream"),
  byte_size: NumberLike.default(0),
  url: z.string(),
  thumb_url: LooseText,
  created_at: z.string(),
  uploaded_by: LooseText,
  removable: z.boolean().default(false),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export function listAttachments(api: Upstream, awbId: number) {
  return api.get("api/v3/attachments", { query: { attachable_type: "AirWaybill", attachable_id: awbId }, schema: z.object({ data: z.array(AttachmentSchema) }) });
}

export function uploadAttachment(api: Upstream, input: { awbId: number; docType: string; file: File }) {
  const form = new FormData();
  form.append("attachable_type", "AirWaybill");
  form.append("attachable_id", String(input.awbId));
  form.append("doc_type", input.docType);
  form.append("doc", input.file, input.file.name);
  return api.post("api/v3/attachments", { multipart: form, schema: AttachmentSchema });
}

export function deleteAttachment(api: Upstream, id: number) {
  return api.delete(`api/v3/attachments/${id}`);
}

export function downloadAttachment(api: Upstream, id: number) {
  return api.download(`api/v3/attachments/${id}/file`);
}
