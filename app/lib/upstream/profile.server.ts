import { z } from "zod";
import type { Upstream } from "./client.server";
import { AvailableRoleSchema, NotificationSchema, ProfileSchema, UiSettingsSchema } from "./schemas";

export function getProfile(api: Upstream) {
  return api.get("api/v3/profiles/me", { schema: ProfileSchema });
}

export function getAvailableRoles(api: Upstream) {
  return api.get("api/v3/profiles/available_roles", { schema: z.array(AvailableRoleSchema) });
}

export function switchCurrentRole(api: Upstream, id: number) {
  return api.patch("api/v3/profiles/current_role", { json: { id } });
}

/** The upstream knows en and ru only: Spanish (tenant v0) is sent as ru (spec 1 §4). */
export function setProfileLocale(api: Upstream, locale: string) {
  return api.patch("api/v3/profiles/locale", { form: { locale: locale === "es" ? "ru" : locale } });
}

export function getCompanyUiSettings(api: Upstream) {
  return api.get("api/v3/companies/ui_settings", { schema: UiSettingsSchema });
}

export function getGlobalNotifications(api: Upstream, carrier: string | null) {
  return api.get("api/v3/global_notifications/active", {
    query: { carrier: carrier ?? undefined },
    schema: z.object({ data: z.array(NotificationSchema) }),
  });
}
