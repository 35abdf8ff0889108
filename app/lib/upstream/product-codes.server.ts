import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapMessages } from "./errors";
import { NumberLike, pageOf } from "./schemas";

// A carrier's product codes (spec 2 "Product code"; spec 3 §7 "Other standard resources" product_codes).

export const ProductCodeSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  code: z.string(),
  priority: NumberLike.nullish().transform((p) => p ?? 0),
  description: z.string().nullish(),
  group: z.string().nullish(),
  shcs: z.array(z.string()).nullish().transform((s) => s ?? []),
});
export type ProductCode = z.infer<typeof ProductCodeSchema>;

export interface ProductCodeInput {
  carrier?: string;
  code: string;
  priority: number | null;
  description: string | null;
  group: string | null;
  shcs: string[];
}

const productErrors = mapMessages([
  [422, "has already been taken", "Exists"],
  [422, "already exists", "Exists"],
  [404, "Record Not Found", "NotFound"],
]);

const BASE = "api/v3/product_codes";

export function listProductCodes(api: Upstream, query: { page: number; per_page: number; q?: string; group?: string; carrier?: string } & SortQuery) {
  return api.get(BASE, { query, schema: pageOf(ProductCodeSchema) });
}
export function getProductCode(api: Upstream, id: number) {
  return api.get(`${BASE}/${id}`, { schema: ProductCodeSchema, errors: productErrors });
}
export function createProductCode(api: Upstream, input: ProductCodeInput) {
  return api.post(BASE, { json: { product_code: input }, schema: ProductCodeSchema, errors: productErrors });
}
export function updateProductCode(api: Upstream, id: number, input: ProductCodeInput) {
  const { carrier: _carrier, ...changes } = input;
  return api.patch(`${BASE}/${id}`, { json: { product_code: changes }, schema: ProductCodeSchema, errors: productErrors });
}
export function deleteProductCode(api: Upstream, id: number) {
  return api.delete(`${BASE}/${id}`, { errors: productErrors });
}
