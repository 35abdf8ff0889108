import { TEXT_MAX } from "../../../cargo";
import { z } from "zod";
import { withCrossChecks } from "./cross-checks";
import { optionalText, tooLong } from "./field-rules";
import { checkPostCode } from "./post-code-rule";

const country = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "errors:unknownCountry")
    .optional();
const owner = () => z.string().trim().toUpperCase().max(20, tooLong(20)).optional();

const ContactRow = z.object({
  name: optionalText(),
  phone: optionalText(50),
  email: z.string().trim().email("errors:email").optional(),
});

const ContactNumberRow = z
  .object({
    identifier: z.string().trim().toUpperCase().max(5, tooLong(5)).optional(),
    number: z
      .string()
      .trim()
      .refine((n) => n.replace(/\D/g, "").length < 25, "parties:errors.contactNumber")
      .optional(),
  })
  .superRefine((row, ctx) => {
    if (row.number && !row.identifier) ctx.addIssue({ code: "custom", path: ["identifier"], message: "errors:required" });
    if (row.identifier && !row.number) ctx.addIssue({ code: "custom", path: ["number"], message: "errors:required" });
  });

/** Rows the user left blank (the form always offers one empty row) are not sent. */
const filledRows = <T extends Record<string, unknown>>(rows: Array<T | undefined> | undefined) =>
  (rows ?? []).filter((r): r is T => Boolean(r) && Object.values(r as T).some((v) => v !== undefined && v !== ""));

/** A forwarder's customer (spec 2 "Forwarder customer"). */
export const ForwarderCustomerFormSchema = withCrossChecks(z.object({
  intent: z.literal("customer"),
  forwarder_short_name: owner(),
  name: z.string({ required_error: "errors:required" }).trim().min(1, "errors:required").max(255, tooLong(255)),
  address: optionalText(TEXT_MAX.text),
  city: optionalText(),
  country_code: country(),
  post_code: optionalText(20),
  state: optionalText(),
  tax_id: optionalText(50),
  contacts: z.array(ContactRow.optional()).optional().transform(filledRows),
}), (v, ctx) => checkPostCode(ctx, v));
export type ForwarderCustomerForm = z.infer<typeof ForwarderCustomerFormSchema>;

/** A notable company (spec 2 "Notable company"). */
export const NotableCompanyFormSchema = withCrossChecks(z.object({
  intent: z.literal("notable"),
  company_short_name: owner(),
  account: optionalText(50),
  name: z.string({ required_error: "errors:required" }).trim().min(1, "errors:required").max(255, tooLong(255)),
  address: optionalText(TEXT_MAX.text),
  city: optionalText(),
  state: optionalText(),
  country_code: country(),
  post_code: optionalText(20),
  tax_id: optionalText(50),
  contact_identifier: z.string().trim().toUpperCase().max(5, tooLong(5)).optional(),
  contact_numbers: z.array(ContactNumberRow.optional()).optional().transform(filledRows),
}), (v, ctx) => checkPostCode(ctx, v));
export type NotableCompanyForm = z.infer<typeof NotableCompanyFormSchema>;

export const CUSTOMER_FIELDS = ["forwarder_short_name", "name", "address", "city", "country_code", "post_code", "state", "tax_id", "contacts"] as const;
export const NOTABLE_FIELDS = [
  "company_short_name", "account", "name", "address", "city", "state", "country_code", "post_code", "tax_id", "contact_identifier", "contact_numbers",
] as const;
