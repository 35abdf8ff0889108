/**
 * Postal receptacles through the BFF against the real API (issue 11): the platform's /dashboard/receptacles with the
 * demo receptacles, URL filters and the figures of what they find; creating one with JavaScript off (a wrong UID
 * comes back beside the field with everything typed; a right one is listed with the offices read from it), editing
 * and deleting through the URL dialogs; Russian; nobody else may open the page; the flight page's Receptacles tab
 * for the operating airline with count and total weight.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { receptacles, segments } from "../../api/db/schema";
import { csrfOf, fieldErrorOf, inLanguage, seedToday, submit, textOf, useBff } from "./harness";

const bff = useBff();
const PAGE = "/dashboard/receptacles";
const HOST = "localhost";

/** A UPU S9 UID by position: offices, category A, subclass UN, year 6, dispatch, serial, flags 0 0, weight in hectograms. */
/** The dialog's part of a page (the list's filters above it have a UID field of their own). */
const dialogOf = (html: string) => html.slice(html.indexOf('data-testid="receptacle-dialog"'));

const uidOf = (origin: string, destination: string, dispatch: string, serial: string, hectograms: string) => `${origin}${destination}AUN6${dispatch}${serial}00${hectograms}`;

/** Today's demo S7 0101 DME-OVB, which the demo loads with mail. */
async function demoS7Flight() {
  const [row] = await bff.api.database.db.select().from(segments).where(and(eq(segments.number, "S70101"), eq(segments.flight_date, seedToday())));
  return row!;
}

describe("/dashboard/receptacles", () => {
  it("lists the demo receptacles with their count and total weight; the filters narrow both", async () => {
    const platform = await bff.signedIn(HOST, "platform@cargodesk.test");
    const all = await platform.request(HOST, PAGE);
    expect(all.status).toBe(200);
    const text = textOf(all.body);
    expect(text).toContain("Receptacles");
    expect(text).toContain("RUMOWA");
    expect(text).toContain("Not on a flight");

    const flight = await demoS7Flight();
    const onFlight = await platform.request(HOST, `${PAGE}?flight=${encodeURIComponent(flight.number_with_date)}`);
    const shown = textOf(onFlight.body);
    // S7 0101 carries 3 letter bags and 2 parcel bags: 12.4 + 18.9 + 7.5 + 27.3 + 22.6 kg
    expect(onFlight.body).toMatch(/data-testid="receptacle-count"[^>]*>5</);
    expect(onFlight.body).toMatch(/data-testid="receptacle-weight"[^>]*>88\.7\s*kg</);
    expect(shown).toContain("RUOVBA");
    expect(shown).not.toContain("RULEDA");
    const toKja = await platform.request(HOST, `${PAGE}?post_office_destination=rukjaa`);
    expect(toKja.body).toMatch(/data-testid="receptacle-count"[^>]*>2</);
  });

  it("creates without JavaScript: a wrong UID comes back beside its field with what was typed; a right one is listed with its offices", async () => {
    const platform = await bff.signedIn(HOST, "platform@cargodesk.test");
    const flight = await demoS7Flight();
    const wrong = await submit(platform, HOST, `${PAGE}?dialog=new`, { intent: "create", uid: "RUMOWARUOVBA123", weight: "12.5", flight: flight.number_with_date });
    expect([wrong.status, wrong.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(dialogOf(wrong.body), "uid")).toBe("A receptacle UID has 29 characters");
    expect(wrong.body).toContain('value="RUMOWARUOVBA123"');
    expect(wrong.body).toContain('value="12.5"');
    expect(wrong.body).toContain(`value="${flight.number_with_date}"`);

    // the API's own refusal (same office twice) is said beside the field too
    const same = await submit(platform, HOST, `${PAGE}?dialog=new`, { intent: "create", uid: uidOf("ZZBFFA", "ZZBFFA", "0700", "001", "0100"), weight: "", flight: "" });
    expect([same.status, same.refused]).toEqual([200, 422]);
    expect(fieldErrorOf(dialogOf(same.body), "uid")).toBe("Origin and destination office are the same");

    const uid = uidOf("ZZBFFA", "ZZBFFB", "0700", "001", "0215");
    const created = await submit(platform, HOST, `${PAGE}?dialog=new`, { intent: "create", uid: uid.toLowerCase(), weight: "", flight: flight.number_with_date });
    expect(created.status, textOf(created.body).slice(0, 300)).toBe(302);
    const [row] = await bff.api.database.db.select().from(receptacles).where(eq(receptacles.uid, uid));
    expect(row).toMatchObject({ post_office_origin: "ZZBFFA", post_office_destination: "ZZBFFB", weight: 21.5, segment_id: flight.id });
    const listed = await platform.request(HOST, `${PAGE}?post_office_origin=ZZBFFA`);
    expect(textOf(listed.body)).toContain(uid);
    expect(listed.body).toMatch(/data-testid="receptacle-weight"[^>]*>21\.5\s*kg</);

    // edit: off the flight with a weighed weight; then delete
    const edited = await submit(platform, HOST, `${PAGE}?edit=${row!.id}`, { intent: "update", id: String(row!.id), uid, weight: "20.9", flight: "" });
    expect(edited.status).toBe(302);
    const [after] = await bff.api.database.db.select().from(receptacles).where(eq(receptacles.id, row!.id));
    expect(after).toMatchObject({ weight: 20.9, segment_id: null });
    const csrf = await csrfOf(platform, HOST, PAGE);
    const deleted = await platform.request(HOST, PAGE, { method: "POST", form: { csrf, intent: "delete", id: String(row!.id) } });
    expect(deleted.status).toBe(302);
    expect(await bff.api.database.db.select().from(receptacles).where(eq(receptacles.id, row!.id))).toEqual([]);
  });

  it("speaks Russian: headers, figures and the field's error", async () => {
    const platform = await bff.signedIn(HOST, "platform@cargodesk.test");
    await inLanguage(platform, HOST, "ru", async () => {
      const page = await platform.request(HOST, PAGE);
      const text = textOf(page.body);
      expect(text).toContain("Почтовые ёмкости");
      expect(text).toContain("Учреждение отправления");
      expect(text).toContain("Общий вес");
      const wrong = await submit(platform, HOST, `${PAGE}?dialog=new`, { intent: "create", uid: "X".repeat(29), weight: "", flight: "" });
      expect(fieldErrorOf(dialogOf(wrong.body), "uid")).toBe("Это не номер ёмкости UPU S9");
    });
  });

  it("is the platform's only: an airline manager and a forwarder get the not-found page", async () => {
    for (const [host, email] of [["s7.localhost", "s7.manager@cargodesk.test"], [HOST, "forwarder@cargodesk.test"]] as const) {
      const browser = await bff.signedIn(host, email);
      expect((await browser.request(host, PAGE)).status, email).toBe(404);
    }
  });
});

describe("the flight page's Receptacles tab", () => {
  it("shows the operating airline the mail on its flight with count and total weight; another airline's flight is not found", async () => {
    const flight = await demoS7Flight();
    const url = `/dashboard/flights/${flight.id}?tab=receptacles`;
    const s7 = await bff.signedIn("s7.localhost", "s7.manager@cargodesk.test");
    const tab = await s7.request("s7.localhost", url);
    expect(tab.status).toBe(200);
    expect(tab.body).toContain('data-testid="flight-tab-receptacles"');
    expect(tab.body).toMatch(/data-testid="receptacle-count"[^>]*>5</);
    expect(tab.body).toMatch(/data-testid="receptacle-weight"[^>]*>88\.7\s*kg</);
    expect(textOf(tab.body)).toContain("MAN DME");
    const su = await bff.signedIn("su.localhost", "su.manager@cargodesk.test");
    expect((await su.request("su.localhost", url)).status).toBe(404);
  });
});
