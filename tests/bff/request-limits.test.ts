/**
 * Issue 8 §2/§4: limits before work. Every reproduction of the issue (a huge `[n]` index, an oversized or
 * non-form body, a NUL in the query) answers 4xx at once with the translated message inside the product's
 * page, echoes nothing back at size, and stores nothing; the process neither stalls nor grows.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { forwarderCustomers, handlers } from "../../api/db/schema";
import { csrfOf, parseSetCookie, textOf, useBff, type Browser } from "./harness";
import { FREEZE_BOUND_MS } from "../freeze-bound";
import { refusalOf } from "~/lib/http/form-refusals.server";

const bff = useBff();

const db = () => bff.api.database.db;

const signedIn = (host: string, email: string, acceptLanguage?: string) => bff.signedIn(host, `${email}@cargodesk.test`, { acceptLanguage });

/** One request with a body given as is (the harness browser only sends url-encoded forms). */
async function send(browser: Browser, host: string, path: string, init: { method?: string; body?: BodyInit; contentType?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  const cookie = browser.cookieHeader(host);
  if (cookie) headers.set("Cookie", cookie);
  if (init.contentType) headers.set("Content-Type", init.contentType);
  const response = await bff.handle(new Request(`http://${host}${path}`, { method: init.method ?? "POST", headers, body: init.body }));
  for (const line of response.headers.getSetCookie()) {
    const cookie = parseSetCookie(line);
    browser.setCookie(host, cookie.name, cookie.value);
  }
  return { status: response.status, headers: response.headers, body: await response.text(), refused: refusalOf(response) };
}

/** Runs `fn`, answering its result with the wall time and the heap growth it cost. */
async function measured<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number; heapMb: number }> {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const result = await fn();
  const ms = performance.now() - started;
  return { result, ms, heapMb: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024 };
}

const urlencoded = "application/x-www-form-urlencoded";

describe("huge list indices (the issue's process-killing POSTs)", () => {
  it("anonymous /signIn with x[999999999]=1: 400 at once, the translated message in the page, nobody signed in", async () => {
    const browser = bff.browser();
    const { csrf } = await browser.signInForm("s7.localhost");
    const body = `csrf=${csrf}&email=s7.manager%40cargodesk.test&password=cargodesk-demo&website=&x[999999999]=1`;
    const { result, ms, heapMb } = await measured(() => send(browser, "s7.localhost", "/signIn", { body, contentType: urlencoded }));
    expect(result.status).toBe(400);
    expect(ms).toBeLessThan(FREEZE_BOUND_MS);
    expect(heapMb).toBeLessThan(50);
    expect(textOf(result.body)).toContain("The form is too large");
    expect(result.body).toContain('<html lang="en"');
    // not signed in: the valid credentials were never used
    expect((await browser.request("s7.localhost", "/dashboard/profile")).status).toBe(302);
  });

  it("x[2000000]=1 on /signIn and /restore is refused without echoing a 2 000 000-slot array", async () => {
    for (const path of ["/signIn", "/restore"]) {
      const browser = bff.browser();
      const { csrf } = await browser.signInForm("localhost");
      const { result, ms } = await measured(() => send(browser, "localhost", path, { body: `csrf=${csrf}&email=a%40b.test&x[2000000]=1`, contentType: urlencoded }));
      expect(result.status, path).toBe(400);
      expect(ms, path).toBeLessThan(FREEZE_BOUND_MS);
      expect(result.body.length, path).toBeLessThan(200_000);
      expect(textOf(result.body), path).toContain("The form is too large");
    }
  });

  it("in Russian for a Russian browser", async () => {
    const browser = bff.browser({ acceptLanguage: "ru,en;q=0.5" });
    const { csrf } = await browser.signInForm("s7.localhost");
    const answer = await send(browser, "s7.localhost", "/signIn", { body: `csrf=${csrf}&x[999999999]=1`, contentType: urlencoded, headers: { "Accept-Language": "ru" } });
    expect(answer.status).toBe(400);
    expect(textOf(answer.body)).toContain("Форма слишком большая");
  });

  it("a forwarder's contacts[999999999].name on a party: 400 inside the shell, the party unchanged", async () => {
    const browser = await signedIn("localhost", "forwarder");
    const [party] = await db().select().from(forwarderCustomers).where(eq(forwarderCustomers.name, "Volga Machinery"));
    const path = `/dashboard/settings/parties/${party!.id}/edit`;
    const csrf = await csrfOf(browser, "localhost", path);
    const body = `csrf=${csrf}&intent=customer&name=Hijacked&country_code=RU&contacts[999999999].name=x`;
    const { result, ms, heapMb } = await measured(() => send(browser, "localhost", path, { body, contentType: urlencoded }));
    expect(result.status).toBe(400);
    expect(ms).toBeLessThan(FREEZE_BOUND_MS);
    expect(heapMb).toBeLessThan(50);
    expect(result.body).toContain('data-testid="sidebar"');
    expect(textOf(result.body)).toContain("The form is too large");
    const [after] = await db().select().from(forwarderCustomers).where(eq(forwarderCustomers.id, party!.id));
    expect(after).toEqual(party);
  });

  it("an S7 manager's lines[999999999].days_of_week on New flight: 400 inside the shell", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const csrf = await csrfOf(browser, "s7.localhost", "/dashboard/flights/create");
    const { result, ms } = await measured(() =>
      send(browser, "s7.localhost", "/dashboard/flights/create", { body: `csrf=${csrf}&mode=regular&lines[999999999].days_of_week=1`, contentType: urlencoded }),
    );
    expect(result.status).toBe(400);
    expect(ms).toBeLessThan(FREEZE_BOUND_MS);
    expect(result.body).toContain('data-testid="sidebar"');
    expect(textOf(result.body)).toContain("The form is too large");
  });

  it("with JavaScript on (a data request) the action answers the rejection for the route's error boundary", async () => {
    const browser = bff.browser();
    const { csrf } = await browser.signInForm("localhost");
    const answer = await send(browser, "localhost", "/signIn?_data=routes%2FsignIn", { body: `csrf=${csrf}&x[999999999]=1`, contentType: urlencoded });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("X-Remix-Catch")).toBe("yes");
    expect(JSON.parse(answer.body)).toEqual({ code: "FormTooLarge" });
  });

  it("small indices, many rows within the limits, still work (a refused form re-renders its values)", async () => {
    const browser = bff.browser();
    const { csrf } = await browser.signInForm("s7.localhost");
    const answer = await send(browser, "s7.localhost", "/signIn", {
      body: `csrf=${csrf}&email=s7.manager%40cargodesk.test&password=wrong-password&website=&x[3]=1`,
      contentType: urlencoded,
    });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("Invalid e-mail or password");
  });
});

describe("body size, type and shape", () => {
  it("a 1 MB url-encoded form answers 413 with the translated message", async () => {
    const browser = bff.browser();
    const { csrf } = await browser.signInForm("localhost");
    const answer = await send(browser, "localhost", "/signIn", { body: `csrf=${csrf}&email=${"a".repeat(1024 * 1024)}`, contentType: urlencoded });
    expect(answer.status).toBe(413);
    expect(textOf(answer.body)).toContain("The form is too large");
    expect(answer.body.length).toBeLessThan(200_000);
  });

  it("more than 1 000 fields answer 400", async () => {
    const browser = bff.browser();
    const { csrf } = await browser.signInForm("localhost");
    const fields = Array.from({ length: 1500 }, (_, i) => `f${i}=1`).join("&");
    const answer = await send(browser, "localhost", "/signIn", { body: `csrf=${csrf}&${fields}`, contentType: urlencoded });
    expect(answer.status).toBe(400);
    expect(textOf(answer.body)).toContain("The form is too large");
  });

  it("JSON and text/plain bodies answer 415 'Unsupported request'", async () => {
    const browser = await signedIn("localhost", "forwarder");
    for (const contentType of ["application/json", "text/plain"]) {
      const answer = await send(browser, "localhost", "/dashboard/settings/parties?index&dialog=new", { body: '{"name":"x"}', contentType });
      expect(answer.status, contentType).toBe(415);
      expect(answer.body, contentType).toContain('data-testid="sidebar"');
      expect(textOf(answer.body), contentType).toContain("Unsupported request");
    }
  });

  it("a missing body is an empty form (refused by the CSRF check, never a 5xx)", async () => {
    const browser = bff.browser();
    await browser.signInForm("localhost");
    const answer = await send(browser, "localhost", "/signIn");
    expect(answer.status).toBe(403);
  });

  it("a malformed multipart body answers 400; a 12 MB one 413 'The file is larger than 10 MB'", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const path = "/dashboard/settings/baggage-averages?index";
    const malformed = await send(browser, "s7.localhost", path, { body: "--xyz\r\nnot a part", contentType: "multipart/form-data; boundary=xyz" });
    expect(malformed.status).toBe(400);
    expect(textOf(malformed.body)).toContain("The request could not be read");

    const form = new FormData();
    form.set("file", new File([new Uint8Array(12 * 1024 * 1024)], "big.xlsx"));
    const big = await measured(() => send(browser, "s7.localhost", path, { body: form }));
    expect(big.result.status).toBe(413);
    expect(textOf(big.result.body)).toContain("The file is larger than 10 MB");
    expect(big.ms).toBeLessThan(FREEZE_BOUND_MS);
  });

  it("a NUL byte in a field answers 400", async () => {
    const browser = bff.browser();
    const { csrf } = await browser.signInForm("localhost");
    const answer = await send(browser, "localhost", "/signIn", { body: `csrf=${csrf}&email=nob%00ody%40x.test&password=x`, contentType: urlencoded });
    expect(answer.status).toBe(400);
    expect(textOf(answer.body)).toContain("The request could not be read");
  });
});

describe("fields conform reads itself", () => {
  /** A list index conform would allocate an array for (10^8 slots froze the server for minutes), at every depth. */
  const HUGE = 100_000_000;
  const HUGE_INDEX_PATHS = [`contacts[${HUGE}]`, `contacts[0].phones[${HUGE}]`, `a.b[1].c[${HUGE}].d`, `x[${HUGE}][0]`];
  /** Every place conform reads a path from: an intent's name, an update's value, an insert's default, the form state. */
  const TAMPERED_FIELDS: Array<Record<string, string>> = [
    ...["GEN", "null", '{"type":"drop"}', '{"type":"validate"}', '{"type":"reset","payload":null}', JSON.stringify({ type: "insert", payload: { name: "contacts", index: 999_999_999 } })].map((intent) => ({ __intent__: intent })),
    ...HUGE_INDEX_PATHS.flatMap((path) => [
      ...["update", "validate", "insert", "remove", "reset"].map((type) => ({ __intent__: JSON.stringify({ type, payload: { name: path, value: "x" } }) })),
      { __intent__: JSON.stringify({ type: "update", payload: { name: "contacts", value: { [path]: "x" } } }) },
      { __intent__: JSON.stringify({ type: "update", payload: { value: { contacts: [{ phones: { [path]: "x" } }] } } }) },
      { __intent__: JSON.stringify({ type: "insert", payload: { name: "contacts", defaultValue: { [path]: "x" } } }) },
      { __state__: JSON.stringify({ [path]: true }) },
      { __state__: JSON.stringify({ validated: { [path]: true } }) },
    ]),
  ];

  let platform: { browser: Browser; csrf: string };
  beforeAll(async () => {
    const browser = await signedIn("localhost", "platform");
    platform = { browser, csrf: await csrfOf(browser, "localhost", "/dashboard/settings/companies/create") };
  });

  it.each(TAMPERED_FIELDS)("a tampered conform field answers 400 at once, echoing nothing: %j", async (tampered) => {
    const { browser, csrf } = platform;
    const { result: answer, ms } = await measured(() =>
      send(browser, "localhost", "/dashboard/settings/companies/create", {
        body: new URLSearchParams({ csrf, name: "Tampered", ...tampered }).toString(),
        contentType: urlencoded,
      }),
    );
    expect(answer.status).toBe(400);
    expect(textOf(answer.body)).toContain("The request could not be read");
    expect(answer.body).not.toContain(String(HUGE));
    expect(ms).toBeLessThan(FREEZE_BOUND_MS);
  });

  it("a 20 000-character field answers 400 and is not echoed back", async () => {
    const browser = await signedIn("localhost", "platform");
    const csrf = await csrfOf(browser, "localhost", "/dashboard/settings/companies/create");
    const answer = await send(browser, "localhost", "/dashboard/settings/companies/create", {
      body: new URLSearchParams({ csrf, name: "x".repeat(20_000) }).toString(),
      contentType: urlencoded,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.length).toBeLessThan(200_000);
    expect(answer.body).not.toContain("x".repeat(10_001));
  });
});

describe("the URL", () => {
  it("?q=%00 answers 400 inside the shell instead of reaching the API", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const answer = await browser.request("s7.localhost", "/dashboard/settings/agreements?q=%00");
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('data-testid="sidebar"');
    expect(textOf(answer.body)).toContain("The request could not be read");
  });

  it("a 20 000-character query answers 400", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const answer = await browser.request("s7.localhost", `/dashboard/settings/agreements?q=${"a".repeat(20_000)}`);
    expect(answer.status).toBe(400);
  });
});

describe("dates that do not exist", () => {
  it("flight_date=2027-13-45 on New flight: 'Invalid format' beside the field, the typed value kept, never a 5xx", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const csrf = await csrfOf(browser, "s7.localhost", "/dashboard/flights/create");
    const answer = await browser.request("s7.localhost", "/dashboard/flights/create", {
      method: "POST",
      form: {
        csrf,
        mode: "single",
        number: "S7 7190",
        flight_date: "2027-13-45",
        origin_iata: "DME",
        destination_iata: "OVB",
        std: "22:00",
        sta: "06:00",
        sta_day: "1",
        time_mode: "local",
        flight_type: "F",
        aircraft_type: "32N",
      },
    });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("Invalid format");
    expect(answer.body).toContain('value="2027-13-45"');
  });

  it("?effective_on=2027-13-45 on the agreements list is no filter (200, the list shown)", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const answer = await browser.request("s7.localhost", "/dashboard/settings/agreements?effective_on=2027-13-45");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('data-testid="sidebar"');
  });
});

describe("text longer than the API takes", () => {
  it("a 2 001-character handler note: the limit beside the field, the text kept, nothing stored", async () => {
    const note = "n".repeat(2001);
    const browser = await signedIn("s7.localhost", "s7.manager");
    const csrf = await csrfOf(browser, "s7.localhost", "/dashboard/settings/handlers/create");
    const answer = await browser.request("s7.localhost", "/dashboard/settings/handlers/create", {
      method: "POST",
      form: { csrf, location: "KJA", note },
    });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("At most 2000 characters");
    expect(answer.body).toContain(note);
    expect(await db().select().from(handlers).where(eq(handlers.note, note))).toEqual([]);
  });
});
