/**
 * Flight create (Single, Regular, Schedule) and edit through the real Remix build and the real API: what is
 * stored, where the user lands, "Flight already exists" beside the flight number with every typed value kept,
 * upstream failures, a schedule stored only in part, access (operator, another airline) and the cancel action.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { http, HttpResponse, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { segments } from "../../api/db/schema";
import { configuredNow, fieldErrorOf as fieldError, hiddenInput, inLanguage, textOf, useBff, type Answer, type Browser } from "./harness";

const bff = useBff();
const db = () => bff.api.database.db;
const S7 = "s7.localhost";
const CREATE = "/dashboard/flights/create";

afterEach(() => bff.msw.resetHandlers());

const signedIn = (host: string, email: string) => bff.signedIn(host, `${email}@cargodesk.test`);

/** ISO date `days` from today (UTC). */
const dayAhead = (days: number) => new Date(configuredNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The first Monday at least `days` ahead. */
function mondayAhead(days: number): string {
  const d = new Date(`${dayAhead(days)}T00:00:00Z`);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Fields = Array<[string, string]>;

/** GET the form page, then POST it with its CSRF token and these fields (names may repeat, as ticked boxes do). */
async function post(browser: Browser, host: string, path: string, fields: Fields): Promise<Answer> {
  const page = await browser.request(host, path);
  expect(page.status, `GET ${path}`).toBe(200);
  const csrf = hiddenInput(page.body, "csrf");
  expect(csrf).toBeTruthy();
  // URLSearchParams takes a list of pairs: repeated names survive
  const form: Array<[string, string]> = [["csrf", csrf!], ...fields];
  return browser.request(host, path, { method: "POST", form });
}

/** The value attribute of the input named `name`. */
function inputValue(html: string, name: string): string | undefined {
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (tag.includes(`name="${name}"`) && !tag.includes('type="radio"') && !tag.includes('type="checkbox"')) {
      return tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "";
    }
  }
  return undefined;
}

const singleFields = (number: string, date: string, extra: Fields = []): Fields => [
  ["mode", "single"],
  ["number", number],
  ["flight_date", date],
  ["origin_iata", "DME"],
  ["destination_iata", "OVB"],
  ["std", "22:00"],
  ["sta", "06:00"],
  ["sta_day", "1"],
  ["time_mode", "local"],
  ["flight_type", "F"],
  ["aircraft_type", "32N"],
  ["aircraft_reg", "RA-73412"],
  ["payload", "15000"],
  ["forbidden_shc", "AVI, RRW"],
  ["aci_required", "on"],
  ["notes", "Typed note: keep me"],
  ...extra,
];

/** The flight, route and period of a Regular or Schedule form. */
const scheduleHead = (mode: "regular" | "schedule", number: string, from: string, to: string): Fields => [
  ["mode", mode],
  ["number", number],
  ["origin_iata", "DME"],
  ["destination_iata", "OVB"],
  ["period_from", from],
  ["period_to", to],
  ["time_mode", "local"],
];

/** Line `i`: its ticked weekdays, times (arriving the next day) and aircraft. */
const lineFields = (i: number, days: string[], departure: string, arrival: string, aircraft: string): Fields => [
  ...days.map((d): [string, string] => [`lines[${i}].days_of_week`, d]),
  [`lines[${i}].departure_time`, departure],
  [`lines[${i}].arrival_time`, arrival],
  [`lines[${i}].arrival_date_variation`, "1"],
  [`lines[${i}].aircraft_type`, aircraft],
];

const segmentsOf = (number: string) =>
  db().select().from(segments).where(eq(segments.number, number)).orderBy(asc(segments.std));

describe("Single mode", () => {
  it("an S7 manager creates a flight in airport-local times and lands on its flight page with a notice", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const date = dayAhead(20);
    const answer = await post(browser, S7, CREATE, singleFields("S7 7101", date));
    expect(answer.status).toBe(302);
    const [row] = await segmentsOf("S77101");
    expect(row).toBeTruthy();
    expect(answer.location).toBe(`/dashboard/flights/${row!.id}`);
    // DME is UTC+3, OVB UTC+7: 22:00 local → 19:00Z; next day 06:00 local → 23:00Z the same UTC day
    expect(row!.std.toISOString()).toBe(`${date}T19:00:00.000Z`);
    expect(row!.sta.toISOString()).toBe(`${date}T23:00:00.000Z`);
    expect(row).toMatchObject({ carrier: "S7", flight_type: "F", aircraft_type: "32N", aircraft_reg: "RA-73412", aci_required: true, charter: false, notes: "Typed note: keep me" });
    expect(row!.forbidden_shc).toEqual(["AVI", "RRW"]);
    const page = await browser.request(S7, answer.location!);
    expect(textOf(page.body)).toContain(`Flight ${row!.number_with_date} created`);
  });

  it("a duplicate shows 'Flight already exists' beside the flight number and keeps every typed value (JS off: a plain POST)", async () => {
    const [demo] = await db()
      .select({ flight_date: segments.flight_date })
      .from(segments)
      .where(and(eq(segments.number, "S70101"), gt(segments.std, new Date(configuredNow().getTime() + 2 * 86_400_000))))
      .limit(1);
    const browser = await signedIn(S7, "s7.manager");
    const before = (await segmentsOf("S70101")).length;
    const answer = await post(browser, S7, CREATE, singleFields("S7 0101", demo!.flight_date));
    expect([answer.status, answer.refused]).toEqual([200, 422]);
    expect(fieldError(answer.body, "number")).toBe("Flight already exists");
    expect(inputValue(answer.body, "number")).toBe("S7 0101");
    expect(inputValue(answer.body, "aircraft_reg")).toBe("RA-73412");
    expect(inputValue(answer.body, "forbidden_shc")).toBe("AVI, RRW");
    expect(inputValue(answer.body, "std")).toBe("22:00");
    expect(answer.body).toContain("Typed note: keep me");
    expect((await segmentsOf("S70101")).length).toBe(before);
  });

  it("in Russian the same error reads 'Рейс уже существует'", async () => {
    const [demo] = await db().select({ flight_date: segments.flight_date }).from(segments).where(eq(segments.number, "S70101")).limit(1);
    const browser = await signedIn(S7, "s7.manager");
    await inLanguage(browser, S7, "ru", async () => {
      const answer = await post(browser, S7, CREATE, singleFields("S70101", demo!.flight_date));
      expect([answer.status, answer.refused]).toEqual([200, 422]);
      expect(fieldError(answer.body, "number")).toBe("Рейс уже существует");
    });
  });

  it("a malformed code among the forbidden SHC is named beside the field with its rule, the typed text kept (was: 400 and nothing shown)", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const fields = singleFields("S7 7119", dayAhead(21)).map(([k, v]) => (k === "forbidden_shc" ? [k, "DGR, AB"] : [k, v])) as Fields;
    const answer = await post(browser, S7, CREATE, fields);
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(fieldError(answer.body, "forbidden_shc")).toBe("Not accepted: AB. Special handling codes are three letters or digits, separated by commas");
    expect(inputValue(answer.body, "forbidden_shc")).toBe("DGR, AB");
    expect(await segmentsOf("S77119")).toHaveLength(0);
  });

  it("an unknown airport is named beside its field before anything is sent (the BFF looks it up with the form's own rules)", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const answer = await post(browser, S7, CREATE, singleFields("S7 7109", dayAhead(21), []).map(([k, v]) => (k === "origin_iata" ? [k, "QQQ"] : [k, v])) as Fields);
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(fieldError(answer.body, "origin_iata")).toBe("Unknown airport");
    expect(inputValue(answer.body, "origin_iata")).toBe("QQQ");
    expect(await segmentsOf("S77109")).toHaveLength(0);
  });

  it("the API's field errors land on their fields, translated", async () => {
    // a rule only the API knows, as it answers it: its words and, beside them, the code the page reads
    bff.msw.use(
      http.post(`${bff.api.url}/api/v3/segments`, () =>
        HttpResponse.json({ errors: { sta: ["must be after std"] }, error_codes: { sta: [{ code: "must_be_after", params: { field: "std" } }] } }, { status: 422 }),
      ),
    );
    const browser = await signedIn(S7, "s7.manager");
    const answer = await post(browser, S7, CREATE, singleFields("S7 7110", dayAhead(21)));
    expect([answer.status, answer.refused]).toEqual([200, 422]);
    expect(fieldError(answer.body, "sta")).toBe("Arrival must be after departure");
    expect(inputValue(answer.body, "sta")).toBe("06:00");
  });

  it("an upstream 500 keeps the typed values and says so above the form; nothing is stored", async () => {
    bff.msw.use(http.post(`${bff.api.url}/api/v3/segments`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const browser = await signedIn(S7, "s7.manager");
    const answer = await post(browser, S7, CREATE, singleFields("S7 7105", dayAhead(22)));
    expect(answer.status).toBe(502);
    expect(textOf(answer.body)).toMatch(/error/i);
    expect(inputValue(answer.body, "number")).toBe("S7 7105");
    expect(inputValue(answer.body, "aircraft_reg")).toBe("RA-73412");
    expect(answer.body).toContain("Typed note: keep me");
    expect(await segmentsOf("S77105")).toHaveLength(0);
  });
});

describe("Regular and Schedule modes", () => {
  it("Regular: Mon/Wed/Fri for two weeks creates six flights and lands on the all-flights list filtered to them", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const from = mondayAhead(14);
    const to = plus(from, 13);
    const answer = await post(browser, S7, `${CREATE}?mode=regular`, [
      ...scheduleHead("regular", "S7 7102", from, to),
      ["flight_type", "J"],
      ...lineFields(0, ["1", "3", "5"], "22:00", "06:00", "73H"),
    ]);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/dashboard/flights/tabs/all?number=S77102&date_from=${from}&date_to=${to}`);
    const rows = await segmentsOf("S77102");
    expect(rows.map((r) => r.flight_date)).toEqual([from, plus(from, 2), plus(from, 4), plus(from, 7), plus(from, 9), plus(from, 11)]);
    expect(rows.every((r) => r.aircraft_type === "73H" && r.std.toISOString().endsWith("T19:00:00.000Z"))).toBe(true);
    const list = await browser.request(S7, answer.location!);
    expect(textOf(list.body)).toContain("Flights S77102 created: 6");
  });

  it("Regular without a weekday: the error is beside the weekday picker and nothing is sent", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const answer = await post(browser, S7, `${CREATE}?mode=regular`, [
      ...scheduleHead("regular", "S7 7106", dayAhead(30), dayAhead(40)),
      ...lineFields(0, [], "10:00", "14:00", ""),
    ]);
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("Choose at least one weekday");
    expect(inputValue(answer.body, "lines[0].departure_time")).toBe("10:00");
    expect(await segmentsOf("S77106")).toHaveLength(0);
  });

  const scheduleFields = (number: string, from: string, to: string): Fields => [
    ...scheduleHead("schedule", number, from, to),
    ...lineFields(0, ["1", "3", "5"], "22:00", "06:00", "32N"),
    ...lineFields(1, ["6"], "23:30", "07:30", "73H"),
  ];

  it("Schedule: two lines with their own times and aircraft, one POST schedules each", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const from = mondayAhead(14);
    const answer = await post(browser, S7, `${CREATE}?mode=schedule`, scheduleFields("S7 7103", from, plus(from, 6)));
    expect(answer.status).toBe(302);
    const rows = await segmentsOf("S77103");
    expect(rows.map((r) => [r.flight_date, r.aircraft_type])).toEqual([
      [from, "32N"],
      [plus(from, 2), "32N"],
      [plus(from, 4), "32N"],
      [plus(from, 5), "73H"],
    ]);
  });

  it("Schedule: when a flight of the number already flies on one of the days, nothing at all is created", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const from = mondayAhead(14);
    // S7 7103 exists from the test above on Mon/Wed/Fri/Sat of that week; a new schedule whose second line hits it
    const fields = scheduleFields("S7 7103", plus(from, -7), plus(from, 6)).filter(([k]) => !k.startsWith("lines[0].days_of_week"));
    fields.push(["lines[0].days_of_week", "2"]);
    const before = (await segmentsOf("S77103")).length;
    const answer = await post(browser, S7, `${CREATE}?mode=schedule`, fields);
    expect([answer.status, answer.refused]).toEqual([200, 422]);
    expect(fieldError(answer.body, "number")).toBe("Flight already exists");
    expect((await segmentsOf("S77103")).length).toBe(before);
  });

  it("Schedule: a line failing after the first was stored lists the stored line and leaves only the rest in the form", async () => {
    let calls = 0;
    bff.msw.use(
      http.post(`${bff.api.url}/api/v3/schedules`, () => {
        calls += 1;
        return calls === 1 ? passthrough() : HttpResponse.json({ error: "boom" }, { status: 500 });
      }),
    );
    const browser = await signedIn(S7, "s7.manager");
    const from = mondayAhead(21);
    const answer = await post(browser, S7, `${CREATE}?mode=schedule`, scheduleFields("S7 7104", from, plus(from, 6)));
    expect(answer.status).toBe(502);
    const text = textOf(answer.body);
    expect(text).toContain("Some lines were created");
    expect(text).toMatch(/Mon, Wed, Fri 22:00–06:00: flights created: 3/);
    // the stored line left the form: the Saturday line is line 1 now, with its typed values
    expect(inputValue(answer.body, "lines[0].departure_time")).toBe("23:30");
    expect(inputValue(answer.body, "lines[0].aircraft_type")).toBe("73H");
    expect(inputValue(answer.body, "lines[1].departure_time")).toBeUndefined();
    expect((await segmentsOf("S77104")).map((r) => r.flight_date)).toEqual([from, plus(from, 2), plus(from, 4)]);
  });

  it("adding a line without JavaScript answers the form with one more line and keeps the values", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, `${CREATE}?mode=schedule`);
    const intent = page.body.match(/name="__intent__" value="([^"]*insert[^"]*)"/)?.[1]?.replace(/&quot;/g, '"');
    expect(intent).toBeTruthy();
    const answer = await post(browser, S7, `${CREATE}?mode=schedule`, [
      ["mode", "schedule"],
      ["number", "S7 7107"],
      ["lines[0].departure_time", "08:15"],
      ["__intent__", intent!],
    ]);
    expect(answer.status).toBe(200);
    expect(inputValue(answer.body, "lines[0].departure_time")).toBe("08:15");
    expect(inputValue(answer.body, "lines[1].departure_time")).toBe("");
    expect(await segmentsOf("S77107")).toHaveLength(0);
  });
});

describe("access", () => {
  it("an S7 operator (Default) gets the not-found page on create, and a POST stores nothing", async () => {
    const browser = await signedIn(S7, "s7.operator");
    const page = await browser.request(S7, CREATE);
    expect(page.status).toBe(404);
    expect(textOf(page.body)).toContain("Page not found");
    const csrf = hiddenInput(page.body, "csrf") ?? "";
    const answer = await browser.request(S7, CREATE, { method: "POST", form: { csrf, ...Object.fromEntries(singleFields("S7 7108", dayAhead(23))) } });
    expect(answer.status).toBe(404);
    expect(await segmentsOf("S77108")).toHaveLength(0);
  });

  it("a platform user on a host without an airline picks the airline; the flight is that airline's", async () => {
    const browser = await signedIn("localhost", "platform");
    const page = await browser.request("localhost", CREATE);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<select[^>]*name="carrier"/);
    const answer = await post(browser, "localhost", CREATE, [["carrier", "S7"], ...singleFields("7112", dayAhead(27))]);
    expect(answer.status).toBe(302);
    const [row] = await segmentsOf("S77112");
    expect(row).toMatchObject({ carrier: "S7", origin_iata: "DME" });

    const from = mondayAhead(28);
    const regular = await post(browser, "localhost", `${CREATE}?mode=regular`, [
      ["carrier", "S7"],
      ...scheduleHead("regular", "7113", from, plus(from, 6)),
      ...lineFields(0, ["2", "4"], "22:00", "06:00", "32N"),
    ]);
    expect(regular.status).toBe(302);
    expect(regular.location).toContain("number=S77113");
    expect((await segmentsOf("S77113")).map((r) => [r.carrier, r.flight_date])).toEqual([
      ["S7", plus(from, 1)],
      ["S7", plus(from, 3)],
    ]);
  });

  it("an SU manager cannot open or change an S7 segment: not-found, nothing of it shown, nothing changed", async () => {
    const [s7Row] = await db().select().from(segments).where(eq(segments.number, "S70103")).limit(1);
    const su = await signedIn("su.localhost", "su.manager");
    const page = await su.request("su.localhost", `/dashboard/flights/${s7Row!.id}/edit`);
    expect(page.status).toBe(404);
    // (the page's i18n bundle quotes an example "S70103/…" flight, so look for the form and its values instead)
    expect(page.body).not.toContain('data-testid="flight-form"');
    expect(inputValue(page.body, "flight_date")).toBeUndefined();
    const own = await su.request("su.localhost", CREATE);
    const csrf = hiddenInput(own.body, "csrf")!;
    const edit = await su.request("su.localhost", `/dashboard/flights/${s7Row!.id}/edit`, {
      method: "POST",
      form: { csrf, ...Object.fromEntries(singleFields("SU 0103", s7Row!.flight_date)) },
    });
    expect(edit.status).toBe(404);
    const cancel = await su.request("su.localhost", `/dashboard/flights/${s7Row!.id}/edit`, { method: "POST", form: { csrf, intent: "cancel" } });
    expect(cancel.status).toBe(404);
    const [after] = await db().select().from(segments).where(eq(segments.id, s7Row!.id));
    expect(after).toMatchObject({ aircraft_reg: s7Row!.aircraft_reg, canceled: false, notes: s7Row!.notes });
  });
});

describe("edit", () => {
  it("the form shows the stored times in local or UTC as asked; saving PATCHes and lands on the flight page", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const date = dayAhead(25);
    const created = await post(browser, S7, CREATE, singleFields("S7 7110", date));
    const id = Number(created.location!.split("/").pop());
    const path = `/dashboard/flights/${id}/edit`;

    const local = await browser.request(S7, `${path}?time_mode=local`);
    expect(local.status).toBe(200);
    expect(inputValue(local.body, "std")).toBe("22:00");
    expect(inputValue(local.body, "flight_date")).toBe(date);
    expect(local.body).toContain(`href="/dashboard/flights/${id}"`);
    const utc = await browser.request(S7, `${path}?time_mode=utc`);
    expect(inputValue(utc.body, "std")).toBe("19:00");
    expect(inputValue(utc.body, "sta")).toBe("23:00");
    // the shown mode is posted with the times; no radio that would only reinterpret them
    expect(utc.body).toContain('<input type="hidden" name="time_mode" value="utc"/>');
    expect(utc.body).not.toMatch(/type="radio"[^>]*name="time_mode"|name="time_mode"[^>]*type="radio"/);

    const saved = await post(browser, S7, path, singleFields("S7 7110", date, []).map(([k, v]) => (k === "aircraft_reg" ? [k, "RA-73999"] : k === "std" ? [k, "21:00"] : [k, v])) as Fields);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/dashboard/flights/${id}`);
    const [row] = await db().select().from(segments).where(eq(segments.id, id));
    expect(row).toMatchObject({ aircraft_reg: "RA-73999" });
    expect(row!.std.toISOString()).toBe(`${date}T18:00:00.000Z`);
  });

  it("Cancel flight asks first (a dialog drawn from the URL), then cancels every leg", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const created = await post(browser, S7, CREATE, singleFields("S7 7111", dayAhead(26)));
    const id = Number(created.location!.split("/").pop());
    const path = `/dashboard/flights/${id}/edit`;
    const dialog = await browser.request(S7, `${path}?confirm=cancel`);
    expect(textOf(dialog.body)).toContain("Cancel the flight?");
    const answer = await post(browser, S7, `${path}?confirm=cancel`, [["intent", "cancel"]]);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/dashboard/flights/${id}`);
    const [row] = await db().select().from(segments).where(eq(segments.id, id));
    expect(row!.canceled).toBe(true);
  });
});
