import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  claimNameFault,
  domainFault,
  issuerFault,
  isProviderRole,
  PROVIDER_ROLES,
  PROVIDER_SETTING_LIMITS as LIMITS,
  roleMapFaults,
} from "../../cargo/identity/provider-setting";
import { carrierFromHeader } from "../auth/tenant";
import { seal } from "../auth/secret-box";
import { airlines, identityProviders } from "../db/schema";
import { loopbackAllowed } from "../outgoing/post-url";
import type { IdentityProvider } from "../db/tables/identity-providers";
import { addRefusal, notFound, refuse } from "../http/errors";
import { Text, TEXT_MAX } from "../http/input";
import { said } from "../http/refusals";
import { FormBoolean, resourceErrors, StampsShape } from "../http/schemas";
import { allow, carrierForWrite, scopeCarrier, type Who } from "./access";
import { BLANK, optText, throwIfErrors, type FieldErrors } from "./common";

// A tenant's own OpenID Connect provider (issue 26, docs/sso.md): platform staff and the airline's admins read and
// set it; the sign-in page asks, without a token, whether the tenant offers it. The client secret goes in and is
// sealed (api/auth/secret-box.ts); no answer ever carries it, only whether one is set. The rules between fields live
// in cargo/identity so that the BFF's form refuses what the API refuses.

/** Platform staff, and the admins of the airline whose tenant it is (an airline user only ever reaches their own). */
const WHO: Who = { platform: true, airline: ["admin"] };

const tags = ["identity provider"];

export const IdentityProviderSchema = z.object({
  id: z.number().int(),
  carrier: z.string().describe("the tenant (upper-case code)"),
  issuer: z.string().describe("the provider's issuer URL, exactly as its tokens name it"),
  client_id: z.string(),
  client_secret_set: z.boolean().describe("a client secret is stored (it is never answered)"),
  allowed_domains: z.array(z.string()).describe("e-mail domains allowed to sign in; empty: any"),
  role_claim: z.string().nullable().describe("the claim the role table reads (groups, roles, ...)"),
  role_map: z.array(z.object({ value: z.string(), role: z.enum(PROVIDER_ROLES) })).describe("claim value → role, first match wins"),
  default_role: z.enum(PROVIDER_ROLES).nullable().describe("the role when no row matches; null: such a user is refused"),
  create_users: z.boolean().describe("a user the product does not know is created on first sign-in"),
  password_sign_in: z.boolean().describe("the password form stays beside the provider's button"),
  ...StampsShape,
});

const answerOf = (row: IdentityProvider) => {
  const { client_secret_sealed, ...rest } = row;
  return { ...rest, client_secret_set: client_secret_sealed.length > 0 };
};

/** Blank or absent: left as stored (on the first setting, refused as blank). */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const trimmed = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), Text(max));

const Fields = z.object({
  issuer: z.preprocess(blankToUndefined, trimmed(LIMITS.url).optional()),
  client_id: z.preprocess(blankToUndefined, trimmed(LIMITS.clientId).optional()),
  /** Blank or absent on a change: the stored secret stays. */
  client_secret: z.preprocess(blankToUndefined, Text(LIMITS.clientSecret).optional()),
  allowed_domains: z
    .array(z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), Text(LIMITS.domain)))
    .max(LIMITS.domains, said("too_many", { max: LIMITS.domains }))
    .optional(),
  role_claim: optText(LIMITS.claim),
  role_map: z
    .array(z.object({ value: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), Text(LIMITS.claimValue).min(1, BLANK)), role: Text(TEXT_MAX.code) }))
    .max(LIMITS.roleMappings, said("too_many", { max: LIMITS.roleMappings }))
    .optional(),
  default_role: optText(TEXT_MAX.code),
  create_users: FormBoolean.optional(),
  password_sign_in: FormBoolean.optional(),
});

const CarrierQuery = z.object({ carrier: z.string().max(TEXT_MAX.code).trim().optional().describe("platform only: the tenant (else the Carrier header)") });

/** The refusals of a setting's fields (the rules of cargo/identity), by field; a role table's rows as role_map.N.role. */
function faultsOf(values: z.infer<typeof Fields>, allowLoopback: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (values.issuer !== undefined) {
    const fault = issuerFault(values.issuer, allowLoopback);
    if (fault) addRefusal(errors, "issuer", fault);
  }
  values.allowed_domains?.forEach((domain, i) => {
    const fault = domainFault(domain);
    if (fault) addRefusal(errors, `allowed_domains.${i}`, fault);
  });
  if (values.role_claim) {
    const fault = claimNameFault(values.role_claim);
    if (fault) addRefusal(errors, "role_claim", fault);
  }
  roleMapFaults(values.role_map ?? []).forEach((fault, i) => {
    if (fault) addRefusal(errors, `role_map.${i}.${fault === "not_a_role" ? "role" : "value"}`, fault);
  });
  if (values.default_role && !isProviderRole(values.default_role)) addRefusal(errors, "default_role", "not_a_role");
  return errors;
}

export const identityProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const allowLoopback = loopbackAllowed(config);

  /** The tenant's row, or 404 identity_provider_not_found (also for a tenant the caller may not name). */
  const rowOf = async (carrier: string | null) => {
    const [row] = carrier ? await db.select().from(identityProviders).where(eq(identityProviders.carrier, carrier)).limit(1) : [];
    return row ?? null;
  };

  app.get(
    "/api/v3/identity_provider",
    {
      schema: {
        tags,
        summary: "The tenant's identity provider (platform staff, the airline's admins)",
        querystring: CarrierQuery,
        response: { 200: z.object({ identity_provider: IdentityProviderSchema }), ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, WHO);
      const row = await rowOf(scopeCarrier(request.auth, request.query.carrier));
      if (!row) throw notFound("identity_provider_not_found");
      return { identity_provider: answerOf(row) };
    },
  );

  app.put(
    "/api/v3/identity_provider",
    {
      schema: {
        tags,
        summary: "Sets the tenant's identity provider (the client secret is required the first time, kept when left out)",
        querystring: CarrierQuery,
        body: z.object({ identity_provider: Fields }),
        response: { 200: z.object({ identity_provider: IdentityProviderSchema }), ...resourceErrors, 503: resourceErrors[422] },
      },
    },
    async (request) => {
      allow(request.auth, WHO);
      const carrier = await carrierForWrite(db, request.auth, request.query.carrier);
      const values = request.body.identity_provider;
      const existing = await rowOf(carrier);
      const errors = faultsOf(values, allowLoopback);
      if (!existing) {
        for (const field of ["issuer", "client_id", "client_secret"] as const) if (values[field] === undefined) addRefusal(errors, field, "blank");
      }
      throwIfErrors(errors);
      if (values.client_secret !== undefined && !config.IDENTITY_SECRET_KEY) throw refuse(503, "identity_secret_unset");
      const columns = {
        ...(values.issuer !== undefined ? { issuer: values.issuer } : {}),
        ...(values.client_id !== undefined ? { client_id: values.client_id } : {}),
        ...(values.client_secret !== undefined ? { client_secret_sealed: seal(values.client_secret, config.IDENTITY_SECRET_KEY!) } : {}),
        ...(values.allowed_domains !== undefined ? { allowed_domains: [...new Set(values.allowed_domains)] } : {}),
        ...(values.role_claim !== undefined ? { role_claim: values.role_claim } : {}),
        ...(values.role_map !== undefined ? { role_map: values.role_map as IdentityProvider["role_map"] } : {}),
        ...(values.default_role !== undefined ? { default_role: values.default_role as IdentityProvider["default_role"] } : {}),
        ...(values.create_users !== undefined ? { create_users: values.create_users } : {}),
        ...(values.password_sign_in !== undefined ? { password_sign_in: values.password_sign_in } : {}),
      };
      const [row] = existing
        ? await db
            .update(identityProviders)
            .set({ ...columns, updated_at: app.deps.now() })
            .where(eq(identityProviders.id, existing.id))
            .returning()
        : await db
            .insert(identityProviders)
            // the three are there: a first setting without them was refused above
            .values({ carrier, issuer: values.issuer!, client_id: values.client_id!, client_secret_sealed: columns.client_secret_sealed!, ...columns })
            .onConflictDoUpdate({ target: identityProviders.carrier, set: { ...columns, updated_at: app.deps.now() } })
            .returning();
      return { identity_provider: answerOf(row!) };
    },
  );

  app.delete(
    "/api/v3/identity_provider",
    {
      schema: { tags, summary: "Removes the tenant's identity provider (its users keep their accounts)", querystring: CarrierQuery, response: { 204: z.null(), ...resourceErrors } },
    },
    async (request, reply) => {
      allow(request.auth, WHO);
      const carrier = scopeCarrier(request.auth, request.query.carrier);
      const deleted = carrier ? await db.delete(identityProviders).where(eq(identityProviders.carrier, carrier)).returning({ id: identityProviders.id }) : [];
      if (deleted.length === 0) throw notFound("identity_provider_not_found");
      return reply.code(204).send(null);
    },
  );
};

/** What the sign-in page of a tenant offers (no token: the page is shown before anyone signs in). */
export const SignInOptionsSchema = z.object({
  provider: z.boolean().describe("the tenant has an identity provider: the page offers its button"),
  company: z.string().nullable().describe("the name the button gives the provider (the airline's)"),
  password_sign_in: z.boolean().describe("the password form is shown"),
});

export const identityProviderSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    "/api/v3/identity_provider/sign_in",
    { schema: { tags, summary: "How the tenant's staff sign in: with its provider, the password form, or both", response: { 200: SignInOptionsSchema } } },
    async (request) => {
      const carrier = carrierFromHeader(request);
      const [row] = carrier
        ? await db
            .select({ password_sign_in: identityProviders.password_sign_in, company: airlines.name })
            .from(identityProviders)
            .leftJoin(airlines, eq(airlines.carrier, identityProviders.carrier))
            .where(eq(identityProviders.carrier, carrier))
            .limit(1)
        : [];
      return row ? { provider: true, company: row.company, password_sign_in: row.password_sign_in } : { provider: false, company: null, password_sign_in: true };
    },
  );
};
