import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, userProfiles, users } from "../../api/db/schema";
import { call, latestMail, makeTestApi, resetTokenFrom, signIn, type TestApi, type Tokens } from "./helpers";

let t: TestApi;
let S7: number;
let FWDONE: number;
let SU: number;
let s7Admin: Tokens;

const idOf = async (shortName: string) =>
  (await t.database.db.select().from(companies).where(eq(companies.short_name, shortName)))[0]!.id;

beforeAll(async () => {
  t = await makeTestApi();
  [S7, FWDONE, SU] = await Promise.all([idOf("S7"), idOf("FWDONE"), idOf("SU")]);
  s7Admin = await signIn(t.app, "s7.admin@cargodesk.test", { carrier: "s7" });
});
afterAll(() => t?.close());

const list = (tokens: Tokens, companyId: number, query = "", carrier = "s7") =>
  call(t.app, tokens, "GET", `/api/v3/companies/${companyId}/user_profiles${query}`, { carrier });

describe("company user profiles as the S7 admin", () => {
  it("lists the company's users with the page envelope", async () => {
    const res = await list(s7Admin, S7);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 6, per_page: 25 });
    expect(body.data.map((r: { email: string }) => r.email)).toEqual([
      "s7.admin@cargodesk.test",
      "s7.billing@cargodesk.test",
      "s7.comcor@cargodesk.test",
      "s7.inspector@cargodesk.test",
      "s7.manager@cargodesk.test",
      "s7.operator@cargodesk.test",
    ]);
    const manager = body.data[4];
    expect(manager).toEqual({
      id: expect.any(Number),
      email: "s7.manager@cargodesk.test",
      description: null,
      roles: [{ id: manager.id, name: "manager" }],
      blocked: false,
      stations_allowed: [],
      stations_denied: [],
      system: true,
    });
  });

  it("pages and filters by e-mail", async () => {
    const page2 = (await list(s7Admin, S7, "?page=2&per_page=4")).json();
    expect(page2.meta).toEqual({ current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 6, per_page: 4 });
    expect(page2.data.map((r: { email: string }) => r.email)).toEqual(["s7.manager@cargodesk.test", "s7.operator@cargodesk.test"]);
    const q = (await list(s7Admin, S7, "?q=MANAGER")).json();
    expect(q.data.map((r: { email: string }) => r.email)).toEqual(["s7.manager@cargodesk.test"]);
    expect(q.meta.total_count).toBe(1);
    // LIKE wildcards in q are literal.
    expect((await list(s7Admin, S7, "?q=%25")).json().meta.total_count).toBe(0);
  });

  it("adds a new e-mail as a system user, mails an invitation, then reads, changes and removes the profile", async () => {
    const created = await call(t.app, s7Admin, "POST", `/api/v3/companies/${S7}/user_profiles`, {
      carrier: "s7",
      payload: {
        user_profile: {
          email: "New.Agent@S7.test",
          description: "Night shift",
          role: "manager",
          blocked: false,
          stations_allowed: ["ovb", "DME"],
          stations_denied: [],
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toEqual({
      id: expect.any(Number),
      email: "new.agent@s7.test",
      description: "Night shift",
      roles: [{ id: record.id, name: "manager" }],
      blocked: false,
      stations_allowed: ["OVB", "DME"],
      stations_denied: [],
      system: true,
    });

    // The invitation carries a working reset token: the new user chooses a password and signs in.
    const mail = await latestMail(t.app, "new.agent@s7.test");
    expect(mail!.subject).toContain("set your password");
    const set = await t.app.inject({
      method: "PUT",
      url: "/api/v2/users/password",
      payload: { user: { reset_password_token: resetTokenFrom(mail!.body), password: "chosen-password", password_confirmation: "chosen-password" } },
    });
    expect(set.statusCode).toBe(204);
    const newcomer = await signIn(t.app, "new.agent@s7.test", { carrier: "s7", password: "chosen-password" });
    const me = (await call(t.app, newcomer, "GET", "/api/v3/profiles/me", { carrier: "s7" })).json();
    expect(me).toMatchObject({ role: "airline_manager", company_short_name: "S7", stations_allowed: ["OVB", "DME"] });

    const read = await call(t.app, s7Admin, "GET", `/api/v3/companies/${S7}/user_profiles/${record.id}`, { carrier: "s7" });
    expect(read.json()).toEqual(record);

    const patched = await call(t.app, s7Admin, "PATCH", `/api/v3/companies/${S7}/user_profiles/${record.id}`, {
      carrier: "s7",
      payload: { user_profile: { role: "billing", blocked: true, stations_denied: ["SVO"], description: null } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      roles: [{ id: record.id, name: "billing" }],
      blocked: true,
      stations_allowed: ["OVB", "DME"],
      stations_denied: ["SVO"],
      description: null,
    });
    // Blocked: the newcomer's session ends.
    expect((await call(t.app, newcomer, "GET", "/api/v3/profiles/me", { carrier: "s7" })).statusCode).toBe(401);

    const deleted = await call(t.app, s7Admin, "DELETE", `/api/v3/companies/${S7}/user_profiles/${record.id}`, { carrier: "s7" });
    expect(deleted.statusCode).toBe(204);
    const gone = await call(t.app, s7Admin, "GET", `/api/v3/companies/${S7}/user_profiles/${record.id}`, { carrier: "s7" });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    expect((await list(s7Admin, S7)).json().meta.total_count).toBe(6);
  });

  it("adds an existing user of another company without creating a second user", async () => {
    const res = await call(t.app, s7Admin, "POST", `/api/v3/companies/${S7}/user_profiles`, {
      carrier: "s7",
      payload: { user_profile: { email: "visitor@cargodesk.test" } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: "visitor@cargodesk.test", roles: [{ name: "operator" }], system: true });
    const [visitor] = await t.database.db.select().from(users).where(eq(users.email, "visitor@cargodesk.test"));
    const profiles = await t.database.db.select().from(userProfiles).where(eq(userProfiles.user_id, visitor!.id));
    expect(profiles).toHaveLength(2);
    // The visitor's own company stays current.
    expect(profiles.filter((p) => p.current).map((p) => p.company_id)).not.toContain(S7);
    await call(t.app, s7Admin, "DELETE", `/api/v3/companies/${S7}/user_profiles/${res.json().id}`, { carrier: "s7" });
  });

  it("refuses an e-mail already in the company with 'already exists'", async () => {
    const res = await call(t.app, s7Admin, "POST", `/api/v3/companies/${S7}/user_profiles`, {
      carrier: "s7",
      payload: { user_profile: { email: "S7.Operator@cargodesk.test", role: "manager" } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["User already exists in the company"]);
  });

  it("refuses to assign or change the role of a non-system user with 'must be system user'", async () => {
    await t.database.db.update(users).set({ system: false }).where(eq(users.email, "c6.manager@cargodesk.test"));
    await t.database.db.update(users).set({ system: false }).where(eq(users.email, "s7.billing@cargodesk.test"));
    try {
      const add = await call(t.app, s7Admin, "POST", `/api/v3/companies/${S7}/user_profiles`, {
        carrier: "s7",
        payload: { user_profile: { email: "c6.manager@cargodesk.test", role: "operator" } },
      });
      expect(add.statusCode).toBe(422);
      expect(add.json().errors[0]).toContain("must be system user");

      const billing = (await list(s7Admin, S7, "?q=s7.billing")).json().data[0];
      expect(billing.system).toBe(false);
      const url = `/api/v3/companies/${S7}/user_profiles/${billing.id}`;
      const change = await call(t.app, s7Admin, "PATCH", url, { carrier: "s7", payload: { user_profile: { role: "manager" } } });
      expect(change.statusCode).toBe(422);
      expect(change.json().errors[0]).toContain("must be system user");
      expect((await call(t.app, s7Admin, "GET", url, { carrier: "s7" })).json().roles[0].name).toBe("billing");
      // Saving the form with the role unchanged is fine.
      const same = await call(t.app, s7Admin, "PATCH", url, {
        carrier: "s7",
        payload: { user_profile: { role: "billing", description: "Invoices" } },
      });
      expect(same.statusCode).toBe(200);
      expect(same.json().description).toBe("Invoices");
    } finally {
      await t.database.db.update(users).set({ system: true }).where(eq(users.email, "c6.manager@cargodesk.test"));
      await t.database.db.update(users).set({ system: true }).where(eq(users.email, "s7.billing@cargodesk.test"));
    }
  });

  it("validates the body: e-mail, role and station codes", async () => {
    const url = `/api/v3/companies/${S7}/user_profiles`;
    const badEmail = await call(t.app, s7Admin, "POST", url, { carrier: "s7", payload: { user_profile: { email: "nope" } } });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json()).toEqual({ errors: { email: ["is invalid"] }, error_codes: { email: [{ code: "invalid_email", params: {} }] } });
    const badRole = await call(t.app, s7Admin, "POST", url, {
      carrier: "s7",
      payload: { user_profile: { email: "x@s7.test", role: "captain", stations_allowed: ["TOOLONG"] } },
    });
    expect(badRole.statusCode).toBe(422);
    expect(Object.keys(badRole.json().errors).sort()).toEqual(["user_profile.role", "user_profile.stations_allowed.0"]);
  });
});

describe("who may manage a company's users", () => {
  it("lets the forwarder admin manage FWDONE", async () => {
    const admin = await signIn(t.app, "forwarder.admin@cargodesk.test", { carrier: "s7" });
    const res = await list(admin, FWDONE);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { email: string }) => r.email)).toEqual([
      "forwarder.admin@cargodesk.test",
      "forwarder@cargodesk.test",
    ]);
    const operator = res.json().data[1];
    const patched = await call(t.app, admin, "PATCH", `/api/v3/companies/${FWDONE}/user_profiles/${operator.id}`, {
      carrier: "s7",
      payload: { user_profile: { description: "Main desk" } },
    });
    expect(patched.json().description).toBe("Main desk");
  });

  it("lets platform staff manage any company", async () => {
    const platform = await signIn(t.app, "platform@cargodesk.test");
    const res = await list(platform, SU, "", "");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { email: string }) => r.email)).toEqual(["su.manager@cargodesk.test"]);
  });

  it("answers 404 to a non-admin of the company, for every call, and changes nothing", async () => {
    const manager = await signIn(t.app, "s7.manager@cargodesk.test", { carrier: "s7" });
    const operatorId = (await list(s7Admin, S7, "?q=s7.operator")).json().data[0].id;
    const base = `/api/v3/companies/${S7}/user_profiles`;
    const attempts = [
      call(t.app, manager, "GET", base, { carrier: "s7" }),
      call(t.app, manager, "GET", `${base}/${operatorId}`, { carrier: "s7" }),
      call(t.app, manager, "POST", base, { carrier: "s7", payload: { user_profile: { email: "intruder@s7.test" } } }),
      call(t.app, manager, "PATCH", `${base}/${operatorId}`, { carrier: "s7", payload: { user_profile: { role: "admin" } } }),
      call(t.app, manager, "DELETE", `${base}/${operatorId}`, { carrier: "s7" }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    }
    const operator = (await call(t.app, s7Admin, "GET", `${base}/${operatorId}`, { carrier: "s7" })).json();
    expect(operator.roles[0].name).toBe("operator");
    expect((await list(s7Admin, S7)).json().meta.total_count).toBe(6);
  });

  it("answers an admin 404 for another company's users, exactly as for a company that does not exist", async () => {
    const forwarderProfileId = (await list(await signIn(t.app, "forwarder.admin@cargodesk.test"), FWDONE, "", "")).json().data[0].id;
    const other = await list(s7Admin, FWDONE);
    const missing = await list(s7Admin, 999_999);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(other.json());
    // A profile id of another company under the admin's own company id is not found either.
    const crossed = await call(t.app, s7Admin, "DELETE", `/api/v3/companies/${S7}/user_profiles/${forwarderProfileId}`, { carrier: "s7" });
    expect(crossed.statusCode).toBe(404);
    const platform = await signIn(t.app, "platform@cargodesk.test");
    expect((await list(platform, FWDONE, "", "")).json().meta.total_count).toBe(2);
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/v3/companies/${S7}/user_profiles` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("invalid_token");
  });
});

describe("the company keeps an admin, and nobody takes their own profile away", () => {
  const base = () => `/api/v3/companies/${S7}/user_profiles`;
  const profileIdOf = async (email: string) => (await list(s7Admin, S7, `?q=${email}`)).json().data[0].id as number;
  const patch = (tokens: Tokens, id: number, user_profile: object, carrier = "s7") =>
    call(t.app, tokens, "PATCH", `${base()}/${id}`, { carrier, payload: { user_profile } });
  const remove = (tokens: Tokens, id: number, carrier = "s7") => call(t.app, tokens, "DELETE", `${base()}/${id}`, { carrier });
  const activeAdmins = async () =>
    (await list(s7Admin, S7)).json().data.filter((r: { roles: { name: string }[]; blocked: boolean }) => r.roles[0]?.name === "admin" && !r.blocked);
  const restoreS7Admin = () =>
    t.database.db
      .update(userProfiles)
      .set({ role: "admin", blocked: false })
      .where(and(eq(userProfiles.company_id, S7), inArray(userProfiles.user_id, t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "s7.admin@cargodesk.test")))));

  it("refuses the admin removing, blocking or demoting their own profile with 422 and a message, and changes nothing", async () => {
    const self = await profileIdOf("s7.admin@");
    for (const res of [await remove(s7Admin, self), await patch(s7Admin, self, { blocked: true }), await patch(s7Admin, self, { role: "operator" })]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: ["You can't remove, block or demote yourself"], code: "self_change_refused", params: {} });
    }
    const after = (await call(t.app, s7Admin, "GET", `${base()}/${self}`, { carrier: "s7" })).json();
    expect(after).toMatchObject({ roles: [{ name: "admin" }], blocked: false });
    // Their own description and stations remain theirs to edit.
    const own = await patch(s7Admin, self, { role: "admin", blocked: false, description: "Head of desk" });
    expect(own.statusCode).toBe(200);
    expect(own.json().description).toBe("Head of desk");
  });

  it("refuses removing, blocking or demoting the company's last active admin, even for platform staff", async () => {
    const platform = await signIn(t.app, "platform@cargodesk.test");
    const lastAdmin = await profileIdOf("s7.admin@");
    try {
      for (const res of [
        await remove(platform, lastAdmin, ""),
        await patch(platform, lastAdmin, { blocked: true }, ""),
        await patch(platform, lastAdmin, { role: "manager" }, ""),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ errors: ["The company must keep at least one active admin"], code: "last_admin_refused", params: {} });
      }
    } finally {
      await restoreS7Admin();
    }
    expect((await activeAdmins()).map((r: { email: string }) => r.email)).toEqual(["s7.admin@cargodesk.test"]);
  });

  it("lets an admin block or demote a second admin while another remains", async () => {
    const manager = await profileIdOf("s7.manager@");
    expect((await patch(s7Admin, manager, { role: "admin" })).statusCode).toBe(200);
    const blocked = await patch(s7Admin, manager, { blocked: true });
    expect(blocked.statusCode).toBe(200);
    expect((await patch(s7Admin, manager, { blocked: false })).statusCode).toBe(200);
    const demoted = await patch(s7Admin, manager, { role: "manager" });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().roles[0].name).toBe("manager");
    expect((await activeAdmins()).map((r: { email: string }) => r.email)).toEqual(["s7.admin@cargodesk.test"]);
  });

  it("demoting the last two admins at the same time leaves one of them admin", async () => {
    const platform = await signIn(t.app, "platform@cargodesk.test");
    const second = await call(t.app, s7Admin, "POST", base(), {
      carrier: "s7",
      payload: { user_profile: { email: "second.admin@s7.test", role: "admin" } },
    });
    expect(second.statusCode).toBe(201);
    const admins = [await profileIdOf("s7.admin@"), second.json().id as number];
    try {
      for (let round = 0; round < 3; round++) {
        await Promise.all(admins.map((id) => t.database.db.update(userProfiles).set({ role: "admin" }).where(eq(userProfiles.id, id))));
        const answers = await Promise.all(admins.map((id) => patch(platform, id, { role: "operator" }, "")));
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
        const left = await t.database.db
          .select({ id: userProfiles.id })
          .from(userProfiles)
          .where(and(eq(userProfiles.company_id, S7), eq(userProfiles.role, "admin")));
        expect(left).toHaveLength(1);
      }
    } finally {
      await restoreS7Admin();
      await t.database.db.delete(userProfiles).where(eq(userProfiles.id, admins[1]!));
    }
  });
});
