import { z } from "zod";

// Server-side sorting of the settings lists (DESIGN §3): `sort` and `direction` live in the URL; the loader keeps
// them only when `sort` is one of the list's sortable columns (the API's allowlist), so a hand-edited URL never
// errors, and passes them to the upstream list call. DataTable turns a column with a `sort` key into a header link.

export type SortDirection = "asc" | "desc";
export type SortQuery = {
  sort?: string;
  direction?: SortDirection;
};

/** The `sort` / `direction` of a list URL limited to `sortable`; anything else is dropped. */
export function sortFromUrl<K extends string>(url: string | URL, sortable: readonly K[]): { sort?: K; direction?: SortDirection } {
  const params = (typeof url === "string" ? new URL(url) : url).searchParams;
  const parsed = z
    .object({
      sort: z.enum(sortable as unknown as [K, ...K[]]).optional().catch(undefined),
      direction: z.enum(["asc", "desc"]).optional().catch(undefined),
    })
    .parse({ sort: params.get("sort") ?? undefined, direction: params.get("direction") ?? undefined });
  return parsed.sort ? { sort: parsed.sort, direction: parsed.direction ?? "asc" } : {};
}

/** The sortable columns of each settings list (a subset of the API's allowlists, api/README.md "Sorting"). */
export const SORTABLE = {
  handlers: [
    "carrier",
    "location",
    "latest_acceptance_time",
    "min_connection_time_domestic",
    "min_connection_time_intl",
    "max_connection_time",
    "cargo_accepted",
    "transfer",
    "manual_ffm",
  ],
  messageSettings: ["carrier", "station", "message_type", "message_format", "source_type", "sending_interval", "active"],
  airlineCustomers: ["carrier", "name", "srn", "tax_id", "city", "email", "active"],
  companies: ["short_name", "name", "business_type", "carrier", "city", "tax_number"],
  productCodes: ["carrier", "code", "priority", "group", "description"],
  permittedRoutes: ["carrier", "origin_iata", "destination_iata", "company_short_name", "contracted", "direct"],
  baggageStats: [
    "carrier",
    "origin_iata",
    "period_start",
    "total_baggage_weight",
    "total_baggage_pcs",
    "total_pax",
    "segments_count",
    "average_baggage_weight",
    "manual_average_baggage_weight",
    "external_source",
  ],
  paxOdAverages: ["carrier", "aircraft_type", "origin", "destination", "quantity"],
  segmentPayloads: ["carrier", "aircraft_type", "origin", "destination", "payload", "season"],
  agreements: ["contract_number", "account_number", "client", "supplier", "currency", "effective_from", "effective_to", "active"],
  forwarderCustomers: ["forwarder_short_name", "name", "tax_id", "city"],
  notableCompanies: ["company_short_name", "account", "name", "tax_id", "city"],
  aircraftCapacities: ["carrier", "aircraft_type", "max_cargo_weight", "max_cargo_volume", "payload", "mtow", "pax"],
  allotments: ["carrier", "segment_number_with_date", "origin_iata", "forwarder_short_name", "type", "weight", "volume", "timelimit_to_std", "valid_until", "postal"],
  bookingRules: ["carrier", "origin_iata", "destination_iata", "response_status", "min_percent", "max_percent", "min_weight", "max_weight", "min_volume", "max_volume", "flight_number_with_date"],
} as const;
