import { and, eq, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { TEXT_MAX } from "../http/input";
import { airlineCustomers, airlines } from "../db/schema";
import { addRefusal, refuse } from "../http/errors";
import { FormBoolean, StampsShape } from "../http/schemas";
import { isEmail } from "../users/rules";
import { ACCESS } from "./access";
import { carrierResource } from "./carrier-resource";
import { optBool, optText, reqText, throwIfErrors, type FieldErrors, sortColumns } from "./common";

export const countryCode = () =>
  optText().pipe(
    z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, "must be a 2-letter country code"))
      .nullish(),
  );

/** A customer's postal address (api/db/tables/columns.ts postalAddress), as answered and as a body sends it. */
export const PostalAddressShape = {
  address: z.string().nullable(),
  city: z.string().nullable(),
  country_code: z.string().nullable(),
  post_code: z.string().nullable(),
};
export const postalAddressFields = () => ({
  address: optText(TEXT_MAX.text),
  city: optText(),
  country_code: countryCode(),
  post_code: optText(),
});

export const AirlineCustomerSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  name: z.string(),
  srn: z.string().nullable(),
  ...PostalAddressShape,
  tax_id: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
  ...StampsShape,
});

const Fields = z.object({
  name: reqText(),
  srn: optText(),
  ...postalAddressFields(),
  tax_id: optText(),
  phone_number: optText(),
  email: optText(),
  active: optBool(),
});

const customerExists = () => refuse(422, "customer_exists", {}, { as: "errors" });

/** An airline's own customers (spec 2 "Airline customer"); platform or the airline's managers. */
export const airlineCustomerRoutes = carrierResource({
  path: "airline_customers",
  record: "airline_customer",
  tag: "airline customers",
  table: airlineCustomers,
  answer: AirlineCustomerSchema,
  fields: Fields,
  postalAddress: { country: "country_code" },
  access: { read: ACCESS.airlineCustomers, write: ACCESS.airlineCustomers },
  notFoundCode: "customer_not_found",
  filters: { active: FormBoolean.optional() },
  where: (q) => [q.active !== undefined ? eq(airlineCustomers.active, q.active) : undefined],
  search: [airlineCustomers.name, airlineCustomers.tax_id, airlineCustomers.srn, airlineCustomers.city],
  orderBy: [airlineCustomers.name],
  sortable: sortColumns(airlineCustomers, ["carrier", "name", "srn", "city", "country_code", "tax_id", "email", "active", "created_at", "updated_at"]),
  prepare: async (db, values, { carrier, existing }) => {
    const errors: FieldErrors = {};
    const [airline] = await db.select({ tax_id_required: airlines.tax_id_required }).from(airlines).where(eq(airlines.carrier, carrier)).limit(1);
    if (airline?.tax_id_required && !values.tax_id) addRefusal(errors, "tax_id", "blank");
    if (values.email && !isEmail(values.email as string)) addRefusal(errors, "email", "invalid_email");
    throwIfErrors(errors);
    // Same carrier and the same tax id or name (case-insensitive): one customer.
    const [dup] = await db
      .select({ id: airlineCustomers.id })
      .from(airlineCustomers)
      .where(
        and(
          eq(airlineCustomers.carrier, carrier),
          existing ? ne(airlineCustomers.id, existing.id) : undefined,
          or(
            sql`lower(${airlineCustomers.name}) = lower(${values.name as string})`,
            values.tax_id ? eq(airlineCustomers.tax_id, values.tax_id as string) : undefined,
          ),
        ),
      )
      .limit(1);
    if (dup) throw customerExists();
    return values;
  },
  duplicate: customerExists,
});
