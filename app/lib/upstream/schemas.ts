import { z } from "zod";

/** Numeric fields may arrive as text or number (spec 2 §3). */
export const NumberLike = z.union([z.number(), z.string().transform((s) => Number(s))]);

// Loose readers of optional wire fields (an airline's own backend may send numbers as text and leave optional
// fields out): absent or null reads as null, [] or false, never as a parse failure.
/** Optional text: null when absent. */
export const LooseText = z.string().nullish().transform((v) => v ?? null);
/** Optional number (or numeric text): null when absent or not a number. */
export const LooseNumber = NumberLike.nullish().transform((v) => (v === undefined || v === null || Number.isNaN(v) ? null : v));
/** Optional list of codes: [] when absent. */
export const LooseCodes = z.array(z.string()).nullish().transform((v) => v ?? []);
/** Optional flag: false when absent. */
export const LooseFlag = z.boolean().nullish().transform((v) => v ?? false);
/** A record's `actions`, what the caller may do with it now: each named flag false when absent, all false without the block. */
export function LooseActions<K extends string>(...names: K[]) {
  const none = () => Object.fromEntries(names.map((name) => [name, false])) as Record<K, boolean>;
  return z
    .object(Object.fromEntries(names.map((name) => [name, LooseFlag])) as Record<K, typeof LooseFlag>)
    .nullish()
    .transform((a) => a ?? none());
}

export const TokenSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.string().default("Bearer"),
  created_at: NumberLike,
  expires_in: NumberLike,
  scope: z.string().nullish(),
  email: z.string().nullish(),
});
export type TokenAnswer = z.infer<typeof TokenSchema>;

export const ProfileSchema = z.object({
  id: NumberLike,
  email: z.string(),
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
  locale: z.string().nullish(),
  phone: z.string().nullish(),
  role: z.string().nullish(),
  system: z.boolean().nullish(),
  company_id: NumberLike.nullish(),
  company_name: z.string().nullish(),
  company_short_name: z.string().nullish(),
  company_business_type: z.string().nullish(),
  operations_type: z.string().nullish(),
  bi_dashboard_id: z.union([z.string(), z.number()]).nullish(),
  permitted_carriers: z.array(z.string()).nullish(),
  permitted_external_airlines: z
    .array(z.object({ awb_prefix: z.string().nullish(), carrier: z.string().nullish(), name: z.string().nullish() }))
    .nullish(),
  stations_allowed: z.array(z.string()).nullish(),
  stations_denied: z.array(z.string()).nullish(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const AvailableRoleSchema = z.object({
  id: NumberLike,
  name: z.string().nullish(),
  company_name: z.string().nullish(),
  company_short_name: z.string().nullish(),
  current: z.boolean().default(false),
});
export type AvailableRole = z.infer<typeof AvailableRoleSchema>;

export const UiSettingsSchema = z
  .object({
    has_access_to_new_air_waybills_page: z.boolean().nullish(),
    show_settings: z.boolean().nullish(),
    show_loadfactor_data: z.boolean().nullish(),
    tax_id_required: z.boolean().nullish(),
    awb_prefix: z.string().nullish(),
    settlements_rule: z
      .object({ balances_enabled: z.boolean().nullish(), cass_link_report: z.boolean().nullish() })
      .nullish(),
  })
  .passthrough();

export const NotificationSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  en_text: z.string().nullish(),
  ru_text: z.string().nullish(),
  es_text: z.string().nullish(),
  text: z.string().nullish(),
  level: z.string().nullish(),
  active: z.boolean().nullish(),
  show_once: z.boolean().nullish(),
  created_at: z.string().nullish(),
});
export type GlobalNotification = z.infer<typeof NotificationSchema>;

export const PageMetaSchema = z.object({
  current_page: NumberLike,
  next_page: NumberLike.nullable(),
  prev_page: NumberLike.nullable(),
  total_pages: NumberLike,
  total_count: NumberLike,
  per_page: NumberLike,
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** One envelope for every list call (DESIGN §4). */
export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), meta: PageMetaSchema });
}

export const UserProfileSchema = z.object({
  id: NumberLike,
  email: z.string(),
  description: z.string().nullish(),
  roles: z.array(z.object({ id: NumberLike.nullish(), name: z.string() })).default([]),
  blocked: z.boolean().default(false),
  stations_allowed: z.array(z.string()).default([]),
  stations_denied: z.array(z.string()).default([]),
  system: z.boolean().nullish(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;
