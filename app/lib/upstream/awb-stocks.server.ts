import { z } from "zod";
import type { Upstream } from "./client.server";
import { NumberLike, pageOf } from "./schemas";

// AWB stocks (spec 3 "AWB stocks"): an airline's ranges and what it hands to forwarders; a forwarder's numbers.

export const StockRangeSchema = z.object({
  range_id: NumberLike,
  airline_prefix: z.string(),
  carrier: z.string(),
  forwarder: z.string().nullable(),
  range: z.string(),
  qty: NumberLike,
  free: NumberLike,
  bso: z.boolean(),
  location_iata: z.string().nullable(),
});
export type StockRange = z.infer<typeof StockRangeSchema>;

export const StockNumberSchema = z.object({
  mawb: z.string(),
  airline_prefix: z.string(),
  serial_number: z.string(),
  digit: NumberLike,
  forwarder: z.string().nullable(),
  state: z.enum(["free", "used", "voided"]),
  bso: z.boolean(),
  location_iata: z.string().nullable(),
  used_at: z.string().nullable(),
});
export type StockNumber = z.infer<typeof StockNumberSchema>;

const StockTotals = z.object({ free: NumberLike, used: NumberLike, voided: NumberLike });

export interface StockRangeInput {
  prefix: string;
  range: string;
  bso: boolean;
  location_iata?: string;
}

export interface StockPickInput {
  prefix: string;
  forwarder_short_name: string;
  range?: string;
  count?: number;
}

export function listStockRanges(api: Upstream, query: { page: number; per_page: number; prefix?: string; forwarder?: string }) {
  return api.get("api/v1/awb_stocks/ranges", { query, schema: pageOf(StockRangeSchema) });
}

export function listStockNumbers(api: Upstream, query: { page: number; per_page: number; prefix?: string; state?: string; q?: string }) {
  return api.get("api/v1/awb_stocks", { query, schema: pageOf(StockNumberSchema).extend({ totals: StockTotals }) });
}

/** The forwarders the airline may assign numbers to (those it has an agreement with), by short name; `q` searches. */
export function listStockForwarders(api: Upstream, query: { page: number; per_page: number; q?: string }) {
  return api.get("api/v1/awb_stocks/forwarders", { query, schema: pageOf(z.object({ short_name: z.string(), name: z.string() })) });
}

export function listStockPrefixes(api: Upstream) {
  return api.get("api/v3/awb_stocks/prefixes", { schema: z.object({ data: z.array(z.object({ prefix: z.string(), carrier: z.string() })) }) });
}

export function createStockRange(api: Upstream, input: StockRangeInput) {
  return api.post("api/v3/awb_stocks", { json: { awb_stock: input }, schema: StockRangeSchema });
}

/** Hands free numbers of the pool to a forwarder (`assign`) or takes its free ones back (`withdraw`); how many. */
export function pickStockNumbers(api: Upstream, action: "assign" | "withdraw", input: StockPickInput) {
  return api.patch(`api/v1/awb_stocks/${action}`, {
    json: { awb_stock: input },
    schema: z.union([z.object({ assigned: NumberLike }), z.object({ withdrawn: NumberLike })]).transform((o) => ("assigned" in o ? o.assigned : o.withdrawn)),
  });
}
