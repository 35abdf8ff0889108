/**
 * The flight page /dashboard/flights/:id through the real Remix build and the real API: every tab shows its
 * data, the flag actions (CSRF, success notices, change log), who sees which controls, tenancy, and a tab whose
 * upstream call fails while the flight still shows.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { segments } from "../../api/db/schema";
import { call, signIn as apiSignIn } from "../api/helpers";
import { configuredNow, hiddenInput, textOf, useBff,  } from "./harness";

/** The handling tabs (issue 11) come first for every airline role and platform: they read the flight's cargo. */
const HANDLING_TABS = ["shipments", "build_up", "manifest", "receiving", "notice"];
const bff = useBff();
/**
 * A demo S7 0101 DME→OVB flight more than two days ahead: the demo holds FWDONE allotments (48 h time limit) on
 * the first five days, so this one's allotment is still held.
 */
let s7Segment: { id: number; number_with_date: string; flight_date: string };
/** A demo SU segment, for tenancy. */
let suSegmentId: number;

const db = () => bff.api.database.db;
const S7 = "s7.localhost";

beforeAll(async () => {
  const [s7Row] = await db()
    .select({ id: segments.id, number_with_date: segments.number_with_date, flight_date: segments.flight_date })
    .from(segments)
    .where(and(eq(segments.number, "S70101"), gt(segments.std, new Date(configuredNow().getTime() + 50 * 3_600_000))))
    .orderBy(asc(segments.std))
    .limit(1);
  const [suRow] = await db().select({ id: segments.id }).from(segments).where(eq(segments.carrier, "SU")).limit(1);
  if (!s7Row || !suRow) throw new Error("demo flights missing");
  s7Segment = s7Row;
  suSegmentId = suRow.id;
}, 180_000);
afterEach(() => bff.msw.resetHandlers());

const signedIn = (host: string, email: string, locale?: "ru") => bff.signedIn(host, `${email}@cargodesk.test`, { locale });

const pageOf = (id: number, tab?: string) => `/dashboard/flights/${id}${tab ? `?tab=${tab}` : ""}`;

/** A fresh S7 flight of this test (a unique number), so changes to it disturb nothing else. */
async function ownS7Flight(number: string): Promise<{ id: number; number_with_date: string }> {
  const tokens = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
  const std = new Date(configuredNow().getTime() + 5 * 86_400_000);
  std.setUTCHours(10, 0, 0, 0);
  const res = await call(bff.api.app, tokens, "POST", "/api/v3/segments", {
    carrier: "s7",
    payload: { number, origin_iata: "DME", destination_iata: "OVB", std: std.toISOString(), sta: new Date(+std + 4 * 3_600_000).toISOString(), aircraft_type: "32N" },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
}

describe("what the flight page shows", () => {
  it("Summary (the default tab): the flight, its times with the airport zones, every field, capacity, the other legs", async () => {
    const browser = await signedIn(S7, "s7.manager");
    // a second leg of the same flight (same number_with_date), OVB→KJA
    const tokens = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
    const [first] = await db().select().from(segments).where(eq(segments.id, s7Segment.id));
    const legStd = new Date(+first!.sta + 3 * 3_600_000);
    const leg = await call(bff.api.app, tokens, "POST", "/api/v3/segments", {
      carrier: "s7",
      payload: {
        number: "0101", flight_date: s7Segment.flight_date, origin_iata: "OVB", destination_iata: "KJA",
        std: legStd.toISOString(), sta: new Date(+legStd + 2 * 3_600_000).toISOString(), segment_number: 2,
      },
    });
    expect(leg.statusCode, leg.body).toBe(201);
    const legId = leg.json().id as number;

    const page = await browser.request(S7, pageOf(s7Segment.id));
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain(s7Segment.number_with_date);
    expect(text).toContain("DME → OVB");
    // DME departs 22:00 Moscow time (+03:00), OVB arrives at Novosibirsk time (+07:00)
    expect(page.body).toMatch(/data-testid="time-std"[^>]*>[^<]*22:00 \+03:00/);
    expect(page.body).toMatch(/data-testid="time-sta"[^>]*>[^<]*\+07:00/);
    expect(page.body).toContain('href="/dashboard/aircrafts/');
    for (const label of ["Flight number", "Origin time zone", "Europe/Moscow", "Booked weight, kg", "Forbidden SHC", "Legs of this flight"]) {
      expect(text).toContain(label);
    }
    expect(page.body).toContain('data-testid="summary-capacity"');
    // the other leg is listed and linked; the tabs are in spec order with Summary current
    expect(page.body).toContain(`href="/dashboard/flights/${legId}"`);
    expect(text).toContain("OVB → KJA");
    const tabs = [...page.body.matchAll(/data-testid="flight-tab-([a-z_]+)"/g)].map((m) => m[1]);
    expect(tabs).toEqual([...HANDLING_TABS, "fbl", "ffm", "uws", "aci", "csn", "loadfactor", "allotments", "booking_rules", "change_log", "summary", "outgoing_messages", "incoming_messages", "receptacles", "edit"]);
    expect(page.body).toMatch(/aria-current="page"[^>]*data-testid="flight-tab-summary"|data-testid="flight-tab-summary"[^>]*aria-current="page"/);
    expect(page.body).toContain(`href="/dashboard/flights/${s7Segment.id}/edit"`);

    // the UTC switch changes every time shown: 22:00 Moscow is 19:00 UTC
    const csrf = hiddenInput(page.body, "csrf")!;
    const switched = await browser.request(S7, "/dashboard/preferences", {
      method: "POST",
      form: { csrf, intent: "timeMode", value: "utc", redirectTo: pageOf(s7Segment.id) },
    });
    expect(switched.status).toBe(302);
    const utc = await browser.request(S7, pageOf(s7Segment.id));
    expect(textOf(utc.body)).toContain("Times are in UTC");
    expect(utc.body).toMatch(/data-testid="time-std"[^>]*>[^<]*19:00 UTC/);
  });

  it("Load factor: booked, estimated, allotment, available weight and volume, load factors, the sets; a writer saves the planned set", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, pageOf(s7Segment.id, "loadfactor"));
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    for (const row of ["Aircraft capacity", "Booked", "Estimated", "Allotments held", "Available", "Load factor, overall", "Overflow allowance"]) {
      expect(text).toContain(row);
    }
    // the held FWDONE allotment (500 kg, 3 m³) is in the numbers, which need no JavaScript
    expect(page.body).toMatch(/data-testid="capacity-allotment"[\s\S]*?500[\s\S]*?3 m³/);
    expect(page.body).toContain('data-testid="capacity-available"');
    expect(page.body).toContain('data-testid="load-factor-overflow"');
    expect(text).toMatch(/Planned .* Load sheet .* LDM .* Raw data/);
    expect(page.body).toContain('data-testid="load-factor-chart-slot"');

    // a wrong value comes back beside its field with every typed value kept
    const csrf = hiddenInput(page.body, "csrf")!;
    const bad = await browser.request(S7, pageOf(s7Segment.id, "loadfactor"), {
      method: "POST",
      form: { csrf, intent: "planned", tab: "loadfactor", weight: "-5", volume: "12.5", pax: "150", payload: "" },
    });
    expect([bad.status, bad.refused]).toEqual([200, 400]);
    expect(textOf(bad.body)).toContain("Must be 0 or more");
    expect(bad.body).toMatch(/name="volume"[^>]*value="12.5"|value="12.5"[^>]*name="volume"/);

    const good = await browser.request(S7, pageOf(s7Segment.id, "loadfactor"), {
      method: "POST",
      form: { csrf, intent: "planned", tab: "loadfactor", weight: "4200", volume: "12.5", pax: "150", payload: "" },
    });
    expect(good.status).toBe(302);
    expect(good.location).toBe(pageOf(s7Segment.id, "loadfactor"));
    const after = await browser.request(S7, good.location!);
    expect(textOf(after.body)).toContain("Planned load factor saved");
    expect(after.body).toMatch(/data-testid="set-planned"[\s\S]*?4,200[\s\S]*?12.5 m³[\s\S]*?150/);
  });

  it("Allotments: forwarder, type, weight, volume, used, time limit, held or released, with the create link for this flight", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, pageOf(s7Segment.id, "allotments"));
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text, text.slice(text.indexOf("Summary"))).toContain("FWDONE");
    expect(text).toContain("hard");
    expect(text).toContain("48 h before STD");
    expect(page.body).toMatch(/data-testid="allotment-state-\d+"[^>]*>[\s\S]{0,200}Held/);
    expect(page.body).toContain(`href="/dashboard/settings/allotments/create?segment=${encodeURIComponent(s7Segment.number_with_date)}"`);
  });

  it("Booking rules: the route's rules for this flight, and the link to a new rule", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const [okj] = await db()
      .select({ id: segments.id })
      .from(segments)
      .where(and(eq(segments.number, "S70103"), gt(segments.std, configuredNow())))
      .limit(1);
    const page = await browser.request(S7, pageOf(okj!.id, "booking_rules"));
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain("OVB → KJA");
    expect(text).toContain("KK");
    expect(text).toContain("RCM, RFL");
    expect(text).toContain("Whole route");
    expect(page.body).toContain(`href="/dashboard/flights/${okj!.id}/create-booking-rule"`);
  });

  it("Lock: the notice says so, the header shows Locked, and the change log records locked No → Yes; unlock undoes it", async () => {
    const flight = await ownS7Flight("7101");
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, pageOf(flight.id, "change_log"));
    expect(page.body).toContain('data-testid="flag-lock"');
    const csrf = hiddenInput(page.body, "csrf")!;
    const locked = await browser.request(S7, pageOf(flight.id, "change_log"), { method: "POST", form: { csrf, intent: "lock", tab: "change_log" } });
    expect(locked.status).toBe(302);
    expect(locked.location).toBe(pageOf(flight.id, "change_log"));

    const log = await browser.request(S7, locked.location!);
    const text = textOf(log.body);
    expect(text).toContain("Flight locked");
    expect(log.body).toContain('data-testid="badge-locked"');
    expect(log.body).toContain('data-testid="flag-unlock"');
    // newest first: the lock, by the manager, locked: No → Yes; then the creation
    const rows = [...log.body.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0])).filter((r) => r.includes("@cargodesk.test"));
    expect(rows[0]).toContain("s7.manager@cargodesk.test");
    expect(rows[0], rows.join("\n")).toMatch(/Locked\s?: No → Yes/);
    expect(rows.at(-1)).toContain("Created");

    const unlocked = await browser.request(S7, pageOf(flight.id), { method: "POST", form: { csrf, intent: "unlock", tab: "summary" } });
    expect(unlocked.location).toBe(pageOf(flight.id));
    const summary = await browser.request(S7, unlocked.location!);
    expect(textOf(summary.body)).toContain("Flight unlocked");
    expect(summary.body).not.toContain('data-testid="badge-locked"');
  });

  it("the change log also lists the flight's allotments (include_related), with translated field names", async () => {
    const flight = await ownS7Flight("7105");
    const tokens = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
    const made = await call(bff.api.app, tokens, "POST", "/api/v3/allotments", {
      carrier: "s7",
      payload: { allotment: { segment_number_with_date: flight.number_with_date, forwarder_short_name: "FWDONE", type: "hard", weight: 250, volume: 2, timelimit_to_std: 0 } },
    });
    expect(made.statusCode, made.body).toBe(201);
    const browser = await signedIn(S7, "s7.manager");
    const log = await browser.request(S7, pageOf(flight.id, "change_log"));
    const rows = [...log.body.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0])).filter((r) => r.includes("@cargodesk.test"));
    expect(rows[0], rows.join("\n")).toContain(`Allotment #${made.json().id} · Created`);
    expect(rows[0]).toMatch(/Forwarder\s?: — → FWDONE/);
    expect(rows[0]).toMatch(/Weight\s?: — → 250/);
  });

  it("the change log shows changed times in the chosen mode: the origin's clock, or UTC", async () => {
    const flight = await ownS7Flight("7107"); // STD 10:00 UTC = 13:00 in Moscow
    const tokens = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
    const [row] = await db().select({ std: segments.std }).from(segments).where(eq(segments.id, flight.id));
    const later = new Date(+row!.std + 3_600_000).toISOString();
    const res = await call(bff.api.app, tokens, "PATCH", `/api/v3/segments/${flight.id}`, { carrier: "s7", payload: { segment: { std: later } } });
    expect(res.statusCode, res.body).toBe(200);
    const browser = await signedIn(S7, "s7.manager");
    const newest = async () => {
      const log = await browser.request(S7, pageOf(flight.id, "change_log"));
      return textOf(log.body.match(/<tbody\b[\s\S]*?<\/tr>/)![0]);
    };
    expect(await newest()).toMatch(/STD\s?: .*13:00 GMT\+3 → .*14:00 GMT\+3/);

    const page = await browser.request(S7, pageOf(flight.id));
    const csrf = hiddenInput(page.body, "csrf")!;
    await browser.request(S7, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "timeMode", value: "utc", redirectTo: "/dashboard" } });
    expect(await newest()).toMatch(/STD\s?: .*10:00 UTC → .*11:00 UTC/);
  });

  it("the change log is paginated on the server, newest first", async () => {
    const flight = await ownS7Flight("7106");
    const tokens = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
    // 22 flag changes + the creation = 23 entries: a full first page of 20 and 3 on the second
    for (let i = 0; i < 22; i++) {
      const res = await call(bff.api.app, tokens, "POST", `/api/v3/segments/${flight.id}/${i % 2 ? "unlock" : "lock"}`, { carrier: "s7", payload: {} });
      expect(res.statusCode, res.body).toBe(200);
    }
    const browser = await signedIn(S7, "s7.manager");
    const rowsOf = (html: string) => [...html.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0])).filter((r) => r.includes("@cargodesk.test"));
    const first = await browser.request(S7, pageOf(flight.id, "change_log"));
    expect(rowsOf(first.body)).toHaveLength(20);
    expect(rowsOf(first.body)[0]).toMatch(/Locked\s?: Yes → No/); // the 22nd change was an unlock
    expect(textOf(first.body)).toContain("Records: 23");
    expect(first.body).toContain(`href="/dashboard/flights/${flight.id}?tab=change_log&amp;page=2"`);
    const second = await browser.request(S7, `${pageOf(flight.id, "change_log")}&page=2`);
    const rows = rowsOf(second.body);
    expect(rows).toHaveLength(3);
    expect(rows.at(-1)).toContain("Created");
  });

  it("sales close and open, with the spec's notices, in Russian too", async () => {
    const flight = await ownS7Flight("7102");
    const browser = await signedIn(S7, "s7.operator", "ru");
    const page = await browser.request(S7, pageOf(flight.id));
    const csrf = hiddenInput(page.body, "csrf")!;
    const closed = await browser.request(S7, pageOf(flight.id), { method: "POST", form: { csrf, intent: "close_sales", tab: "summary" } });
    const after = await browser.request(S7, closed.location!);
    expect(textOf(after.body)).toContain("Продажи закрыты");
    expect(after.body).toContain('data-testid="flag-open_sales"');
    const [row] = await db().select({ sales_closed: segments.sales_closed }).from(segments).where(eq(segments.id, flight.id));
    expect(row!.sales_closed).toBe(true);
  });

  it("a lock the API refuses comes back to the page with the error notice, the flight unchanged", async () => {
    const flight = await ownS7Flight("7104");
    bff.msw.use(http.post(`${bff.api.url}/api/v3/segments/:id/lock`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, pageOf(flight.id, "allotments"));
    const csrf = hiddenInput(page.body, "csrf")!;
    const answer = await browser.request(S7, pageOf(flight.id, "allotments"), { method: "POST", form: { csrf, intent: "lock", tab: "allotments" } });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(pageOf(flight.id, "allotments"));
    const after = await browser.request(S7, answer.location!);
    expect(textOf(after.body)).toContain("An error occurred while changing the flight");
    expect(after.body).not.toContain('data-testid="badge-locked"');
    expect(after.body).toContain('data-testid="flag-lock"');
  });

  it("a lock without the CSRF token is refused and changes nothing", async () => {
    const flight = await ownS7Flight("7103");
    const browser = await signedIn(S7, "s7.manager");
    const answer = await browser.request(S7, pageOf(flight.id), { method: "POST", form: { intent: "lock", tab: "summary" } });
    expect(answer.status).toBe(403);
    const [row] = await db().select({ locked: segments.locked }).from(segments).where(eq(segments.id, flight.id));
    expect(row!.locked).toBe(false);
  });
});

describe("who sees what", () => {
  it("a billing user reads the flight but gets no flag buttons, no allotments, no booking rules, no edit; a POST is refused", async () => {
    const browser = await signedIn(S7, "s7.billing");
    const page = await browser.request(S7, pageOf(s7Segment.id));
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain(s7Segment.number_with_date);
    expect(page.body).not.toContain('data-testid="flight-actions"');
    const tabs = [...page.body.matchAll(/data-testid="flight-tab-([a-z_]+)"/g)].map((m) => m[1]);
    expect(tabs).toEqual([...HANDLING_TABS, "fbl", "ffm", "uws", "csn", "loadfactor", "change_log", "summary", "receptacles"]);
    // asking for a tab the user may not open shows the summary
    const allotments = await browser.request(S7, pageOf(s7Segment.id, "allotments"));
    expect(allotments.status).toBe(200);
    expect(allotments.body).not.toContain('data-testid="allotments-table"');
    expect(textOf(allotments.body)).not.toContain("FWDONE");
    expect(allotments.body).toContain('data-testid="flight-summary"');

    const csrf = hiddenInput(page.body, "csrf")!;
    const post = await browser.request(S7, pageOf(s7Segment.id), { method: "POST", form: { csrf, intent: "lock", tab: "summary" } });
    expect(post.status).toBe(404);
    const [row] = await db().select({ locked: segments.locked }).from(segments).where(eq(segments.id, s7Segment.id));
    expect(row!.locked).toBe(false);
  });

  it("ComCor reads the booking rules (the API lets that role), but changes nothing on the flight", async () => {
    const browser = await signedIn(S7, "s7.comcor");
    const page = await browser.request(S7, pageOf(s7Segment.id));
    expect(page.status).toBe(200);
    const tabs = [...page.body.matchAll(/data-testid="flight-tab-([a-z_]+)"/g)].map((m) => m[1]);
    // the telegrams received about the flight are also the CIMP uploaders' (ComCor); what was sent is Messaging's
    expect(tabs).toEqual([...HANDLING_TABS, "fbl", "ffm", "uws", "aci", "csn", "loadfactor", "booking_rules", "change_log", "summary", "incoming_messages", "receptacles"]);
    expect(page.body).not.toContain('data-testid="flight-actions"');
    const rules = await browser.request(S7, pageOf(s7Segment.id, "booking_rules"));
    expect(rules.body).toContain('data-testid="booking-rules-table"');
    expect(rules.body).toContain(`href="/dashboard/flights/${s7Segment.id}/create-booking-rule"`);
  });

  it("a platform user on the default host opens an S7 flight with every control", async () => {
    const browser = await signedIn("localhost", "platform");
    const page = await browser.request("localhost", pageOf(s7Segment.id));
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain(s7Segment.number_with_date);
    expect(page.body).toContain('data-testid="flag-lock"');
    const tabs = [...page.body.matchAll(/data-testid="flight-tab-([a-z_]+)"/g)].map((m) => m[1]);
    expect(tabs).toEqual([...HANDLING_TABS, "fbl", "ffm", "uws", "aci", "csn", "loadfactor", "allotments", "booking_rules", "change_log", "summary", "outgoing_messages", "incoming_messages", "receptacles", "edit"]);
  });

  it("an id that is no segment gets the not-found page", async () => {
    const browser = await signedIn(S7, "s7.manager");
    for (const path of ["/dashboard/flights/99999999", "/dashboard/flights/abc"]) {
      const page = await browser.request(S7, path);
      expect(page.status, path).toBe(404);
      expect(textOf(page.body)).toContain("Page not found");
    }
  });

  it("a forwarder gets the not-found page (the route is for platform and airline roles)", async () => {
    const browser = await signedIn("localhost", "forwarder");
    const page = await browser.request("localhost", pageOf(s7Segment.id));
    expect(page.status).toBe(404);
    expect(textOf(page.body)).toContain("Page not found");
    expect(page.body).not.toContain(s7Segment.number_with_date);
  });

  it("an SU manager opening an S7 segment id gets the not-found page and nothing of the flight; a POST changes nothing", async () => {
    const browser = await signedIn("su.localhost", "su.manager");
    const own = await browser.request("su.localhost", pageOf(suSegmentId));
    expect(own.status).toBe(200);
    const page = await browser.request("su.localhost", pageOf(s7Segment.id));
    expect(page.status).toBe(404);
    expect(textOf(page.body)).toContain("Page not found");
    expect(page.body).not.toContain(s7Segment.number_with_date);
    const csrf = hiddenInput(own.body, "csrf")!;
    const post = await browser.request("su.localhost", pageOf(s7Segment.id), { method: "POST", form: { csrf, intent: "lock", tab: "summary" } });
    expect(post.status).toBe(404);
    const [row] = await db().select({ locked: segments.locked }).from(segments).where(eq(segments.id, s7Segment.id));
    expect(row!.locked).toBe(false);
  });
});

describe("a tab whose upstream call fails", () => {
  it("capacity answers 500: the flight still shows, the Load factor tab says what failed, in the user's language", async () => {
    bff.msw.use(http.get(`${bff.api.url}/api/v3/segments/:id/capacity`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, pageOf(s7Segment.id, "loadfactor"));
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain(s7Segment.number_with_date);
    expect(page.body).toContain('data-testid="tab-error"');
    expect(text).toContain("An error occurred while loading the capacity");
    expect(page.body).toContain('data-testid="load-factor-sets"'); // the other half of the tab is still there

    const ru = await signedIn(S7, "s7.manager", "ru");
    const ruPage = await ru.request(S7, pageOf(s7Segment.id, "loadfactor"));
    expect(ruPage.status).toBe(200);
    expect(textOf(ruPage.body)).toContain("Произошла ошибка при загрузке: ёмкости");
  });

  it("change logs answer 500: the Change log tab shows the error, the header and actions stay", async () => {
    bff.msw.use(http.get(`${bff.api.url}/api/v3/change_logs`, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, pageOf(s7Segment.id, "change_log"));
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-testid="tab-error"');
    expect(page.body).toContain('data-testid="flag-lock"');
  });
});
