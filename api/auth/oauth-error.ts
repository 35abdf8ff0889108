import { HttpError } from "../http/errors";

/** OAuth 2 error answer (RFC 6749 §5.2): { error, error_description }. */
export const oauthError = (status: number, error: string, description: string) =>
  new HttpError(status, { error, error_description: description });

export const invalidGrant = (description: string) => oauthError(400, "invalid_grant", description);

/** 401 for a missing, expired or revoked bearer token (RFC 6750 §3.1). */
export const invalidToken = (description = "The access token is invalid") =>
  new HttpError(
    401,
    { error: "invalid_token", error_description: description },
    { "www-authenticate": `Bearer realm="Cargo Desk", error="invalid_token"` },
  );
