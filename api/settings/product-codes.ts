import { inArray } from "drizzle-orm";
import { z } from "zod";
import { TEXT_MAX } from "../http/input";
import { productCodes, specialHandlingCodes } from "../db/schema";
import { refuseField } from "../http/errors";
import { StampsShape } from "../http/schemas";
import { ACCESS } from "./access";
import { carrierResource } from "./carrier-resource";
import { addFieldError, codeList, optInt, optText, reqText, throwIfErrors, type FieldErrors, sortColumns } from "./common";
import type { Db } from "../db/open";

export const ProductCodeSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  code: z.string(),
  priority: z.number().int(),
  description: z.string().nullable(),
  group: z.string().nullable(),
  shcs: z.array(z.string()),
  ...StampsShape,
});

const shcCode = () =>
  z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{3}$/, "must be a 3-character SHC code"));

/** 422 under `field` for each code that is not a known special handling code. */
export async function checkShcs(db: Db, field: string, codes: string[] | undefined, errors: FieldErrors = {}) {
  if (!codes?.length) return errors;
  const known = new Set(
    (await db.select({ code: specialHandlingCodes.code }).from(specialHandlingCodes).where(inArray(specialHandlingCodes.code, codes))).map((r) => r.code),
  );
  for (const c of codes) if (!known.has(c)) addFieldError(errors, field, "unknown_shc", { code: c });
  return errors;
}

const ProductCodeFields = z.object({
  code: z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), reqText()),
  priority: optInt(),
  description: optText(TEXT_MAX.text),
  group: optText(),
  shcs: codeList(shcCode()).optional(),
});

/** A carrier's product codes (spec 2 "Product code"): everyone reads them, platform, manager and billing edit. */
export const productCodeRoutes = carrierResource({
  path: "product_codes",
  record: "product_code",
  tag: "product codes",
  table: productCodes,
  answer: ProductCodeSchema,
  fields: ProductCodeFields,
  access: { read: ACCESS.anyone, write: ACCESS.products },
  filters: { group: z.string().max(TEXT_MAX.search).optional() },
  where: (q) => [q.group ? inArray(productCodes.group, [q.group]) : undefined],
  search: [productCodes.code, productCodes.description, productCodes.group],
  orderBy: [productCodes.priority, productCodes.code],
  sortable: sortColumns(productCodes, ["carrier", "code", "priority", "description", "group", "created_at", "updated_at"]),
  prepare: async (db, values) => {
    throwIfErrors(await checkShcs(db, "shcs", values.shcs as string[] | undefined));
    return { ...values, priority: values.priority ?? 0 };
  },
  duplicate: () => refuseField("code", "taken"),
});
