import { TEXT_MAX } from "../../../cargo";
import { z } from "zod";
import type { AirlineCustomer, AirlineCustomerInput } from "../upstream/airline-customers.server";
import { carrierField } from "./airline-fields";
import { withCrossChecks } from "./cross-checks";
import { checked, flag, optionalText, orNull, requiredText } from "./field-rules";
import { checkPostCode } from "./post-code-rule";

const COUNTRY = /^[A-Z]{2}$/;

/**
 * Create and edit form of an airline customer (spec 2 "Airline customer"). The tax id is required when the
 * airline's UI settings say tax_id_required, so the schema is built per user.
 */
export function airlineCustomerFormSchema(taxIdRequired: boolean) {
  return withCrossChecks(z.object({
    name: requiredText(),
    srn: optionalText(),
    address: optionalText(TEXT_MAX.text),
    city: optionalText(),
    country_code: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(COUNTRY, "errors:unknownCountry"))
      .optional(),
    post_code: optionalText(),
    tax_id: taxIdRequired ? requiredText() : optionalText(),
    phone_number: optionalText(),
    email: z.string().trim().email("errors:email").optional(),
    active: flag(),
    /** Create only, platform users on a host without an airline. */
    carrier: carrierField(),
  }), (v, ctx) => checkPostCode(ctx, v));
}
export type AirlineCustomerForm = z.infer<ReturnType<typeof airlineCustomerFormSchema>>;

export const AIRLINE_CUSTOMER_FIELDS = [
  "name", "srn", "address", "city", "country_code", "post_code", "tax_id", "phone_number", "email", "active", "carrier",
] as const;

/** Form values of a stored customer (a new one is active, spec 2). */
export function airlineCustomerDefaults(c?: AirlineCustomer | null): Record<string, string | undefined> {
  if (!c) return { active: "on" };
  return {
    name: c.name,
    srn: c.srn ?? "",
    address: c.address ?? "",
    city: c.city ?? "",
    country_code: c.country_code ?? "",
    post_code: c.post_code ?? "",
    tax_id: c.tax_id ?? "",
    phone_number: c.phone_number ?? "",
    email: c.email ?? "",
    active: checked(c.active),
  };
}

export function airlineCustomerInput(v: AirlineCustomerForm): AirlineCustomerInput {
  return {
    name: v.name,
    srn: orNull(v.srn),
    address: orNull(v.address),
    city: orNull(v.city),
    country_code: orNull(v.country_code),
    post_code: orNull(v.post_code),
    tax_id: orNull(v.tax_id),
    phone_number: orNull(v.phone_number),
    email: orNull(v.email),
    active: Boolean(v.active),
  };
}
