/** Role names on user records (spec 1 §6); "operator" is the Default role. Shared by forms and calls. */
export const USER_PROFILE_ROLES = ["admin", "operator", "manager", "billing", "ics_inspector", "com_cor"] as const;
export type UserProfileRole = (typeof USER_PROFILE_ROLES)[number];
