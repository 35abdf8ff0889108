import { BILLING_DATE_SOURCES } from "../../../cargo/pricing/types";
import { DECIMALS, decimalRange, INT32_MAX, TEXT_MAX } from "../../../cargo";
import { z } from "zod";
import type { AirlineSettings, AirlineSettingsInput } from "../upstream/airlines.server";
import { AWB_PREFIX, checked, codeList, flag, IATA, joinCodes, optionalNonNegative, optionalPositive, optionalText, orNull, requiredText, ROUTE, SHC } from "./field-rules";
import { decimalField, wholeNumberField } from "./decimal-field";

export const CW_ROUNDING_RULES = ["none", "half_kg", "whole_kg"] as const;

const percent = () => decimalField(decimalRange(0, 100, DECIMALS.percent), { min: "airline:percentRange", max: "airline:percentRange" }).optional();
const wholeNonNegative = () => wholeNumberField(0, INT32_MAX, { min: "airline:nonNegative" }).optional();

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
  address: optionalText(TEXT_MAX.text),
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
  billing_date_source: z.enum(BILLING_DATE_SOURCES, { invalid_type_error: "errors:unknownValue" }).optional(),
  ui_setting_show_settings: flag(),
  ui_setting_show_loadfactor_data: flag(),
  ui_setting_tax_id_required: flag(),
  settlements_rule_balances_enabled: flag(),
  settlements_rule_cass_link_report: flag(),
});
export type AirlineSettingsForm = z.infer<typeof AirlineSettingsFormSchema>;

export const AIRLINE_SETTINGS_FIELDS = Object.keys(AirlineSettingsFormSchema.shape) as Array<keyof AirlineSettingsForm>;

const s = (v: string | null | undefined) => v ?? "";
const n = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? "" : String(v));

/** Form values of the stored settings. */
export function airlineSettingsDefaults(a: AirlineSettings): Record<string, string | undefined> {
  const pax = a.pax_weight ?? {};
  const overflow = a.overflow_limits ?? {};
  const rule = a.awb_rule ?? {};
  const sales = a.sales_open ?? {};
  const ui = a.ui_setting ?? {};
  const settlements = a.settlements_rule ?? {};
  return {
    name: a.name,
    awb_prefix: a.awb_prefix,
    icao_code: s(a.icao_code),
    cyrillic_code: s(a.cyrillic_code),
    country_code: s(a.country_code),
    address: s(a.address),
    interline_accepted_prefixes: joinCodes(a.interline_accepted_prefixes),
    chargeable_ratio: n(a.chargeable_ratio),
    min_charge_weight: n(a.min_charge_weight),
    cw_rounding_rule: s(a.cw_rounding_rule),
    cw_auto_calculation: checked(a.cw_auto_calculation),
    awb_rule_allowed_manual_routes: joinCodes(rule.allowed_manual_routes),
    awb_rule_mustgo_stations: joinCodes(rule.mustgo_stations),
    awb_rule_fbl_notice_stations: joinCodes(rule.fbl_notice_stations),
    pax_weight_summer_adult: n(pax.summer?.adult),
    pax_weight_summer_child: n(pax.summer?.child),
    pax_weight_summer_infant: n(pax.summer?.infant),
    pax_weight_winter_adult: n(pax.winter?.adult),
    pax_weight_winter_child: n(pax.winter?.child),
    pax_weight_winter_infant: n(pax.winter?.infant),
    use_baggage_averages: checked(a.use_baggage_averages),
    overflow_limits_weight: n(overflow.weight),
    overflow_limits_volume: n(overflow.volume),
    overflow_limits_weight_percent: n(overflow.weight_percent),
    overflow_limits_volume_percent: n(overflow.volume_percent),
    forbidden_shcs: joinCodes(a.forbidden_shcs),
    manual_processing_codes: joinCodes(a.manual_processing_codes),
    codes_for_fbl: joinCodes(a.codes_for_fbl),
    segments_types_prohibited_for_booking: joinCodes(a.segments_types_prohibited_for_booking),
    sales_open_open_days_before_departure: n(sales.open_days_before_departure),
    sales_open_close_minutes_before_departure: n(sales.close_minutes_before_departure),
    sales_open_open_by_default: checked(sales.open_by_default ?? true),
    aci_controlled: checked(a.aci_controlled),
    schedule_interline: checked(a.schedule_interline),
    auto_billing: checked(a.auto_billing),
    auto_awb_verification: checked(a.auto_awb_verification),
    tariffs_publication: checked(a.tariffs_publication),
    billing_date_source: s(a.billing_date_source),
    ui_setting_show_settings: checked(ui.show_settings),
    ui_setting_show_loadfactor_data: checked(ui.show_loadfactor_data),
    ui_setting_tax_id_required: checked(ui.tax_id_required),
    settlements_rule_balances_enabled: checked(settlements.balances_enabled),
    settlements_rule_cass_link_report: checked(settlements.cass_link_report),
  };
}

/** The PATCH body in the API's nested shape; every field sent, so a cleared value or unticked box is saved. */
export function airlineSettingsInput(v: AirlineSettingsForm): AirlineSettingsInput {
  const num = (x: number | undefined) => x ?? null;
  return {
    name: v.name,
    awb_prefix: v.awb_prefix,
    icao_code: orNull(v.icao_code),
    cyrillic_code: orNull(v.cyrillic_code),
    country_code: orNull(v.country_code),
    address: orNull(v.address),
    interline_accepted_prefixes: v.interline_accepted_prefixes,
    ...(v.chargeable_ratio !== undefined ? { chargeable_ratio: v.chargeable_ratio } : {}),
    min_charge_weight: num(v.min_charge_weight),
    cw_rounding_rule: v.cw_rounding_rule ?? null,
    cw_auto_calculation: Boolean(v.cw_auto_calculation),
    awb_rule: {
      allowed_manual_routes: v.awb_rule_allowed_manual_routes,
      mustgo_stations: v.awb_rule_mustgo_stations,
      fbl_notice_stations: v.awb_rule_fbl_notice_stations,
    },
    pax_weight: {
      summer: { adult: num(v.pax_weight_summer_adult), child: num(v.pax_weight_summer_child), infant: num(v.pax_weight_summer_infant) },
      winter: { adult: num(v.pax_weight_winter_adult), child: num(v.pax_weight_winter_child), infant: num(v.pax_weight_winter_infant) },
    },
    use_baggage_averages: Boolean(v.use_baggage_averages),
    overflow_limits: {
      weight: num(v.overflow_limits_weight),
      volume: num(v.overflow_limits_volume),
      weight_percent: num(v.overflow_limits_weight_percent),
      volume_percent: num(v.overflow_limits_volume_percent),
    },
    forbidden_shcs: v.forbidden_shcs,
    manual_processing_codes: v.manual_processing_codes,
    codes_for_fbl: v.codes_for_fbl,
    segments_types_prohibited_for_booking: v.segments_types_prohibited_for_booking,
    sales_open: {
      open_days_before_departure: num(v.sales_open_open_days_before_departure),
      close_minutes_before_departure: num(v.sales_open_close_minutes_before_departure),
      open_by_default: Boolean(v.sales_open_open_by_default),
    },
    aci_controlled: Boolean(v.aci_controlled),
    schedule_interline: Boolean(v.schedule_interline),
    auto_billing: Boolean(v.auto_billing),
    auto_awb_verification: Boolean(v.auto_awb_verification),
    tariffs_publication: Boolean(v.tariffs_publication),
    billing_date_source: orNull(v.billing_date_source),
    ui_setting: {
      show_settings: Boolean(v.ui_setting_show_settings),
      show_loadfactor_data: Boolean(v.ui_setting_show_loadfactor_data),
      tax_id_required: Boolean(v.ui_setting_tax_id_required),
    },
    settlements_rule: {
      balances_enabled: Boolean(v.settlements_rule_balances_enabled),
      cass_link_report: Boolean(v.settlements_rule_cass_link_report),
    },
  };
}

/** A server field path ("pax_weight.summer.adult") as the flat form field name. */
export const airlineFieldName = (path: string) => path.replace(/\./g, "_");
