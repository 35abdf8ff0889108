import { LRUCache } from "lru-cache";
import type { Upstream } from "../upstream/client.server";
import { getCompanyUiSettings } from "../upstream/profile.server";
import type { UiSettings } from "../access/types";

/**
 * Company UI settings, cached per process for 600 s (spec 1 §9). The key holds the API, tenant, company and role,
 * so a role or company switch reads fresh settings, and one API's settings are never taken for another's.
 */
const cache = new LRUCache<string, UiSettings>({ max: 5_000, ttl: 600_000 });

export function uiSettingsKey(api: Upstream, tenantCode: string, companyId: number | null, role: string | null): string {
  return `${api.baseUrl}|${tenantCode}|${companyId ?? "-"}|${role ?? "-"}`;
}

export async function loadUiSettings(api: Upstream, key: string): Promise<UiSettings> {
  const hit = cache.get(key);
  if (hit) return hit;
  const result = await getCompanyUiSettings(api);
  if (!result.ok) return {}; // spec 3 §8: a failed reference fetch yields an empty value; every gate then stays closed
  const d = result.data;
  const settings: UiSettings = {
    has_access_to_new_air_waybills_page: d.has_access_to_new_air_waybills_page ?? false,
    show_settings: d.show_settings ?? false,
    show_loadfactor_data: d.show_loadfactor_data ?? false,
    tax_id_required: d.tax_id_required ?? false,
    balances_enabled: d.settlements_rule?.balances_enabled ?? false,
    cass_link_report: d.settlements_rule?.cass_link_report ?? false,
    awb_prefix: d.awb_prefix ?? null,
  };
  cache.set(key, settings);
  return settings;
}

export function forgetUiSettings(key: string) {
  cache.delete(key);
}
