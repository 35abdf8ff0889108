import { tenantGroup } from "./tenant-group";

/**
 * Tenant-code lists behind the "listed airlines" gates of spec 1 §6. Codes are lower-case tenant codes.
 *
 * The spec shows only example codes, and for several gates none at all. Where it gives codes we use them;
 * where it does not, the choice is ours and is marked "chosen". Every list can be replaced in production
 * with the env var AIRLINES_<UPPER_SNAKE> (e.g. AIRLINES_FLIGHT_EDIT="s7,u6"), see parseAirlineLists.
 */
export interface AirlineLists {
  /** ACI flights tab for airline users. Chosen: the tracking list (ACI is a tracking-side customs feature). */
  aci: readonly string[];
  /** Flight create/edit for airline Managers. Chosen: the tracking list (airlines that run flights here). */
  flightEdit: readonly string[];
  /** Tariff create/edit for airline Managers outside staging. Chosen: the billing-sending list. */
  tariffEdit: readonly string[];
  /** Settlements for airline and forwarder users. Chosen: billing sending ∪ balances. */
  settlements: readonly string[];
  /** Settings → users for airline Admins outside staging. Spec: s7, y7. */
  usersManagement: readonly string[];
  /** Airlines whose Managers may NOT upload SSIM. Spec names none; chosen: empty (nobody excluded). */
  ssimUploadExcluded: readonly string[];
  /** Airlines where forwarder Default may NOT open settings → parties. Spec names none; chosen: empty. */
  partiesExcluded: readonly string[];
  /** Feature requests for airline Managers. Spec: C6, Y7. */
  featureRequests: readonly string[];
  /** Spec: 2s, 4b, dp, i8, n4, s7, u6. */
  tracking: readonly string[];
  /** Spec: b2, u6, v0. */
  reception: readonly string[];
  /** House waybills for non-platform users. Spec: 2S, 4B, C6, U6, V0, Y3. */
  houseWaybill: readonly string[];
  /** Spec: 2G, 2S, 5N, 7R, A4, B2, C6, DV, HZ, I8, N4, PI, R3, S7, UT, U6, YC, Y7. */
  billingSending: readonly string[];
  /** Balances pages (alternatively the balances_enabled UI setting). Spec: hh, y7. */
  balances: readonly string[];
  /** Settings → airline customers for airline users. Spec: 4B, C6, U6, UT, YC. */
  customers: readonly string[];
  /** Spec: c6. */
  charters: readonly string[];
  /** Custom waybill number input by forwarders. Spec: c6, su. */
  customWaybillNumber: readonly string[];
  /** Forwarder tenants allowed to copy waybills. Spec gives no names; chosen: empty. */
  copyWaybills: readonly string[];
}

export type AirlineListName = keyof AirlineLists;

const TRACKING = ["2s", "4b", "dp", "i8", "n4", "s7", "u6"] as const;
const BILLING_SENDING = [
  "2g", "2s", "5n", "7r", "a4", "b2", "c6", "dv", "hz", "i8", "n4", "pi", "r3", "s7", "ut", "u6", "yc", "y7",
] as const;
const BALANCES = ["hh", "y7"] as const;

export const DEFAULT_AIRLINE_LISTS: Readonly<AirlineLists> = Object.freeze({
  aci: [...TRACKING],
  flightEdit: [...TRACKING],
  tariffEdit: [...BILLING_SENDING],
  settlements: [...new Set([...BILLING_SENDING, ...BALANCES])],
  usersManagement: ["s7", "y7"],
  ssimUploadExcluded: [],
  partiesExcluded: [],
  featureRequests: ["c6", "y7"],
  tracking: [...TRACKING],
  reception: ["b2", "u6", "v0"],
  houseWaybill: ["2s", "4b", "c6", "u6", "v0", "y3"],
  billingSending: [...BILLING_SENDING],
  balances: [...BALANCES],
  customers: ["4b", "c6", "u6", "ut", "yc"],
  charters: ["c6"],
  customWaybillNumber: ["c6", "su"],
  copyWaybills: [],
});

export const AIRLINE_LIST_NAMES = Object.keys(DEFAULT_AIRLINE_LISTS) as AirlineListName[];

/** "flightEdit" → "AIRLINES_FLIGHT_EDIT". */
export function airlineListEnvName(name: AirlineListName): string {
  return `AIRLINES_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/**
 * The lists, each replaced by its env var when set: comma-separated codes, trimmed and lower-cased.
 * A set but empty variable means "no tenant" (an explicit override), an unset one keeps the default.
 */
export function parseAirlineLists(env: Record<string, string | undefined>): AirlineLists {
  const lists = {} as Record<AirlineListName, readonly string[]>;
  for (const name of AIRLINE_LIST_NAMES) {
    const raw = env[airlineListEnvName(name)];
    lists[name] =
      raw === undefined
        ? DEFAULT_AIRLINE_LISTS[name]
        : [...new Set(raw.split(",").map((c) => c.trim().toLowerCase()).filter(Boolean))];
  }
  return lists;
}

/** Whether the tenant code (or its group: eo counts as n4) is on the list. */
export function listIncludes(list: readonly string[], code: string): boolean {
  const group = tenantGroup(code);
  return list.some((entry) => tenantGroup(entry) === group);
}
