import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapMessages } from "./errors";
import { NumberLike, pageOf } from "./schemas";

// Permitted routes (spec 2 "Permitted route"; spec 3 §7 permitted_routes and permitted_routes.{format}).

export const PermittedRouteSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  transfer_iata_codes: z.array(z.string()).nullish().transform((t) => t ?? []),
  company_short_name: z.string().nullish(),
  contracted: z.boolean().nullish().transform(Boolean),
  direct: z.boolean().nullish().transform(Boolean),
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

/** Spec 3 §8: "Record Not Found" on update or delete → NotFound; a duplicate → Exists. */
const routeErrors = mapMessages([
  [404, "Record Not Found", "NotFound"],
  [422, "already exists", "Exists"],
]);

const BASE = "api/v3/permitted_routes";

export function listPermittedRoutes(api: Upstream, query: PermittedRouteFilters & { page: number; per_page: number } & SortQuery) {
  return api.get(BASE, { query: { ...query }, schema: pageOf(PermittedRouteSchema) });
}
export function getPermittedRoute(api: Upstream, id: number) {
  return api.get(`${BASE}/${id}`, { schema: PermittedRouteSchema, errors: routeErrors });
}
export function createPermittedRoute(api: Upstream, input: PermittedRouteInput) {
  return api.post(BASE, { json: { permitted_route: input }, schema: PermittedRouteSchema, errors: routeErrors });
}
export function updatePermittedRoute(api: Upstream, id: number, input: PermittedRouteInput) {
  const { carrier: _carrier, ...changes } = input;
  return api.patch(`${BASE}/${id}`, { json: { permitted_route: changes }, schema: PermittedRouteSchema, errors: routeErrors });
}
export function deletePermittedRoute(api: Upstream, id: number) {
  return api.delete(`${BASE}/${id}`, { errors: routeErrors });
}
/** The whole filtered list as a file; default name permitted_routes.{format} (spec 3 §9). */
export function downloadPermittedRoutes(api: Upstream, format: "csv" | "xlsx", filters: PermittedRouteFilters) {
  return api.download(`${BASE}.${format}`, { ...filters });
}
