import { z } from "zod";
import { AWB_PREFIX, codeList, flag, IATA, optionalNonNegative, optionalNumber, optionalPositive, optionalText, requiredText, ROUTE, SHC } from "./field-rules";

export const CW_ROUNDING_RULES = ["none", "half_kg", "whole_kg"] as const;

const percent = () => optionalNumber().refine((v) => v === undefined || (v >= 0 && v <= 100), "airline:percentRange");
const wholeNonNegative = () =>
  z.number({ invalid_type_error: "errors:number" }).int("errors:integer").min(0, "airline:nonNegative").optional();

/**
 * The airline settings page (spec 2 "Airline settings"). Nested settings are flat form fields named by their
 * path with "_" for "." (pax_weight.summer.adult → pax_weight_summer_adult), so a server field error of
 * "awb_rule.mustgo_stations" lands on "awb_rule_mustgo_stations".
 */
export const AirlineSettingsFormSchema = z.object({
  // identity
  name: requiredText(),
  awb_prefix: requiredText().pipe(z.string().regex(AWB_PREFIX, "airline:prefixFormat")),
  icao_code: z.string().trim().transform((s) => s.toUpperCase()).pipe(z.string().regex(/^[A-Z]{3}$/, "airline:icaoFormat")).optional(),
  cyrillic_code: optionalText(),
  country_code: z.string().trim().transform((s) => s.toUpperCase()).pipe(z.string().regex(/^[A-Z]{2}$/, "errors:unknownCountry")).optional(),
  address: optionalText(),
  interline_accepted_prefixes: codeList(AWB_PREFIX, "airline:prefixFormat"),
  // chargeable weight
  chargeable_ratio: optionalPositive(),
  min_charge_weight: optionalNonNegative("airline:nonNegative"),
  cw_rounding_rule: z.enum(CW_ROUNDING_RULES, { invalid_type_error: "errors:unknownValue" }).optional(),
  cw_auto_calculation: flag(),
  // AWB rules
  awb_rule_allowed_manual_routes: codeList(ROUTE, "airline:routeFormat"),
  awb_rule_mustgo_stations: codeList(IATA, "errors:iata"),
  awb_rule_fbl_notice_stations: codeList(IATA, "errors:iata"),
  // passenger weights (kg) by season and passenger type
  pax_weight_summer_adult: optionalPositive(),
  pax_weight_summer_child: optionalPositive(),
  pax_weight_summer_infant: optionalPositive(),
  pax_weight_winter_adult: optionalPositive(),
  pax_weight_winter_child: optionalPositive(),
  pax_weight_winter_infant: optionalPositive(),
  use_baggage_averages: flag(),
  // overflow limits
  overflow_limits_weight: optionalNonNegative("airline:nonNegative"),
  overflow_limits_volume: optionalNonNegative("airline:nonNegative"),
  overflow_limits_weight_percent: percent(),
  overflow_limits_volume_percent: percent(),
  // special handling codes
  forbidden_shcs: codeList(SHC, "airline:shcFormat"),
  manual_processing_codes: codeList(SHC, "airline:shcFormat"),
  codes_for_fbl: codeList(SHC, "airline:shcFormat"),
  segments_types_prohibited_for_booking: codeList(/^[A-X]$/, "airline:flightTypeFormat"),
  // sales
  sales_open_open_days_before_departure: wholeNonNegative(),
  sales_open_close_minutes_before_departure: wholeNonNegative(),
  sales_open_open_by_default: flag(),
  // flags
  aci_controlled: flag(),
  schedule_interline: flag(),
  auto_billing: flag(),
  auto_awb_verification: flag(),
  tariffs_publication: flag(),
  billing_date_source: optionalText(),
  ui_setting_show_settings: flag(),
  ui_setting_show_loadfactor_data: flag(),
  ui_setting_tax_id_required: flag(),
  settlements_rule_balances_enabled: flag(),
  settlements_rule_cass_link_report: flag(),
});
export type AirlineSettingsForm = z.infer<typeof AirlineSettingsFormSchema>;

export const AIRLINE_SETTINGS_FIELDS = Object.keys(AirlineSettingsFormSchema.shape) as Array<keyof AirlineSettingsForm>;
