/**
 * The shipments lists (issue 10; spec 1 §2 "Shipments and air waybills", §6 "Shipments new/old page") through the BFF
 * against the real API and its demo history: who reaches which page, the tabs and the filters in the URL (bad values
 * said beside their fields), the columns, the XLSX report (a download and by e-mail, at most 31 days) and the charter
 * marks of the rows a user selects (c6 and platform only).
 */
import { describe, expect, it } from "vitest";
import { csrfOf, inLanguage, parseSetCookie, seedToday, submit, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const C6 = "c6.localhost";
const SU = "su.localhost";
const NEW = "/dashboard/air-waybills";
const OLD = "/dashboard/shipments";

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = seedToday();

/** The waybill numbers a list page shows, in the order shown. */
const numbersOf = (html: string) => [...html.matchAll(/data-testid="awb-link-(\d{3}-\d{8})"/g)].map((m) => m[1]!);
/** Each row's state badges' text ("Issued", "Voided", "Charter", ...), by the order of rows. */
const statesOf = (html: string) => [...html.matchAll(/data-testid="awb-state"[^>]*>([\s\S]*?)<\/td>/g)].map((m) => textOf(m[1]!));
const stateWord = (html: string) => statesOf(html).map((s) => s.split(/\s+/)[0]!);
/** A page of the list as a user sees it. */
const page = (browser: Browser, host: string, path: string) => browser.request(host, path);

/** The error shown beside an input. */
function errorBeside(html: string, name: string): string | undefined {
  const tag = (html.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`));
  const ids = tag?.match(/aria-describedby="([^"]*)"/)?.[1]?.split(/\s+/).filter((id) => /error/.test(id)) ?? [];
  for (const id of ids) {
    const m = html.match(new RegExp(`<[^>]*id="${id}"[^>]*>([\\s\\S]*?)</`));
    if (m) return textOf(m[1]!);
  }
  return undefined;
}

/** A form post whose fields may repeat (the selected rows' `mawbs`), as a browser sends the charter form. */
async function postPairs(browser: Browser, host: string, path: string, pairs: Array<[string, string]>) {
  const csrf = await csrfOf(browser, host, path.replace(/\?index&?/, "?"));
  const body = new URLSearchParams([["csrf", csrf], ...pairs]).toString();
  const response = await bff.handle(
    new Request(`http://${host}${path}`, { method: "POST", headers: { Cookie: browser.cookieHeader(host), "Content-Type": "application/x-www-form-urlencoded" }, body }),
  );
  // the session cookie carries the notice to the next page, as a browser keeps it
  for (const line of response.headers.getSetCookie()) {
    const cookie = parseSetCookie(line);
    browser.setCookie(host, cookie.name, cookie.value);
  }
  return { status: response.status, location: response.headers.get("Location"), body: await response.text() };
}

describe("who reaches which shipments page", () => {
  it("an airline's users, platform and a forwarder on su get the new page; a forwarder without the setting the old one", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    expect((await page(manager, S7, NEW)).status).toBe(200);
    expect((await page(manager, S7, OLD)).status).toBe(404);

    // FWDONE has has_access_to_new_air_waybills_page off: the old page, not the new one
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const old = await page(forwarder, S7, OLD);
    expect(old.status).toBe(200);
    expect((await page(forwarder, S7, NEW)).status).toBe(404);
    // the same list: tabs, filters, the forwarder's own waybills only
    expect(old.body).toContain('data-testid="shipments-tab-tracking"');
    const forwarders = [...textOf((await page(forwarder, S7, `${OLD}?tab=all`)).body).matchAll(/\bFWD(ONE|TWO)\b/g)].map((m) => m[0]);
    expect(forwarders.length).toBeGreaterThan(0);
    expect(new Set(forwarders)).toEqual(new Set(["FWDONE"]));

    const onSu = await bff.signedIn(SU, "forwarder@cargodesk.test");
    expect((await page(onSu, SU, NEW)).status).toBe(200);
    expect((await page(onSu, SU, OLD)).status).toBe(404);
  });
});

describe("the new page on an airline's site", () => {
  it("opens on the booking tab with the spec's columns, the airline's own waybills linked to their pages with their flights' statuses", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const list = await page(manager, S7, NEW);
    const text = textOf(list.body);
    for (const header of ["Created on", "AWB", "Origin", "Destination", "Status", "Bookings", "Pcs / kg / m³", "Chargeable kg", "Product", "SHC", "Commodity", "Postal number", "Forwarder", "Booking status", "Reason", "Payment", "Estimated revenue"]) {
      expect(text).toContain(header);
    }
    expect(list.body).toMatch(/data-testid="shipments-tab-booking"[^>]*aria-current="page"|aria-current="page"[^>]*data-testid="shipments-tab-booking"/);
    // the estimated revenue in roubles: two decimals and English grouping (issue 24: decimal text, never a number)
    expect(text).toMatch(/RUB\s\d{1,3}(?:,\d{3})+\.\d{2}/);
    const numbers = numbersOf(list.body);
    expect(numbers.length).toBeGreaterThan(0);
    // S7's prefix only; each number a link to its shipment page
    expect(numbers.every((n) => n.startsWith("421-"))).toBe(true);
    expect(list.body).toContain(`href="/dashboard/shipments/${numbers[0]}"`);
    // the booking tab holds what is still being booked: nothing issued, departed or voided
    expect(stateWord(list.body)).toHaveLength(numbers.length);
    expect(stateWord(list.body).every((s) => s === "Created")).toBe(true);
    // the flights of the booked ones with their answers
    expect(list.body).toMatch(/data-testid="booking-status"[^>]*><span[^>]*>(KK|NN|LL|UU)</);
    expect(text).toMatch(/S7\d{4}\/\d{2}[A-Z]{3}\d{2}/);
  });

  it("each tab shows its own waybills, and switching tab keeps the filters", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const voided = await page(manager, S7, `${NEW}?tab=voided`);
    expect(stateWord(voided.body).length).toBeGreaterThan(0);
    expect(stateWord(voided.body).every((s) => s === "Voided")).toBe(true);
    const billing = await page(manager, S7, `${NEW}?tab=billing`);
    expect(stateWord(billing.body).length).toBeGreaterThan(0);
    expect(stateWord(billing.body).every((s) => ["Issued", "Verified", "Departed", "Delivered"].includes(s))).toBe(true);
    const warning = await page(manager, S7, `${NEW}?tab=warning`);
    expect(statesOf(warning.body).length).toBeGreaterThan(0);
    expect(statesOf(warning.body).every((s) => /Warnings: \d/.test(s))).toBe(true);

    const filtered = await page(manager, S7, `${NEW}?tab=all&issued=no`);
    expect(filtered.body).toMatch(/href="\/dashboard\/air-waybills\?tab=voided&amp;issued=no"/);
  });

  it("filters by number (hyphen or not), date and switches; bad values are said beside their fields, as typed, and no rows are shown", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const [number] = numbersOf((await page(manager, S7, `${NEW}?tab=all`)).body);
    const bare = numbersOf((await page(manager, S7, `${NEW}?tab=all&mawb=${number!.replace("-", "")}`)).body);
    expect(bare).toEqual([number]);
    const spaced = numbersOf((await page(manager, S7, `${NEW}?tab=all&mawb=${encodeURIComponent(`${number!.slice(0, 8)} ${number!.slice(8)}`)}`)).body);
    expect(spaced).toEqual([number]);

    const notIssued = await page(manager, S7, `${NEW}?tab=all&issued=no`);
    expect(stateWord(notIssued.body).length).toBeGreaterThan(0);
    expect(stateWord(notIssued.body).every((s) => s === "Created" || s === "Voided")).toBe(true);
    // and its opposite: two lists that share no waybill (unfiltered, both would be the same first page)
    const issued = await page(manager, S7, `${NEW}?tab=all&issued=yes`);
    expect(stateWord(issued.body).length).toBeGreaterThan(0);
    // (a voided waybill reads Voided whether it was issued or not)
    expect(stateWord(issued.body).every((s) => ["Issued", "Verified", "Departed", "Delivered", "Voided"].includes(s))).toBe(true);
    expect(stateWord(issued.body)).not.toContain("Created");
    expect(numbersOf(issued.body).filter((n) => numbersOf(notIssued.body).includes(n))).toEqual([]);
    const charters = await page(manager, S7, `${NEW}?tab=all&charter=yes`);
    expect(statesOf(charters.body).every((s) => s.includes("Charter"))).toBe(true);

    // created in the last three days: the recent waybills only, every one dated within the range
    const recent = await page(manager, S7, `${NEW}?tab=all&date_type=created&date_from=${addDays(TODAY, -2)}&date_to=${TODAY}`);
    expect(numbersOf(recent.body).length).toBeGreaterThan(0);
    const future = await page(manager, S7, `${NEW}?tab=all&date_type=created&date_from=${addDays(TODAY, 10)}&date_to=${addDays(TODAY, 12)}`);
    expect(numbersOf(future.body)).toEqual([]);
    expect(textOf(future.body)).toContain("No shipments match");

    const bad = await page(manager, S7, `${NEW}?tab=all&mawb=42A-77&date_from=${TODAY}&date_to=${addDays(TODAY, -3)}`);
    expect(bad.status).toBe(200);
    expect(errorBeside(bad.body, "mawb")).toBe("An AWB number or its first digits");
    // the example number is the tenant airline's (issue 22 §10): S7's 421 here, C6's 745 on its site
    expect(bad.body).toMatch(/name="mawb"[^>]*placeholder="421-1234 5675"|placeholder="421-1234 5675"[^>]*name="mawb"/);
    const c6 = await page(await bff.signedIn(C6, "c6.manager@cargodesk.test"), C6, `${NEW}?tab=all`);
    expect(c6.body).toContain('placeholder="745-1234 5675"');
    expect(c6.body).not.toContain("421-1234");
    expect(errorBeside(bad.body, "date_to")).toBe("The end date is before the start date");
    expect(bad.body).toMatch(/name="mawb"[^>]*value="42A-77"|value="42A-77"[^>]*name="mawb"/);
    expect(textOf(bad.body)).toContain("Correct the marked filters to see the list");
    expect(numbersOf(bad.body)).toEqual([]);
    const impossible = await page(manager, S7, `${NEW}?date_from=2025-02-30`);
    expect(errorBeside(impossible.body, "date_from")).toBe("Enter a date as YYYY-MM-DD");
  });

  it("shows in the Date column the date the filters name, and says which in its header (en, ru)", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const medium = (iso: string) => new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
    const daysOf = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => medium(addDays(TODAY, from + i)));
    const datesOf = (html: string) => [...html.matchAll(/data-testid="awb-date"[^>]*>([^<]*)</g)].map((m) => m[1]!);

    // flights of the coming days: every row dated then, though none was created after today
    const departing = await page(manager, S7, `${NEW}?tab=all&date_type=departure&date_from=${addDays(TODAY, 1)}&date_to=${addDays(TODAY, 10)}`);
    expect(numbersOf(departing.body).length).toBeGreaterThan(0);
    expect(datesOf(departing.body)).toHaveLength(numbersOf(departing.body).length);
    expect(datesOf(departing.body).every((d) => daysOf(1, 10).includes(d))).toBe(true);
    const header = textOf(departing.body);
    expect(header).toContain("Departure (planned)");
    expect(header).not.toContain("Created on");
    // the header sorts by that date
    expect(departing.body).toMatch(/href="\/dashboard\/air-waybills\?[^"]*sort=departure_at/);

    // by default the created date, never a future one
    const created = await page(manager, S7, `${NEW}?tab=all`);
    expect(textOf(created.body)).toContain("Created on");
    expect(datesOf(created.body).length).toBeGreaterThan(0);
    expect(datesOf(created.body).every((d) => daysOf(-120, 0).includes(d))).toBe(true);
    expect(datesOf(created.body).some((d) => datesOf(departing.body).includes(d))).toBe(false);

    // issued in the last fortnight: the issue day, named so
    const issued = await page(manager, S7, `${NEW}?tab=all&date_type=issued&date_from=${addDays(TODAY, -14)}&date_to=${TODAY}`);
    expect(textOf(issued.body)).toContain("Issued on");
    expect(datesOf(issued.body).length).toBeGreaterThan(0);
    expect(datesOf(issued.body).every((d) => daysOf(-14, 0).includes(d))).toBe(true);

    const russian = await inLanguage(manager, S7, "ru", async () => textOf((await page(manager, S7, `${NEW}?tab=all&date_type=departed`)).body));
    expect(russian).toContain("Дата фактического вылета");
  });

  it("sorts by a column through the URL", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const asc = numbersOf((await page(manager, S7, `${NEW}?tab=all&sort=mawb&direction=asc`)).body);
    expect(new Set(asc).size).toBeGreaterThan(1);
    expect(asc).toEqual([...asc].sort());
    const desc = numbersOf((await page(manager, S7, `${NEW}?tab=all&sort=mawb&direction=desc`)).body);
    expect(desc).toEqual([...desc].sort().reverse());
  });

  it("reads in Russian", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const text = await inLanguage(manager, S7, "ru", async () => textOf((await page(manager, S7, NEW)).body));
    expect(text).toContain("Бронирование");
    expect(text).toContain("Платный вес, кг");
    expect(text).toContain("Для отчёта XLSX выберите период не длиннее 31 дня");
  });
});

describe("the list menu: the XLSX report", () => {
  const WEEK = `tab=all&date_from=${addDays(TODAY, -6)}&date_to=${TODAY}`;

  it("asks for a range of at most 31 days before it offers the file", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const none = await page(manager, S7, NEW);
    expect(textOf(none.body)).toContain("For the XLSX report, choose a date range of up to 31 days");
    expect(none.body).not.toContain('data-testid="shipments-xlsx"');
    const long = await page(manager, S7, `${NEW}?tab=all&date_from=${addDays(TODAY, -40)}&date_to=${TODAY}`);
    expect(textOf(long.body)).toContain("The XLSX report covers at most 31 days: shorten the date range");
    const week = await page(manager, S7, `${NEW}?${WEEK}`);
    expect(week.body).toContain(`href="/dashboard/air-waybills/awb_xlsx_report.xlsx?${WEEK.replace(/&/g, "&amp;")}"`);
    // a hand-made report address over 31 days goes back to the list, which says why
    const refused = await manager.request(S7, `/dashboard/air-waybills/awb_xlsx_report.xlsx?tab=all&date_from=${addDays(TODAY, -40)}&date_to=${TODAY}`);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`${NEW}?tab=all&date_from=${addDays(TODAY, -40)}&date_to=${TODAY}`);
  });

  it("downloads the report of the filtered list as awb_xlsx_report.xlsx, for the old page's users too", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const file = await manager.request(S7, `/dashboard/air-waybills/awb_xlsx_report.xlsx?${WEEK}`);
    expect(file.status, file.body.slice(0, 300)).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    expect(file.headers.get("content-disposition")).toContain("awb_xlsx_report.xlsx");
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    expect((await forwarder.request(S7, `/dashboard/air-waybills/awb_xlsx_report.xlsx?${WEEK}`)).status).toBe(200);
    const admin = await bff.signedIn(S7, "s7.admin@cargodesk.test");
    expect((await admin.request(S7, `/dashboard/air-waybills/awb_xlsx_report.xlsx?${WEEK}`)).status).toBe(404);
  });

  it("sends the report by e-mail and comes back to the same list with a notice", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const sent = await submit(manager, S7, `${NEW}?${WEEK}`, { intent: "send_report" }, `${NEW}?index&${WEEK}`);
    expect(sent.status, textOf(sent.body).slice(-300)).toBe(302);
    expect(sent.location).toBe(`${NEW}?${WEEK}`);
    expect(textOf((await manager.get(S7, sent.location!, { follow: true })).body)).toContain("The XLSX report is on its way to s7.manager@cargodesk.test");

    const noRange = await submit(manager, S7, NEW, { intent: "send_report" }, `${NEW}?index&tab=all`);
    expect(noRange.status).toBe(302);
    expect(textOf((await manager.get(S7, noRange.location!, { follow: true })).body)).toContain("For the XLSX report, choose a date range of up to 31 days");
  });
});

describe("charter marks of the selected rows", () => {
  it("an airline on c6 marks and unmarks the rows it selects; nothing selected is said", async () => {
    const manager = await bff.signedIn(C6, "c6.manager@cargodesk.test");
    const list = await page(manager, C6, `${NEW}?tab=all&charter=no`);
    expect(list.body).toContain('data-testid="charter-form"');
    // the row checkboxes post the numbers with the form, JS or not
    const [a, b] = numbersOf(list.body);
    expect(b, "two waybills not yet charter").toBeDefined();
    expect(list.body).toMatch(new RegExp(`<input[^>]*name="mawbs"[^>]*value="${a}"|<input[^>]*value="${a}"[^>]*name="mawbs"`));

    const marked = await postPairs(manager, C6, `${NEW}?index&tab=all&charter=no`, [["intent", "charter"], ["mawbs", a!], ["mawbs", b!]]);
    expect(marked.status, textOf(marked.body).slice(-300)).toBe(302);
    expect(marked.location).toBe(`${NEW}?tab=all&charter=no`);
    expect(textOf((await manager.get(C6, marked.location!, { follow: true })).body)).toContain("Marked as charter: 2");
    // each found among the charters by its number (not by where it falls on a page of them)
    const isCharter = async (mawb: string) => numbersOf((await page(manager, C6, `${NEW}?tab=all&charter=yes&mawb=${mawb}`)).body).includes(mawb);
    expect(await isCharter(a!)).toBe(true);
    expect(await isCharter(b!)).toBe(true);

    const unmarked = await postPairs(manager, C6, `${NEW}?index&tab=all&charter=yes`, [["intent", "uncharter"], ["mawbs", a!]]);
    expect(textOf((await manager.get(C6, unmarked.location!, { follow: true })).body)).toContain("Charter mark removed: 1");
    expect(await isCharter(a!)).toBe(false);
    expect(await isCharter(b!)).toBe(true);

    const none = await postPairs(manager, C6, `${NEW}?index&tab=all`, [["intent", "charter"]]);
    expect(textOf((await manager.get(C6, none.location!, { follow: true })).body)).toContain("Select at least one shipment first");
  });

  it("is not offered to S7's users nor to a forwarder, and their forged posts are refused", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const list = await page(manager, S7, `${NEW}?tab=all`);
    expect(list.body).not.toContain('data-testid="charter-form"');
    expect(list.body).not.toContain('name="mawbs"');
    const [number] = numbersOf(list.body);
    const before = statesOf((await page(manager, S7, `${NEW}?tab=all&mawb=${number}`)).body);
    expect((await postPairs(manager, S7, `${NEW}?index&tab=all`, [["intent", "charter"], ["mawbs", number!]])).status).toBe(404);
    expect((await postPairs(manager, S7, `${NEW}?index&tab=all`, [["intent", "uncharter"], ["mawbs", number!]])).status).toBe(404);
    expect(statesOf((await page(manager, S7, `${NEW}?tab=all&mawb=${number}`)).body)).toEqual(before);

    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    expect((await page(forwarder, S7, OLD)).body).not.toContain('data-testid="charter-form"');
    expect((await postPairs(forwarder, S7, `${OLD}?index&tab=all`, [["intent", "charter"], ["mawbs", number!]])).status).toBe(404);
  });
});
