/**
 * Issue 9 §1.2 and §3 through the real Remix build and the real API, JS off (plain POSTs):
 * - a form shows every error the server can know after ONE submit: the schema's field rules, its cross-field
 *   checks and the reference lookups (unknown airport) together;
 * - create/edit rights live in the route table, so a reader's POST to an edit action is the not-found page and
 *   nothing changes upstream.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { agreements, segments } from "../../api/db/schema";
import { configuredNow, fieldErrorOf, hiddenInput, textOf, useBff, type Answer, type Browser } from "./harness";

const bff = useBff();
const db = () => bff.api.database.db;
const S7 = "s7.localhost";

const signedIn = (email: string) => bff.signedIn(S7, `${email}@cargodesk.test`);

/** ISO date `days` from the service's today. */
const dayAhead = (days: number) => new Date(configuredNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);

type Fields = Array<[string, string]>;

/** POST `fields` to `path` with a CSRF token read from `tokenPage` (a page the user may open). */
async function post(browser: Browser, path: string, fields: Fields, tokenPage = path): Promise<Answer> {
  const page = await browser.request(S7, tokenPage);
  expect(page.status, `GET ${tokenPage}`).toBe(200);
  const csrf = hiddenInput(page.body, "csrf");
  expect(csrf).toBeTruthy();
  // URLSearchParams takes a list of pairs: repeated names survive
  return browser.request(S7, path, { method: "POST", form: [["csrf", csrf!], ...fields] });
}

/** A Schedule or Regular flight form to OVB whose period ends before it starts (day 40 to day 30), with `lines`. */
const reversedPeriod = (mode: "schedule" | "regular", number: string, origin: string, lines: Fields): Fields => [
  ["mode", mode],
  ["number", number],
  ["origin_iata", origin],
  ["destination_iata", "OVB"],
  ["period_from", dayAhead(40)],
  ["period_to", dayAhead(30)],
  ["time_mode", "local"],
  ...lines,
];

const agreementCount = async () => Number((await db().execute(sql`select count(*)::int as n from agreements`)).rows[0]!.n);

describe("the schedule form renders its lines without React's key warning", () => {
  // first in the file: React warns once per component per process
  it("a Schedule POST of two lines answered with an error renders both lines, and React does not warn about keys", async () => {
    const browser = await signedIn("s7.manager");
    const errors = vi.spyOn(console, "error");
    try {
      const answer = await post(
        browser,
        "/dashboard/flights/create?mode=schedule",
        reversedPeriod(
          "schedule",
          "S7 7193",
          "DME",
          [0, 1].flatMap((i): Fields => [
            [`lines[${i}].days_of_week`, String(i + 1)],
            [`lines[${i}].departure_time`, "10:00"],
            [`lines[${i}].arrival_time`, "14:00"],
            [`lines[${i}].arrival_date_variation`, "0"],
          ]),
        ),
      );
      expect([answer.status, answer.refused]).toEqual([200, 400]);
      expect(answer.body.match(/data-testid="schedule-line"/g)).toHaveLength(2);
      const keyWarnings = errors.mock.calls.map((args) => args.map(String).join(" ")).filter((text) => /unique "key"/.test(text));
      expect(keyWarnings).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});

describe("every error after one submit", () => {
  it("a new Regular flight with its period reversed, no weekday and an unknown airport shows all three", async () => {
    const browser = await signedIn("s7.manager");
    const answer = await post(
      browser,
      "/dashboard/flights/create?mode=regular",
      reversedPeriod("regular", "S7 7191", "QQQ", [
        ["lines[0].departure_time", "10:00"],
        ["lines[0].arrival_time", "14:00"],
        ["lines[0].arrival_date_variation", "0"],
      ]),
    );
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    const text = textOf(answer.body);
    expect(text).toContain("The period ends before it starts");
    expect(text).toContain("Choose at least one weekday");
    expect(fieldErrorOf(answer.body, "origin_iata")).toBe("Unknown airport");
    // the good airport is not called unknown, and nothing was stored
    expect(fieldErrorOf(answer.body, "destination_iata")).toBeUndefined();
    expect(await db().select().from(segments).where(eq(segments.number, "S77191"))).toHaveLength(0);
  });

  it("a Single flight without a date and with an unknown airport shows both", async () => {
    const browser = await signedIn("s7.manager");
    const answer = await post(browser, "/dashboard/flights/create", [
      ["mode", "single"],
      ["number", "S7 7192"],
      ["origin_iata", "DME"],
      ["destination_iata", "QQX"],
      ["std", "10:00"],
      ["sta", "14:00"],
      ["sta_day", "0"],
      ["time_mode", "local"],
    ]);
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("The field is required");
    expect(fieldErrorOf(answer.body, "destination_iata")).toBe("Unknown airport");
  });

  it("a new agreement with its required fields empty, its dates reversed and an unknown sales origin shows all of them", async () => {
    const browser = await signedIn("s7.manager");
    const before = await agreementCount();
    const answer = await post(browser, "/dashboard/settings/agreements/create", [
      ["currency", "RUB"],
      ["effective_from", dayAhead(20)],
      ["effective_to", dayAhead(10)],
      ["sales_origins", "DME, QQQ"],
      ["active", "on"],
    ]);
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    const text = textOf(answer.body);
    expect(fieldErrorOf(answer.body, "account_number")).toBe("The field is required");
    expect(fieldErrorOf(answer.body, "contract_number")).toBe("The field is required");
    expect(text).toContain("The end date must not be before the start date");
    expect(text).toContain("Unknown airport codes: QQQ");
    expect(await agreementCount()).toBe(before);
  });
});

describe("rights from the route table: a reader's POST to an edit action", () => {
  const agreementFields = (contract: string): Fields => [
    ["client", "FWDONE"],
    ["account_number", "ACC-1"],
    ["contract_number", contract],
    ["currency", "RUB"],
    ["effective_from", dayAhead(1)],
    ["active", "on"],
  ];

  it("an S7 operator (reads the agreements list) posting a new agreement gets the not-found page; nothing is stored", async () => {
    const operator = await signedIn("s7.operator");
    expect((await operator.request(S7, "/dashboard/settings/agreements/create")).status).toBe(404);
    const before = await agreementCount();
    const refused = await post(operator, "/dashboard/settings/agreements/create", agreementFields("RIGHTS/OPERATOR"), "/dashboard/settings/agreements");
    expect(refused.status).toBe(404);
    expect(textOf(refused.body)).toContain("Page not found");
    expect(await agreementCount()).toBe(before);
    // the same form from the airline's manager is stored: the refusal was the right, not the form
    const manager = await signedIn("s7.manager");
    expect((await post(manager, "/dashboard/settings/agreements/create", agreementFields("RIGHTS/MANAGER"))).status).toBe(302);
    expect(await agreementCount()).toBe(before + 1);
  });

  it("an S7 operator posting an edit of a stored agreement gets the not-found page; the agreement is unchanged", async () => {
    const [row] = await db().select().from(agreements).where(eq(agreements.contract_number, "RIGHTS/MANAGER"));
    expect(row).toBeTruthy();
    const operator = await signedIn("s7.operator");
    const path = `/dashboard/settings/agreements/${row!.id}/edit`;
    const refused = await post(operator, path, agreementFields("RIGHTS/CHANGED"), "/dashboard/settings/agreements");
    expect(refused.status).toBe(404);
    const [after] = await db().select().from(agreements).where(eq(agreements.id, row!.id));
    expect(after!.contract_number).toBe("RIGHTS/MANAGER");
  });

  it("an S7 billing user (reads the flight page) posting a flag action gets the not-found page; the flight is unchanged", async () => {
    const [flight] = await db()
      .select({ id: segments.id, sales_closed: segments.sales_closed })
      .from(segments)
      .where(and(eq(segments.carrier, "S7"), eq(segments.sales_closed, false)))
      .limit(1);
    const billing = await signedIn("s7.billing");
    const page = `/dashboard/flights/${flight!.id}`;
    const refused = await post(billing, page, [["intent", "close_sales"], ["tab", "summary"]]);
    expect(refused.status).toBe(404);
    const [after] = await db().select({ sales_closed: segments.sales_closed }).from(segments).where(eq(segments.id, flight!.id));
    expect(after!.sales_closed).toBe(false);
  });
});
