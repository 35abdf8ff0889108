import { z } from "zod";
import type { SignedInUser } from "../auth/guard.server";
import type { UpstreamFailure } from "./errors";
import { NumberLike } from "./schemas";

// All-or-nothing sheet uploads and their templates (spec 3 §7 "Uploads"; issue 3): POST <resource>/upload with
// the file as multipart field "file" answers 201 { created } or 422 { errors: [{ row, field, message }], message }
// (nothing stored); GET <resource>/template.xlsx|csv is the header and an example row.

export const UPLOAD_FORMATS = ["xlsx", "csv"] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

const RowErrorSchema = z.object({ row: NumberLike, field: z.string().nullish(), message: z.string() });
export type UploadRowError = z.infer<typeof RowErrorSchema>;

const HeaderMismatchSchema = z.object({ missing: z.array(z.string()), unexpected: z.array(z.string()) });
export type HeaderMismatch = z.infer<typeof HeaderMismatchSchema>;

const RowErrorsBody = z.object({ errors: z.array(RowErrorSchema), message: z.string().nullish(), columns: HeaderMismatchSchema.nullish() });

/**
 * Why the API refused a file as a whole (api/uploads/upload-refusals.ts): its limits and readers answer a code and
 * the code's parameters beside the sentence, and the page words them in the reader's language. Codes this BFF
 * has no words for fall back to the generic refusal.
 */
export const UPLOAD_REFUSAL_CODES = [
  "upload_busy",
  "archive_too_many_entries",
  "archive_unpacks_too_large",
  "archive_packed_too_densely",
  "file_unreadable",
  "sheet_too_many_rows",
  "sheet_too_many_columns",
  "sheet_cell_too_long",
  "sheet_string_too_long",
  "sheet_row_too_long",
  "sheet_text_too_long",
  "sheet_too_many_strings",
  "sheet_too_slow",
  "sheet_too_much_memory",
] as const;
export type UploadRefusalCode = (typeof UPLOAD_REFUSAL_CODES)[number];

/** Parameter values are the API's limits and a cell's place (row 12, column C): short, and only those kept. */
const FileRefusalBody = z.object({
  code: z.enum(UPLOAD_REFUSAL_CODES),
  params: z.record(z.union([z.number(), z.string().max(20)])).catch({}).default({}),
});
export type FileRefusal = z.infer<typeof FileRefusalBody>;

/** The refusal as an i18n key with its values ("uploads:refusals.sheet_cell_too_long?max=10000&row=3&column=C"). */
export function fileRefusalMessage({ code, params }: FileRefusal): string {
  const values = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();
  return `uploads:refusals.${code}${values ? `?${values}` : ""}`;
}

export type UploadOutcome =
  | { ok: true; created: number }
  /**
   * rows: what was wrong, row by row (empty when the failure is not about rows); summary: the server's sentence;
   * columns: the header's missing and unexpected columns when it is unlike the template's (then no row was read);
   * refusal: the file refused as a whole (over a limit, unreadable), with its code.
   */
  | { ok: false; failure: UpstreamFailure; rows: UploadRowError[]; summary: string | null; columns: HeaderMismatch | null; refusal: FileRefusal | null };

/**
 * Uploads a sheet; the global 401/403 reactions apply. `carrier` names the airline for platform users; `fields` are
 * further form fields the upload names its record by (goods items: `mawb`).
 */
export async function uploadSheet(
  user: Pick<SignedInUser, "api">,
  resource: string,
  file: File,
  carrier?: string,
  fields: Record<string, string> = {},
): Promise<UploadOutcome> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", file, file.name);
  const result = await user.api.post(`api/v3/${resource}/upload`, {
      query: { carrier },
      multipart: body,
      schema: z.object({ created: NumberLike }),
    });
  if (result.ok) return { ok: true, created: result.data.created };
  const rows = RowErrorsBody.safeParse(result.body);
  if (rows.success) return { ok: false, failure: result, rows: rows.data.errors, summary: rows.data.message ?? null, columns: rows.data.columns ?? null, refusal: null };
  const refusal = FileRefusalBody.safeParse(result.body);
  return { ok: false, failure: result, rows: [], summary: null, columns: null, refusal: refusal.success ? refusal.data : null };
}

/** The upload template of a resource, streamed through. */
export function downloadTemplate(user: Pick<SignedInUser, "api">, resource: string, format: UploadFormat) {
  return user.api.download(`api/v3/${resource}/template.${format}`);
}
