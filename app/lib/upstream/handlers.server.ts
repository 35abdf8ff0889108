import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapMessages } from "./errors";
import { pageOf } from "./schemas";

// Handlers (spec 3 §7 "Other standard resources"): an airline's handling terminal per station.

const Minutes = z.union([z.number(), z.string().transform(Number)]).nullish();

export const HandlerSchema = z.object({
  id: z.number(),
  carrier: z.string(),
  location: z.string(),
  latest_acceptance_time: Minutes,
  max_connection_time: Minutes,
  min_connection_time_domestic: Minutes,
  min_connection_time_intl: Minutes,
  cargo_accepted: z.boolean().default(false),
  transfer: z.boolean().default(false),
  note: z.string().nullish(),
  manual_ffm: z.boolean().default(false),
});
export type Handler = z.infer<typeof HandlerSchema>;

export interface HandlerInput {
  /** Create only: a platform user's airline (else the tenant's). */
  carrier?: string;
  location: string;
  latest_acceptance_time: number | null;
  max_connection_time: number | null;
  min_connection_time_domestic: number | null;
  min_connection_time_intl: number | null;
  cargo_accepted: boolean;
  transfer: boolean;
  note: string | null;
  manual_ffm: boolean;
}

/** Spec 3 §8: handler update or delete with "Record Not Found" → NotFound; a second handler at a station → Exists. */
const handlerErrors = mapMessages([
  [404, "Record Not Found", "NotFound"],
  [422, "has already been taken", "Exists"],
]);

export function listHandlers(api: Upstream, query: { page: number; per_page: number; location?: string; q?: string } & SortQuery) {
  return api.get("api/v3/handlers", { query: { ...query }, schema: pageOf(HandlerSchema) });
}

export function getHandler(api: Upstream, id: number) {
  return api.get(`api/v3/handlers/${id}`, { schema: HandlerSchema, errors: handlerErrors });
}

export function createHandler(api: Upstream, input: HandlerInput) {
  return api.post("api/v3/handlers", { json: { handler: input }, schema: HandlerSchema, errors: handlerErrors });
}

export function updateHandler(api: Upstream, id: number, input: HandlerInput) {
  return api.patch(`api/v3/handlers/${id}`, { json: { handler: input }, schema: HandlerSchema, errors: handlerErrors });
}
