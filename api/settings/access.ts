import { eq } from "drizzle-orm";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airlines } from "../db/schema";
import type { BusinessType, Role } from "../db/tables/enums";
import { refuse, refuseField } from "../http/errors";
import type { ProfileWithCompany } from "../profiles/access";

// Server-side mirror of spec 1 §6 for the settings section (the BFF guards the pages too), and the tenancy scope
// every settings query uses. Role "operator" is the role the screens call Default.

export const accessDenied = () => refuse(403, "access_denied");

/** Which business types, and within them which roles, may call: `true` = every role of that type. */
export type Who = Partial<Record<BusinessType, true | readonly Role[]>>;

export const isPlatform = (p: ProfileWithCompany | null) => p?.company.business_type === "platform";
export const isAirline = (p: ProfileWithCompany | null) => p?.company.business_type === "airline";
export const isForwarder = (p: ProfileWithCompany | null) => p?.company.business_type === "forwarder";

export function may(auth: Pick<AuthContext, "profile">, who: Who): boolean {
  const p = auth.profile;
  if (!p) return false;
  const roles = who[p.company.business_type];
  return roles === true || (Array.isArray(roles) && roles.includes(p.profile.role));
}

/** The caller's profile when `who` lets them in, else 403 { error: "Access denied" }. */
export function allow(auth: Pick<AuthContext, "profile">, who: Who): ProfileWithCompany {
  if (!may(auth, who)) throw accessDenied();
  return auth.profile!;
}

// The access table (spec 1 §6, "Settings" rows).
export const ACCESS = {
  /** "Settings: most pages": platform or airline Manager. */
  settings: { platform: true, airline: ["manager"] },
  /** Capacities and handlers: also airline Default. */
  handlers: { platform: true, airline: ["manager", "operator"] },
  /** Reading agreements: airline Default/Manager/ComCor, forwarder Default (as client). */
  agreementsRead: { platform: true, airline: ["operator", "manager", "com_cor"], forwarder: ["operator"] },
  /** Creating and editing agreements: airline Manager/ComCor or platform. */
  agreementsWrite: { platform: true, airline: ["manager", "com_cor"] },
  /** Products: also Billing. */
  products: { platform: true, airline: ["manager", "billing"] },
  companies: { platform: true },
  /** Parties (forwarder customers, notable companies): platform or the forwarder. */
  parties: { platform: true, forwarder: true },
  airlineCustomers: { platform: true, airline: ["manager"] },
  /** Anyone signed in with a company: reference lists. */
  anyone: { platform: true, airline: true, forwarder: true, handler: true, visitor: true },
} as const satisfies Record<string, Who>;

/**
 * The airline whose rows a call works on. An airline user always works on their own airline, whatever they send.
 * Platform (and others, where allowed) name it with the `Carrier` header (the tenant) or a `carrier` parameter;
 * null means "all airlines" for a platform list.
 */
export function scopeCarrier(auth: Pick<AuthContext, "profile" | "carrier">, requested?: string | null): string | null {
  const p = auth.profile;
  if (p && isAirline(p)) return p.company.carrier?.toUpperCase() ?? "-";
  const asked = requested?.trim().toUpperCase() || null;
  if (isPlatform(p)) return asked ?? auth.carrier;
  return auth.carrier ?? asked;
}

/** The airline a new row belongs to; 422 when none is named or it does not exist. */
export async function carrierForWrite(db: Db, auth: Pick<AuthContext, "profile" | "carrier">, requested?: string | null): Promise<string> {
  const carrier = scopeCarrier(auth, requested);
  if (!carrier) throw refuseField("carrier", "blank");
  const [airline] = await db.select({ carrier: airlines.carrier }).from(airlines).where(eq(airlines.carrier, carrier)).limit(1);
  if (!airline) throw refuseField("carrier", "unknown_airline", { carrier });
  return carrier;
}
