import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { open } from "../../api/auth/secret-box";
import { identityProviders } from "../../api/db/schema";
import { addUser, call, makeTestApi, signIn, useTestApi } from "./helpers";

/**
 * Issue 26: a tenant's own identity provider as platform staff and the airline's admins set it (docs/sso.md): the
 * client secret sealed and never answered, the fields held to cargo/identity's rules with a code per refusal, the
 * sign-in page told what to offer without a token, and nobody else, on no other tenant, reading or changing it.
 */
const KEY = "test-identity-secret-key-0123456789abcdef";
const { t, accounts } = useTestApi({ signIn: ["s7Admin", "s7Manager", "platform", "forwarderOnS7"], config: { IDENTITY_SECRET_KEY: KEY, OUTGOING_URL_ALLOW_LOOPBACK: true } });

const URL = "/api/v3/identity_provider";
const SETTING = {
  issuer: "https://login.s7.test/realms/cargo",
  client_id: "cargo-desk",
  client_secret: "s3cr3t-of-the-client-0123456789",
  allowed_domains: ["S7.test", "s7-group.test"],
  role_claim: "groups",
  role_map: [
    { value: "cargo-admins", role: "admin" },
    { value: "cargo-desk", role: "manager" },
  ],
  default_role: "operator",
  create_users: true,
  password_sign_in: false,
};

/** A PUT on a tenant (S7's unless named; null: the default tenant, where platform staff name one in the query). */
const put = (tokens: Parameters<typeof call>[1], body: object, carrier: string | null = "s7", query = "") =>
  call(t.app, tokens, "PUT", `${URL}${query}`, { carrier: carrier ?? undefined, payload: { identity_provider: body } });

const signInOptions = async (carrier?: string) =>
  (await t.app.inject({ method: "GET", url: `${URL}/sign_in`, headers: carrier ? { carrier } : {} })).json();

const codesOf = (res: { json(): { error_codes?: Record<string, Array<{ code: string }>> } }) =>
  Object.fromEntries(Object.entries(res.json().error_codes ?? {}).map(([field, list]) => [field, list.map((r) => r.code)]));

describe("a tenant's identity provider setting", () => {
  it("is set by the airline's admin, its secret sealed and never answered, and offered on the sign-in page", async () => {
    expect(await signInOptions("s7")).toEqual({ provider: false, company: null, password_sign_in: true });
    const res = await put(accounts.s7Admin, SETTING);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().identity_provider;
    expect(answer).toMatchObject({ carrier: "S7", issuer: SETTING.issuer, client_id: "cargo-desk", client_secret_set: true, allowed_domains: ["s7.test", "s7-group.test"], role_claim: "groups", default_role: "operator", create_users: true, password_sign_in: false });
    expect(answer.role_map).toEqual(SETTING.role_map);
    expect(res.body).not.toContain(SETTING.client_secret);
    expect(res.body).not.toContain("sealed");

    const [row] = await t.database.db.select().from(identityProviders).where(eq(identityProviders.carrier, "S7"));
    expect(row!.client_secret_sealed).not.toContain(SETTING.client_secret);
    expect(open(row!.client_secret_sealed, KEY)).toBe(SETTING.client_secret);
    expect(open(row!.client_secret_sealed, `${KEY}-another`)).toBeNull();

    const read = await call(t.app, accounts.s7Admin, "GET", URL, { carrier: "s7" });
    expect(read.statusCode).toBe(200);
    expect(read.json().identity_provider).toEqual(answer);
    expect(read.body).not.toContain(SETTING.client_secret);
    expect(await signInOptions("s7")).toEqual({ provider: true, company: "S7 Airlines", password_sign_in: false });
    expect(await signInOptions("su")).toEqual({ provider: false, company: null, password_sign_in: true });
    expect(await signInOptions()).toEqual({ provider: false, company: null, password_sign_in: true });
  });

  it("keeps the stored secret when a change leaves it out, and seals a new one when given", async () => {
    await put(accounts.s7Admin, SETTING);
    const sealed = async () => (await t.database.db.select().from(identityProviders).where(eq(identityProviders.carrier, "S7")))[0]!.client_secret_sealed;
    const before = await sealed();
    const changed = await put(accounts.s7Admin, { client_id: "cargo-desk-2", client_secret: "", password_sign_in: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().identity_provider).toMatchObject({ client_id: "cargo-desk-2", client_secret_set: true, password_sign_in: true, issuer: SETTING.issuer });
    expect(await sealed()).toBe(before);
    await put(accounts.s7Admin, { client_secret: "a-new-secret-0123456789" });
    expect(open(await sealed(), KEY)).toBe("a-new-secret-0123456789");
  });

  it("refuses each bad field with its code, and a first setting without issuer, client id or secret", async () => {
    const first = await put(accounts.platform, { role_claim: "groups" }, null, "?carrier=C6");
    expect(first.statusCode).toBe(422);
    expect(codesOf(first)).toMatchObject({ issuer: ["blank"], client_id: ["blank"], client_secret: ["blank"] });
    const res = await put(accounts.s7Admin, {
      ...SETTING,
      issuer: "http://login.s7.test",
      allowed_domains: ["s7.test", "not a domain", "s7"],
      role_claim: "gr oups",
      role_map: [
        { value: "a", role: "root" },
        { value: "b", role: "manager" },
        { value: "b", role: "admin" },
      ],
      default_role: "superuser",
    });
    expect(res.statusCode).toBe(422);
    expect(codesOf(res)).toEqual({
      issuer: ["issuer_not_https"],
      "allowed_domains.1": ["not_a_domain"],
      "allowed_domains.2": ["not_a_domain"],
      role_claim: ["not_a_claim_name"],
      "role_map.0.role": ["not_a_role"],
      "role_map.2.value": ["duplicate_claim_value"],
      default_role: ["not_a_role"],
    });
    expect(codesOf(await put(accounts.s7Admin, { issuer: "https://login.s7.test/?realm=cargo" }))).toEqual({ issuer: ["issuer_with_query"] });
    const many = await put(accounts.s7Admin, { allowed_domains: Array.from({ length: 21 }, (_, i) => `d${i}.test`) });
    expect(many.statusCode).toBe(422);
  });

  it("gives nobody else anything: other roles and companies are refused, another airline's admin sees only their own", async () => {
    await put(accounts.s7Admin, SETTING);
    for (const tokens of [accounts.s7Manager, accounts.forwarderOnS7]) {
      expect((await call(t.app, tokens, "GET", URL, { carrier: "s7" })).statusCode).toBe(403);
      expect((await put(tokens, { client_id: "mine" })).statusCode).toBe(403);
      expect((await call(t.app, tokens, "DELETE", URL, { carrier: "s7" })).statusCode).toBe(403);
    }
    await addUser(t, "c6.admin@cargodesk.test", "C6", "admin");
    const c6Admin = await signIn(t.app, "c6.admin@cargodesk.test", { carrier: "c6" });
    // its own tenant has none; naming S7 changes nothing for an airline user; S7's tenant refuses its token
    expect((await call(t.app, c6Admin, "GET", URL, { carrier: "c6" })).statusCode).toBe(404);
    const named = await call(t.app, c6Admin, "GET", `${URL}?carrier=S7`, { carrier: "c6" });
    expect(named.statusCode).toBe(404);
    expect(named.body).not.toContain("login.s7.test");
    expect((await call(t.app, c6Admin, "GET", URL, { carrier: "s7" })).statusCode).toBe(401);
    expect((await call(t.app, c6Admin, "DELETE", `${URL}?carrier=S7`, { carrier: "c6" })).statusCode).toBe(404);
    // platform staff name the tenant
    const platform = await call(t.app, accounts.platform, "GET", `${URL}?carrier=S7`);
    expect(platform.statusCode).toBe(200);
    expect(platform.json().identity_provider.carrier).toBe("S7");
  });

  it("is removed by the admin: the sign-in page then offers the password form alone", async () => {
    await put(accounts.s7Admin, SETTING);
    expect((await call(t.app, accounts.s7Admin, "DELETE", URL, { carrier: "s7" })).statusCode).toBe(204);
    expect((await call(t.app, accounts.s7Admin, "GET", URL, { carrier: "s7" })).statusCode).toBe(404);
    expect((await call(t.app, accounts.s7Admin, "DELETE", URL, { carrier: "s7" })).statusCode).toBe(404);
    expect(await signInOptions("s7")).toEqual({ provider: false, company: null, password_sign_in: true });
  });

  it("refuses to store a secret where no sealing key is configured (503, the setting unchanged)", async () => {
    const api = await makeTestApi({ config: { IDENTITY_SECRET_KEY: undefined } });
    try {
      const admin = await signIn(api.app, "s7.admin@cargodesk.test", { carrier: "s7" });
      const res = await call(api.app, admin, "PUT", URL, { carrier: "s7", payload: { identity_provider: SETTING } });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe("identity_secret_unset");
      expect(await api.database.db.select().from(identityProviders)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
