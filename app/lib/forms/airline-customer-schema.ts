import { z } from "zod";
import { flag, optionalText, requiredText } from "./field-rules";

const COUNTRY = /^[A-Z]{2}$/;

/**
 * Create and edit form of an airline customer (spec 2 "Airline customer"). The tax id is required when the
 * airline's UI settings say tax_id_required, so the schema is built per user.
 */
export function airlineCustomerFormSchema(taxIdRequired: boolean) {
  return z.object({
    name: requiredText(),
    srn: optionalText(),
    address: optionalText(),
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
  });
}
export type AirlineCustomerForm = z.infer<ReturnType<typeof airlineCustomerFormSchema>>;

export const AIRLINE_CUSTOMER_FIELDS = [
  "name", "srn", "address", "city", "country_code", "post_code", "tax_id", "phone_number", "email", "active",
] as const;
