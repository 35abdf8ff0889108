import { z } from "zod";
import { ANY_TEXT_MAX, TEXT_MAX } from "../../../cargo/limits";
import { SSIM_LIMITS } from "../../../cargo/telegrams/ssim/ssim-limits";
import { tooLong } from "./field-rules";

// The schedule upload form (issue 23; spec 1 §2 "Messaging: ssim (upload)"), checked in the browser and in the action:
// an ASM, an SSM or a small SSIM file pasted (a form field's ceiling, ANY_TEXT_MAX), or an SSIM file of any size the
// API takes (SSIM_LIMITS.maxFileBytes) chosen as a .ssim or .txt file, forwarded to the API as a file.

export const SSIM_FILE_MAX_MB = SSIM_LIMITS.maxFileBytes / 1024 / 1024;

/** An empty file input posts a nameless empty file: that is no file. */
const chosenFile = z
  .instanceof(File)
  .optional()
  .transform((f) => (f && (f.size > 0 || f.name) ? f : undefined))
  .pipe(
    z
      .instanceof(File)
      .refine((f) => /\.(ssim|txt)$/i.test(f.name), "telegrams:ssimUpload.fileType")
      .refine((f) => f.size <= SSIM_LIMITS.maxFileBytes, `telegrams:ssimUpload.fileTooLarge?max_mb=${SSIM_FILE_MAX_MB}`)
      .optional(),
  );

export const SsimUploadFormSchema = z
  .object({
    ssim_text: z.string().max(ANY_TEXT_MAX, `telegrams:form.textTooLong?max=${ANY_TEXT_MAX}`).optional(),
    ssim_file: chosenFile,
    message_identifier: z.string().trim().max(TEXT_MAX.name, tooLong(TEXT_MAX.name)).optional(),
  })
  .superRefine((v, ctx) => {
    const typed = Boolean(v.ssim_text?.trim());
    if (typed && v.ssim_file) ctx.addIssue({ code: "custom", path: ["ssim_file"], message: "telegrams:form.bothGiven" });
    if (!typed && !v.ssim_file) ctx.addIssue({ code: "custom", path: ["ssim_text"], message: "telegrams:form.textRequired" });
  });
