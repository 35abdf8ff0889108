import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import currencyCodes from "currency-codes";
import isoCountries from "i18n-iso-countries";
import type { aircraftTypes, airports, chargeCodes, countries, currencies, specialHandlingCodes } from "../db/schema";

// Builds the reference rows from the npm data packages and the versioned files under ./data (see api/README.md,
// "Reference data"). Pure functions of their inputs: the same files give the same rows.

const require = createRequire(import.meta.url);
isoCountries.registerLocale(require("i18n-iso-countries/langs/en.json"));
isoCountries.registerLocale(require("i18n-iso-countries/langs/ru.json"));

const readData = <T>(file: string): T => JSON.parse(readFileSync(new URL(`./data/${file}`, import.meta.url), "utf8")) as T;

/** The currencies of spec 2 §9, in its order. */
export const CURRENCY_CODES = ["RUB", "USD", "EUR", "KZT", "KGS", "CNY", "BYN", "AMD", "INR", "UZS", "THB"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

const validZones = new Map<string, boolean>();
/** Whether the runtime's ICU knows this IANA zone (a wrong zone would shift every local time of the airport). */
export function isValidTimeZone(tz: string): boolean {
  let ok = validZones.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat(undefined, { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    validZones.set(tz, ok);
  }
  return ok;
}

/** "Sheremetyevo International Airport" → "Sheremetyevo". */
export function shortAirportName(full: string): string {
  const short = full
    .replace(/\s+(International\s+)?(Airport|Airfield|Aerodrome|Air Base|Airbase|Airstrip)$/i, "")
    .replace(/\s+International$/i, "")
    .trim();
  return short || full;
}

type AirportSnapshot = { columns: string[]; rows: Array<[string, string | null, string, string | null, string, number | null, number | null, string | null]> };

export function buildAirports(): Array<typeof airports.$inferInsert> {
  const snapshot = readData<AirportSnapshot>("airports-openflights.json");
  const supplement = readData<AirportSnapshot>("airports-supplement.json");
  const zones = readData<{ zones: Record<string, string> }>("airport-timezones.json").zones;
  const fixups = readData<{ names: Record<string, string | null> }>("country-fixups.json").names;
  const cities = readData<{ cities: Record<string, string[]> }>("airport-cities.json").cities;
  const cyrillic = readData<{ airports: Record<string, [string, string]> }>("airports-cyrillic.json").airports;
  const cityOf = new Map<string, string>();
  for (const [city, codes] of Object.entries(cities)) for (const code of codes) cityOf.set(code, city);

  const countryCache = new Map<string, string | null>();
  const countryCode = (name: string): string | null => {
    if (!countryCache.has(name)) {
      const code = name in fixups ? fixups[name]! : (isoCountries.getAlpha2Code(name, "en") ?? null);
      countryCache.set(name, code ?? null);
    }
    return countryCache.get(name)!;
  };

  const out: Array<typeof airports.$inferInsert> = [];
  const seen = new Set<string>();
  const supplemented = new Set(supplement.rows.map((r) => r[0]));
  const rows = [...supplement.rows, ...snapshot.rows.filter((r) => !supplemented.has(r[0]))];
  for (const [iata, icao, name, city, country, latitude, longitude, sourceTz] of rows) {
    const tz = zones[iata] ?? sourceTz;
    if (!/^[A-Z]{3}$/.test(iata) || seen.has(iata) || !tz || !isValidTimeZone(tz)) continue;
    seen.add(iata);
    const ru = cyrillic[iata];
    out.push({
      iata,
      icao: icao && /^[A-Z0-9]{4}$/.test(icao) ? icao : null,
      name: shortAirportName(name),
      full_name: name,
      cyrillic_name: ru?.[0] ?? null,
      city_code: cityOf.get(iata) ?? iata,
      city_name: city,
      cyrillic_city_name: ru?.[1] ?? null,
      country_code: countryCode(country),
      latitude,
      longitude,
      timezone: tz,
    });
  }
  return out;
}

export function buildCountries(): Array<typeof countries.$inferInsert> {
  const regions = readData<{ regions: Record<string, string[]> }>("customs-regions.json").regions;
  const regionOf = new Map<string, string>();
  for (const [region, codes] of Object.entries(regions)) for (const code of codes) regionOf.set(code, region);
  return Object.keys(isoCountries.getAlpha2Codes())
    .sort()
    .map((alpha2) => ({
      alpha_2: alpha2,
      alpha_3: isoCountries.alpha2ToAlpha3(alpha2)!,
      numeric: isoCountries.alpha2ToNumeric(alpha2)!,
      // The common short form ("Russia") where the package has one, the official one as full_name.
      name: isoCountries.getName(alpha2, "en", { select: "alias" }) ?? isoCountries.getName(alpha2, "en")!,
      cyrillic_name: isoCountries.getName(alpha2, "ru", { select: "alias" }) ?? isoCountries.getName(alpha2, "ru") ?? null,
      full_name: isoCountries.getName(alpha2, "en", { select: "official" })!,
      customs_region: regionOf.get(alpha2) ?? null,
    }));
}

export function buildCurrencies(): Array<typeof currencies.$inferInsert> {
  return CURRENCY_CODES.map((code) => {
    const c = currencyCodes.code(code);
    if (!c) throw new Error(`currency-codes does not know ${code}`);
    return { code, name: c.currency, number: c.number, digits: c.digits };
  });
}

export function buildAircraftTypes(): Array<typeof aircraftTypes.$inferInsert> {
  const data = readData<{ rows: Array<[string, string | null, string, string]> }>("aircraft-types.json");
  return data.rows.map(([iata, icao, description, kind]) => ({ iata, icao, description, kind }));
}

export function buildSpecialHandlingCodes(): Array<typeof specialHandlingCodes.$inferInsert> {
  const data = readData<{
    rows: Array<[string, string, string, string, string, string[]]>;
    incompatible: Array<[string, string]>;
  }>("special-handling-codes.json");
  const known = new Set(data.rows.map((r) => r[0]));
  const incompatible = new Map<string, Set<string>>();
  for (const [a, b] of data.incompatible) {
    if (!known.has(a) || !known.has(b)) throw new Error(`special-handling-codes.json: unknown code in pair ${a}/${b}`);
    (incompatible.get(a) ?? incompatible.set(a, new Set()).get(a)!).add(b);
    (incompatible.get(b) ?? incompatible.set(b, new Set()).get(b)!).add(a);
  }
  return data.rows.map(([code, description, description_cyrillic, group, category, hazard_classes]) => ({
    code,
    description,
    description_cyrillic,
    group,
    category,
    hazard_classes,
    incompatible_codes: [...(incompatible.get(code) ?? [])].sort(),
    created_by: "reference seed",
    modified_by: "reference seed",
  }));
}

export function buildChargeCodes(): Array<typeof chargeCodes.$inferInsert> {
  const data = readData<{ entitlements: Record<string, string>; bases: Record<string, string> }>("charge-codes.json");
  return Object.entries(data.bases).flatMap(([base, description]) =>
    Object.entries(data.entitlements).map(([letter, due]) => ({ code: `${base}${letter}`, description: `${description} (${due})` })),
  );
}
