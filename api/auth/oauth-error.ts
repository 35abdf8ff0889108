import { HttpError, } from "../http/errors";
import { type RefusalCode, type RefusalParams, sentenceOf } from "../http/refusals";

/**
 * OAuth 2 error answer (RFC 6749 §5.2): { error, error_description }, with the refusal's code beside them (DESIGN
 * §4b): `error` is OAuth's kind (invalid_grant), `code` which case of it (account_blocked), worded in error_description.
 */
export const oauthError = (status: number, error: string, code: RefusalCode, params: RefusalParams = {}) =>
  new HttpError(status, { error, error_description: sentenceOf(code, params), code, params });

export const invalidGrant = (code: RefusalCode) => oauthError(400, "invalid_grant", code);

/** 401 for a missing, expired or revoked bearer token (RFC 6750 §3.1). */
export const invalidToken = (code: RefusalCode = "token_invalid") =>
  new HttpError(
    401,
    { error: "invalid_token", error_description: sentenceOf(code), code, params: {} },
    { "www-authenticate": `Bearer realm="Cargo Desk", error="invalid_token"` },
  );
