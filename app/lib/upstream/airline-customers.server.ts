import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapMessages } from "./errors";
import { pageOf } from "./schemas";

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

/** Spec 3 §8: "customer already exists" / "customer not found". */
const customerErrors = mapMessages([
  [422, "already exists", "Exists"],
  [422, "has already been taken", "Exists"],
  [404, "not found", "NotFound"],
]);

export function listAirlineCustomers(api: Upstream, query: { page: number; per_page: number; q?: string; active?: boolean } & SortQuery) {
  return api.get("api/v3/airline_customers", { query: { ...query }, schema: pageOf(AirlineCustomerSchema) });
}

export function getAirlineCustomer(api: Upstream, id: number) {
  return api.get(`api/v3/airline_customers/${id}`, { schema: AirlineCustomerSchema, errors: customerErrors });
}

export function createAirlineCustomer(api: Upstream, input: AirlineCustomerInput) {
  return api.post("api/v3/airline_customers", { json: { airline_customer: input }, schema: AirlineCustomerSchema, errors: customerErrors });
}

export function updateAirlineCustomer(api: Upstream, id: number, input: AirlineCustomerInput) {
  return api.patch(`api/v3/airline_customers/${id}`, { json: { airline_customer: input }, schema: AirlineCustomerSchema, errors: customerErrors });
}
