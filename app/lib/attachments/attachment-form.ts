import { z } from "zod";

/** The largest document the form sends (the API's ATTACHMENT_MAX_BYTES default): refused here before it travels on. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The document types of spec 2 the upload form offers (the same list as the API's, common ones first). */
export const DOC_TYPE_CHOICES = [
  "Invoice", "PackingList", "SLI", "Photo", "DGD", "CSD", "CargoManifest", "NOTOC", "InvoiceIssued", "AirWaybill", "ELIDeclaration",
  "TransitStatement", "FHL", "MRN", "DocsForConsignee", "CCA", "CDR", "AircraftData", "Other", "Undefined",
] as const;

/** The upload form: a type and one file. Error texts are translation keys of the `attachments` namespace. */
export const AttachmentFormSchema = z.object({
  doc_type: z.enum(DOC_TYPE_CHOICES, { message: "attachments:errors.docType" }),
  doc: z
    .instanceof(File, { message: "attachments:errors.required" })
    .refine((f) => f.size > 0, "attachments:errors.required")
    .refine((f) => f.size <= ATTACHMENT_MAX_BYTES, "attachments:errors.tooLarge"),
});

/** The API's refusals of a file, by the words it uses, as the form's keys; anything else is said as a general failure. */
export function attachmentErrorKey(apiMessage: string): string {
  if (/is not a document we accept/.test(apiMessage)) return "attachments:errors.type";
  if (/too large/.test(apiMessage)) return "attachments:errors.tooLarge";
  if (/documents per air waybill/.test(apiMessage)) return "attachments:errors.tooMany";
  if (/can't be blank/.test(apiMessage)) return "attachments:errors.required";
  if (/must be one of/.test(apiMessage)) return "attachments:errors.docType";
  return "attachments:errors.failed";
}
