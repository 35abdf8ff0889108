import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApi } from "../../api/app";
import { makeTestApi, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await makeTestApi();
});
afterAll(() => t?.close());

describe("common HTTP behaviour", () => {
  it("answers 404 {error: 'Not Found'} for an unknown route", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v3/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not Found", code: "not_found", params: {} });
  });

  it("answers 400 with an error for malformed JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v2/users",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTypeOf("string");
  });

  it("answers 422 {errors: {field: [message]}} when a body fails its schema", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/v2/users/password", payload: { user: { email: 42 } } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { "user.email": [expect.any(String)] }, error_codes: { "user.email": [{ code: expect.any(String), params: expect.any(Object) }] } });
  });
});

describe("OpenAPI at /api/docs", () => {
  it("serves the UI and a document whose every operation has an answer schema", async () => {
    const ui = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const expected = [
      "post /oauth/token",
      "post /oauth/revoke",
      "get /oauth/token/info",
      "get /api/v3/profiles/me",
      "get /api/v3/profiles/available_roles",
      "patch /api/v3/profiles/current_role",
      "patch /api/v3/profiles/locale",
      "post /api/v2/users/password",
      "put /api/v2/users/password",
      "post /api/v2/users",
      "get /api/v3/companies/ui_settings",
      "get /api/v3/airlines/{carrier}/ui_setting",
      "get /api/v3/global_notifications/active",
      "get /api/v3/notifications/active",
      "get /api/v3/companies/{id}/user_profiles",
      "post /api/v3/companies/{id}/user_profiles",
      "get /api/v3/companies/{id}/user_profiles/{pid}",
      "patch /api/v3/companies/{id}/user_profiles/{pid}",
      "delete /api/v3/companies/{id}/user_profiles/{pid}",
    ];
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses?: object; requestBody?: object }>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ key: `${method} ${path}`, op })),
    );
    expect(operations.map((o) => o.key)).toEqual(expect.arrayContaining(expected));
    for (const { key, op } of operations) {
      expect(Object.keys(op.responses ?? {}), key).not.toHaveLength(0);
    }
    const profiles = doc.paths["/api/v3/companies/{id}/user_profiles"].post;
    expect(profiles.requestBody.content["application/json"].schema.properties.user_profile).toBeDefined();
    expect(profiles.security).toEqual([{ bearerAuth: [] }]);
    expect(profiles.responses["401"]).toBeDefined();
  });
});

describe("development outbox route", () => {
  it("exists without SMTP outside production", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it("is not registered in production or when SMTP is configured", async () => {
    for (const config of [{ NODE_ENV: "production" }, { SMTP_URL: "smtp://127.0.0.1:2525" }]) {
      const app = await buildApi({ database: t.database, config });
      try {
        const res = await app.inject({ method: "GET", url: "/api/dev/outbox" });
        expect(res.statusCode).toBe(404);
      } finally {
        await app.close();
      }
    }
  });
});
