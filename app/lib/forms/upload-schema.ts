import { z } from "zod";
import { carrierField } from "./airline-fields";

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The upload form of the statistics pages: one XLSX or CSV file (and, for platform users, the airline). */
export const UploadFormSchema = z.object({
  carrier: carrierField(),
  file: z
    .instanceof(File, { message: "uploads:errors.fileRequired" })
    .refine((f) => f.size > 0, "uploads:errors.fileRequired")
    .refine((f) => /\.(xlsx|csv)$/i.test(f.name), "uploads:errors.fileType")
    .refine((f) => f.size <= UPLOAD_MAX_BYTES, "uploads:errors.fileTooLarge"),
});
