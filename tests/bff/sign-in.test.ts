/**
 * Sign-in through the real form and the landing redirect of spec 1 §2, for every demo account;
 * the error mapping of spec 3 §8 against the real API's own answers.
 */
import { describe, expect, it } from "vitest";
import { createUpstream } from "~/lib/upstream/client.server";
import { changePassword, passwordGrant, registerUser, requestPasswordReset } from "~/lib/upstream/auth.server";
import { createUserProfile, getUserProfile, updateUserProfile } from "~/lib/upstream/user-profiles.server";
import { getProfile } from "~/lib/upstream/profile.server";
import { userProfiles, users } from "../../api/db/schema";
import { Browser, DEMO_ACCOUNTS, DEMO_PASSWORD, textOf, useBff, formPageOf } from "./harness";
import { sentMail } from "../outbox";

const bff = useBff();

/** The value attribute of the input with this name, or null when it has none. */
function inputValue(html: string, name: string): string | null {
  const tag = (html.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`));
  if (!tag) throw new Error(`no input ${name}`);
  return tag.match(/\bvalue="([^"]*)"/)?.[1] ?? null;
}

describe("sign-in errors", () => {
  const host = "s7.localhost";

  it("a wrong password re-renders the form (refused: 200, X-Form-Refusal 400) with the translated message and the typed e-mail", async () => {
    const browser = bff.browser();
    const answer = await browser.submitSignIn(host, "s7.manager@cargodesk.test", { password: "not-the-password" });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    const text = textOf(answer.body);
    expect(text).toContain("Invalid e-mail or password");
    expect(answer.body).toContain('role="alert"');
    expect(inputValue(answer.body, "email")).toBe("s7.manager@cargodesk.test");
    // the password is never sent back
    expect(inputValue(answer.body, "password") ?? "").toBe("");
    expect(answer.body).not.toContain("not-the-password");
    // and nobody is signed in
    expect((await browser.request(host, "/dashboard/profile")).location).toBe("/signIn?redirect=%2Fdashboard%2Fprofile");
  });

  it("an unknown e-mail gets the very same message (no account probing)", async () => {
    const answer = await bff.browser().submitSignIn(host, "nobody@cargodesk.test", { password: "whatever-123" });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("Invalid e-mail or password");
    expect(inputValue(answer.body, "email")).toBe("nobody@cargodesk.test");
  });

  it("in Russian for a Russian browser", async () => {
    const browser = bff.browser({ acceptLanguage: "ru,en;q=0.5" });
    const answer = await browser.submitSignIn(host, "s7.manager@cargodesk.test", { password: "not-the-password" });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(answer.body).toContain('<html lang="ru"');
    expect(textOf(answer.body)).toContain("Неверный email или пароль");
    expect(textOf(answer.body)).not.toContain("Invalid e-mail or password");
  });

  it("an airline user on another airline's site gets the access-denied message", async () => {
    const answer = await bff.browser().submitSignIn("su.localhost", "s7.manager@cargodesk.test");
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("Access denied: your account has no access on this airline's site");
    expect(inputValue(answer.body, "email")).toBe("s7.manager@cargodesk.test");
  });

  it("form rules are checked before any call: a short password and a malformed e-mail", async () => {
    const answer = await bff.browser().submitSignIn(host, "not-an-email", { password: "short" });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(inputValue(answer.body, "email")).toBe("not-an-email");
    const text = textOf(answer.body);
    expect(text).not.toContain("Invalid e-mail or password");
  });

  it("with JavaScript on (Remix's data request) the refusal is an answer too: 200, its errors as data, no failed resource (issue 22 §11)", async () => {
    const browser = bff.browser();
    const { csrf } = await browser.signInForm(host);
    const form = { csrf, email: "s7.manager@cargodesk.test", password: "not-the-password", rememberMe: "on", redirect: "", website: "" };
    const answer = await browser.request(host, "/signIn?_data=routes%2FsignIn", { method: "POST", form });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(answer.headers.get("X-Remix-Catch")).toBeNull();
    expect(JSON.parse(answer.body)).toMatchObject({ status: "error", error: { "": ["errors:IncorrectLoginOrPassword"] } });
    // what an action throws is no form's answer: a forged form without its CSRF token keeps its 403
    const forged = await browser.request(host, "/signIn?_data=routes%2FsignIn", { method: "POST", form: { ...form, csrf: "forged" } });
    expect([forged.status, forged.refused]).toEqual([403, null]);
  });

  it("goes to the redirect it was given, and never off the site", async () => {
    const kept = await bff.browser().submitSignIn(host, "s7.manager@cargodesk.test", { redirect: "/dashboard/profile?tab=roles" });
    expect(kept.status).toBe(302);
    expect(kept.location).toBe("/dashboard/profile?tab=roles");
    for (const evil of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const answer = await bff.browser().submitSignIn(host, "s7.manager@cargodesk.test", { redirect: evil });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/");
    }
  });

  it("a signed-in user opening /signIn goes on instead", async () => {
    const browser = bff.browser();
    await browser.signIn(host, "s7.manager@cargodesk.test");
    const again = await browser.request(host, "/signIn?redirect=%2Fdashboard%2Fprofile");
    expect(again.status).toBe(302);
    expect(again.location).toBe("/dashboard/profile");
  });
});

describe("landing redirect after sign-in (spec 1 §2)", () => {
  const expected: Record<string, string> = {
    "platform@cargodesk.test": "/dashboard/air-waybills",
    "su.manager@cargodesk.test": "/dashboard/air-waybills",
    "s7.operator@cargodesk.test": "/dashboard/air-waybills",
    "s7.manager@cargodesk.test": "/dashboard/air-waybills",
    "s7.comcor@cargodesk.test": "/dashboard/air-waybills",
    "s7.billing@cargodesk.test": "/dashboard/air-waybills",
    "s7.inspector@cargodesk.test": "/dashboard/air-waybills",
    "s7.admin@cargodesk.test": "/dashboard/settings/users",
    "c6.manager@cargodesk.test": "/dashboard/air-waybills",
    "v0.manager@cargodesk.test": "/dashboard/air-waybills",
    "forwarder@cargodesk.test": "/dashboard/bookings",
    "forwarder.admin@cargodesk.test": "/dashboard/settings/users",
    "visitor@cargodesk.test": "/dashboard/profile",
    "nocompany@cargodesk.test": "/dashboard/profile",
  };
  const cases = [
    ...DEMO_ACCOUNTS.map(({ email, host }) => [email, host, expected[email]!] as const),
    ["forwarder@cargodesk.test", "su.localhost", "/dashboard/air-waybills/create"] as const,
    ["forwarder@cargodesk.test", "cargo.localhost", "/dashboard/offers/select"] as const,
  ];

  it("covers every demo account", () => {
    expect(Object.keys(expected).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
  });

  it.each(cases)("%s at %s lands on %s", async (email, host, landing) => {
    const browser = bff.browser();
    const posted = await browser.submitSignIn(host, email);
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/");
    const root = await browser.request(host, "/");
    expect(root.status).toBe(302);
    expect(root.location).toBe(landing);
    // /dashboard decides the same way
    expect((await browser.request(host, "/dashboard")).location).toBe(landing);
    const page = await formPageOf(browser, host, landing);
    // built pages open; the others are the shell's not-found page for now, never a sign-in loop
    expect([200, 404]).toContain(page.status);
    if (landing === "/dashboard/profile" || landing === "/dashboard/settings/users") expect(page.status).toBe(200);
    expect(page.body).toContain(email); // the shell's data is this user's
  });
});

describe("error mapping against the real API's answers (spec 3 §8)", () => {
  const upstream = (carrier: string | null, authorization?: string) =>
    createUpstream({ baseUrl: bff.api.url, carrier, authorization, timeoutMs: 10_000, slowMs: 10_000 });

  async function tokenOf(email: string, carrier: string | null) {
    const grant = await passwordGrant(upstream(carrier), { email, password: DEMO_PASSWORD, rememberMe: false });
    if (!grant.ok) throw new Error(`sign-in of ${email} failed: ${grant.code}`);
    return `${grant.data.token_type} ${grant.data.access_token}`;
  }

  it("invalid_grant is IncorrectLoginOrPassword; another airline is AccessDenied", async () => {
    expect(await passwordGrant(upstream("s7"), { email: "s7.admin@cargodesk.test", password: "wrong-password", rememberMe: false })).toMatchObject({
      ok: false,
      code: "IncorrectLoginOrPassword",
      status: 400,
    });
    expect(await passwordGrant(upstream("su"), { email: "s7.admin@cargodesk.test", password: DEMO_PASSWORD, rememberMe: false })).toMatchObject({
      ok: false,
      code: "AccessDenied",
    });
  });

  it("a token replayed on another tenant is Unauthorized", async () => {
    const token = await tokenOf("s7.admin@cargodesk.test", "s7");
    expect(await getProfile(upstream("s7", token))).toMatchObject({ ok: true, data: { email: "s7.admin@cargodesk.test" } });
    expect(await getProfile(upstream("su", token))).toMatchObject({ ok: false, code: "Unauthorized", status: 401 });
  });

  it("user profiles: an existing member is Exists, a non-system user is EmptyFields, an unknown id NotFound", async () => {
    const api = upstream("s7", await tokenOf("s7.admin@cargodesk.test", "s7"));
    const me = await getProfile(api);
    if (!me.ok) throw new Error("profile");
    const companyId = Number(me.data.company_id);
    const input = { description: "", role: "manager" as const, blocked: false, stations_allowed: [], stations_denied: [] };

    expect(await createUserProfile(api, companyId, { ...input, email: "s7.operator@cargodesk.test" })).toMatchObject({
      ok: false,
      code: "Exists",
      status: 422,
    });

    // A non-system user (one that came from an outside integration; the API has no call that makes one).
    const [outsider] = await bff.api.database.db
      .insert(users)
      .values({ email: "outside.integration@cargodesk.test", password_hash: "-", system: false })
      .returning({ id: users.id });
    expect(await createUserProfile(api, companyId, { ...input, email: "outside.integration@cargodesk.test" })).toMatchObject({
      ok: false,
      code: "EmptyFields",
      status: 422,
    });
    const [membership] = await bff.api.database.db
      .insert(userProfiles)
      .values({ user_id: outsider!.id, company_id: companyId, role: "operator" })
      .returning({ id: userProfiles.id });
    expect(await updateUserProfile(api, companyId, membership!.id, { ...input, role: "admin" })).toMatchObject({
      ok: false,
      code: "EmptyFields",
      status: 422,
    });
    expect(await getUserProfile(api, companyId, 999_999)).toMatchObject({ ok: false, code: "NotFound", status: 404 });
    expect(await updateUserProfile(api, companyId, 999_999, input)).toMatchObject({ ok: false, code: "NotFound" });
  });

  it("password change: TokenInvalid, PasswordTooShort, ConfirmationNotMatch, and a good change", async () => {
    // a user of its own, so the demo accounts keep the demo password
    const email = "reset.me@cargodesk.test";
    const registered = await registerUser(upstream(null), {
      email,
      password: "first-password-1",
      password_confirmation: "first-password-1",
      firstname: "Reset",
      lastname: "Me",
    });
    expect(registered.ok).toBe(true);
    expect(await changePassword(upstream(null), { token: "made-up", password: "new-password-1", confirmation: "new-password-1" })).toMatchObject({
      ok: false,
      code: "TokenInvalid",
    });
    expect((await requestPasswordReset(upstream(null), email, "http://s7.localhost/users/password/edit")).ok).toBe(true);
    // the mail leaves through the job queue, after the answer: wait (bounded) for its job to have sent it
    const token = (await sentMail(bff.api.url, email)).body.match(/reset_password_token=([A-Za-z0-9_-]+)/)![1]!;

    expect(await changePassword(upstream(null), { token, password: "short", confirmation: "short" })).toMatchObject({
      ok: false,
      code: "PasswordTooShort",
    });
    expect(await changePassword(upstream(null), { token, password: "new-password-1", confirmation: "new-password-2" })).toMatchObject({
      ok: false,
      code: "ConfirmationNotMatch",
    });
    expect(await changePassword(upstream(null), { token, password: "", confirmation: "" })).toMatchObject({ ok: false, code: "Undefined" });
    expect(await changePassword(upstream(null), { token, password: "new-password-1", confirmation: "new-password-1" })).toMatchObject({ ok: true });
    // the link works once
    expect(await changePassword(upstream(null), { token, password: "new-password-3", confirmation: "new-password-3" })).toMatchObject({
      ok: false,
      code: "TokenInvalid",
    });
    // the user signs in with the new password through the BFF
    const browser = new Browser(bff.handle);
    const old = await browser.submitSignIn("localhost", email, { password: "first-password-1" });
    expect([old.status, old.refused]).toEqual([200, 400]);
    expect((await browser.submitSignIn("localhost", email, { password: "new-password-1" })).status).toBe(302);
  });
});
