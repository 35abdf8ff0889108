import { TEXT_MAX } from "../../../cargo";
import { z } from "zod";
import { codeList, SHC } from "./field-rules";
import { carrierField } from "./airline-fields";
import { optionalText } from "./field-rules";
import { idField, wholeNumberField } from "./decimal-field";

/** The add/edit dialog of the products page (spec 2 "Product code"). */
export const ProductCodeFormSchema = z.object({
  intent: z.enum(["create", "update"]),
  id: idField().optional(),
  carrier: carrierField(),
  code: z
    .string({ required_error: "errors:required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,10}$/, "products:errors.code"),
  priority: wholeNumberField(0, 100_000, { min: "errors:positive", max: "errors:invalid" }).optional(),
  description: optionalText(TEXT_MAX.text),
  group: optionalText(50),
  shcs: codeList(SHC, "products:errors.shc"),
});
export type ProductCodeForm = z.infer<typeof ProductCodeFormSchema>;

export const PRODUCT_CODE_FIELDS = ["carrier", "code", "priority", "description", "group", "shcs"] as const;
