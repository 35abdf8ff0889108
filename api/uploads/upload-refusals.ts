import { z } from "zod";
import { HttpError, } from "../http/errors";
import { ErrorSchema } from "../http/schemas";

import { UPLOAD_REFUSAL_CODES, UPLOAD_REFUSALS, type UploadRefusalCode, type UploadRefusalParams } from "./upload-refusal-table";

export { UPLOAD_REFUSAL_CODES, UPLOAD_REFUSALS, type UploadRefusalCode, type UploadRefusalParams };

/** The answer to a refused file: `{ code, params, message, errors: { file: [sentence] } }` with the code's status. */
export function uploadRefusal(code: UploadRefusalCode, params: UploadRefusalParams = {}, headers: Record<string, string> = {}): HttpError {
  const { status, sentence } = UPLOAD_REFUSALS[code];
  const said = sentence(params);
  return new HttpError(status, { code, params, message: `Nothing was stored: the file ${said}`, errors: { file: [said] } }, headers);
}

/** The answer schema of a refused file (OpenAPI), beside the generic error shape. */
export const UploadRefusalSchema = ErrorSchema.extend({
  code: z.enum(UPLOAD_REFUSAL_CODES as [UploadRefusalCode, ...UploadRefusalCode[]]).describe("why the file was refused; stable, for clients to word"),
  params: z.record(z.union([z.string(), z.number()])).describe("the limit and where the file passed it (row, column), by code"),
});
