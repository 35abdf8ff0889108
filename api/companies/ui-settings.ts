import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import { findAirline } from "../auth/tenant";
import type { Db } from "../db/open";
import type { Airline } from "../db/tables/airlines";

export const AirlineUiSettingSchema = z.object({
  show_settings: z.boolean(),
  show_loadfactor_data: z.boolean(),
  tax_id_required: z.boolean(),
  settlements_rule: z.object({ balances_enabled: z.boolean(), cass_link_report: z.boolean() }),
});

export const CompanyUiSettingsSchema = AirlineUiSettingSchema.extend({
  has_access_to_new_air_waybills_page: z.boolean(),
  awb_prefix: z.string().nullable().describe("the tenant airline's AWB prefix (the pages' example numbers); null on the default tenant"),
});

export function airlineUiSetting(airline: Airline | null): z.infer<typeof AirlineUiSettingSchema> {
  return {
    show_settings: airline?.show_settings ?? false,
    show_loadfactor_data: airline?.show_loadfactor_data ?? false,
    tax_id_required: airline?.tax_id_required ?? false,
    settlements_rule: {
      balances_enabled: airline?.balances_enabled ?? false,
      cass_link_report: airline?.cass_link_report ?? false,
    },
  };
}

/**
 * The settings that gate screens for the current user: the company's feature flag, and the airline
 * settings of the tenant (or, on the default tenant, of the user's own airline company).
 */
export async function companyUiSettings(db: Db, auth: Pick<AuthContext, "carrier" | "profile">) {
  const company = auth.profile?.company ?? null;
  const airlineCode = auth.carrier ?? (company?.business_type === "airline" ? company.carrier : null);
  const airline = airlineCode ? await findAirline(db, airlineCode) : null;
  return {
    has_access_to_new_air_waybills_page: company?.has_access_to_new_air_waybills_page ?? false,
    awb_prefix: airline?.awb_prefix ?? null,
    ...airlineUiSetting(airline),
  };
}
