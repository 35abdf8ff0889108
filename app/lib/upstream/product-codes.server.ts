import { z } from "zod";
import { ALREADY_EXISTS, mapCodes, RECORD_NOT_FOUND, TAKEN } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { LooseCodes, NumberLike } from "./schemas";

// A carrier's product codes (spec 2 "Product code"; spec 3 §7 "Other standard resources" product_codes).

export const ProductCodeSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  code: z.string(),
  priority: NumberLike.nullish().transform((p) => p ?? 0),
  description: z.string().nullish(),
  group: z.string().nullish(),
  shcs: LooseCodes,
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

export const {
  list: listProductCodes,
  get: getProductCode,
  create: createProductCode,
  update: updateProductCode,
  delete: deleteProductCode,
} = resourceClient<ProductCode, PageQuery & { q?: string; group?: string; carrier?: string }, ProductCodeInput>({
  path: "api/v3/product_codes",
  schema: ProductCodeSchema,
  bodyKey: "product_code",
  errors: mapCodes([TAKEN, ALREADY_EXISTS, RECORD_NOT_FOUND]),
  createOnly: "carrier",
});
