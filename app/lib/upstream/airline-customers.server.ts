import { z } from "zod";
import { ALREADY_EXISTS, mapCodes, NOT_FOUND, TAKEN } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";

// Airline customers (spec 3 §7 "Aircraft, customers, ..."): GET, POST, PATCH, DELETE api/v3/airline_customers[/{id}].

const Text = z.string().nullish();

export const AirlineCustomerSchema = z.object({
  id: z.number(),
  carrier: z.string(),
  name: z.string(),
  srn: Text,
  address: Text,
  city: Text,
  country_code: Text,
  post_code: Text,
  tax_id: Text,
  phone_number: Text,
  email: Text,
  active: z.boolean().default(true),
});
export type AirlineCustomer = z.infer<typeof AirlineCustomerSchema>;

export interface AirlineCustomerInput {
  /** Create only: a platform user's airline (else the tenant's). */
  carrier?: string;
  name: string;
  srn: string | null;
  address: string | null;
  city: string | null;
  country_code: string | null;
  post_code: string | null;
  tax_id: string | null;
  phone_number: string | null;
  email: string | null;
  active: boolean;
}

export const {
  list: listAirlineCustomers,
  get: getAirlineCustomer,
  create: createAirlineCustomer,
  update: updateAirlineCustomer,
} = resourceClient<AirlineCustomer, PageQuery & { q?: string; active?: boolean }, AirlineCustomerInput>({
  path: "api/v3/airline_customers",
  schema: AirlineCustomerSchema,
  bodyKey: "airline_customer",
  /** Spec 3 §8: "customer already exists" / "customer not found". */
  errors: mapCodes([ALREADY_EXISTS, TAKEN, NOT_FOUND]),
});
