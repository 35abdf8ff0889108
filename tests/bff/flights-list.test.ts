/**
 * The flights list tabs (issue 4, spec 1 §2 "Flights", §6 "Flights tabs" / "ACI tab") through the real Remix build
 * and the real API: the tabs redirect, who sees which tab, the filters in the URL and what reaches the API,
 * pagination, a half-typed airport code stopped before the API, tenancy, the XLSX report and its 31-day limit,
 * and an upstream failure shown by the error boundary.
 */
import { and, eq } from "drizzle-orm";
import { bypass, http, HttpResponse, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { segments } from "../../api/db/schema";
import { parseFlightListQuery, reportProblem } from "~/components/flights/flight-list-query";
import { configuredNow, hiddenInput, linksOf, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
afterEach(() => bff.msw.resetHandlers());

const TABS = "/dashboard/flights/tabs";
/** The service's date (CARGO_NOW-aware), as the flights list's default range uses it. */
const today = () => configuredNow().toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The header's switches (language, local/UTC time), as a user flips them. */
async function flipPreference(browser: Browser, host: string, intent: "locale" | "timeMode", value: string) {
  const csrf = hiddenInput((await browser.request(host, "/dashboard/profile")).body, "csrf")!;
  const switched = await browser.request(host, "/dashboard/preferences", { method: "POST", form: { csrf, intent, value, redirectTo: "/dashboard/profile" } });
  expect(switched.status).toBe(302);
}

async function signedIn(host: string, email: string, locale?: "ru"): Promise<Browser> {
  const browser = bff.browser();
  await browser.signIn(host, `${email}@cargodesk.test`);
  if (locale) await flipPreference(browser, host, "locale", locale);
  return browser;
}

/** The query strings of the segment list calls the BFF makes while `fn` runs (the calls still reach the API). */
async function segmentCalls(fn: () => Promise<unknown>): Promise<URLSearchParams[]> {
  const calls: URLSearchParams[] = [];
  bff.msw.use(
    http.get(`${bff.api.url}/api/v3/segments`, ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return passthrough();
    }),
  );
  await fn();
  bff.msw.resetHandlers();
  return calls;
}

/** The visible text of each body row of the flights table. */
function rowsOf(html: string): string[] {
  const table = html.match(/<table[^>]*data-testid="flights-table"[\s\S]*?<\/table>/)?.[0] ?? "";
  const body = table.match(/<tbody[\s\S]*?<\/tbody>/)?.[0] ?? "";
  return [...body.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0]));
}

/** The tabs the page offers, as the paths their links open. */
const tabLinks = (html: string) =>
  [...html.matchAll(/<a\b[^>]*data-testid="flights-tab-[a-z_]+"[^>]*>/g)].map((m) => m[0].match(/href="([^"?]+)/)![1]!);

/** The value attribute of the input named `name`. */
function inputValue(html: string, name: string): string | undefined {
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (tag.includes(`name="${name}"`)) return tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "";
  }
  return undefined;
}

describe("tabs and who sees them", () => {
  it("/dashboard/flights/tabs opens the current tab and keeps the query string", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const answer = await browser.request("s7.localhost", `${TABS}?origin=DME&number=S70101`);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${TABS}/current?origin=DME&number=S70101`);
    expect((await browser.request("s7.localhost", TABS)).location).toBe(`${TABS}/current`);
  });

  it("an S7 manager sees all five tabs, the New flight button and links to flights", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const page = await browser.request("s7.localhost", `${TABS}/all?origin=DME`);
    expect(page.status).toBe(200);
    expect(new Set(tabLinks(page.body))).toEqual(new Set(["current", "action_required", "with_shipments", "aci", "all"].map((t) => `${TABS}/${t}`)));
    expect(page.body).toContain('href="/dashboard/flights/create"');
    expect(linksOf(page.body).some((href) => /^\/dashboard\/flights\/\d+$/.test(href))).toBe(true);
    expect(linksOf(page.body)).toContain("/dashboard/aircrafts/32N");
  });

  it("a forwarder sees only current and all; the other tabs are the not-found page; no flight links, no New flight", async () => {
    const browser = await signedIn("localhost", "forwarder");
    const page = await browser.request("localhost", `${TABS}/current`);
    expect(page.status).toBe(200);
    expect(tabLinks(page.body).sort()).toEqual([`${TABS}/all`, `${TABS}/current`]);
    expect(textOf(page.body)).toContain("Current");
    expect(page.body).not.toContain('href="/dashboard/flights/create"');
    expect(linksOf(page.body).some((href) => /^\/dashboard\/flights\/\d+$/.test(href))).toBe(false);
    expect(rowsOf(page.body).length).toBeGreaterThan(0); // it does see flights, only not their pages
    for (const tab of ["action_required", "with_shipments", "aci"]) {
      const answer = await browser.request("localhost", `${TABS}/${tab}`);
      expect(answer.status, tab).toBe(404);
      expect(textOf(answer.body)).toContain("Page not found");
    }
    expect((await browser.request("localhost", `${TABS}/all`)).status).toBe(200);
  });

  it("S7 billing has no ACI tab (spec 1 §6: not Billing) and no New flight; an unknown tab is not found", async () => {
    const browser = await signedIn("s7.localhost", "s7.billing");
    const page = await browser.request("s7.localhost", `${TABS}/current`);
    expect(page.status).toBe(200);
    expect(tabLinks(page.body)).not.toContain(`${TABS}/aci`);
    expect(tabLinks(page.body)).toContain(`${TABS}/action_required`);
    expect(page.body).not.toContain('href="/dashboard/flights/create"');
    expect((await browser.request("s7.localhost", `${TABS}/aci`)).status).toBe(404);
    expect((await browser.request("s7.localhost", `${TABS}/departed`)).status).toBe(404);
  });

  it("a visitor gets the not-found page on the section, every tab and the report", async () => {
    const browser = await signedIn("localhost", "visitor");
    for (const path of [TABS, `${TABS}/current`, `${TABS}/all`, `${TABS}/current/segments_report.xlsx`]) {
      const answer = await browser.request("localhost", path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toContain('data-testid="flights-table"');
    }
  });

  it("the Russian UI names the tabs in Russian", async () => {
    const browser = await signedIn("s7.localhost", "s7.comcor", "ru");
    const page = await browser.request("s7.localhost", `${TABS}/current`);
    const text = textOf(page.body);
    for (const name of ["Текущие", "Требуют действий", "С отправками", "Все"]) expect(text).toContain(name);
    expect(text).toContain("Номер рейса");
  });
});

describe("filters, pagination and the list", () => {
  it("the filters reach the API; the rows are S7 0101 DME→OVB in local time (22:00, arrival 06:00 next day)", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const from = addDays(today(), 2);
    const to = addDays(today(), 5);
    let page!: Awaited<ReturnType<Browser["request"]>>;
    const calls = await segmentCalls(async () => {
      page = await browser.request("s7.localhost", `${TABS}/all?date_from=${from}&date_to=${to}&origin=dme&destination=OVB&number=0101`);
    });
    expect(page.status).toBe(200);
    expect(calls).toHaveLength(1);
    const q = calls[0]!;
    expect(Object.fromEntries(q)).toMatchObject({
      state: "all",
      date_from: from,
      date_to: to,
      origin: "DME",
      destination: "OVB",
      number: "S70101", // a bare number on S7's host is S7's flight
      page: "1",
    });
    const rows = rowsOf(page.body);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatch(/^S70101\//);
      expect(row).toContain("DME → OVB");
      expect(row).toContain("22:00");
      expect(row).toContain("06:00+1");
    }
    expect(page.body).toContain('data-testid="summary-segments_count">4<');
    // the form shows the filters as the server read them
    expect(inputValue(page.body, "origin")).toBe("DME");
    expect(inputValue(page.body, "number")).toBe("0101");
  });

  it("with the UTC switch the same flights show UTC times (19:00 → 23:00, same day)", async () => {
    const browser = await signedIn("s7.localhost", "s7.operator");
    await flipPreference(browser, "s7.localhost", "timeMode", "utc");
    const page = await browser.request("s7.localhost", `${TABS}/all?origin=DME&date_from=${addDays(today(), 2)}&date_to=${addDays(today(), 3)}`);
    expect(textOf(page.body)).toContain("STD (UTC)");
    const rows = rowsOf(page.body);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toContain("19:00");
      expect(row).toContain("23:00");
      expect(row).not.toContain("+1");
      expect(row).not.toContain("22:00");
    }
  });

  it("the current tab opens on yesterday … today + 7 days, and an emptied range means no bound", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    let page!: Awaited<ReturnType<Browser["request"]>>;
    let calls = await segmentCalls(async () => {
      page = await browser.request("s7.localhost", `${TABS}/current`);
    });
    expect(calls[0]!.get("state")).toBe("current");
    expect(calls[0]!.get("date_from")).toBe(addDays(today(), -1));
    expect(calls[0]!.get("date_to")).toBe(addDays(today(), 7));
    expect(inputValue(page.body, "date_from")).toBe(addDays(today(), -1));
    expect(inputValue(page.body, "date_to")).toBe(addDays(today(), 7));

    calls = await segmentCalls(() => browser.request("s7.localhost", `${TABS}/current?date_from=&date_to=&origin=&destination=&number=`));
    expect(calls[0]!.has("date_from")).toBe(false);
    expect(calls[0]!.has("date_to")).toBe(false);
    expect(calls[0]!.has("origin")).toBe(false);
  });

  it("pages through the server's pages; the links keep the filters", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const first = await browser.request("s7.localhost", `${TABS}/all?origin=DME`);
    const total = Number(first.body.match(/data-testid="summary-segments_count">(\d+)</)?.[1]);
    expect(total).toBeGreaterThan(25); // 60 days of S7 0101
    expect(textOf(first.body)).toContain(`Page 1 of ${Math.ceil(total / 25)}`);
    expect(rowsOf(first.body)).toHaveLength(25);
    const next = linksOf(first.body).find((href) => href.includes("page=2"));
    expect(next).toBe(`${TABS}/all?origin=DME&page=2`);
    const second = await browser.request("s7.localhost", next!);
    expect(textOf(second.body)).toContain(`Page 2 of ${Math.ceil(total / 25)}`);
    const firstFlights = new Set(rowsOf(first.body).map((r) => r.split(" ")[0]));
    const secondFlights = rowsOf(second.body).map((r) => r.split(" ")[0]);
    expect(secondFlights.length).toBeGreaterThan(0);
    for (const flight of secondFlights) expect(firstFlights.has(flight)).toBe(false);
  });

  it("a half-typed airport code or a bad date is a field error; the API is not asked; the typed values stay", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    let page!: Awaited<ReturnType<Browser["request"]>>;
    const calls = await segmentCalls(async () => {
      page = await browser.request("s7.localhost", `${TABS}/all?origin=DM&destination=OVB&date_from=2026-13-40`);
    });
    expect(calls).toHaveLength(0);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain("Enter a three-letter airport code");
    expect(text).toContain("Enter a date");
    expect(text).toContain("Correct the filters to see the flights.");
    expect(inputValue(page.body, "origin")).toBe("DM");
    expect(inputValue(page.body, "destination")).toBe("OVB");
    expect(rowsOf(page.body).join(" ")).not.toMatch(/S70101/);

    const ru = await signedIn("s7.localhost", "s7.comcor", "ru");
    const reversed = await ru.request("s7.localhost", `${TABS}/all?date_from=2026-12-10&date_to=2026-12-01`);
    expect(textOf(reversed.body)).toContain("Дата окончания не может быть раньше даты начала");
  });
});

describe("reading the list's URL (pure)", () => {
  const read = (query: string, tab = "all", airline: string | null = "s7") => parseFlightListQuery(new URLSearchParams(query), tab, "2026-11-22", airline);

  it("flight numbers: spaces and case do not matter; a bare number is the host airline's, padded to four digits", () => {
    expect(read("number=s7 0101/23nov26").upstream?.number).toBe("S70101/23NOV26");
    expect(read("number=101").upstream?.number).toBe("S70101");
    expect(read("number=101", "all", null).upstream?.number).toBe("101"); // no airline host: as typed
    expect(read("number=S7%25").errors.number).toBe("filterErrors.number"); // no LIKE wildcards upstream
  });

  it("dates: a day that does not exist is an error; the report takes at most 31 days, both ends counted", () => {
    expect(read("date_from=2026-02-30").errors.date_from).toBe("filterErrors.date");
    expect(read("date_from=2026-02-30").upstream).toBeNull();
    expect(reportProblem(read("date_from=2026-12-01&date_to=2026-12-31").upstream)).toBeNull();
    expect(reportProblem(read("date_from=2026-12-01&date_to=2027-01-01").upstream)).toBe("range_too_long");
    expect(reportProblem(read("date_from=2026-12-01").upstream)).toBe("range_required");
  });

  it("only the current tab has a default range; a page below 1 or not a number is page 1", () => {
    expect(read("", "current").upstream).toEqual({ date_from: "2026-11-21", date_to: "2026-11-29" });
    expect(read("", "with_shipments").upstream).toEqual({});
    expect(read("page=0").page).toBe(1);
    expect(read("page=x").page).toBe(1);
    expect(read("page=3").page).toBe(3);
  });
});

describe("tenancy", () => {
  it("SU's tenant shows none of S7's flights, whatever the filter; S7's shows none of SU's", async () => {
    const su = await signedIn("su.localhost", "su.manager");
    const all = await su.request("su.localhost", `${TABS}/all`);
    expect(all.status).toBe(200);
    expect(rowsOf(all.body).length).toBeGreaterThan(0);
    for (const row of rowsOf(all.body)) expect(row).toMatch(/^SU/);
    // nor in the page's data (the translations may quote an example flight number, so look at the records)
    expect(all.body).toMatch(/"carrier":"SU"/);
    expect(all.body).not.toMatch(/"carrier":"S7"|"number_with_date":"S7/);
    const dme = await su.request("su.localhost", `${TABS}/all?origin=DME&number=S70101`);
    expect(rowsOf(dme.body)).toEqual(["No flights match the filters."]);
    expect(dme.body).toContain('data-testid="summary-segments_count">0<');

    const s7 = await signedIn("s7.localhost", "s7.manager");
    const svo = await s7.request("s7.localhost", `${TABS}/all?origin=SVO`);
    expect(rowsOf(svo.body)).toEqual(["No flights match the filters."]);
  });
});

describe("state badges and attention reasons", () => {
  it("a cancelled flight that still carries bookings is on action_required with its reason and the Cancelled badge", async () => {
    const date = addDays(today(), 3);
    const db = bff.api.database.db;
    const [target] = await db
      .select({ id: segments.id, nwd: segments.number_with_date })
      .from(segments)
      .where(and(eq(segments.carrier, "S7"), eq(segments.number, "S70103"), eq(segments.flight_date, date)));
    expect(target).toBeTruthy();
    await db.update(segments).set({ canceled: true, booked_weight: 420 }).where(eq(segments.id, target!.id));

    const browser = await signedIn("s7.localhost", "s7.manager");
    const page = await browser.request("s7.localhost", `${TABS}/action_required?number=S70103&date_from=${date}&date_to=${date}`);
    expect(page.status).toBe(200);
    const rows = rowsOf(page.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(target!.nwd);
    expect(rows[0]).toContain("Cancelled with bookings");
    expect(rows[0]).toContain("Cancelled");
    expect(rows[0]).toContain("420 kg");
  });

  it("a reason this page does not know yet still shows (as its code), beside the known ones", async () => {
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/segments`, async ({ request }) => {
        const answer = (await (await fetch(bypass(request))).json()) as { data: Array<{ attention: string[] }> };
        answer.data[0]!.attention = ["over_capacity", "uws_missing"];
        return HttpResponse.json(answer);
      }),
    );
    const browser = await signedIn("s7.localhost", "s7.manager");
    const page = await browser.request("s7.localhost", `${TABS}/action_required?date_from=&date_to=`);
    const first = rowsOf(page.body)[0]!;
    expect(first).toContain("Over capacity");
    expect(first).toContain("uws_missing");
  });
});

describe("platform staff", () => {
  it("platform sees every tab and the New flight button", async () => {
    const browser = await signedIn("s7.localhost", "platform");
    const page = await browser.request("s7.localhost", `${TABS}/current`);
    expect(page.status).toBe(200);
    expect(tabLinks(page.body)).toEqual(["current", "action_required", "with_shipments", "aci", "all"].map((t) => `${TABS}/${t}`));
    expect(page.body).toContain('href="/dashboard/flights/create"');
  });
});

describe("the XLSX report (segments_report.xlsx, at most 31 days)", () => {
  it("the export link carries the filters and answers the file through the tab's own access", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const page = await browser.request("s7.localhost", `${TABS}/current?origin=DME`);
    const href = linksOf(page.body).find((h) => h.includes("segments_report.xlsx"));
    expect(href).toBe(`${TABS}/current/segments_report.xlsx?date_from=${addDays(today(), -1)}&date_to=${addDays(today(), 7)}&origin=DME&destination=&number=`);
    let file!: Awaited<ReturnType<Browser["request"]>>;
    const calls: URLSearchParams[] = [];
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/segments.xlsx`, ({ request }) => {
        calls.push(new URL(request.url).searchParams);
        return passthrough();
      }),
    );
    file = await browser.request("s7.localhost", href!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("segments_report.xlsx");
    expect(file.body.startsWith("PK")).toBe(true); // a zip: the xlsx container
    expect(Object.fromEntries(calls[0]!)).toMatchObject({ origin: "DME", state: "current", date_from: addDays(today(), -1) });

    // a forwarder may not open action_required, so not its report either
    const forwarder = await signedIn("localhost", "forwarder");
    expect((await forwarder.request("localhost", `${TABS}/action_required/segments_report.xlsx`)).status).toBe(404);
  });

  it("a range longer than 31 days (or none) shows why instead of a broken download", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const from = today();
    const to = addDays(from, 31); // 32 days
    const page = await browser.request("s7.localhost", `${TABS}/all?date_from=${from}&date_to=${to}`);
    expect(linksOf(page.body).some((h) => h.includes("segments_report.xlsx"))).toBe(false);
    expect(textOf(page.body)).toContain("The XLSX report covers at most 31 days");
    const direct = await browser.request("s7.localhost", `${TABS}/all/segments_report.xlsx?date_from=${from}&date_to=${to}`);
    expect(direct.status).toBe(302);
    expect(direct.location).toBe(`${TABS}/all?date_from=${from}&date_to=${to}&origin=&destination=&number=`);

    const none = await browser.request("s7.localhost", `${TABS}/all`);
    expect(textOf(none.body)).toContain("The XLSX report needs a date range");
    const ok = await browser.request("s7.localhost", `${TABS}/all?date_from=${from}&date_to=${addDays(from, 30)}`);
    expect(linksOf(ok.body).some((h) => h.includes("segments_report.xlsx"))).toBe(true);
  });
});

describe("upstream failure", () => {
  it("a 500 from the segment list shows the error boundary with the translated message", async () => {
    const browser = await signedIn("s7.localhost", "s7.comcor", "ru");
    bff.msw.use(http.get(`${bff.api.url}/api/v3/segments`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const page = await browser.request("s7.localhost", `${TABS}/all`);
    expect(page.status).toBe(502);
    expect(textOf(page.body)).toContain("Неизвестная ошибка, обратитесь в техническую поддержку");
    expect(page.body).not.toContain('data-testid="flights-table"');
  });
});
