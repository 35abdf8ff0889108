import { z } from "zod";
import { USER_PROFILE_ROLES } from "../upstream/user-profile-roles";
import { codeList, IATA, tooLong } from "./field-rules";
import { idField } from "./decimal-field";

/** "SVO, LED" → ["SVO","LED"]; each must be a three-letter IATA code. Empty = all (allowed) / none (denied). */
const stations = codeList(IATA, "errors:iata");

/** The users dialog (create and edit), shared by the browser and the action. Messages are i18n keys. */
export const UserProfileFormSchema = z.object({
  intent: z.enum(["create", "update"]),
  id: idField().optional(),
  email: z.string({ required_error: "errors:required" }).trim().email("errors:email"),
  description: z.string().trim().max(255, tooLong(255)).optional(),
  role: z.enum(USER_PROFILE_ROLES, { required_error: "errors:required" }),
  blocked: z.boolean().optional(),
  stations_allowed: stations,
  stations_denied: stations,
});
export type UserProfileForm = z.infer<typeof UserProfileFormSchema>;
