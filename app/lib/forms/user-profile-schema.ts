import { z } from "zod";
import { USER_PROFILE_ROLES } from "../upstream/user-profile-roles";

/** "SVO, LED" → ["SVO","LED"]; each must be a three-letter IATA code. Empty = all (allowed) / none (denied). */
const stations = z
  .string()
  .optional()
  .transform((text) =>
    (text ?? "")
      .split(/[\s,;]+/)
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[A-Z]{3}$/, "errors:iata")));

/** The users dialog (create and edit), shared by the browser and the action. Messages are i18n keys. */
export const UserProfileFormSchema = z.object({
  intent: z.enum(["create", "update"]),
  id: z.coerce.number().int().positive().optional(),
  email: z.string({ required_error: "errors:required" }).trim().email("errors:email"),
  description: z.string().trim().max(255, "errors:max").optional(),
  role: z.enum(USER_PROFILE_ROLES, { required_error: "errors:required" }),
  blocked: z.boolean().optional(),
  stations_allowed: stations,
  stations_denied: stations,
});
export type UserProfileForm = z.infer<typeof UserProfileFormSchema>;
