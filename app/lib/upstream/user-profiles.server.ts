import type { Upstream } from "./client.server";
import { failureCodes } from "./refusal-message";
import { ALREADY_EXISTS, mapCodes, type UpstreamFailure } from "./errors";
import { UserProfileSchema, pageOf } from "./schemas";

import type { UserProfileRole } from "./user-profile-roles";

export interface UserProfileInput {
  email?: string;
  description: string;
  role: UserProfileRole;
  blocked: boolean;
  stations_allowed: string[];
  stations_denied: string[];
}

/** Spec 3 §8: user_profile_exists → Exists; must_be_system_user → EmptyFields (create and update). */
const userProfileErrors = mapCodes([ALREADY_EXISTS, [422, "must_be_system_user", "EmptyFields"]]);

/**
 * The API's refusals that keep a company managed (422): nobody removes, blocks or demotes themselves, and the
 * last active admin stays. Answered as keys of the users namespace, since spec 3 §8 has no code for them.
 */
const ADMIN_GUARD_REFUSALS = [
  ["self_change_refused", "users:notices.refusedSelf"],
  ["last_admin_refused", "users:notices.refusedLastAdmin"],
] as const;
export type AdminGuardRefusal = (typeof ADMIN_GUARD_REFUSALS)[number][1];

export function adminGuardRefusal(failure: UpstreamFailure): AdminGuardRefusal | null {
  if (failure.status !== 422) return null;
  const codes = failureCodes(failure);
  const rule = ADMIN_GUARD_REFUSALS.find(([code]) => codes.includes(code));
  return rule ? rule[1] : null;
}

const base = (companyId: number) => `api/v3/companies/${companyId}/user_profiles`;

export function listUserProfiles(api: Upstream, companyId: number, query: { page: number; per_page: number; q?: string }) {
  return api.get(base(companyId), { query, schema: pageOf(UserProfileSchema) });
}

export function getUserProfile(api: Upstream, companyId: number, id: number) {
  return api.get(`${base(companyId)}/${id}`, { schema: UserProfileSchema });
}

export function createUserProfile(api: Upstream, companyId: number, input: UserProfileInput) {
  return api.post(base(companyId), { json: { user_profile: input }, schema: UserProfileSchema, errors: userProfileErrors });
}

export function updateUserProfile(api: Upstream, companyId: number, id: number, input: UserProfileInput) {
  return api.patch(`${base(companyId)}/${id}`, { json: { user_profile: input }, schema: UserProfileSchema, errors: userProfileErrors });
}

export function deleteUserProfile(api: Upstream, companyId: number, id: number) {
  return api.delete(`${base(companyId)}/${id}`);
}
