import type { Upstream } from "./client.server";
import { mapCodes, TAKEN } from "./errors";
import { TokenSchema } from "./schemas";

/** Token service calls (spec 3 §7 "Authentication and profile"). */
export function passwordGrant(api: Upstream, input: { email: string; password: string; rememberMe: boolean }) {
  return api.post("oauth/token", {
    json: { grant_type: "password", username: input.email, password: input.password, remember_me: input.rememberMe },
    schema: TokenSchema,
  });
}

export function refreshGrant(api: Upstream, refreshToken: string) {
  return api.post("oauth/token", { json: { grant_type: "refresh_token", refresh_token: refreshToken }, schema: TokenSchema });
}

export function revokeToken(api: Upstream, token: string) {
  return api.post("oauth/revoke", { json: { token } });
}

/** Reset-link request. The answer never says whether the e-mail is known. */
export function requestPasswordReset(api: Upstream, email: string, redirectUrl: string) {
  return api.post("api/v2/users/password", { json: { user: { email, redirect_url: redirectUrl } } });
}

/** Devise-style 422 refusals by code, classified as spec 3 §5 says. */
const passwordChangeErrors = mapCodes([
  [422, "password_confirmation", "ConfirmationNotMatch"],
  [422, "too_short", "PasswordTooShort"],
  [422, "reset_token_invalid", "TokenInvalid"],
]);

export function changePassword(api: Upstream, input: { token: string; password: string; confirmation: string }) {
  return api.put("api/v2/users/password", {
    json: { user: { reset_password_token: input.token, password: input.password, password_confirmation: input.confirmation } },
    errors: passwordChangeErrors,
  });
}

export function registerUser(
  api: Upstream,
  user: { email: string; password: string; password_confirmation: string; firstname: string; lastname: string; phone?: string },
) {
  return api.post<{ id: number; email: string }>("api/v2/users", {
    json: { user },
    errors: mapCodes([TAKEN]),
  });
}
