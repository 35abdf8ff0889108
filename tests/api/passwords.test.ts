import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails, passwordResets, users } from "../../api/db/schema";
import { call, DEMO_PASSWORD, latestMail, makeTestApi, resetTokenFrom, signIn, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await makeTestApi({ config: { APP_URL: "http://cargo.test:3000" } });
});
afterAll(() => t?.close());

const requestReset = (user: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/v2/users/password", payload: { user } });

const changePassword = (user: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/v2/users/password", payload: { user } });

const outboxCount = async () => (await t.database.db.select({ n: count() }).from(outboxEmails))[0]!.n;

describe("POST /api/v2/users/password (reset request)", () => {
  it("mails a link with a reset token to a known user; only the token's hash is stored", async () => {
    const res = await requestReset({ email: "S7.Operator@cargodesk.test" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({});
    const mail = await latestMail(t.app, "s7.operator@cargodesk.test");
    expect(mail).toMatchObject({ to: "s7.operator@cargodesk.test", subject: "Reset password instructions" });
    expect(mail!.body).toContain("http://cargo.test:3000/users/password/edit?reset_password_token=");
    const token = resetTokenFrom(mail!.body);
    const rows = await t.database.db.select().from(passwordResets);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const [reset] = rows.slice(-1);
    // Valid for 6 hours.
    expect(reset!.expires_at.getTime() - t.clock().getTime()).toBe(6 * 3600 * 1000);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const before = await outboxCount();
    const res = await requestReset({ email: "nobody@cargodesk.test" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({});
    expect(await outboxCount()).toBe(before);
  });

  it("uses the client's redirect_url when it is an http(s) page of our site, else the default page", async () => {
    await requestReset({ email: "s7.admin@cargodesk.test", redirect_url: "https://s7.cargo.test/users/password/edit" });
    expect((await latestMail(t.app, "s7.admin@cargodesk.test"))!.body).toContain(
      "https://s7.cargo.test/users/password/edit?reset_password_token=",
    );
    for (const redirect_url of ["javascript:alert(1)", "https://evil.example/steal", "not a url"]) {
      await requestReset({ email: "s7.admin@cargodesk.test", redirect_url });
      const body = (await latestMail(t.app, "s7.admin@cargodesk.test"))!.body;
      expect(body).toContain("http://cargo.test:3000/users/password/edit?reset_password_token=");
      expect(body).not.toContain("evil");
    }
  });
});

describe("PUT /api/v2/users/password (change with the token)", () => {
  async function freshToken(email: string) {
    await requestReset({ email });
    return resetTokenFrom((await latestMail(t.app, email))!.body);
  }

  it("classifies a confirmation mismatch", async () => {
    const token = await freshToken("s7.inspector@cargodesk.test");
    const res = await changePassword({ reset_password_token: token, password: "new-password-1", password_confirmation: "other-password" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { password_confirmation: ["doesn't match Password"] }, error_codes: { password_confirmation: [{ code: "password_confirmation", params: {} }] } });
  });

  it("classifies a too short password", async () => {
    const token = await freshToken("s7.inspector@cargodesk.test");
    const res = await changePassword({ reset_password_token: token, password: "short", password_confirmation: "short" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { password: ["is too short (minimum is 8 characters)"] }, error_codes: { password: [{ code: "too_short", params: { min: 8 } }] } });
  });

  it("classifies an invalid, used or expired token", async () => {
    const bad = await changePassword({ reset_password_token: "made-up", password: "new-password-1", password_confirmation: "new-password-1" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { reset_password_token: ["is invalid"] }, error_codes: { reset_password_token: [{ code: "reset_token_invalid", params: {} }] } });

    const expiring = await freshToken("s7.inspector@cargodesk.test");
    t.clock.advance(6 * 3600 + 1);
    const expired = await changePassword({ reset_password_token: expiring, password: "new-password-1", password_confirmation: "new-password-1" });
    expect(expired.json()).toEqual({ errors: { reset_password_token: ["is invalid"] }, error_codes: { reset_password_token: [{ code: "reset_token_invalid", params: {} }] } });
  });

  it("sets the new password once; the old password and old sessions stop working", async () => {
    const email = "s7.inspector@cargodesk.test";
    const session = await signIn(t.app, email, { carrier: "s7" });
    const token = await freshToken(email);
    const res = await changePassword({ reset_password_token: token, password: "brand-new-secret", password_confirmation: "brand-new-secret" });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await signIn(t.app, email, { carrier: "s7", password: "brand-new-secret" })).email).toBe(email);
    await expect(signIn(t.app, email, { carrier: "s7" })).rejects.toThrow(/invalid_grant/);
    expect((await call(t.app, session, "GET", "/api/v3/profiles/me", { carrier: "s7" })).statusCode).toBe(401);
    // Single use.
    const again = await changePassword({ reset_password_token: token, password: "another-secret", password_confirmation: "another-secret" });
    expect(again.json()).toEqual({ errors: { reset_password_token: ["is invalid"] }, error_codes: { reset_password_token: [{ code: "reset_token_invalid", params: {} }] } });
  });
});

describe("POST /api/v2/users (registration)", () => {
  const register = (user: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/v2/users", payload: { user } });
  /** A registration whose password is valid and confirmed. */
  const registerWithGoodPassword = (user: Record<string, unknown>) =>
    register({ password: "agent-password", password_confirmation: "agent-password", ...user });

  it("creates a user without a company who can sign in", async () => {
    const res = await registerWithGoodPassword({
      email: "New.Agent@Example.com",
      firstname: "New",
      lastname: "Agent",
      phone: "+7 900 000 00 00",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), email: "new.agent@example.com" });
    const tokens = await signIn(t.app, "new.agent@example.com", { password: "agent-password" });
    const me = (await call(t.app, tokens, "GET", "/api/v3/profiles/me")).json();
    expect(me).toMatchObject({ firstname: "New", lastname: "Agent", phone: "+7 900 000 00 00", company_id: null, role: null });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "new.agent@example.com"));
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain("agent-password");
  });

  it("hashes each registered password at scrypt's full cost (N=2^15, r=8) with a salt of its own; only demo accounts share one", async () => {
    for (const email of ["first.agent@example.com", "second.agent@example.com"]) {
      expect((await registerWithGoodPassword({ email, firstname: "A", lastname: "B" })).statusCode).toBe(201);
    }
    const hashOf = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.password_hash;
    const [first, second, demo, otherDemo] = await Promise.all(
      ["first.agent@example.com", "second.agent@example.com", "s7.manager@cargodesk.test", "forwarder@cargodesk.test"].map(hashOf),
    );
    const [kind, n, r, p, salt] = first!.split("$");
    expect({ kind, n, r, p }).toEqual({ kind: "scrypt", n: "32768", r: "8", p: "1" });
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(second!.split("$")[4]).not.toBe(salt);
    // the seed hashed the shared demo password once (at the cheap cost of the tests' prepared databases; the demo
    // seed's own cost is checked in database.test.ts)
    expect(demo).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(otherDemo).toBe(demo);
    expect(first).not.toBe(demo);
  });

  it("refuses a taken e-mail, whatever its case", async () => {
    const res = await registerWithGoodPassword({ email: "S7.MANAGER@cargodesk.test", firstname: "A", lastname: "B" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ["has already been taken"] }, error_codes: { email: [{ code: "taken", params: {} }] } });
  });

  it("reports every invalid field at once", async () => {
    const res = await register({ email: "not-an-email", password: "short", password_confirmation: "shorter", firstname: "", lastname: "" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: {
        email: ["is invalid"],
        password: ["is too short (minimum is 8 characters)"],
        password_confirmation: ["doesn't match Password"],
        firstname: ["can't be blank"],
        lastname: ["can't be blank"],
      },
      error_codes: {
        email: [{ code: "invalid_email", params: {} }],
        password: [{ code: "too_short", params: { min: 8 } }],
        password_confirmation: [{ code: "password_confirmation", params: {} }],
        firstname: [{ code: "blank", params: {} }],
        lastname: [{ code: "blank", params: {} }],
      },
    });
  });

  it("answers 422 with field errors for a body without the user object", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/v2/users", payload: { email: "x@y.z" } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["user"]);
  });

  it("keeps the demo password for everyone else", async () => {
    expect((await signIn(t.app, "su.manager@cargodesk.test", { password: DEMO_PASSWORD })).email).toBe("su.manager@cargodesk.test");
  });
});
