/**
 * The agreements list shows the state an agreement is in on the service's day (issue 9 §1.6): an agreement that
 * ended read "ACTIVE" because the badge showed the `active` flag alone. Dates are relative to the service clock
 * (CARGO_NOW aware), both ends inclusive: an agreement is still in force on its effective_to day.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agreements } from "../../api/db/schema";
import { hiddenInput, seedToday, textOf, useBff, type Browser } from "./harness";

const bff = useBff();

const db = () => bff.api.database.db;

/** The service's day shifted by `days` (YYYY-MM-DD). */
function day(days: number): string {
  const d = new Date(`${seedToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function companyId(shortName: string): Promise<number> {
  // by the database column, which outlives a rename of the Drizzle property
  const { rows } = await db().execute(sql`select id from companies where short_name = ${shortName}`);
  return Number(rows[0]!.id);
}

/** One agreement S7 → FWDONE per case, told apart by contract number. */
const CASES = {
  "STATE/ENDED": { active: true, effective_from: day(-60), effective_to: day(-1) },
  "STATE/LAST-DAY": { active: true, effective_from: day(-60), effective_to: day(0) },
  "STATE/FIRST-DAY": { active: true, effective_from: day(0), effective_to: null },
  "STATE/FUTURE": { active: true, effective_from: day(1), effective_to: day(30) },
  "STATE/OFF": { active: false, effective_from: day(-10), effective_to: day(10) },
} as const;

const ids: Record<string, number> = {};

beforeAll(async () => {
  const [supplier_id, client_id] = [await companyId("S7"), await companyId("FWDONE")];
  for (const [contract, terms] of Object.entries(CASES)) {
    const [row] = await db()
      .insert(agreements)
      .values({ supplier_id, client_id, contract_number: contract, account_number: `ACC-${contract}`, currency: "RUB", ...terms })
      .returning({ id: agreements.id });
    ids[contract] = row!.id;
  }
});

const signedIn = () => bff.signedIn("s7.localhost", "s7.manager@cargodesk.test");

/** The header's language switch, as a user would use it. */
async function switchTo(browser: Browser, locale: string) {
  const csrf = hiddenInput((await browser.request("s7.localhost", "/dashboard/settings/agreements")).body, "csrf")!;
  const switched = await browser.request("s7.localhost", "/dashboard/preferences", {
    method: "POST",
    form: { csrf, intent: "locale", value: locale, redirectTo: "/dashboard/settings/agreements" },
  });
  expect(switched.status).toBe(302);
}

/** The text of each agreement's state badge on the list, by contract number. */
async function statesOnList(browser: Browser): Promise<Record<string, string>> {
  const page = await browser.request("s7.localhost", "/dashboard/settings/agreements?q=STATE%2F");
  expect(page.status).toBe(200);
  const out: Record<string, string> = {};
  for (const [contract, id] of Object.entries(ids)) {
    const badge = page.body.match(new RegExp(`data-testid="agreement-state-${id}"[^>]*>([\\s\\S]*?)</(?:div|span)>\\s*</(?:div|span)>`))?.[1];
    out[contract] = badge === undefined ? "(no badge)" : textOf(badge);
  }
  return out;
}

describe("agreements list: the state on the service's day (issue 9 §1.6)", () => {
  it("in force, expired, not yet in force, inactive; in force on both its first and its last day", async () => {
    expect(await statesOnList(await signedIn())).toEqual({
      "STATE/ENDED": "Expired",
      "STATE/LAST-DAY": "In force",
      "STATE/FIRST-DAY": "In force",
      "STATE/FUTURE": "Not yet in force",
      "STATE/OFF": "Inactive",
    });
  });

  it("an agreement extended past today reads in force again", async () => {
    await db().update(agreements).set({ effective_to: day(5) }).where(eq(agreements.id, ids["STATE/ENDED"]!));
    expect((await statesOnList(await signedIn()))["STATE/ENDED"]).toBe("In force");
    await db().update(agreements).set({ effective_to: day(-1) }).where(eq(agreements.id, ids["STATE/ENDED"]!));
  });

  it("in Russian", async () => {
    const browser = await signedIn();
    await switchTo(browser, "ru");
    const states = await statesOnList(browser);
    expect(states["STATE/ENDED"]).toBe("Истёк срок");
    expect(states["STATE/FUTURE"]).toBe("Ещё не действует");
    expect(states["STATE/LAST-DAY"]).toBe("Действует");
  });
});
