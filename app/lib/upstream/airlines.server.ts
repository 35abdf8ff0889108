import { z } from "zod";
import type { Upstream } from "./client.server";
import { mapCodes, NOT_FOUND } from "./errors";
import { LooseCodes as List, LooseFlag as Flag, NumberLike, pageOf } from "./schemas";

// Airline settings (spec 2 "Airline settings", spec 3 §7): GET and PATCH api/v3/airlines/{carrier}.

const Num = NumberLike.nullish();
const PaxTypes = z.object({ adult: Num, child: Num, infant: Num }).partial().nullish();

export const CW_ROUNDING_RULES = ["none", "half_kg", "whole_kg"] as const;
export const SEASONS = ["summer", "winter"] as const;
export const PAX_TYPES = ["adult", "child", "infant"] as const;

export const AirlineSettingsSchema = z.object({
  carrier: z.string(),
  name: z.string(),
  awb_prefix: z.string(),
  interline_accepted_prefixes: List,
  icao_code: z.string().nullish(),
  cyrillic_code: z.string().nullish(),
  country_code: z.string().nullish(),
  address: z.string().nullish(),
  aci_controlled: Flag,
  schedule_interline: Flag,
  use_baggage_averages: Flag,
  /** Ops-data switches (send_ldm, receive_mvt), shown on settings → messaging. */
  ops_data: z.record(z.boolean()).nullish(),
  sales_open: z
    .object({ open_days_before_departure: Num, close_minutes_before_departure: Num, open_by_default: z.boolean().nullish() })
    .partial()
    .nullish(),
  pax_weight: z.object({ summer: PaxTypes, winter: PaxTypes }).partial().nullish(),
  overflow_limits: z.object({ weight: Num, volume: Num, weight_percent: Num, volume_percent: Num }).partial().nullish(),
  auto_billing: Flag,
  auto_awb_verification: Flag,
  cw_auto_calculation: Flag,
  chargeable_ratio: Num,
  min_charge_weight: Num,
  cw_rounding_rule: z.string().nullish(),
  billing_date_source: z.string().nullish(),
  awb_rule: z.object({ allowed_manual_routes: List, mustgo_stations: List, fbl_notice_stations: List }).partial().nullish(),
  tariffs_publication: Flag,
  segments_types_prohibited_for_booking: List,
  forbidden_shcs: List,
  manual_processing_codes: List,
  codes_for_fbl: List,
  ui_setting: z.object({ show_settings: z.boolean().nullish(), show_loadfactor_data: z.boolean().nullish(), tax_id_required: z.boolean().nullish() }).partial().nullish(),
  settlements_rule: z.object({ balances_enabled: z.boolean().nullish(), cass_link_report: z.boolean().nullish() }).partial().nullish(),
});
export type AirlineSettings = z.infer<typeof AirlineSettingsSchema>;

/** PATCH body: the nested shape of the answer (absent fields stay). */
export type AirlineSettingsInput = Record<string, unknown>;

/** Spec 3 §8 "airline not found". */
const airlineErrors = mapCodes([NOT_FOUND]);

export function getAirlineSettings(api: Upstream, carrier: string) {
  return api.get(`api/v3/airlines/${encodeURIComponent(carrier)}`, { schema: AirlineSettingsSchema, errors: airlineErrors });
}

export function updateAirlineSettings(api: Upstream, carrier: string, input: AirlineSettingsInput) {
  return api.patch(`api/v3/airlines/${encodeURIComponent(carrier)}`, { json: { airline: input }, schema: AirlineSettingsSchema, errors: airlineErrors });
}

/** Every airline in the short form (`GET api/v3/airlines`), for the airline select of platform users. */
export const AirlineShortSchema = z.object({ carrier: z.string(), name: z.string().nullish() });
export type AirlineShort = z.infer<typeof AirlineShortSchema>;
export function listAirlines(api: Upstream) {
  return api.get("api/v3/airlines", { query: { skip_pagination: true }, schema: pageOf(AirlineShortSchema) });
}
