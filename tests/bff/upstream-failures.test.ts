/**
 * Issue 8 §2 and §4 on the BFF: a list field's codes are checked upstream in one call, not one per code;
 * an API 5xx is the translated "Undefined Error" page inside the shell (502, the upstream failed), and an
 * API that cannot be reached says the service is unavailable, not that the user's network is at fault.
 */
import { eq } from "drizzle-orm";
import { http, HttpResponse, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { agreements, airports } from "../../api/db/schema";
import { hiddenInput, submit, textOf, useBff, type Browser } from "./harness";
import { FREEZE_BOUND_MS } from "../freeze-bound";

const bff = useBff();

afterEach(() => bff.msw.resetHandlers());

const db = () => bff.api.database.db;
const S7 = "s7.localhost";

async function signedIn(host: string, email: string, locale?: string): Promise<Browser> {
  const browser = bff.browser();
  const { landing } = await browser.signIn(host, `${email}@cargodesk.test`);
  if (locale && locale !== "en") {
    // the language switch in the header, as a user would use it
    const csrf = hiddenInput(landing.body, "csrf")!;
    const switched = await browser.request(host, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "locale", value: locale, redirectTo: "/dashboard" } });
    expect(switched.status).toBe(302);
  }
  return browser;
}

/** Counts the upstream calls to `path` (they still reach the API). */
function countCalls(path: string): { count: number } {
  const counter = { count: 0 };
  bff.msw.use(
    http.get(`${bff.api.url}/${path}`, () => {
      counter.count++;
      return passthrough();
    }),
  );
  return counter;
}

const agreement = (contract: string, salesOrigins: string) => ({
  client: "FWDONE",
  account_number: "LIMITS-1",
  contract_number: contract,
  currency: "EUR",
  effective_from: "2026-03-01",
  sales_origins: salesOrigins,
});

describe("a list of codes is checked in one upstream call", () => {
  it("1 000 codes in sales_origins: refused beside the field at once, with no upstream look-up per code", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const codes = Array.from({ length: 1000 }, (_, i) => `A${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26) % 26)}`);
    const page = await browser.request(S7, "/dashboard/settings/agreements/create");
    const calls = countCalls("api/v3/airports");
    const started = performance.now();
    const answer = await browser.request(S7, "/dashboard/settings/agreements/create", {
      method: "POST",
      form: { csrf: hiddenInput(page.body, "csrf")!, ...agreement("LIMITS/1000", codes.join(", ")) },
    });
    expect(performance.now() - started).toBeLessThan(FREEZE_BOUND_MS);
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("At most 100 codes in one list");
    expect(calls.count).toBeLessThanOrEqual(2);
    expect(await db().select().from(agreements).where(eq(agreements.contract_number, "LIMITS/1000"))).toHaveLength(0);
  });

  it("40 000 malformed codes (a 240 KB field) are refused before any parsing: one short message, nothing echoed", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, "/dashboard/settings/agreements/create");
    const answer = await browser.request(S7, "/dashboard/settings/agreements/create", {
      method: "POST",
      form: { csrf: hiddenInput(page.body, "csrf")!, ...agreement("LIMITS/40000", Array.from({ length: 40_000 }, () => "12345").join(" ")) },
    });
    expect(answer.status).toBe(400);
    expect(textOf(answer.body)).toContain("The form is too large");
    expect(textOf(answer.body)).not.toContain("Airport codes are three letters");
    expect(answer.body).not.toContain("12345 12345");
    expect(answer.body.length).toBeLessThan(200_000);
  });

  it("100 codes, one unknown: one upstream call names the unknown code beside the field", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const known = (await db().select({ iata: airports.iata }).from(airports).limit(99)).map((a) => a.iata);
    expect(known).toHaveLength(99);
    const calls = countCalls("api/v3/airports");
    const answer = await submit(browser, S7, "/dashboard/settings/agreements/create", agreement("LIMITS/100", [...known, "QQQ"].join(", ")));
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("Unknown airport codes: QQQ");
    expect(calls.count).toBeLessThanOrEqual(2);
  });

  it("the API's codes filter answers exactly the known codes and refuses more than 100", async () => {
    const token = await bff.api.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { carrier: "S7" },
      payload: { grant_type: "password", username: "s7.manager@cargodesk.test", password: "cargodesk-demo" },
    });
    expect(token.statusCode).toBe(200);
    const auth = { authorization: `${token.json().token_type} ${token.json().access_token}`, carrier: "S7" };
    const found = await bff.api.app.inject({ url: "/api/v3/airports?codes=dme,OVB,QQQ", headers: auth });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((a: { iata: string }) => a.iata).sort()).toEqual(["DME", "OVB"]);
    const shcs = await bff.api.app.inject({ url: "/api/v3/special_handlings?codes=PER,ZZZ", headers: auth });
    expect(shcs.json().data.map((s: { code: string }) => s.code)).toEqual(["PER"]);
    const tooMany = await bff.api.app.inject({ url: `/api/v3/airports?codes=${Array.from({ length: 101 }, (_, i) => `X${i}`).join(",")}`, headers: auth });
    expect(tooMany.statusCode).toBe(422); // the API's answer to a query its schema refuses
  });
});

describe("upstream failures reach the user as a page of the product", () => {
  it("an API 500 on a list page: 502 with the translated Undefined Error inside the shell (en and ru)", async () => {
    bff.msw.use(http.get(`${bff.api.url}/api/v3/agreements`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    // two accounts: the language switch may store the language in the account's profile
    for (const [host, email, language, text] of [
      [S7, "s7.manager", "en", "Undefined Error, please contact technical support"],
      ["localhost", "forwarder", "ru", "Неизвестная ошибка, обратитесь в техническую поддержку"],
    ]) {
      const browser = await signedIn(host!, email!, language);
      const page = await browser.request(host!, "/dashboard/settings/agreements");
      expect(page.status, language).toBe(502);
      expect(page.body, language).toContain('data-testid="sidebar"');
      expect(textOf(page.body), language).toContain(text);
    }
  });

  it("an API that cannot be reached: the service is unavailable (503), never 'check your network connection'", async () => {
    bff.msw.use(http.get(`${bff.api.url}/api/v3/agreements`, () => HttpResponse.error()));
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, "/dashboard/settings/agreements");
    expect(page.status).toBe(503);
    expect(page.body).toContain('data-testid="sidebar"');
    expect(textOf(page.body)).toContain("The service is unavailable at the moment");
    expect(textOf(page.body)).not.toContain("network connection");
  });

  it("an API 500 while saving a form keeps every typed value and says so above the form", async () => {
    bff.msw.use(http.post(`${bff.api.url}/api/v3/agreements`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const browser = await signedIn(S7, "s7.manager");
    const answer = await submit(browser, S7, "/dashboard/settings/agreements/create", agreement("LIMITS/500", "OVB"));
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('data-testid="sidebar"');
    expect(textOf(answer.body)).toContain("Undefined Error, please contact technical support");
    expect(answer.body).toContain('value="LIMITS/500"');
    expect(answer.body).toContain('value="LIMITS-1"');
  });

  it("sign-in while the API cannot be reached says the service is unavailable", async () => {
    bff.msw.use(http.post(`${bff.api.url}/oauth/token`, () => HttpResponse.error()));
    const answer = await bff.browser().submitSignIn(S7, "s7.manager@cargodesk.test");
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(600);
    expect(textOf(answer.body)).toContain("The service is unavailable at the moment");
  });
});

describe("a download whose upstream call fails", () => {
  it("goes back to the list with the translated message instead of a bare error answer", async () => {
    bff.msw.use(http.get(`${bff.api.url}/api/v3/permitted_routes.csv`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const browser = await signedIn(S7, "s7.manager");
    const answer = await browser.request(S7, "/dashboard/settings/permitted-routes/download?origin=OVB&format=csv");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/dashboard/settings/permitted-routes?origin=OVB");
    const list = await browser.request(S7, answer.location!);
    expect(list.status).toBe(200);
    expect(list.body).toContain('data-testid="sidebar"');
    expect(textOf(list.body)).toContain("Undefined Error, please contact technical support");
  });

  it("a form saved while the API cannot be reached: 503, the service is unavailable, the values kept", async () => {
    bff.msw.use(http.post(`${bff.api.url}/api/v3/agreements`, () => HttpResponse.error()));
    const browser = await signedIn(S7, "s7.manager");
    const answer = await submit(browser, S7, "/dashboard/settings/agreements/create", agreement("LIMITS/503", "OVB"));
    expect(answer.status).toBe(503);
    expect(textOf(answer.body)).toContain("The service is unavailable at the moment");
    expect(answer.body).toContain('value="LIMITS/503"');
  });
});
