import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { awbNumberFromSerial } from "../../cargo";
import { airWaybills, bookings, companies, outboxEmails, segments } from "../../api/db/schema";
import { callsOn, latestMail, useTestApi, type Tokens } from "./helpers";

// The shipments list (issue 10): GET api/v3/air_waybills, its XLSX and e-mailed report. The waybills are written
// straight into the table, each made to be what its name says; every call narrows to them by their numbers
// (serials 8 500 000 and up, far from the demo data's), so demo waybills never change what a test sees.

const { t, accounts } = useTestApi({ signIn: ["platform", "s7Manager", "s7Operator", "suManager", "forwarder", "forwarderOnS7", "forwarderAdmin", "fwdTwo"] });
const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");
const home = callsOn(t);

const DAY = 86_400_000;
type Row = typeof airWaybills.$inferInsert;

/** Each test waybill by name: what it is decides which tabs and filters must pick it. */
const W: Record<string, { serial: number; carrier?: "S7" | "SU"; forwarder?: "FWDONE" | "FWDTWO"; daysAgo: number; set: (now: number) => Partial<Row> }> = {
  requested: { serial: 0, daysAgo: 1, set: (n) => ({ booking_status: "requested", departure_at: new Date(n + 3 * DAY), weight: 300 }) },
  unbooked: { serial: 1, daysAgo: 2, set: () => ({ booking_status: "none", weight: 50 }) },
  inFlight: { serial: 2, daysAgo: 5, set: (n) => ({ booking_status: "confirmed", departure_at: new Date(n - 1 * DAY), issued_at: new Date(n - 3 * DAY), departed_at: new Date(n - 1 * DAY), weight: 800 }) },
  delivered: {
    serial: 3,
    daysAgo: 40,
    set: (n) => ({
      booking_status: "confirmed", departure_at: new Date(n - 35 * DAY), issued_at: new Date(n - 38 * DAY), departed_at: new Date(n - 35 * DAY),
      delivered_at: new Date(n - 34 * DAY), verified_at: new Date(n - 33 * DAY), billing_date: "2020-01-01", weight: 1200, origin_iata: "DME", destination_iata: "OVB",
    }),
  },
  voidedPaid: { serial: 4, daysAgo: 20, set: (n) => ({ booking_status: "cancelled", voided_at: new Date(n - 19 * DAY), void_reason: "not tendered", void_payment: "required", weight: 20 }) },
  voidedOpen: { serial: 5, daysAgo: 21, set: (n) => ({ booking_status: "none", voided_at: new Date(n - 20 * DAY), void_reason: "duplicate", weight: 25 }) },
  warned: { serial: 6, daysAgo: 3, set: (n) => ({ booking_status: "confirmed", departure_at: new Date(n + 2 * DAY), warnings: ["weight_differs"], weight: 400 }) },
  charter: { serial: 7, daysAgo: 10, set: (n) => ({ booking_status: "confirmed", departure_at: new Date(n + 1 * DAY), issued_at: new Date(n - 9 * DAY), charter: true, weight: 5000 }) },
  cancelled: { serial: 8, daysAgo: 4, set: () => ({ booking_status: "cancelled", weight: 70 }) },
  other: { serial: 9, forwarder: "FWDTWO", daysAgo: 6, set: () => ({ booking_status: "none", weight: 90 }) },
  onSu: { serial: 10, carrier: "SU", daysAgo: 7, set: (n) => ({ booking_status: "confirmed", departure_at: new Date(n + 5 * DAY), weight: 100 }) },
};
type Name = keyof typeof W;
const S7_NAMES = (Object.keys(W) as Name[]).filter((n) => (W[n]!.carrier ?? "S7") === "S7");

const mawbOf = (name: Name) => awbNumberFromSerial(W[name]!.carrier === "SU" ? "555" : "421", 8_500_000 + W[name]!.serial);
const nameOf = (mawb: string) => (Object.keys(W) as Name[]).find((n) => mawbOf(n) === mawb) ?? mawb;
/** Our S7 rows share the start 421-85 (demo numbers start elsewhere). */
const OURS = "mawb=421-85";

let now = 0;
let ids: Record<string, number> = {};
/** Whether each booked flight of inFlight has left by the app's clock, in leg order. */
let legsDeparted: boolean[] = [];

beforeAll(async () => {
  const db = t.database.db;
  now = t.app.deps.now().getTime();
  const forwarders = new Map((await db.select({ id: companies.id, short: companies.short_name }).from(companies)).map((c) => [c.short, c.id]));
  for (const [name, w] of Object.entries(W)) {
    const carrier = w.carrier ?? "S7";
    const [row] = await db
      .insert(airWaybills)
      .values({
        mawb: mawbOf(name as Name), prefix: carrier === "SU" ? "555" : "421", carrier, forwarder_id: forwarders.get(w.forwarder ?? "FWDONE")!,
        origin_iata: "OVB", destination_iata: "DME", pieces: 2, weight: 100, charge_weight: 100, commodity: `TEST ${name}`, product_code: "GEN",
        created_at: new Date(now - w.daysAgo * DAY), ...w.set(now),
      })
      .returning({ id: airWaybills.id });
    ids[name] = row!.id;
  }
  // two legs of inFlight, written second leg first (the answer must put the first leg first), and a cancelled one
  const legs = await db.select().from(segments).where(eq(segments.carrier, "S7")).orderBy(segments.std).limit(2);
  const leg = (s: (typeof legs)[number], std: number, status: string, active = true) => ({
    air_waybill_id: ids.inFlight!, mawb: mawbOf("inFlight"), carrier: "S7", forwarder_id: forwarders.get("FWDONE")!, segment_id: s.id, number_with_date: s.number_with_date,
    origin_iata: s.origin_iata, destination_iata: s.destination_iata, std: new Date(std), pieces: 2, weight: 800, response_status: status, active,
  });
  legsDeparted = [legs[0]!, legs[1]!].map((s) => (s.atot ?? s.std).getTime() <= now);
  await db.insert(bookings).values([leg(legs[1]!, now - 1 * DAY + 3 * 3_600_000, "KK"), leg(legs[0]!, now - 1 * DAY, "NN"), { ...leg(legs[0]!, now - 2 * DAY, "XX", false) }]);
});

/** The UTC day so many days before the app's clock, as the date filters take it. */
const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);

async function mawbs(tokens: Tokens, query: string, on = s7): Promise<string[]> {
  const res = await on(tokens, "GET", `/api/v3/air_waybills?per_page=100&${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return (res.json().data as Array<{ mawb: string }>).map((r) => r.mawb);
}
/** The names a query picks among our S7 rows, sorted for comparison. */
const picks = async (query: string, tokens = accounts.s7Manager) => (await mawbs(tokens, `${OURS}&${query}`)).map(nameOf).sort();
const sorted = (...names: Name[]) => [...names].sort();

describe("tabs", () => {
  it.each([
    ["booking", ["requested", "unbooked", "warned", "cancelled", "other"]],
    ["tracking", ["requested", "inFlight", "warned", "charter"]],
    ["billing", ["inFlight", "delivered", "charter"]],
    ["warning", ["warned"]],
    ["voided", ["voidedPaid", "voidedOpen"]],
    ["all", S7_NAMES],
  ] as Array<[string, Name[]]>)("%s picks what it says", async (tab, expected) => {
    expect(await picks(`tab=${tab}`)).toEqual(sorted(...expected));
  });

  it("has one default: all", async () => {
    expect(await picks("")).toEqual(sorted(...S7_NAMES));
  });
});

describe("filters", () => {
  it.each([
    ["booked=yes", ["inFlight", "delivered", "warned", "charter"]],
    ["booked=requests", ["requested"]],
    ["booked=no", ["unbooked", "voidedOpen", "other"]],
    ["booked=cancelled", ["voidedPaid", "cancelled"]],
    ["booked=all", S7_NAMES],
    ["issued=true", ["inFlight", "delivered", "charter"]],
    ["issued=false", S7_NAMES.filter((n) => !["inFlight", "delivered", "charter"].includes(n))],
    ["delivered=true", ["delivered"]],
    ["verified=true", ["delivered"]],
    ["billed=true", ["delivered"]],
    ["departed=true", ["inFlight", "delivered"]],
    ["departed=false", S7_NAMES.filter((n) => !["inFlight", "delivered"].includes(n))],
    ["warning=true", ["warned"]],
    ["warning=false", S7_NAMES.filter((n) => n !== "warned")],
    ["charter=yes", ["charter"]],
    ["payment=required", ["voidedPaid"]],
    ["payment=not_defined", ["voidedOpen"]],
    ["payment=not_required", []],
    ["origin_iata=dme", ["delivered"]],
    ["destination_iata=OVB", ["delivered"]],
    ["tab=billing&delivered=false", ["inFlight", "charter"]],
  ] as Array<[string, Name[]]>)("%s", async (query, expected) => {
    expect(await picks(query)).toEqual(sorted(...expected));
  });

  it("finds a number by its start, with or without the hyphen, or whole", async () => {
    const whole = mawbOf("charter");
    expect(await mawbs(accounts.s7Manager, `mawb=${whole}`)).toEqual([whole]);
    expect(await mawbs(accounts.s7Manager, `mawb=${whole.replace("-", "")}`)).toEqual([whole]);
    expect(await mawbs(accounts.s7Manager, `mawb=${whole.slice(0, 4)} ${whole.slice(4, 8)} ${whole.slice(8)}`)).toEqual([whole]);
    expect((await mawbs(accounts.s7Manager, "mawb=42185")).map(nameOf).sort()).toEqual(sorted(...S7_NAMES));
  });

  it("reads date ranges as whole UTC days of the chosen date type", async () => {
    // created 40 and 21..20 days ago
    expect(await picks(`date_type=created&date_from=${day(40)}&date_to=${day(40)}`)).toEqual(["delivered"]);
    expect(await picks(`date_from=${day(21)}&date_to=${day(20)}`)).toEqual(sorted("voidedPaid", "voidedOpen"));
    // departure: the first booking's STD (delivered left 35 days ago; the charter leaves tomorrow)
    expect(await picks(`date_type=departure&date_from=${day(36)}&date_to=${day(34)}`)).toEqual(["delivered"]);
    expect(await picks(`date_type=departure&date_from=${day(-1)}&date_to=${day(-1)}`)).toEqual(["charter"]);
    expect(await picks(`date_type=issued&date_from=${day(10)}&date_to=${day(2)}`)).toEqual(sorted("inFlight", "charter"));
    expect(await picks(`date_type=departed&date_from=${day(1)}&date_to=${day(1)}`)).toEqual(["inFlight"]);
  });

  it("names a forwarder for an airline; a forwarder's own rows stay its own whatever it names", async () => {
    expect(await picks("forwarder=fwdtwo")).toEqual(["other"]);
    expect(await picks("forwarder=FWDTWO", accounts.forwarderOnS7)).toEqual(sorted(...S7_NAMES.filter((n) => n !== "other")));
  });
});

describe("the answer", () => {
  it("is the list item: forwarder, flags, product and the active bookings, first leg first", async () => {
    const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills?mawb=${mawbOf("inFlight")}`);
    const [item] = res.json().data;
    expect(item).toMatchObject({ mawb: mawbOf("inFlight"), carrier: "S7", forwarder_short_name: "FWDONE", departed: true, delivered: false, product_type: "GEN", booking_status: "confirmed" });
    expect(item.effective_bookings.map((b: { response_status: string }) => b.response_status)).toEqual(["NN", "KK"]);
    // is_departed is the flight's (its take-off, else its STD, past the clock), not the booking's own STD
    expect(item.effective_bookings.map((b: { is_departed: boolean }) => b.is_departed)).toEqual(legsDeparted);
    const [delivered] = (await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills?mawb=${mawbOf("delivered")}`)).json().data;
    expect(delivered).toMatchObject({ delivered: true, departed: true, effective_bookings: [] });
  });

  it("counts exactly below the cap and says it was not capped", async () => {
    const meta = (await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills?${OURS}&tab=voided`)).json().meta;
    expect(meta).toMatchObject({ total_count: 2, total_count_capped: false, total_pages: 1, current_page: 1, next_page: null });
  });
});

describe("paging and sorting", () => {
  it("pages through every row once, newest first by default", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills?${OURS}&per_page=3&page=${page}`);
      expect(res.json().meta).toMatchObject({ total_count: S7_NAMES.length, per_page: 3, current_page: page, total_pages: Math.ceil(S7_NAMES.length / 3) });
      seen.push(...res.json().data.map((r: { mawb: string }) => r.mawb));
    }
    expect(seen.map(nameOf)).toEqual([...S7_NAMES].sort((a, b) => W[a]!.daysAgo - W[b]!.daysAgo));
  });

  it("sorts by an allowed column both ways", async () => {
    const up = (await mawbs(accounts.s7Manager, `${OURS}&sort=weight&direction=asc`)).map(nameOf);
    const down = (await mawbs(accounts.s7Manager, `${OURS}&sort=weight&direction=desc`)).map(nameOf);
    expect(up[0]).toBe("voidedPaid");
    expect(up.at(-1)).toBe("charter");
    expect(down).toEqual([...up].reverse());
    expect((await mawbs(accounts.s7Manager, `${OURS}&sort=mawb`)).map(nameOf)).toEqual([...S7_NAMES].sort((a, b) => W[a]!.serial - W[b]!.serial));
  });

  // inside a range of at most 31 days a value sort reads the range's rows and sorts them (list-query.ts listOrder),
  // outside one it walks the scope's index: each caller's order must be the same either way, numbers as numbers
  it.each(["weight", "charge_weight", "mawb", "origin_iata", "destination_iata"])("sorts by %s inside a month's range as over the whole scope, for each kind of caller", async (key) => {
    const inRange = (mawb: string) => W[nameOf(mawb)]!.daysAgo <= 25;
    const callers: Array<[Tokens, typeof s7]> = [[accounts.s7Manager, s7], [accounts.forwarderOnS7, s7], [accounts.forwarder, home], [accounts.platform, home]];
    for (const [tokens, on] of callers) {
      for (const direction of ["asc", "desc"]) {
        const whole = (await mawbs(tokens, `mawb=421-85&sort=${key}&direction=${direction}`, on)).filter(inRange);
        const ranged = await mawbs(tokens, `mawb=421-85&sort=${key}&direction=${direction}&date_from=${day(25)}&date_to=${day(0)}`, on);
        expect(ranged.length).toBeGreaterThan(3);
        expect(ranged).toEqual(whole);
      }
    }
    if (key === "weight") {
      const byWeight = (await mawbs(accounts.s7Manager, `${OURS}&sort=weight&date_from=${day(25)}&date_to=${day(0)}`)).map(nameOf);
      // 5000 kg last: a text order would put it before 800
      expect(byWeight).toEqual(["voidedPaid", "voidedOpen", "unbooked", "cancelled", "other", "requested", "warned", "inFlight", "charter"]);
    }
  });

  it("sorts by the departed and tariff dates too (the shipments page's Date column for those date types)", async () => {
    // of our rows only inFlight and delivered took off: delivered 35 days ago, inFlight yesterday; nulls last going up
    const departed = (await mawbs(accounts.s7Manager, `${OURS}&sort=departed_at`)).map(nameOf);
    expect(departed.slice(0, 2)).toEqual(["delivered", "inFlight"]);
    expect((await mawbs(accounts.s7Manager, `${OURS}&sort=departed_at&direction=desc`)).map(nameOf)).toEqual([...departed].reverse());
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills?${OURS}&sort=tariff_date&direction=desc`)).statusCode).toBe(200);
  });

  it("sorts a rare tab by a value: only that tab's rows, in order", async () => {
    expect((await mawbs(accounts.s7Manager, `${OURS}&tab=voided&sort=weight&direction=desc`)).map(nameOf)).toEqual(["voidedOpen", "voidedPaid"]);
    expect((await mawbs(accounts.platform, `${OURS}&tab=warning&sort=mawb`, home)).map(nameOf)).toEqual(["warned"]);
  });

  it.each([
    ["sort=commodity", "sort"],
    ["sort=id;drop table air_waybills", "sort"],
    ["per_page=101", "per_page"],
    ["page=0", "page"],
    ["page=99999999", "page"],
    ["page=401&per_page=25", "page"],
    ["tab=archive", "tab"],
    ["booked=maybe", "booked"],
    ["issued=perhaps", "issued"],
    ["payment=cash", "payment"],
    ["mawb=42a-1", "mawb"],
    ["mawb=421-123456789012", "mawb"],
    ["date_from=2025-13-01", "date_from"],
    ["date_from=2025-02-30", "date_from"],
    ["date_from=1800-01-01", "date_from"],
    ["date_type=billing", "date_type"],
    ["date_from=2025-03-10&date_to=2025-03-01", "date_to"],
    ["origin_iata=MOSCOW", "origin_iata"],
    ["forwarder=NOBODY", "forwarder"],
  ])("refuses %s under %s", async (query, field) => {
    const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });
});

describe("who sees what", () => {
  it("a forwarder sees its own company's waybills: every airline's on its own host, that airline's on an airline's site", async () => {
    const own = [...(await mawbs(accounts.forwarder, OURS, home)), ...(await mawbs(accounts.forwarder, "mawb=555-85", home))].map(nameOf);
    expect(own).toEqual(expect.arrayContaining(["onSu", "charter"]));
    expect(own).not.toContain("other");
    const onS7 = (await mawbs(accounts.forwarderOnS7, OURS)).map(nameOf);
    expect(onS7.sort()).toEqual(sorted(...S7_NAMES.filter((n) => n !== "other")));
    expect(await mawbs(accounts.forwarderOnS7, `mawb=${mawbOf("onSu")}`)).toEqual([]);
  });

  it("forwarder two never sees forwarder one's rows, whatever it sends", async () => {
    expect((await mawbs(accounts.fwdTwo, `${OURS}&forwarder=FWDONE`, home)).map(nameOf)).toEqual(["other"]);
    expect(await mawbs(accounts.fwdTwo, `mawb=${mawbOf("onSu")}&carrier=SU`, home)).toEqual([]);
  });

  it("an airline sees its own prefix's waybills only: S7 never SU's, SU never S7's", async () => {
    expect(await mawbs(accounts.s7Manager, `mawb=${mawbOf("onSu")}&carrier=SU`)).toEqual([]);
    expect(await mawbs(accounts.suManager, `mawb=${mawbOf("onSu")}`, su)).toEqual([mawbOf("onSu")]);
    expect(await mawbs(accounts.suManager, OURS, su)).toEqual([]);
  });

  it("platform sees every airline's, or the one it names", async () => {
    expect(await mawbs(accounts.platform, `mawb=${mawbOf("onSu")}`, home)).toEqual([mawbOf("onSu")]);
    expect(await mawbs(accounts.platform, `mawb=${mawbOf("onSu")}&carrier=S7`, home)).toEqual([]);
    expect((await mawbs(accounts.platform, `${OURS}&carrier=S7`, home)).length).toBe(S7_NAMES.length);
  });

  it("refuses a forwarder's admin (the list is its Default role's)", async () => {
    expect((await home(accounts.forwarderAdmin, "GET", "/api/v3/air_waybills")).statusCode).toBe(403);
  });
});

/** The report's header row and its rows, each without exceljs' empty first cell. */
async function sheetOf(file: Buffer): Promise<{ header: unknown[]; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  return { header: (sheet.getRow(1).values as unknown[]).slice(1), rows: sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1)) };
}

describe("XLSX report", () => {
  const range = () => {
    return `date_from=${day(30)}&date_to=${day(0)}`;
  };

  it("answers awb_xlsx_report.xlsx: a header and the list's rows for the range", async () => {
    const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills.xlsx?${OURS}&${range()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain("awb_xlsx_report.xlsx");
    const { header, rows } = await sheetOf(res.rawPayload);
    // the page's own headers and words (issue 22 §7): no codes where the page shows words
    expect(header.slice(0, 6)).toEqual(["Created on", "AWB", "Origin", "Destination", "Status", "Bookings"]);
    const awbColumn = header.indexOf("AWB");
    // the 40-day-old delivered waybill is outside the 31 days
    expect(rows.map((r) => nameOf(String(r[awbColumn]))).sort()).toEqual(sorted(...S7_NAMES.filter((n) => n !== "delivered")));
    const inFlight = rows.find((r) => r[awbColumn] === mawbOf("inFlight"))!;
    expect(inFlight[header.indexOf("Status")]).toBe("Departed");
    expect(String(inFlight[header.indexOf("Bookings")])).toMatch(/ NN; .* KK$/);
    expect(inFlight[header.indexOf("Forwarder")]).toBe("FWDONE");
    const warned = rows.find((r) => r[awbColumn] === mawbOf("warned"))!;
    expect(warned[header.indexOf("Warnings")]).toBe("Weight differs from the air waybill");
    expect(warned[header.indexOf("Booking status")]).toBe("Confirmed");
    const voided = rows.find((r) => r[awbColumn] === mawbOf("voidedPaid"))!;
    expect([voided[header.indexOf("Status")], voided[header.indexOf("Reason")], voided[header.indexOf("Payment")]]).toEqual(["Voided", "not tendered", "Payment required"]);
    // filtered by issue date, the first column is the issue date, as on the page
    const byIssue = await sheetOf((await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills.xlsx?${OURS}&${range()}&date_type=issued`)).rawPayload);
    expect(byIssue.header[0]).toBe("Issued on");
    expect(byIssue.rows.find((r) => r[1] === mawbOf("inFlight"))![0]).toBe(day(3));
  });

  it("is written in the reader's language", async () => {
    const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills.xlsx?${OURS}&${range()}&locale=ru`);
    expect(res.statusCode, res.body).toBe(200);
    const { header, rows } = await sheetOf(res.rawPayload);
    expect(header.slice(0, 6)).toEqual(["Дата создания", "AWB", "Откуда", "Куда", "Статус", "Бронирования"]);
    const warned = rows.find((r) => r[1] === mawbOf("warned"))!;
    expect(warned[header.indexOf("Статус")]).toBe("Создана");
    expect(warned[header.indexOf("Предупреждения")]).toBe("Вес отличается от авианакладной");
  });

  it("needs a range of at most 31 days, said under date_from", async () => {
    for (const query of ["", "date_from=2025-01-01", "date_from=2025-01-01&date_to=2025-02-01"]) {
      const res = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills.xlsx?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toContain("date_from");
    }
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/air_waybills.xlsx?date_from=2025-01-01&date_to=2025-01-31")).statusCode).toBe(200);
  });

  it("e-mails the report to the caller (or the address given) through the outbox, the file attached", async () => {
    const sent = vi.spyOn(t.app.deps.mailer, "send");
    const body = Object.fromEntries(new URLSearchParams(`${OURS}&tab=voided&${range()}`));
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/air_waybills/send_report", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: "s7.manager@cargodesk.test", rows: 2 });
    // queued in the request, sent by its job
    expect(sent).not.toHaveBeenCalled();
    const mail = await latestMail(t.app, "s7.manager@cargodesk.test");
    expect(mail!.body).toContain("Attached: awb_xlsx_report.xlsx");
    expect(sent).toHaveBeenCalledTimes(1);
    const attachment = sent.mock.calls.at(-1)![0].attachments![0]!;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment.content as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(3);

    const other = await s7(accounts.s7Manager, "POST", "/api/v3/air_waybills/send_report", { ...body, email: "Boss@Example.com" });
    expect(other.json().email).toBe("boss@example.com");
    expect(await t.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, "boss@example.com")))).toHaveLength(1);
    sent.mockRestore();
  });

  it("refuses a bad address or range, sending nothing", async () => {
    const before = (await t.database.db.select().from(outboxEmails)).length;
    for (const payload of [{ email: "not-an-address", date_from: "2025-01-01", date_to: "2025-01-02" }, { date_from: "2025-01-01", date_to: "2025-03-01" }]) {
      expect((await s7(accounts.s7Manager, "POST", "/api/v3/air_waybills/send_report", payload)).statusCode).toBe(422);
    }
    expect((await t.database.db.select().from(outboxEmails)).length).toBe(before);
  });
});
