/**
 * The flight page's customs tabs through the real Remix build and API, without JavaScript (issue 23): the ACI tab
 * files the ACI (its status listed, the flights list's ACI tab says when it went, "ACI sent") and refuses a SITA address
 * for the PLACI beside the field, what was typed kept; the CSN tab ticks the waybills with an MRN and, sent with one
 * without, says so next to the selection with everything ticked kept; the FBL, UWS and CSN tabs link their files;
 * Billing reads the CSN tab without sending and has no ACI tab.
 */
import { and, asc, eq, exists, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { airWaybills, bookings, preManifestItems, segments } from "../../api/db/schema";
import { configuredNow, csrfOf, textOf, useBff } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const db = () => bff.api.database.db;
const MRN = "26RU0000000000009Z";

/** A future demo S7 flight with both bookings and a Build-Up, marked "ACI required"; its waybills, one with an MRN. */
let flight: { id: number; number: string };
let withMrn: string;
let withoutMrn: string;

beforeAll(async () => {
  const booked = db().select({ one: sql`1` }).from(bookings).where(and(eq(bookings.segment_id, segments.id), eq(bookings.active, true)));
  const manifested = db().select({ one: sql`1` }).from(preManifestItems).where(eq(preManifestItems.segment_id, segments.id));
  const [row] = await db()
    .select({ id: segments.id, number: segments.number })
    .from(segments)
    .where(and(eq(segments.carrier, "S7"), gt(segments.std, configuredNow()), exists(booked), exists(manifested)))
    .orderBy(asc(segments.std))
    .limit(1);
  if (!row) throw new Error("the demo has no future S7 flight with bookings and a Build-Up");
  flight = row;
  await db().update(segments).set({ aci_required: true }).where(eq(segments.id, row.id));
  const onFlight = await db()
    .selectDistinct({ id: airWaybills.id, mawb: airWaybills.mawb })
    .from(airWaybills)
    .innerJoin(bookings, and(eq(bookings.air_waybill_id, airWaybills.id), eq(bookings.segment_id, row.id), eq(bookings.active, true)))
    .orderBy(asc(airWaybills.mawb));
  if (onFlight.length < 2) throw new Error("the demo flight needs two booked waybills");
  await db().update(airWaybills).set({ mrn: MRN }).where(eq(airWaybills.id, onFlight[0]!.id));
  await db().update(airWaybills).set({ mrn: null }).where(eq(airWaybills.id, onFlight[1]!.id));
  withMrn = onFlight[0]!.mawb;
  withoutMrn = onFlight[1]!.mawb;
}, 180_000);

const page = (tab: string) => `/dashboard/flights/${flight.id}?tab=${tab}`;
const manager = () => bff.signedIn(S7, "s7.manager@cargodesk.test");

describe("ACI tab", () => {
  it("files the ACI: back on the tab with ACI sent and its status; the flights list's ACI tab says when it went", async () => {
    const browser = await manager();
    const tab = await browser.request(S7, page("aci"));
    expect(tab.status).toBe(200);
    expect(tab.body).toContain('data-testid="file-aci"');
    expect(tab.body).toContain('data-testid="file-placi"');
    expect(textOf(tab.body)).toContain("Nothing has been filed for this flight yet");

    const csrf = await csrfOf(browser, S7, page("aci"));
    const filed = await browser.request(S7, page("aci"), { method: "POST", form: { csrf, intent: "file_aci", tab: "aci", addresses: "customs.gateway@s7.example" } });
    expect([filed.status, filed.location], textOf(filed.body).slice(0, 300)).toEqual([302, page("aci")]);
    const after = textOf((await browser.request(S7, page("aci"))).body);
    expect(after).toContain("ACI sent: 1 message queued for delivery");
    expect(after).toContain("Sent to customs");
    expect(after).toMatch(new RegExp(`ACI-${flight.number}-`));

    const list = await browser.request(S7, `/dashboard/flights/tabs/aci?number=${flight.number}`);
    expect(list.status).toBe(200);
    expect(list.body).toContain('data-testid="aci-sent"');
  });

  it("a SITA address for the PLACI is refused beside the field in words, what was typed kept", async () => {
    const browser = await manager();
    const csrf = await csrfOf(browser, S7, page("aci"));
    const refused = await browser.request(S7, page("aci"), { method: "POST", form: { csrf, intent: "file_placi", tab: "aci", addresses: "MOWFMS7" } });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(textOf(refused.body)).toContain("PLACI is an XML document: it goes by e-mail or to an https URL, not through SITA");
    expect(refused.body).toContain("MOWFMS7</textarea>");
  });
});

describe("CSN tab", () => {
  it("ticks the waybills with an MRN; one without is named next to the selection, everything kept; then CSN sent", async () => {
    const browser = await manager();
    const tab = await browser.request(S7, page("csn"));
    expect(tab.status).toBe(200);
    const checkbox = (mawb: string, html: string) => new RegExp(`<input[^>]*value="${mawb}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(checkbox(withMrn, tab.body)).toContain("checked");
    expect(checkbox(withoutMrn, tab.body)).not.toContain("checked");
    expect(textOf(tab.body)).toContain("No MRN");
    expect(tab.body).toContain(`href="/dashboard/flights/${flight.id}/mrn_list.xlsx"`);

    const csrf = await csrfOf(browser, S7, page("csn"));
    const refused = await browser.request(S7, page("csn"), { method: "POST", form: { csrf, intent: "send_csn", tab: "csn", mawbs: [withMrn, withoutMrn], addresses: "csn.desk@s7.example" } });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(textOf(refused.body)).toContain(`Sending CSN requires every selected waybill to have an MRN. Without an MRN (1): ${withoutMrn}`);
    expect(refused.body).toContain('data-testid="csn-selection-error"');
    expect(checkbox(withoutMrn, refused.body)).toContain("checked");
    expect(refused.body).toContain("csn.desk@s7.example</textarea>");

    const sent = await browser.request(S7, page("csn"), { method: "POST", form: { csrf, intent: "send_csn", tab: "csn", mawbs: [withMrn], addresses: "csn.desk@s7.example" } });
    expect([sent.status, sent.location], textOf(sent.body).slice(0, 300)).toEqual([302, page("csn")]);
    expect(textOf((await browser.request(S7, page("csn"))).body)).toContain("CSN sent: 1 message queued for delivery");
  });

  it("the files download under the flight page: the MRN list, the UWS as XML, the correspondence FBL, each linked from its tab", async () => {
    const browser = await manager();
    const base = `/dashboard/flights/${flight.id}`;
    for (const [path, type, file] of [
      ["mrn_list.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "mrn_list.xlsx"],
      ["uws.xml", "application/xml; charset=utf-8", "uws.xml"],
      ["fbl/correspondence.pdf", "application/pdf", "correspondence.pdf"],
    ] as const) {
      const res = await browser.request(S7, `${base}/${path}`);
      expect([res.status, res.headers.get("content-type")], path).toEqual([200, type]);
      expect(res.headers.get("content-disposition")).toContain(`filename="${file}"`);
    }
    expect((await browser.request(S7, page("fbl"))).body).toContain(`href="${base}/fbl/correspondence.pdf"`);
    expect((await browser.request(S7, page("uws"))).body).toContain(`href="${base}/uws.xml"`);
  });

  it("Billing reads the CSN tab without a send form and has no ACI tab; a forged CSN post is not found", async () => {
    const billing = await bff.signedIn(S7, "s7.billing@cargodesk.test");
    const csn = await billing.request(S7, page("csn"));
    expect(csn.status).toBe(200);
    expect(csn.body).toContain('data-testid="csn-waybills-table"');
    expect(csn.body).not.toContain('data-testid="send-csn"');
    expect(csn.body).not.toContain('data-testid="flight-tab-aci"');
    expect((await billing.request(S7, page("aci"))).body).not.toContain('data-testid="aci-tab"');
    const csrf = await csrfOf(billing, S7, page("csn"));
    const forged = await billing.request(S7, page("csn"), { method: "POST", form: { csrf, intent: "send_csn", tab: "csn", mawbs: [withMrn], addresses: "x@s7.example" } });
    expect(forged.status).toBe(404);
  });
});
