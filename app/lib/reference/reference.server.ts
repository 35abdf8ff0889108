import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { SignedInUser } from "../auth/guard.server";
import { pageOf } from "../upstream/schemas";
import type { ReferenceKind, ReferenceOption } from "./reference-kinds";

/**
 * Reference data for pickers and validation, cached per process for 600 s (spec 1 §9). The key carries
 * tenant, company and role, so a role or company switch never reads another context's answer.
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
  const key = [kind, term.toLowerCase(), locale, user.tenant.code, user.profile.company_id, user.profile.role].join("|");
  const hit = cache.get(key);
  if (hit) return hit;
  const spec = KINDS[kind];
  const result = await user.ensure(
    user.api.get(spec.path, {
      query: { q: term || undefined, per_page: PER_PAGE, skip_pagination: spec.skipPagination ? true : undefined },
      schema: pageOf(Row).or(z.object({ data: z.array(Row) }).passthrough()),
    }),
  );
  if (!result.ok) return [];
  const options = result.data.data.map((row) => spec.option(row, locale));
  cache.set(key, options);
  return options;
}

/** Server-side check of a picker value (the no-JS path submits plain text). */
export async function referenceExists(user: SignedInUser, kind: ReferenceKind, code: string, locale = "en"): Promise<boolean> {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return false;
  const options = await searchReference(user, kind, wanted, locale);
  return options.some((o) => o.value.toUpperCase() === wanted);
}

/** Every code of `codes` that the reference list does not know. */
export async function unknownCodes(user: SignedInUser, kind: ReferenceKind, codes: string[]): Promise<string[]> {
  const checks = await Promise.all(codes.map(async (c) => ((await referenceExists(user, kind, c)) ? null : c)));
  return checks.filter((c): c is string => c !== null);
}
