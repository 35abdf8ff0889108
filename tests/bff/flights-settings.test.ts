/**
 * Issue 4, helper D: the capacities, allotments and booking rules pages, the aircraft pages and the booking rule
 * made from a flight, through the real Remix build and the real API. Lists (filters, server sort), create and
 * edit round trips, the spec 3 §8 errors translated beside their fields with every typed value kept, the
 * all-or-nothing allotments upload and its templates, and tenancy (another airline's ids are not found).
 */
import { and, asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { aircraftCapacities, allotments, bookingRules, segments } from "../../api/db/schema";
import { configuredNow, csrfOf, hiddenInput, submit, textOf, useBff, type Answer, type Browser } from "./harness";

const bff = useBff();

const S7 = "s7.localhost";
const SU = "su.localhost";
const db = () => bff.api.database.db;

const signedIn = (host: string, user: string) => bff.signedIn(host, `${user}@cargodesk.test`);

/** The header's language switch, as a user changes it (the choice is kept for the account: switch back after). */
async function setLocale(browser: Browser, host: string, locale: "ru" | "en") {
  const csrf = hiddenInput((await browser.request(host, "/dashboard/profile")).body, "csrf")!;
  const switched = await browser.request(host, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "locale", value: locale, redirectTo: "/dashboard/profile" } });
  expect(switched.status).toBe(302);
}

function inputValue(html: string, name: string): string | undefined {
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (tag.includes(`name="${name}"`)) return (tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "").replace(/&amp;/g, "&");
  }
  return undefined;
}

function selectedOption(html: string, name: string): string | undefined {
  const select = html.match(new RegExp(`<select\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`))?.[1];
  return select?.match(/<option\b[^>]*value="([^"]*)"[^>]*selected[^>]*>/)?.[1];
}

/** The error text Mantine draws for the input named `name` (its aria-describedby points at it); a filter input of the same name has none. */
function fieldError(html: string, name: string): string | undefined {
  for (const tag of (html.match(/<(?:input|select)\b[^>]*>/g) ?? []).filter((t) => t.includes(`name="${name}"`))) {
    const ids = tag.match(/aria-describedby="([^"]*)"/)?.[1]?.split(/\s+/) ?? [];
    for (const id of ids.filter((i) => i.endsWith("-error"))) {
      const m = html.match(new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</(?:p|div)>`));
      if (m) return textOf(m[1]!);
    }
  }
  return undefined;
}

/** Text that must not reach another airline's user: looked for in what the page shows and in its loader data. */
function expectNotFound(answer: Answer, ...secrets: string[]) {
  expect(answer.status).toBe(404);
  const visible = textOf(answer.body);
  expect(visible).toContain("Page not found");
  // the root's translations ride in the page too; the routes' own data is everything after them
  const routeData = answer.body.slice(answer.body.indexOf('"routes/dashboard"'));
  for (const secret of secrets) {
    expect(visible).not.toContain(secret);
    // as a word: a build chunk's hash (chunk-ESVOMZZO.js) may hold the letters of a code
    expect(routeData).not.toMatch(new RegExp(`\\b${secret}\\b`));
  }
}

function tableRows(html: string, testId: string): string[] {
  const table = html.match(new RegExp(`<table[^>]*data-testid="${testId}"[\\s\\S]*?</table>`))?.[0] ?? "";
  const body = table.match(/<tbody[\s\S]*?<\/tbody>/)?.[0] ?? "";
  return [...body.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0]));
}

/** The demo segments of one flight number, in date order. */
async function segmentsOf(number: string) {
  return db().select().from(segments).where(eq(segments.number, number)).orderBy(asc(segments.flight_date));
}

/**
 * The flights of one number that space can be held on, in date order: not cancelled, not locked, not yet
 * departed by the service's clock, and with no allotment yet. Tests pick from these by what they are, never
 * by a position among all flights (the demo data cancels one and overbooks another; on some dates the first
 * has already left).
 */
async function openFlightsOf(number: string) {
  const held = new Set((await db().select({ id: allotments.segment_id }).from(allotments)).map((r) => r.id));
  const now = configuredNow();
  return (await segmentsOf(number)).filter((s) => !s.canceled && !s.locked && s.std > now && !held.has(s.id));
}

// ---------------------------------------------------------------------------------------------

describe("capacities", () => {
  const PAGE = "/dashboard/settings/capacities";

  it("lists the airline's own capacities, sorted on the server, each linking to its aircraft page", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, PAGE);
    expect(page.status).toBe(200);
    const rows = tableRows(page.body, "capacities-table");
    expect(rows.join(" | ")).toContain("VQ-BCF, VQ-BDE");
    expect(rows.find((r) => r.startsWith("32N"))).toMatch(/3,000 kg.*18 m³.*3,200 kg.*180.*VQ-BCF, VQ-BDE.*AVI/);
    expect(rows.join(" ")).not.toContain("VP-BTR"); // SU's 321
    expect(page.body).toContain('href="/dashboard/aircrafts/32N"');

    const heaviestFirst = tableRows((await browser.request(S7, `${PAGE}?sort=max_cargo_weight&direction=desc`)).body, "capacities-table");
    const lightestFirst = tableRows((await browser.request(S7, `${PAGE}?sort=max_cargo_weight&direction=asc`)).body, "capacities-table");
    expect(heaviestFirst.map((r) => r.slice(0, 3))).toEqual(["32N", "73H"]);
    expect(lightestFirst.map((r) => r.slice(0, 3))).toEqual(["73H", "32N"]);
  });

  it("airline Default adds a capacity in the dialog; a second one for a type is 'Exists' beside the type, values kept", async () => {
    const browser = await signedIn(S7, "s7.operator");
    const dialog = await browser.request(S7, `${PAGE}?dialog=new`);
    expect(dialog.body).toContain('data-testid="capacity-dialog"');
    const fields = { aircraft_type: "e90", max_cargo_weight: "1500", max_cargo_volume: "9.5", pax: "100", reg_numbers: "VQ-BRA vq-brb", forbidden_shcs: "avi, rrw" };
    const created = await submit(browser, S7, `${PAGE}?dialog=new`, fields);
    expect(created.status).toBe(302);
    expect(created.location).toBe(PAGE);
    const list = await browser.request(S7, PAGE);
    expect(textOf(list.body)).toContain("Capacity of E90 created");
    expect(tableRows(list.body, "capacities-table").find((r) => r.startsWith("E90"))).toMatch(/1,500 kg.*9\.5 m³.*VQ-BRA, VQ-BRB.*AVI.*RRW/);

    const again = await submit(browser, S7, `${PAGE}?dialog=new`, { ...fields, max_cargo_weight: "2222" });
    expect([again.status, again.refused]).toEqual([200, 422]);
    expect(fieldError(again.body, "aircraft_type")).toBe("This aircraft type already has a capacity");
    expect(again.body).toContain('data-testid="capacity-dialog"');
    expect(inputValue(again.body, "max_cargo_weight")).toBe("2222");
    expect(inputValue(again.body, "reg_numbers")).toBe("VQ-BRA vq-brb");
    const [row] = await db().select().from(aircraftCapacities).where(and(eq(aircraftCapacities.carrier, "S7"), eq(aircraftCapacities.aircraft_type, "E90")));
    expect(row!.max_cargo_weight).toBe(1500);
  });

  it("an unknown aircraft type or a missing weight is named beside its field, in Russian too", async () => {
    const browser = await signedIn(S7, "s7.operator");
    const unknown = await submit(browser, S7, `${PAGE}?dialog=new`, { aircraft_type: "ZZ9", max_cargo_weight: "900", max_cargo_volume: "3" });
    expect([unknown.status, unknown.refused]).toEqual([200, 400]);
    expect(fieldError(unknown.body, "aircraft_type")).toBe("Unknown aircraft type: ZZ9");
    expect(inputValue(unknown.body, "max_cargo_weight")).toBe("900");
    const missing = await submit(browser, S7, `${PAGE}?dialog=new`, { aircraft_type: "SU9", max_cargo_volume: "3" });
    expect([missing.status, missing.refused]).toEqual([200, 400]);
    expect(fieldError(missing.body, "max_cargo_weight")).toBe("The field is required");
    await setLocale(browser, S7, "ru");
    try {
      const answer = await submit(browser, S7, `${PAGE}?dialog=new`, { aircraft_type: "ZZ9", max_cargo_weight: "900", max_cargo_volume: "3" });
      expect([answer.status, answer.refused]).toEqual([200, 400]);
      expect(fieldError(answer.body, "aircraft_type")).toBe("Неизвестный тип ВС: ZZ9");
    } finally {
      await setLocale(browser, S7, "en");
    }
  });

  it("the aircraft page shows the type's capacity and saves an edit; another airline's or an unknown type is not found", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, "/dashboard/aircrafts/73H");
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toMatch(/Aircraft capacity 73H/);
    expect(inputValue(page.body, "max_cargo_weight")).toBe("2600");
    const saved = await submit(browser, S7, "/dashboard/aircrafts/73H", { aircraft_type: "73H", max_cargo_weight: "2700", max_cargo_volume: "16", reg_numbers: "VQ-BKU", forbidden_shcs: "" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/dashboard/aircrafts/73H");
    const after = await browser.request(S7, saved.location!);
    expect(textOf(after.body)).toContain("Capacity of 73H saved");
    expect(textOf(after.body)).toContain("2,700 kg");
    const [row] = await db().select().from(aircraftCapacities).where(and(eq(aircraftCapacities.carrier, "S7"), eq(aircraftCapacities.aircraft_type, "73H")));
    expect(row).toMatchObject({ max_cargo_weight: 2700, max_cargo_volume: 16, pax: null });

    expectNotFound(await browser.request(S7, "/dashboard/aircrafts/321"), "VP-BTR");
    expectNotFound(await browser.request(S7, "/dashboard/aircrafts/ZZZ"));
    const hijack = await browser.request(S7, "/dashboard/aircrafts/321", { method: "POST", form: { csrf: hiddenInput(page.body, "csrf")!, aircraft_type: "321", max_cargo_weight: "1", max_cargo_volume: "1" } });
    expect(hijack.status).toBe(404);
    const [su] = await db().select().from(aircraftCapacities).where(and(eq(aircraftCapacities.carrier, "SU"), eq(aircraftCapacities.aircraft_type, "321")));
    expect(su!.max_cargo_weight).toBe(4000);

    const suManager = await signedIn(SU, "su.manager");
    expect((await suManager.request(SU, "/dashboard/aircrafts/321")).status).toBe(200);
    expectNotFound(await suManager.request(SU, "/dashboard/aircrafts/32N"), "VQ-BCF");
  });

  it("a flight's aircraft capacity page shows the flight and its type's capacity, or says there is none", async () => {
    const browser = await signedIn(S7, "s7.operator");
    const [first] = await segmentsOf("S70101");
    const page = await browser.request(S7, `/dashboard/flights/${first!.id}/aircraft-capacity`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain(first!.number_with_date);
    expect(text).toContain("DME → OVB");
    expect(text).toContain("3,000 kg");
    expect(page.body).toContain('href="/dashboard/aircrafts/32N"');

    const list = await segmentsOf("S70103");
    const odd = list[list.length - 1]!;
    await db().update(segments).set({ aircraft_type: "77W" }).where(eq(segments.id, odd.id));
    const none = await browser.request(S7, `/dashboard/flights/${odd.id}/aircraft-capacity`);
    expect(none.status).toBe(200);
    expect(textOf(none.body)).toContain("The airline has no capacity for aircraft type 77W");
    expect(none.body).toContain('href="/dashboard/settings/capacities?dialog=new&amp;aircraft_type=77W"');

    const [suFlight] = await segmentsOf("SU0026");
    expectNotFound(await browser.request(S7, `/dashboard/flights/${suFlight!.id}/aircraft-capacity`), "SU0026");
    const suManager = await signedIn(SU, "su.manager");
    expectNotFound(await suManager.request(SU, `/dashboard/flights/${first!.id}/aircraft-capacity`), "S70101");
  });
});

// ---------------------------------------------------------------------------------------------

describe("allotments", () => {
  const PAGE = "/dashboard/settings/allotments";
  const CREATE = `${PAGE}/create`;

  it("lists the airline's allotments with the filters in the URL; not SU's", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, PAGE);
    expect(page.status).toBe(200);
    const rows = tableRows(page.body, "allotments-table");
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]).toMatch(/S70101\/\w+ DME → OVB FWDONE Hard 500 kg 3 m³ 0 kg \/ 0 m³ 48 h before STD/);
    expect(rows.join(" ")).not.toContain("SU0026");

    // one of the demo's FWDONE allotments on S7 0101, found by what it is
    const [held] = await db().select({ id: allotments.segment_id }).from(allotments).where(and(eq(allotments.carrier, "S7"), eq(allotments.forwarder_short_name, "FWDONE")));
    const [second] = await db().select().from(segments).where(eq(segments.id, held!.id));
    const filtered = tableRows((await browser.request(S7, `${PAGE}?flight=${encodeURIComponent(second!.number_with_date.toLowerCase())}&forwarder=fwdone`)).body, "allotments-table");
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toContain(second!.number_with_date);
    expect(tableRows((await browser.request(S7, `${PAGE}?origin=OVB`)).body, "allotments-table")).toEqual(["No allotments match the filters."]);
  });

  it("creates from a flight's link, lists it with 'Full block space'; a second one is 'Exists' beside the forwarder, values kept", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const list = await openFlightsOf("S70103");
    const flight = list[40]!.number_with_date;
    const form = await browser.request(S7, `${CREATE}?segment=${encodeURIComponent(flight)}`);
    expect(form.status).toBe(200);
    expect(inputValue(form.body, "segment_number_with_date")).toBe(flight);
    expect(selectedOption(form.body, "type")).toBe("hard");

    const fields = { intent: "create", segment_number_with_date: flight.toLowerCase(), forwarder_short_name: "fwdone", type: "hard", weight: "750", volume: "4.5", timelimit_to_std: "0", valid_until: "", postal: "on" };
    const created = await submit(browser, S7, CREATE, fields);
    expect(created.status).toBe(302);
    expect(created.location).toBe(`${PAGE}?flight=${encodeURIComponent(flight)}`);
    const after = await browser.request(S7, created.location!);
    expect(textOf(after.body)).toContain(`Allotment on ${flight} created`);
    expect(tableRows(after.body, "allotments-table")).toEqual([expect.stringMatching(new RegExp(`${flight.replace("/", "\\/")} OVB → KJA FWDONE Hard 750 kg 4\\.5 m³ .* Full block space — Yes`))]);

    const again = await submit(browser, S7, CREATE, { ...fields, weight: "999", volume: "7" });
    expect([again.status, again.refused]).toEqual([200, 422]);
    expect(fieldError(again.body, "forwarder_short_name")).toBe("This forwarder already has an allotment on this flight");
    expect(inputValue(again.body, "weight")).toBe("999");
    expect(inputValue(again.body, "volume")).toBe("7");
    expect(inputValue(again.body, "segment_number_with_date")).toBe(flight.toLowerCase());
    expect(await db().select().from(allotments).where(eq(allotments.segment_number_with_date, flight))).toHaveLength(1);
  });

  it("'must exist' names the flight or the forwarder; a locked flight gives the API's reason, translated", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const list = await openFlightsOf("S70103");
    const base = { intent: "create", forwarder_short_name: "FWDONE", type: "soft", weight: "100", volume: "1", timelimit_to_std: "12" };
    const noFlight = await submit(browser, S7, CREATE, { ...base, segment_number_with_date: "S79999/01JAN27" });
    expect([noFlight.status, noFlight.refused]).toEqual([200, 422]);
    expect(fieldError(noFlight.body, "segment_number_with_date")).toBe("There is no such flight: check the number and date");
    const noForwarder = await submit(browser, S7, CREATE, { ...base, segment_number_with_date: list[41]!.number_with_date, forwarder_short_name: "NOSUCHFWD" });
    expect([noForwarder.status, noForwarder.refused]).toEqual([200, 422]);
    expect(fieldError(noForwarder.body, "forwarder_short_name")).toBe("There is no forwarder with this short name");
    expect(inputValue(noForwarder.body, "forwarder_short_name")).toBe("NOSUCHFWD");

    await db().update(segments).set({ locked: true }).where(eq(segments.id, list[42]!.id));
    const locked = await submit(browser, S7, CREATE, { ...base, segment_number_with_date: list[42]!.number_with_date });
    expect([locked.status, locked.refused]).toEqual([200, 422]);
    expect(textOf(locked.body)).toContain("The flight is locked: no space can be held on it");
    await setLocale(browser, S7, "ru");
    try {
      const lockedRu = await submit(browser, S7, CREATE, { ...base, segment_number_with_date: list[42]!.number_with_date });
      expect(textOf(lockedRu.body)).toContain("Рейс заблокирован: место на нём удерживать нельзя");
    } finally {
      await setLocale(browser, S7, "en");
    }
    expect(await db().select().from(allotments).where(eq(allotments.segment_id, list[42]!.id))).toEqual([]);
  });

  it("edits in the ?edit dialog; another airline's allotment is not found and stays as it was", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const [own] = await db().select().from(allotments).where(eq(allotments.carrier, "S7")).orderBy(asc(allotments.id)).limit(1);
    const dialogUrl = `${PAGE}?edit=${own!.id}`;
    const dialog = await browser.request(S7, dialogUrl);
    expect(dialog.body).toContain('data-testid="allotment-dialog"');
    expect(inputValue(dialog.body, "weight")).toBe("500");
    const fields = {
      intent: "update", id: String(own!.id), segment_number_with_date: own!.segment_number_with_date, origin_iata: "DME",
      forwarder_short_name: "FWDONE", type: "soft", weight: "640", volume: "3", timelimit_to_std: "24", valid_until: "2027-01-31",
    };
    const bad = await submit(browser, S7, dialogUrl, { ...fields, weight: "-5" }, `${PAGE}?index&edit=${own!.id}`);
    expect([bad.status, bad.refused]).toEqual([200, 400]);
    expect(fieldError(bad.body, "weight")).toBe("Must be 0 or more");
    expect(inputValue(bad.body, "valid_until")).toBe("2027-01-31");
    const saved = await submit(browser, S7, dialogUrl, fields, `${PAGE}?index&edit=${own!.id}`);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(PAGE);
    const [row] = await db().select().from(allotments).where(eq(allotments.id, own!.id));
    expect(row).toMatchObject({ weight: 640, type: "soft", timelimit_to_std: 24, valid_until: "2027-01-31", postal: false });

    const [su] = await db().select().from(allotments).where(eq(allotments.carrier, "SU")).limit(1);
    expectNotFound(await browser.request(S7, `${PAGE}?edit=${su!.id}`), su!.segment_number_with_date);
    const hijack = await submit(browser, S7, PAGE, { ...fields, id: String(su!.id) }, `${PAGE}?index`);
    expect(hijack.status).toBe(404);
    const [suAfter] = await db().select().from(allotments).where(eq(allotments.id, su!.id));
    expect(suAfter).toMatchObject({ weight: su!.weight, type: su!.type });
  });

  it("s7.billing gets the not-found page on every allotments page; the SU manager has no settings on su", async () => {
    const billing = await signedIn(S7, "s7.billing");
    const [held] = await db().select().from(allotments).where(eq(allotments.carrier, "S7")).limit(1);
    for (const path of [PAGE, CREATE]) expectNotFound(await billing.request(S7, path), held!.segment_number_with_date);
    expect((await billing.request(S7, `${PAGE}/template?format=csv`)).status).toBe(404);
    const suManager = await signedIn(SU, "su.manager");
    expectNotFound(await suManager.request(SU, PAGE), held!.segment_number_with_date);
  });
});

describe("allotments upload and templates", () => {
  const PAGE = "/dashboard/settings/allotments";
  const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const HEADER = ["segment_number_with_date", "origin_iata", "forwarder_short_name", "type", "weight", "volume", "timelimit_to_std", "valid_until", "postal"];

  async function postFile(browser: Browser, file: File): Promise<Answer> {
    const csrf = await csrfOf(browser, S7, PAGE);
    const body = new FormData();
    body.append("csrf", csrf);
    body.append("intent", "upload");
    body.append("file", file);
    return browser.request(S7, `${PAGE}?index`, { method: "POST", multipart: body });
  }

  it("a file with bad rows lists each row and stores nothing; a good CSV stores every row", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const list = await openFlightsOf("S70103");
    const [a, b] = [list[45]!.number_with_date, list[46]!.number_with_date];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("allotments");
    for (const r of [HEADER, [a, "OVB", "FWDONE", "hard", 200, 1, 0, "", "false"], [b, "OVB", "NOSUCHFWD", "hard", 200, 1, 0, "", "false"], [b, "OVB", "FWDONE", "medium", 100, 1, 6, "", "false"]]) sheet.addRow(r);
    const refused = await postFile(browser, new File([Buffer.from(await workbook.xlsx.writeBuffer())], "allotments.xlsx", { type: XLSX }));
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    const text = textOf(refused.body);
    expect(text).toContain("The file was not stored: 2 rows have errors");
    expect(text).toContain("Row 3, column forwarder: must exist");
    expect(text).toContain("Row 4, column type: must be hard or soft");
    expect(text).not.toContain("Row 2,");
    expect(await db().select().from(allotments).where(eq(allotments.segment_number_with_date, a))).toEqual([]);

    // a flight that does not exist is found while storing: the rows before it are rolled back
    const unknownFlight = [HEADER.join(","), `${a},OVB,FWDONE,hard,200,1,0,,false`, "S79999/01JAN27,OVB,FWDONE,hard,200,1,0,,false"].join("\r\n");
    const rolledBack = await postFile(browser, new File([unknownFlight], "allotments.csv", { type: "text/csv" }));
    expect([rolledBack.status, rolledBack.refused]).toEqual([200, 422]);
    expect(textOf(rolledBack.body)).toContain("Row 3, column segment: must exist");
    expect(await db().select().from(allotments).where(eq(allotments.segment_number_with_date, a))).toEqual([]);

    const csv = [HEADER.join(","), `${a},OVB,FWDONE,hard,200,1,0,,false`, `${b},OVB,FWDONE,soft,300,2,24,2027-02-01,true`].join("\r\n");
    const stored = await postFile(browser, new File([csv], "allotments.csv", { type: "text/csv" }));
    expect(stored.status).toBe(302);
    const after = await browser.request(S7, `${PAGE}?flight=S70103`);
    expect(textOf(after.body)).toContain("Allotments: 2 rows created");
    const rows = tableRows(after.body, "allotments-table").join(" | ");
    expect(rows).toContain(`${a} OVB → KJA FWDONE Hard 200 kg`);
    expect(rows).toMatch(new RegExp(`${b.replace("/", "\\/")} OVB → KJA FWDONE Soft 300 kg 2 m³ .* 24 h before STD`));
  });

  it("offers the XLSX and CSV templates with their file names; a wrong format is not found", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, PAGE);
    expect(page.body).toContain(`href="${PAGE}/template?format=xlsx"`);
    const get = (path: string) => bff.handle(new Request(`http://${S7}${path}`, { headers: { Cookie: browser.cookieHeader(S7) } }));
    const xlsx = await get(`${PAGE}/template?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-disposition")).toBe('attachment; filename="allotments_template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    const csv = await get(`${PAGE}/template?format=csv`);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="allotments_template.csv"');
    expect((await csv.text()).split(/\r?\n/)[0]).toBe(HEADER.join(","));
    expect((await get(`${PAGE}/template?format=pdf`)).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

describe("booking rules", () => {
  const PAGE = "/dashboard/settings/booking-rules";
  const CREATE = `${PAGE}/create`;
  const rule = { intent: "create", origin_iata: "dme", destination_iata: "ovb", response_status: "NN", min_weight: "", max_weight: "400", shcs: "" };

  it("lists the airline's rules with translated statuses, filtered by O&D; not SU's", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const page = await browser.request(S7, `${PAGE}?origin=ovb&destination=KJA`);
    const rows = tableRows(page.body, "booking-rules-table");
    expect(rows).toHaveLength(3);
    expect(rows.join(" | ")).toContain("OVB KJA All flights KK · Confirmed Any ≤ 999 kg Any");
    expect(rows.join(" | ")).toContain("NN · Requested, needs the airline's answer Any ≥ 1,000 kg");
    expect(rows.join(" | ")).toMatch(/RCM\s*RFL/);
    expect(textOf((await browser.request(S7, PAGE)).body)).not.toContain("SVO");
  });

  it("creates a rule; an overlapping one is 'Exists' above the form with the typed values; bounds and flights are checked", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const created = await submit(browser, S7, CREATE, rule);
    expect(created.status).toBe(302);
    expect(created.location).toBe(`${PAGE}?origin=DME&destination=OVB`);
    const list = await browser.request(S7, created.location!);
    expect(textOf(list.body)).toContain("Booking rule for DME–OVB created");
    expect(tableRows(list.body, "booking-rules-table")).toEqual([expect.stringContaining("DME OVB All flights NN")]);

    const overlap = await submit(browser, S7, CREATE, { ...rule, response_status: "UU", min_weight: "100", max_weight: "800", shcs: "" });
    expect([overlap.status, overlap.refused]).toEqual([200, 422]);
    expect(textOf(overlap.body)).toContain("There is already a rule for this route and flight with the same SHC whose limits overlap");
    expect(selectedOption(overlap.body, "response_status")).toBe("UU");
    expect(inputValue(overlap.body, "max_weight")).toBe("800");

    const inverted = await submit(browser, S7, CREATE, { ...rule, min_volume: "5", max_volume: "2" });
    expect([inverted.status, inverted.refused]).toEqual([200, 400]);
    expect(fieldError(inverted.body, "max_volume")).toBe("Must not be less than the lower bound");
    const noFlight = await submit(browser, S7, CREATE, { ...rule, flight_number_with_date: "S79999/01JAN27" });
    expect([noFlight.status, noFlight.refused]).toEqual([200, 422]);
    expect(fieldError(noFlight.body, "flight_number_with_date")).toBe("There is no such flight on this route: check the number and date");
  });

  it("edits in the ?edit dialog; SU's rule is not found and unchanged", async () => {
    const browser = await signedIn(S7, "s7.manager");
    const [own] = await db().select().from(bookingRules).where(and(eq(bookingRules.carrier, "S7"), eq(bookingRules.response_status, "KK")));
    const dialogUrl = `${PAGE}?edit=${own!.id}`;
    const dialog = await browser.request(S7, dialogUrl);
    expect(dialog.body).toContain('data-testid="booking-rule-dialog"');
    expect(inputValue(dialog.body, "max_weight")).toBe("999");
    const saved = await submit(browser, S7, dialogUrl, { intent: "update", id: String(own!.id), origin_iata: "OVB", destination_iata: "KJA", response_status: "UU", max_weight: "999", shcs: "" }, `${PAGE}?index&edit=${own!.id}`);
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(bookingRules).where(eq(bookingRules.id, own!.id));
    expect(row!.response_status).toBe("UU");

    const [su] = await db().select().from(bookingRules).where(eq(bookingRules.carrier, "SU"));
    expectNotFound(await browser.request(S7, `${PAGE}?edit=${su!.id}`), "SVO");
  });

  it("a rule from a flight: O&D and flight prefilled, back to the flight's booking rules; ComCor may, Billing and SU may not", async () => {
    const comcor = await signedIn(S7, "s7.comcor");
    const list = await openFlightsOf("S70103");
    const flight = list[50]!;
    const path = `/dashboard/flights/${flight.id}/create-booking-rule`;
    const form = await comcor.request(S7, path);
    expect(form.status).toBe(200);
    expect(inputValue(form.body, "flight_number_with_date")).toBe(flight.number_with_date);
    expect(inputValue(form.body, "origin_iata")).toBe("OVB");
    expect(inputValue(form.body, "destination_iata")).toBe("KJA");
    expect(textOf(form.body)).toContain(flight.number_with_date);
    // the answers a rule gives, worded by cargo/bookings/booking-status (UU is unable, never waitlisted)
    expect(textOf(form.body)).toContain("UU · Unable");
    expect(textOf(form.body)).not.toContain("Waitlisted");

    // the flight decides the O&D, whatever the read-only inputs were changed to
    const fields = { intent: "create", origin_iata: "DME", destination_iata: "OVB", flight_number_with_date: flight.number_with_date, response_status: "NN", min_percent: "80", shcs: "PER" };
    const created = await submit(comcor, S7, path, fields);
    expect(created.status).toBe(302);
    expect(created.location).toBe(`/dashboard/flights/${flight.id}?tab=booking_rules`);
    const rows = await db().select().from(bookingRules).where(eq(bookingRules.segment_id, flight.id));
    expect(rows).toMatchObject([{ origin_iata: "OVB", destination_iata: "KJA", flight_number_with_date: flight.number_with_date, response_status: "NN", min_percent: 80, shcs: ["PER"] }]);

    const again = await submit(comcor, S7, path, { ...fields, response_status: "KK" });
    expect([again.status, again.refused]).toEqual([200, 422]);
    expect(textOf(again.body)).toContain("There is already a rule");
    expect(selectedOption(again.body, "response_status")).toBe("KK");

    expectNotFound(await (await signedIn(S7, "s7.billing")).request(S7, path));
    expectNotFound(await (await signedIn(SU, "su.manager")).request(SU, path), flight.number_with_date);
  });
});

// ---------------------------------------------------------------------------------------------

describe("platform users on the default host", () => {
  it("see every airline's capacities with the airline named, and open a type per airline with ?carrier=", async () => {
    const browser = await signedIn("localhost", "platform");
    const page = await browser.request("localhost", "/dashboard/settings/capacities?sort=carrier");
    const rows = tableRows(page.body, "capacities-table");
    expect(rows.some((r) => r.startsWith("S7 32N"))).toBe(true);
    expect(rows.some((r) => r.startsWith("SU 321"))).toBe(true);
    expect(page.body).toContain('href="/dashboard/aircrafts/321?carrier=SU"');
    const su = await browser.request("localhost", "/dashboard/aircrafts/321?carrier=SU");
    expect(su.status).toBe(200);
    expect(textOf(su.body)).toContain("VP-BTR");
    expect((await browser.request("localhost", "/dashboard/aircrafts/321?carrier=S7")).status).toBe(404);
    expect(tableRows((await browser.request("localhost", "/dashboard/settings/capacities?carrier=su")).body, "capacities-table")).toEqual([
      expect.stringMatching(/^SU 321/),
    ]);
  });

  it("pick the airline of a new allotment; a rule made from a flight is the flight's airline's", async () => {
    const browser = await signedIn("localhost", "platform");
    const form = await browser.request("localhost", "/dashboard/settings/allotments/create");
    expect(selectedOption(form.body, "carrier") ?? "").toBe("");
    expect(form.body).toContain('<option value="SU">');
    const [suFlight] = await openFlightsOf("SU1120");
    const created = await submit(browser, "localhost", "/dashboard/settings/allotments/create", {
      intent: "create", carrier: "SU", segment_number_with_date: suFlight!.number_with_date, forwarder_short_name: "FWDONE", type: "hard", weight: "300", volume: "2", timelimit_to_std: "6",
    });
    expect(created.status).toBe(302);
    expect(await db().select().from(allotments).where(eq(allotments.segment_id, suFlight!.id))).toMatchObject([{ carrier: "SU", weight: 300 }]);

    const path = `/dashboard/flights/${suFlight!.id}/create-booking-rule`;
    expect(textOf((await browser.request("localhost", path)).body)).toContain(`New booking rule · ${suFlight!.number_with_date}`);
    const rule = await submit(browser, "localhost", path, { intent: "create", origin_iata: "SVO", destination_iata: "AER", flight_number_with_date: suFlight!.number_with_date, response_status: "NN" });
    expect(rule.status).toBe(302);
    expect(await db().select().from(bookingRules).where(eq(bookingRules.segment_id, suFlight!.id))).toMatchObject([{ carrier: "SU", response_status: "NN" }]);
  });
});

describe("who may open which page (spec 1 §6)", () => {
  it("capacities and aircraft pages: Manager and Default, not ComCor or Billing; allotments and booking rules: Manager only", async () => {
    const [first] = await segmentsOf("S70101");
    const cases: Array<[user: string, path: string, status: number]> = [
      ["s7.operator", "/dashboard/settings/capacities", 200],
      ["s7.operator", "/dashboard/aircrafts/32N", 200],
      ["s7.operator", `/dashboard/flights/${first!.id}/aircraft-capacity`, 200],
      ["s7.operator", `/dashboard/flights/${first!.id}/create-booking-rule`, 200],
      ["s7.operator", "/dashboard/settings/allotments", 404],
      ["s7.operator", "/dashboard/settings/booking-rules", 404],
      ["s7.comcor", "/dashboard/settings/capacities", 404],
      ["s7.comcor", "/dashboard/aircrafts/32N", 404],
      ["s7.billing", `/dashboard/flights/${first!.id}/aircraft-capacity`, 404],
      ["s7.billing", "/dashboard/settings/booking-rules/create", 404],
    ];
    const browsers = new Map<string, Browser>();
    for (const [user, path, status] of cases) {
      if (!browsers.has(user)) browsers.set(user, await signedIn(S7, user));
      expect((await browsers.get(user)!.request(S7, path)).status, `${user} ${path}`).toBe(status);
    }
  });
});
