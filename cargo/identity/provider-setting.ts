/**
 * A tenant's own OpenID Connect provider (issue 26, docs/sso.md): where its staff sign in, which of them may, and
 * with which role. The API and the BFF's settings form check a setting with these rules, and the sign-in maps a
 * provider's claims to a role with `roleFromClaims`, so what the form accepts is what the API stores and uses.
 */

/** Role names on user records ("operator" is the screens' Default), as an airline's staff hold them. */
export const PROVIDER_ROLES = ["operator", "manager", "com_cor", "billing", "ics_inspector", "admin"] as const;
export type ProviderRole = (typeof PROVIDER_ROLES)[number];

/** One row of the role table: users whose role claim holds `value` get `role`. */
export interface RoleMapping {
  value: string;
  role: ProviderRole;
}

export const PROVIDER_SETTING_LIMITS = {
  url: 255,
  clientId: 255,
  clientSecret: 1024,
  /** Allowed e-mail domains. */
  domains: 20,
  domain: 253,
  claim: 64,
  /** Rows of the role table. */
  roleMappings: 50,
  claimValue: 255,
} as const;

/** Why a value is refused; each is a refusal code the API answers and the BFF translates. */
export type ProviderSettingFault =
  | "issuer_not_https"
  | "issuer_with_query"
  | "not_a_domain"
  | "not_a_claim_name"
  | "not_a_role"
  | "duplicate_claim_value";

/**
 * An issuer is an https URL without query or fragment (OpenID Connect Discovery §2); the tokens name it exactly, so it
 * is kept as written (a trailing slash matters). `allowLoopbackHttp`: tests and a developer's machine.
 */
export function issuerFault(issuer: string, allowLoopbackHttp = false): ProviderSettingFault | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return "issuer_not_https";
  }
  const loopback = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/.test(url.hostname);
  if (url.protocol !== "https:" && !(allowLoopbackHttp && url.protocol === "http:" && loopback)) return "issuer_not_https";
  if (url.username || url.password) return "issuer_not_https";
  if (url.search || url.hash || issuer.includes("?") || issuer.includes("#")) return "issuer_with_query";
  return null;
}

/** A domain name of the e-mail addresses allowed to sign in (lower case, at least one dot, labels of letters, digits, -). */
export function domainFault(domain: string): ProviderSettingFault | null {
  const labels = domain.split(".");
  if (domain.length > PROVIDER_SETTING_LIMITS.domain || labels.length < 2) return "not_a_domain";
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) ? null : "not_a_domain";
}

/** A claim's name as providers write them (`groups`, `roles`, `https://example.com/roles`, `realm_access.roles`). */
export function claimNameFault(claim: string): ProviderSettingFault | null {
  return claim.length <= PROVIDER_SETTING_LIMITS.claim && /^[A-Za-z0-9_.:/-]+$/.test(claim) ? null : "not_a_claim_name";
}

export const isProviderRole = (value: unknown): value is ProviderRole => (PROVIDER_ROLES as readonly unknown[]).includes(value);

/** The faults of a role table, by row: a role that is none of ours, a value given twice. */
export function roleMapFaults(rows: ReadonlyArray<{ value: string; role: string }>): Array<ProviderSettingFault | null> {
  const seen = new Set<string>();
  return rows.map((row) => {
    if (!isProviderRole(row.role)) return "not_a_role";
    if (seen.has(row.value)) return "duplicate_claim_value";
    seen.add(row.value);
    return null;
  });
}

/** Whether an e-mail address's domain is one the tenant allows (no list: any domain the provider vouches for). */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return domains.includes(domain);
}

/**
 * The role the provider's claims give a user: the first row of the table (in its order) whose value the role claim
 * holds (a string or a list of strings; a dotted name reads into nested objects), else the default role, else none.
 */
export function roleFromClaims(
  claims: Record<string, unknown>,
  setting: { role_claim: string | null; role_map: readonly RoleMapping[]; default_role: ProviderRole | null },
): ProviderRole | null {
  if (setting.role_claim) {
    let held: unknown = Object.hasOwn(claims, setting.role_claim) ? claims[setting.role_claim] : undefined;
    if (held === undefined && setting.role_claim.includes(".")) {
      held = setting.role_claim.split(".").reduce<unknown>((at, key) => (at && typeof at === "object" && Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined), claims);
    }
    const values = typeof held === "string" ? [held] : Array.isArray(held) ? held.filter((v): v is string => typeof v === "string") : [];
    const row = setting.role_map.find((r) => values.includes(r.value));
    if (row) return row.role;
  }
  return setting.default_role;
}
