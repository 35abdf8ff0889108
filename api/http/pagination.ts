import { z } from "zod";
import { INT32_MAX } from "../../cargo/limits";
import { wholeNumber } from "./decimal-input";

/**
 * `page` and `per_page` of every list (DESIGN §4); per_page is capped so a list call stays cheap. Digits only:
 * "0x10", "1e1" or "2.5" is a 400 invalid_number (api/http/errors.ts), never read as a number or replaced by a default.
 */
export const PageQuerySchema = z.object({
  page: wholeNumber(1, INT32_MAX).default(1),
  per_page: wholeNumber(1, 100).default(25),
});

export const PageMetaSchema = z.object({
  current_page: z.number().int(),
  next_page: z.number().int().nullable(),
  prev_page: z.number().int().nullable(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  per_page: z.number().int(),
});

export type PageMeta = z.infer<typeof PageMetaSchema>;

/** The one list envelope: { data, meta } (spec 2 "Pagination"). */
export const pageOf = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), meta: PageMetaSchema });

export function pageMeta(totalCount: number, page: number, perPage: number): PageMeta {
  const totalPages = Math.ceil(totalCount / perPage);
  return {
    current_page: page,
    next_page: page < totalPages ? page + 1 : null,
    prev_page: page > 1 ? page - 1 : null,
    total_pages: totalPages,
    total_count: totalCount,
    per_page: perPage,
  };
}

export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

/**
 * A list that pages no deeper than `cap` rows (OFFSET beyond it costs a scan, and nobody reads page 5 000): a page
 * reaching past it is a 422 under `page` that says what to do instead (the shipments list's COUNT_CAP, bookings).
 */
export function refuseBeyondRow(cap: number) {
  return (q: { page: number; per_page: number }, ctx: z.RefinementCtx) => {
    if (q.page * q.per_page > cap) ctx.addIssue({ code: "custom", path: ["page"], message: `reaches beyond row ${cap}: narrow the filters or sort the other way` });
  };
}
