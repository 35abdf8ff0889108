import { z } from "zod";
import type { Upstream } from "./client.server";
import { ALREADY_EXISTS, mapCodes, RECORD_NOT_FOUND } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { LooseCodes, LooseFlag, NumberLike } from "./schemas";

// Permitted routes (spec 2 "Permitted route"; spec 3 §7 permitted_routes and permitted_routes.{format}).

export const PermittedRouteSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  transfer_iata_codes: LooseCodes,
  company_short_name: z.string().nullish(),
  contracted: LooseFlag,
  direct: LooseFlag,
});
export type PermittedRoute = z.infer<typeof PermittedRouteSchema>;

export interface PermittedRouteInput {
  carrier?: string;
  origin_iata: string;
  destination_iata: string;
  transfer_iata_codes: string[];
  company_short_name: string | null;
  contracted: boolean;
  direct: boolean;
}

export interface PermittedRouteFilters {
  q?: string;
  origin_iata?: string;
  destination_iata?: string;
  company_short_name?: string;
  contracted?: boolean;
  direct?: boolean;
}

const routes = resourceClient<PermittedRoute, PermittedRouteFilters & PageQuery, PermittedRouteInput>({
  path: "api/v3/permitted_routes",
  schema: PermittedRouteSchema,
  bodyKey: "permitted_route",
  /** Spec 3 §8: "Record Not Found" on update or delete → NotFound; a duplicate → Exists. */
  errors: mapCodes([RECORD_NOT_FOUND, ALREADY_EXISTS]),
  createOnly: "carrier",
});
export const {
  list: listPermittedRoutes,
  get: getPermittedRoute,
  create: createPermittedRoute,
  update: updatePermittedRoute,
  delete: deletePermittedRoute,
} = routes;

/** The whole filtered list as a file; default name permitted_routes.{format} (spec 3 §9). */
export function downloadPermittedRoutes(api: Upstream, format: "csv" | "xlsx", filters: PermittedRouteFilters) {
  return api.download(`${routes.path}.${format}`, { ...filters });
}
