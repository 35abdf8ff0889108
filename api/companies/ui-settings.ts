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
});

export function airlineUiSetting(airline: Airline | null): z.infer<typeof AirlineUiSettingSchema> {
  return {
    show_settings: airline?.showSettings ?? false,
    show_loadfactor_data: airline?.showLoadfactorData ?? false,
    tax_id_required: airline?.taxIdRequired ?? false,
    settlements_rule: {
      balances_enabled: airline?.balancesEnabled ?? false,
      cass_link_report: airline?.cassLinkReport ?? false,
    },
  };
}

/**
 * The settings that gate screens for the current user: the company's feature flag, and the airline
 * settings of the tenant (or, on the default tenant, of the user's own airline company).
 */
export async function companyUiSettings(db: Db, auth: Pick<AuthContext, "carrier" | "profile">) {
  const company = auth.profile?.company ?? null;
  const airlineCode = auth.carrier ?? (company?.businessType === "airline" ? company.carrier : null);
  const airline = airlineCode ? await findAirline(db, airlineCode) : null;
  return {
    has_access_to_new_air_waybills_page: company?.hasAccessToNewAirWaybillsPage ?? false,
    ...airlineUiSetting(airline),
  };
}
