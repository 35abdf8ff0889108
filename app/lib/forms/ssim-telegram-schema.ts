import { z } from "zod";
import { ANY_TEXT_MAX, TEXT_MAX } from "../../../cargo/limits";
import { SSIM_LIMITS } from "../../../cargo/telegrams/ssim/ssim-limits";
import { chosenFile } from "./cimp-telegram-schema";
import { tooLong } from "./field-rules";

// The schedule upload form (issue 23; spec 1 §2 "Messaging: ssim (upload)"), checked in the browser and in the action:
// an ASM, an SSM or a small SSIM file pasted (a form field's ceiling, ANY_TEXT_MAX), or an SSIM file of any size the
// API takes (SSIM_LIMITS.maxFileBytes) chosen as a .ssim or .txt file, forwarded to the API as a file.

export const SSIM_FILE_MAX_MB = SSIM_LIMITS.maxFileBytes / 1024 / 1024;

export const SsimUploadFormSchema = z
  .object({
    ssim_text: z.string().max(ANY_TEXT_MAX, `telegrams:form.textTooLong?max=${ANY_TEXT_MAX}`).optional(),
    ssim_file: chosenFile(/\.(ssim|txt)$/i, SSIM_LIMITS.maxFileBytes, { type: "telegrams:ssimUpload.fileType", tooLarge: `telegrams:ssimUpload.fileTooLarge?max_mb=${SSIM_FILE_MAX_MB}` }),
    message_identifier: z.string().trim().max(TEXT_MAX.name, tooLong(TEXT_MAX.name)).optional(),
  })
  .superRefine((v, ctx) => {
    const typed = Boolean(v.ssim_text?.trim());
    if (typed && v.ssim_file) ctx.addIssue({ code: "custom", path: ["ssim_file"], message: "telegrams:form.bothGiven" });
    if (!typed && !v.ssim_file) ctx.addIssue({ code: "custom", path: ["ssim_text"], message: "telegrams:form.textRequired" });
  });
