import { z } from "zod";
import { ANY_TEXT_MAX, TEXT_MAX } from "../../../cargo/limits";
import { tooLong } from "./field-rules";

// The Cargo-IMP upload and correction forms (issue 23), one schema each, checked in the browser and in the action.
// The text is kept as typed (no trim): it goes to the API as sent, and its reader reports what is wrong on its line.

/** The longest text the API takes (api/telegrams/schemas.ts TELEGRAM_TEXT_MAX, its ceiling for any string). */
export const CIMP_TEXT_MAX = ANY_TEXT_MAX;
/** A .txt telegram: its characters fit the text's limit, each at most 4 bytes of UTF-8. Read only below this. */
export const CIMP_FILE_MAX_BYTES = CIMP_TEXT_MAX * 4;

const telegramText = () => z.string().max(CIMP_TEXT_MAX, `telegrams:form.textTooLong?max=${CIMP_TEXT_MAX}`);

/**
 * A telegram form's optional file: of one of `extensions`, at most `maxBytes`. An empty file input posts a nameless
 * empty file: that is no file.
 */
export const chosenFile = (extensions: RegExp, maxBytes: number, messages: { type: string; tooLarge: string }) =>
  z
    .instanceof(File)
    .optional()
    .transform((f) => (f && (f.size > 0 || f.name) ? f : undefined))
    .pipe(
      z
        .instanceof(File)
        .refine((f) => extensions.test(f.name), messages.type)
        .refine((f) => f.size <= maxBytes, messages.tooLarge)
        .optional(),
    );

export const CimpUploadFormSchema = z
  .object({
    cimp_text: telegramText().optional(),
    cimp_file: chosenFile(/\.txt$/i, CIMP_FILE_MAX_BYTES, { type: "telegrams:form.fileType", tooLarge: `telegrams:form.fileTooLarge?max=${CIMP_TEXT_MAX}` }),
    message_identifier: z.string().trim().max(TEXT_MAX.name, tooLong(TEXT_MAX.name)).optional(),
  })
  .superRefine((v, ctx) => {
    const typed = Boolean(v.cimp_text?.trim());
    if (typed && v.cimp_file) ctx.addIssue({ code: "custom", path: ["cimp_file"], message: "telegrams:form.bothGiven" });
    if (!typed && !v.cimp_file) ctx.addIssue({ code: "custom", path: ["cimp_text"], message: "telegrams:form.textRequired" });
  });
export type CimpUploadForm = z.infer<typeof CimpUploadFormSchema>;

export const CimpCorrectFormSchema = z.object({
  cimp_text: telegramText()
    .optional()
    .refine((v) => Boolean(v?.trim()), "telegrams:form.textRequired")
    .transform((v) => v ?? ""),
});
