import { z } from "zod";
import { PRESET_KINDS } from "../air-waybills/accounting-presets";
import { carrierField } from "./airline-fields";
import { tooLong } from "./field-rules";
import { idField, wholeNumberField } from "./decimal-field";

// The add/edit dialog of settings → accounting presets (spec 2 §9): the API's own rules (api/accounting-presets),
// checked here first so that a typo is said beside its field without a call.

/** What the accounting box of a waybill and Cargo-IMP carry (the API's rule); "_" marks a template's blanks. */
const LATIN = /^[A-Za-z0-9 .,;:\-/()'&+#%*_]+$/;

export const AccountingPresetFormSchema = z.object({
  intent: z.enum(["create", "update"]),
  id: idField().optional(),
  carrier: carrierField(),
  kind: z.enum(PRESET_KINDS, { errorMap: () => ({ message: "errors:required" }) }),
  code: z
    .string({ required_error: "errors:required" })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_]{1,40}$/, "accounting-presets:errors.code"),
  name: z.string({ required_error: "errors:required" }).trim().min(1, "errors:required").max(255, tooLong(255)),
  text: z
    .string({ required_error: "errors:required" })
    .trim()
    .min(1, "errors:required")
    .max(500, tooLong(500))
    .regex(LATIN, "accounting-presets:errors.latin")
    .transform((s) => s.toUpperCase()),
  position: wholeNumberField(0, 9999, { min: "errors:positive", max: "errors:invalid" }).optional(),
});
export type AccountingPresetForm = z.infer<typeof AccountingPresetFormSchema>;

export const ACCOUNTING_PRESET_FIELDS = ["carrier", "kind", "code", "name", "text", "position"] as const;
