import { describe, expect, it } from "vitest";
import { call, readAs, signIn, useTestApi } from "./helpers";

const { t } = useTestApi();

const meOf = (email: string, carrier?: string) => readAs(t.app, email, "/api/v3/profiles/me", carrier);

describe("GET /api/v3/profiles/me", () => {
  it("describes an airline manager", async () => {
    const me = await meOf("s7.manager@cargodesk.test", "s7");
    expect(me).toMatchObject({
      email: "s7.manager@cargodesk.test",
      firstname: "Maria",
      lastname: "Sidorova",
      locale: "en",
      phone: null,
      role: "airline_manager",
      system: true,
      company_name: "S7 Airlines",
      company_short_name: "S7",
      company_business_type: "airline",
      operations_type: null,
      bi_dashboard_id: null,
      permitted_carriers: [],
      permitted_external_airlines: [],
      stations_allowed: [],
      stations_denied: [],
    });
    expect(me.id).toBeTypeOf("number");
    expect(me.company_id).toBeTypeOf("number");
  });

  it("describes a forwarder with its permitted airlines", async () => {
    const me = await meOf("forwarder@cargodesk.test", "s7");
    expect(me).toMatchObject({ role: "forwarder_operator", company_short_name: "FWDONE", company_business_type: "forwarder" });
    expect(me.permitted_carriers).toEqual(["SU", "S7", "C6"]);
    expect(me.permitted_external_airlines).toEqual([
      { awb_prefix: "745", carrier: "C6", name: "Centrum Air" },
      { awb_prefix: "421", carrier: "S7", name: "S7 Airlines" },
      { awb_prefix: "555", carrier: "SU", name: "Aeroflot" },
    ]);
  });

  it("describes other roles and types", async () => {
    expect((await meOf("forwarder.admin@cargodesk.test")).role).toBe("forwarder_admin");
    expect((await meOf("s7.comcor@cargodesk.test", "s7")).role).toBe("airline_com_cor");
    expect((await meOf("s7.inspector@cargodesk.test", "s7")).role).toBe("airline_ics_inspector");
    expect((await meOf("visitor@cargodesk.test")).company_business_type).toBe("visitor");
    const platform = await meOf("platform@cargodesk.test", "su");
    expect(platform).toMatchObject({ role: "platform_operator", company_short_name: "PLATFORM", company_business_type: "platform" });
    // Platform staff work with every airline.
    expect(platform.permitted_external_airlines.map((a: { carrier: string }) => a.carrier)).toEqual(["C6", "S7", "SU", "V0"]);
  });

  it("has null company fields for a user without a company", async () => {
    const me = await meOf("nocompany@cargodesk.test");
    expect(me).toMatchObject({
      email: "nocompany@cargodesk.test",
      role: null,
      company_id: null,
      company_name: null,
      company_short_name: null,
      company_business_type: null,
      permitted_carriers: [],
      permitted_external_airlines: [],
    });
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v3/profiles/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: "invalid_token" });
  });
});

describe("available roles and switching", () => {
  it("lists the user's profiles and switches the current one", async () => {
    const tokens = await signIn(t.app, "forwarder@cargodesk.test", { carrier: "s7" });
    const roles = await call(t.app, tokens, "GET", "/api/v3/profiles/available_roles", { carrier: "s7" });
    expect(roles.statusCode).toBe(200);
    const list = roles.json();
    expect(list).toEqual([
      { id: expect.any(Number), name: "forwarder_operator", company_name: "Forwarder One", company_short_name: "FWDONE", current: true },
      { id: expect.any(Number), name: "forwarder_operator", company_name: "Forwarder Two", company_short_name: "FWDTWO", current: false },
    ]);

    const switched = await call(t.app, tokens, "PATCH", "/api/v3/profiles/current_role", {
      carrier: "s7",
      payload: { id: list[1].id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ company_short_name: "FWDTWO", role: "forwarder_operator", permitted_carriers: ["S7", "V0"] });
    // The choice is stored: later calls (and later sign-ins) act as FWDTWO.
    const me = await call(t.app, tokens, "GET", "/api/v3/profiles/me", { carrier: "s7" });
    expect(me.json().company_short_name).toBe("FWDTWO");
    const after = await call(t.app, tokens, "GET", "/api/v3/profiles/available_roles", { carrier: "s7" });
    expect(after.json().map((r: { current: boolean }) => r.current)).toEqual([false, true]);

    // Back, so the other tests see the seeded state.
    const back = await call(t.app, tokens, "PATCH", "/api/v3/profiles/current_role", { carrier: "s7", payload: { id: list[0].id } });
    expect(back.json().company_short_name).toBe("FWDONE");
  });

  it("answers 404 for another user's profile id and for an unknown id", async () => {
    const admin = await signIn(t.app, "forwarder.admin@cargodesk.test");
    const adminRoles = (await call(t.app, admin, "GET", "/api/v3/profiles/available_roles")).json();
    const tokens = await signIn(t.app, "forwarder@cargodesk.test");
    for (const id of [adminRoles[0].id, 999_999]) {
      const res = await call(t.app, tokens, "PATCH", "/api/v3/profiles/current_role", { payload: { id } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    }
    expect((await call(t.app, tokens, "GET", "/api/v3/profiles/me")).json().company_short_name).toBe("FWDONE");
  });

  it("lists no roles for a user without a company", async () => {
    const tokens = await signIn(t.app, "nocompany@cargodesk.test");
    expect((await call(t.app, tokens, "GET", "/api/v3/profiles/available_roles")).json()).toEqual([]);
  });
});

describe("PATCH /api/v3/profiles/locale", () => {
  it("changes the locale with JSON and with a form body", async () => {
    const tokens = await signIn(t.app, "s7.billing@cargodesk.test", { carrier: "s7" });
    const json = await call(t.app, tokens, "PATCH", "/api/v3/profiles/locale", { carrier: "s7", payload: { locale: "ru" } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ locale: "ru", email: "s7.billing@cargodesk.test", role: "airline_billing" });
    expect((await call(t.app, tokens, "GET", "/api/v3/profiles/me", { carrier: "s7" })).json().locale).toBe("ru");

    const form = await t.app.inject({
      method: "PATCH",
      url: "/api/v3/profiles/locale",
      headers: { authorization: `Bearer ${tokens.access_token}`, carrier: "s7", "content-type": "application/x-www-form-urlencoded" },
      payload: "locale=en",
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().locale).toBe("en");
  });

  it("refuses any other locale with 422", async () => {
    const tokens = await signIn(t.app, "s7.billing@cargodesk.test", { carrier: "s7" });
    for (const locale of ["es", "de", ""]) {
      const res = await call(t.app, tokens, "PATCH", "/api/v3/profiles/locale", { carrier: "s7", payload: { locale } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.locale).toHaveLength(1);
    }
    expect((await call(t.app, tokens, "GET", "/api/v3/profiles/me", { carrier: "s7" })).json().locale).toBe("en");
  });
});
