import { asc, inArray } from "drizzle-orm";
import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airlines } from "../db/schema";
import type { Company } from "../db/tables/companies";
import { BUSINESS_TYPES } from "../db/tables/enums";
import { roleName } from "./access";

export const ShortAirlineSchema = z.object({ awb_prefix: z.string(), carrier: z.string(), name: z.string() });

/** spec 2 "Current profile". Company fields are null for a user who belongs to no company yet. */
export const CurrentProfileSchema = z.object({
  id: z.number().int().describe("user id"),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  locale: z.enum(["en", "ru"]),
  phone: z.string().nullable(),
  role: z.string().nullable().describe('"<type>_<role>", e.g. airline_manager; null without a company'),
  system: z.boolean(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  company_short_name: z.string().nullable(),
  company_business_type: z.enum(BUSINESS_TYPES).nullable(),
  operations_type: z.string().nullable(),
  bi_dashboard_id: z.string().nullable(),
  permitted_carriers: z.array(z.string()),
  permitted_external_airlines: z.array(ShortAirlineSchema),
  stations_allowed: z.array(z.string()),
  stations_denied: z.array(z.string()),
});

export type CurrentProfile = z.infer<typeof CurrentProfileSchema>;

/**
 * Airlines the company may work with, other than itself: every airline for platform companies and
 * companies with access_to_all_carriers, else those named in permitted_carriers.
 */
async function permittedExternalAirlines(db: Db, company: Company) {
  const own = company.carrier?.toUpperCase() ?? "";
  const all = company.access_to_all_carriers || company.business_type === "platform";
  if (!all && company.permitted_carriers.length === 0) return [];
  const rows = await db
    .select({ awb_prefix: airlines.awb_prefix, carrier: airlines.carrier, name: airlines.name })
    .from(airlines)
    .where(all ? undefined : inArray(airlines.carrier, company.permitted_carriers.map((c) => c.toUpperCase())))
    .orderBy(asc(airlines.carrier));
  return rows.filter((a) => a.carrier !== own);
}

export async function currentProfile(db: Db, auth: Pick<AuthContext, "user" | "profile">): Promise<CurrentProfile> {
  const { user, profile } = auth;
  const company = profile?.company ?? null;
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    locale: user.locale,
    phone: user.phone,
    role: profile ? roleName(profile) : null,
    system: user.system,
    company_id: company?.id ?? null,
    company_name: company?.name ?? null,
    company_short_name: company?.short_name ?? null,
    company_business_type: company?.business_type ?? null,
    operations_type: company?.operations_type ?? null,
    bi_dashboard_id: company?.bi_dashboard_id ?? null,
    permitted_carriers: company?.permitted_carriers ?? [],
    permitted_external_airlines: company ? await permittedExternalAirlines(db, company) : [],
    stations_allowed: profile?.profile.stations_allowed ?? [],
    stations_denied: profile?.profile.stations_denied ?? [],
  };
}
