import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { SignedInUser } from "../auth/guard.server";
import { pageOf } from "../upstream/schemas";
import type { ReferenceKind, ReferenceOption } from "./reference-kinds";

/**
 * Reference data for pickers and validation, cached per process for 600 s (spec 1 §9). The key carries
 * the API, tenant, company and role, so a role or company switch never reads another context's answer.
 * A failed fetch yields an empty list (spec 3 §8), and is not cached.
 */
const cache = new LRUCache<string, ReferenceOption[]>({ max: 20_000, ttl: 600_000 });

const Row = z.record(z.unknown());

interface KindSpec {
  path: string;
  skipPagination?: boolean;
  option(row: Record<string, unknown>, locale: string): ReferenceOption;
}

const str = (v: unknown) => (v == null ? "" : String(v));

const KINDS: Record<ReferenceKind, KindSpec> = {
  airports: {
    path: "api/v3/airports",
    option: (r, locale) => ({
      value: str(r.iata),
      label: `${str(r.iata)} · ${locale === "ru" && r.cyrillic_name ? str(r.cyrillic_name) : str(r.name)}, ${
        locale === "ru" && r.cyrillic_city_name ? str(r.cyrillic_city_name) : str(r.city_name)
      } (${str(r.country_code)})`,
    }),
  },
  countries: {
    path: "api/v3/countries",
    option: (r, locale) => ({ value: str(r.alpha_2), label: `${str(r.alpha_2)} · ${locale === "ru" && r.cyrillic_name ? str(r.cyrillic_name) : str(r.name)}` }),
  },
  shcs: {
    path: "api/v3/special_handlings",
    option: (r, locale) => ({
      value: str(r.code),
      label: `${str(r.code)} · ${locale === "ru" && r.description_cyrillic ? str(r.description_cyrillic) : str(r.description)}`,
    }),
  },
  "aircraft-types": {
    path: "api/v3/aircraft_types",
    option: (r) => ({ value: str(r.iata), label: `${str(r.iata)} · ${str(r.description)}` }),
  },
  currencies: {
    path: "api/v3/currencies",
    skipPagination: true,
    option: (r) => ({ value: str(r.code), label: `${str(r.code)} · ${str(r.name)}` }),
  },
  "charge-codes": {
    path: "api/v3/charge_codes",
    option: (r) => ({ value: str(r.code), label: `${str(r.code)} · ${str(r.description)}` }),
  },
};

const PER_PAGE = 20;

export async function searchReference(user: SignedInUser, kind: ReferenceKind, q: string, locale: string): Promise<ReferenceOption[]> {
  const term = q.trim().slice(0, 60);
  const key = [user.api.baseUrl, kind, term.toLowerCase(), locale, user.tenant.code, user.profile.company_id, user.profile.role].join("|");
  const hit = cache.get(key);
  if (hit) return hit;
  const spec = KINDS[kind];
  const result = await user.api.get(spec.path, {
      query: { q: term || undefined, per_page: PER_PAGE, skip_pagination: spec.skipPagination ? true : undefined },
      schema: pageOf(Row).or(z.object({ data: z.array(Row) }).passthrough()),
    });
  if (!result.ok) return [];
  const options = result.data.data.map((row) => spec.option(row, locale));
  cache.set(key, options);
  return options;
}

/** Whether a code is in a list, per tenant/company/role like `cache`; only answers that arrived are kept. */
const known = new LRUCache<string, boolean>({ max: 20_000, ttl: 600_000 });

/** The API's `codes` filter takes at most this many codes per call. */
const CODES_PER_CALL = 100;

/** The value column of each kind, as the `codes` filter matches it. */
const CODE_OF: Record<ReferenceKind, (row: Record<string, unknown>) => string> = {
  airports: (r) => str(r.iata),
  countries: (r) => str(r.alpha_2),
  shcs: (r) => str(r.code),
  "aircraft-types": (r) => str(r.iata),
  currencies: (r) => str(r.code),
  "charge-codes": (r) => str(r.code),
};

/**
 * Every code of `codes` that the reference list does not know. The codes not cached yet are looked up in
 * one call per 100 (`codes=DME,OVB,...`): a call per code let one 6 KB form make a thousand upstream calls
 * and stall every tenant (issue 8). A failed call makes its codes unknown and is not cached.
 */
export async function unknownCodes(user: SignedInUser, kind: ReferenceKind, codes: string[]): Promise<string[]> {
  const keyOf = (code: string) => [user.api.baseUrl, kind, code, user.tenant.code, user.profile.company_id, user.profile.role].join("|");
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  const missing = wanted.filter((code) => !known.has(keyOf(code)));
  for (let start = 0; start < missing.length; start += CODES_PER_CALL) {
    const batch = missing.slice(start, start + CODES_PER_CALL);
    const result = await user.api.get(KINDS[kind].path, { query: { codes: batch.join(",") }, schema: z.object({ data: z.array(Row) }).passthrough() });
    if (!result.ok) continue;
    const found = new Set(result.data.data.map((row) => CODE_OF[kind](row).toUpperCase()));
    for (const code of batch) known.set(keyOf(code), found.has(code));
  }
  return codes.filter((code) => !known.get(keyOf(code.trim().toUpperCase())));
}
