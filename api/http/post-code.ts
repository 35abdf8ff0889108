import type { z } from "zod";
import { missingPostCode } from "../../cargo/address/post-code";
import { addRefusal, type FieldRefusals, } from "./errors";
import { said } from "./refusals";

// Spec 2 §9: an address in GB or an EU country carries its post code (issue 22 item 15). The field error sits on the
// post code; the BFF shows it there in the user's language (app/lib/forms/upstream-field-errors.ts).

export const POST_CODE_REQUIRED = said("post_code_required");

/** Adds the post code refusal of an address (a record or a party block) to `errors`, under `prefix` + "post_code". */
export function addPostCodeError(errors: FieldRefusals, address: Record<string, unknown>, country = "country_code", prefix = ""): FieldRefusals {
  if (missingPostCode(address[country] as string | null | undefined, address.post_code as string | null | undefined)) {
    addRefusal(errors, `${prefix}post_code`, "post_code_required");
  }
  return errors;
}

/** An address block's schema with the rule: a GB or EU country_code without post_code is a field error. */
export function withPostCodeRule<T extends z.AnyZodObject>(schema: T) {
  return schema.superRefine((address, ctx) => {
    if (missingPostCode(address.country_code, address.post_code)) ctx.addIssue({ code: "custom", path: ["post_code"], message: POST_CODE_REQUIRED });
  });
}
