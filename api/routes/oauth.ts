import formbody from "@fastify/formbody";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerToken } from "../auth/authenticate";
import { clientAddressOf } from "../auth/client-address";
import { invalidToken, oauthError } from "../auth/oauth-error";
import { passwordGrant, refreshGrant } from "../auth/sign-in";
import { PROVIDER_CODE_GRANT, providerCodeGrant } from "../auth/provider-sign-in";
import { carrierFromHeader } from "../auth/tenant";
import { accessExpiresAt, findAccessGrant, revokeToken } from "../auth/tokens";
import { Text, TEXT_MAX } from "../http/input";
import { EmptyObjectSchema, ErrorSchema, FormBoolean } from "../http/schemas";
import { formBodyOptions } from "../http/request-limits";

const TokenRequestSchema = z
  .object({
    grant_type: Text(TEXT_MAX.search).optional().describe(`password | refresh_token | ${PROVIDER_CODE_GRANT}`),
    username: Text(TEXT_MAX.name).optional(),
    password: Text(TEXT_MAX.name).optional(),
    remember_me: FormBoolean.optional(),
    refresh_token: Text(TEXT_MAX.name).optional(),
    // the provider-code grant (docs/sso.md): what came back to the BFF's callback, and what it kept to prove it
    code: Text(2048).optional(),
    code_verifier: Text(128).optional(),
    redirect_uri: Text(2048).optional(),
    nonce: Text(256).optional(),
  })
  .default({});

const TokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  created_at: z.number().int().describe("unix seconds"),
  email: z.string(),
});

const TokenInfoSchema = z.object({
  resource_owner_id: z.number().int(),
  scope: z.array(z.string()),
  expires_in: z.number().int().describe("seconds left"),
  created_at: z.number().int(),
});

const missing = (what: string) => oauthError(400, "invalid_request", "missing_parameter", { parameter: what });

/** OAuth 2 token service: password and refresh-token grants, revocation (RFC 7009) and token info. */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  // HTML-form-style clients post application/x-www-form-urlencoded, as RFC 6749 prescribes.
  await app.register(formbody, formBodyOptions);

  app.post(
    "/oauth/token",
    {
      schema: {
        tags: ["oauth"],
        summary: "Sign in (password grant, or the provider-code grant of a tenant's identity provider) or renew (refresh_token grant)",
        body: TokenRequestSchema,
        response: { 200: TokenAnswerSchema, 400: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const carrier = carrierFromHeader(request);
      if (body.grant_type === "password") {
        if (!body.username) throw missing("username");
        if (body.password === undefined) throw missing("password");
        return passwordGrant(request.server.deps, {
          username: body.username,
          password: body.password,
          remember_me: body.remember_me ?? false,
          carrier,
          clientAddress: clientAddressOf(request, request.server.deps.config.CLIENT_ADDRESS_SECRET),
        });
      }
      if (body.grant_type === "refresh_token") {
        if (!body.refresh_token) throw missing("refresh_token");
        return refreshGrant(request.server.deps, body.refresh_token, carrier);
      }
      if (body.grant_type === PROVIDER_CODE_GRANT) {
        for (const name of ["code", "code_verifier", "redirect_uri", "nonce"] as const) if (!body[name]) throw missing(name);
        return providerCodeGrant(request.server.deps, {
          code: body.code!,
          code_verifier: body.code_verifier!,
          redirect_uri: body.redirect_uri!,
          nonce: body.nonce!,
          remember_me: body.remember_me ?? false,
          carrier,
          clientAddress: clientAddressOf(request, request.server.deps.config.CLIENT_ADDRESS_SECRET),
        });
      }
      throw oauthError(400, "unsupported_grant_type", "unsupported_grant_type");
    },
  );

  app.post(
    "/oauth/revoke",
    {
      schema: {
        tags: ["oauth"],
        summary: "Revoke a grant by its access or refresh token; always 200 (RFC 7009)",
        body: z.object({ token: z.string().optional() }).default({}),
        response: { 200: EmptyObjectSchema },
      },
    },
    async (request) => {
      if (request.body.token) await revokeToken(request.server.deps, request.body.token);
      return {};
    },
  );

  app.get(
    "/oauth/token/info",
    {
      schema: {
        tags: ["oauth"],
        summary: "Introspect the bearer access token",
        security: [{ bearerAuth: [] }],
        response: { 200: TokenInfoSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      const grant = token ? await findAccessGrant(request.server.deps, token) : null;
      if (!grant) throw invalidToken();
      const left = (accessExpiresAt(grant).getTime() - request.server.deps.now().getTime()) / 1000;
      return {
        resource_owner_id: grant.user_id,
        scope: grant.scope.split(" "),
        expires_in: Math.max(0, Math.floor(left)),
        created_at: Math.floor(grant.created_at.getTime() / 1000),
      };
    },
  );
};
