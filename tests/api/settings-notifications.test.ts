import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { globalNotifications, userNotifications, users } from "../../api/db/schema";
import { call, readAs, signIn, useTestApi } from "./helpers";

const { t } = useTestApi();

const uiSettings = (email: string, carrier?: string) => readAs(t.app, email, "/api/v3/companies/ui_settings", carrier);

describe("GET /api/v3/companies/ui_settings", () => {
  /** S7's settings in the seed. */
  const S7_SETTINGS = {
    has_access_to_new_air_waybills_page: true,
    show_settings: true,
    show_loadfactor_data: true,
    tax_id_required: false,
    settlements_rule: { balances_enabled: false, cass_link_report: true },
    awb_prefix: "421",
  };

  it("gives an airline user their airline's settings", async () => {
    expect(await uiSettings("s7.manager@cargodesk.test", "s7")).toEqual(S7_SETTINGS);
    // On the default tenant the user's own airline company decides.
    expect((await uiSettings("su.manager@cargodesk.test")).show_settings).toBe(false);
    expect((await uiSettings("s7.manager@cargodesk.test")).show_settings).toBe(true);
  });

  it("gives a forwarder its company flag and the tenant airline's settings", async () => {
    expect(await uiSettings("forwarder@cargodesk.test", "s7")).toEqual({ ...S7_SETTINGS, has_access_to_new_air_waybills_page: false });
    const su = await uiSettings("forwarder@cargodesk.test", "su");
    expect(su).toMatchObject({ has_access_to_new_air_waybills_page: false, show_settings: false, show_loadfactor_data: true });
    // No tenant and not an airline: every airline setting is off.
    expect(await uiSettings("forwarder@cargodesk.test")).toEqual({
      has_access_to_new_air_waybills_page: false,
      show_settings: false,
      show_loadfactor_data: false,
      tax_id_required: false,
      settlements_rule: { balances_enabled: false, cass_link_report: false },
      awb_prefix: null,
    });
  });

  it("is all false for a user without a company on the default tenant", async () => {
    const settings = await uiSettings("nocompany@cargodesk.test");
    expect(settings.has_access_to_new_air_waybills_page).toBe(false);
    expect(settings.show_settings).toBe(false);
  });
});

describe("GET /api/v3/airlines/:carrier/ui_setting", () => {
  it("answers an airline's settings by code in either case", async () => {
    const tokens = await signIn(t.app, "platform@cargodesk.test");
    for (const code of ["c6", "C6"]) {
      const res = await call(t.app, tokens, "GET", `/api/v3/airlines/${code}/ui_setting`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        show_settings: true,
        show_loadfactor_data: false,
        tax_id_required: true,
        settlements_rule: { balances_enabled: false, cass_link_report: false },
      });
    }
  });

  it("answers 404 for an unknown airline and 401 without a token", async () => {
    const tokens = await signIn(t.app, "platform@cargodesk.test");
    const res = await call(t.app, tokens, "GET", "/api/v3/airlines/zz/ui_setting");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Airline not found", code: "airline_not_found", params: {} });
    expect((await t.app.inject({ method: "GET", url: "/api/v3/airlines/s7/ui_setting" })).statusCode).toBe(401);
  });
});

describe("GET /api/v3/global_notifications/active", () => {
  const texts = (res: { json(): { data: Array<{ en_text: string }> } }) => res.json().data.map((n) => n.en_text);

  it("answers the tenant's banners plus those for everyone", async () => {
    const tokens = await signIn(t.app, "forwarder@cargodesk.test");
    const s7 = await call(t.app, tokens, "GET", "/api/v3/global_notifications/active?carrier=s7");
    expect(s7.statusCode).toBe(200);
    expect(s7.json().data).toHaveLength(2);
    const warning = s7.json().data.find((n: { level: string }) => n.level === "warning");
    expect(warning).toEqual({
      id: expect.any(Number),
      en_text: "S7 Airlines: booking cut-off at OVB moves to 3 hours before departure.",
      ru_text: "S7 Airlines: окончание бронирования в OVB за 3 часа до вылета.",
      es_text: null,
      level: "warning",
      active: true,
      show_once: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const everyone = s7.json().data.find((n: { level: string }) => n.level === "info");
    expect(everyone).toMatchObject({ show_once: true, active: true });
    expect(everyone.ru_text).toContain("Добро пожаловать");
    // the welcome every tenant shows, V0's Spanish readers included (issue 22 §10: it read English there)
    expect(everyone.es_text).toContain("Bienvenido a Cargo Desk");

    const su = await call(t.app, tokens, "GET", "/api/v3/global_notifications/active?carrier=su");
    expect(texts(su)).toEqual([everyone.en_text]);
    const none = await call(t.app, tokens, "GET", "/api/v3/global_notifications/active");
    expect(texts(none)).toEqual([everyone.en_text]);
  });

  it("falls back to the Carrier header and leaves out inactive banners", async () => {
    await t.database.db
      .insert(globalNotifications)
      .values({ carrier: "S7", en_text: "old news", ru_text: "старое", level: "error", active: false });
    const tokens = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    const res = await call(t.app, tokens, "GET", "/api/v3/global_notifications/active", { carrier: "s7" });
    expect(res.json().data).toHaveLength(2);
    expect(texts(res)).not.toContain("old news");
  });
});

describe("GET /api/v3/notifications/active", () => {
  it("answers only the caller's own active notifications", async () => {
    const [operator] = await t.database.db.select().from(users).where(eq(users.email, "s7.operator@cargodesk.test"));
    const [manager] = await t.database.db.select().from(users).where(eq(users.email, "s7.manager@cargodesk.test"));
    await t.database.db.insert(userNotifications).values([
      { user_id: operator!.id, en_text: "Your report is ready", ru_text: "Ваш отчёт готов", level: "info", show_once: true },
      { user_id: operator!.id, en_text: "closed one", ru_text: "закрытое", active: false },
      { user_id: manager!.id, en_text: "for the manager", ru_text: "для менеджера" },
    ]);
    const tokens = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    const res = await call(t.app, tokens, "GET", "/api/v3/notifications/active", { carrier: "s7" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: expect.any(Number),
          en_text: "Your report is ready",
          ru_text: "Ваш отчёт готов",
          es_text: null,
          level: "info",
          active: true,
          show_once: true,
          created_at: expect.any(String),
        },
      ],
    });
    const nobody = await signIn(t.app, "nocompany@cargodesk.test");
    expect((await call(t.app, nobody, "GET", "/api/v3/notifications/active")).json()).toEqual({ data: [] });
  });
});
