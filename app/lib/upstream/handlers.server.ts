import { z } from "zod";
import { mapCodes, RECORD_NOT_FOUND, TAKEN } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { NumberLike } from "./schemas";

// Handlers (spec 3 §7 "Other standard resources"): an airline's handling terminal per station.

const Minutes = NumberLike.nullish();

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

export const {
  list: listHandlers,
  get: getHandler,
  create: createHandler,
  update: updateHandler,
} = resourceClient<Handler, PageQuery & { location?: string; q?: string }, HandlerInput>({
  path: "api/v3/handlers",
  schema: HandlerSchema,
  bodyKey: "handler",
  /** Spec 3 §8: handler update or delete with "Record Not Found" → NotFound; a second handler at a station → Exists. */
  errors: mapCodes([RECORD_NOT_FOUND, TAKEN]),
});
