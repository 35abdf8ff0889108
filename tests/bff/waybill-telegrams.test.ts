/**
 * A waybill's FWB and FHL pages through the BFF against the real API (issue 23; spec 1 /shipments/:mawb/fwb, /fhl):
 * a signed-in airline user reads the FWB text, sends it without JavaScript (back on the page, the message in the sent
 * list) and sees the FWBs received about the waybill; a refused address stands beside the field with what was typed;
 * an FHL of a waybill without house waybills says why and offers no send; the shipment page links both; another
 * airline gets the not-found page.
 */
import { and, eq, isNull, notExists } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills, bookings, houseWaybills, segments, telegrams } from "../../api/db/schema";
import { readTelegram } from "../../api/telegrams/read-telegram";
import { csrfOf, textOf, useBff } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const MANAGER = "s7.manager@cargodesk.test";

/** One of S7's demo waybills that is not voided and has no house waybills (any will do: its FWB is made from it). */
async function s7Waybill(): Promise<{ id: number; mawb: string }> {
  const db = bff.api.database.db;
  const [row] = await db
    .select({ id: airWaybills.id, mawb: airWaybills.mawb })
    .from(airWaybills)
    .where(and(eq(airWaybills.carrier, "S7"), isNull(airWaybills.voided_at), notExists(db.select().from(houseWaybills).where(eq(houseWaybills.air_waybill_id, airWaybills.id)))))
    .limit(1);
  return row!;
}

/** An FWB received about the waybill, stored as a POST stores one (read by the same code). */
async function receivedFwb(mawb: string): Promise<number> {
  const text = `FWB/16\r\n${mawb}OVBDME/T2K100.0\r\n`;
  const read = readTelegram(text);
  const [row] = await bff.api.database.db
    .insert(telegrams)
    .values({ carrier: "S7", family: "cimp", source: "sita", sender: "OVBFMS7", original_content: text, message_type: "FWB", parsed_content: read.parsed_content, error_messages: read.error_messages, parsing_status: read.parsing_status, processing_status: "skipped", mawb })
    .returning({ id: telegrams.id });
  return row!.id;
}

describe("a waybill's FWB and FHL pages", () => {
  it("an airline manager reads the FWB, sends it without JavaScript and sees it sent beside the FWBs received", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const awb = await s7Waybill();
    const receivedId = await receivedFwb(awb.mawb);
    const page = `/dashboard/shipments/${awb.mawb}/fwb`;

    const shipment = await manager.request(S7, `/dashboard/shipments/${awb.mawb}`);
    expect(shipment.body).toContain(`href="${page}"`);
    const opened = await manager.request(S7, page);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('data-testid="waybill-telegram-text"');
    const text = /data-testid="waybill-telegram-text"[^>]*>([^<]*)</.exec(opened.body)?.[1] ?? "";
    expect(text.startsWith("FWB/")).toBe(true);
    expect(text).toContain(awb.mawb);
    expect(opened.body).toContain('data-testid="send-fwb"');
    expect(opened.body).toContain(`data-testid="telegram-link-${receivedId}"`);
    expect(textOf(opened.body)).toContain("No FWB has been sent for this waybill");

    const csrf = await csrfOf(manager, S7, page);
    const sent = await manager.request(S7, page, { method: "POST", form: { csrf, intent: "send", addresses: "fwb.page@s7.example" } });
    expect([sent.status, sent.location], textOf(sent.body).slice(0, 300)).toEqual([302, page]);
    const after = await manager.request(S7, page);
    expect(textOf(after.body)).toContain("fwb.page@s7.example");
    expect(after.body).toMatch(/data-testid="outgoing-link-\d+"/);

    const refused = await manager.request(S7, page, { method: "POST", form: { csrf, intent: "send", addresses: "not an address" } });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(refused.body).toContain("not an address</textarea>");
  });

  it("an FHL of a waybill without house waybills says why and offers no send", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const awb = await s7Waybill();
    const page = await manager.request(S7, `/dashboard/shipments/${awb.mawb}/fhl`);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain("The air waybill has no house waybills");
    expect(page.body).not.toContain('data-testid="send-fhl"');
    expect(page.body).not.toContain('data-testid="waybill-telegram-text"');
  });

  it("the FHL page files the waybill's PLACI without JavaScript and downloads its houses; the FWB page opens the e-AWB page", async () => {
    const db = bff.api.database.db;
    // an S7 waybill booked (KK) on a flight, that flight marked ACI required, and a house under it
    const [booked] = await db
      .select({ awbId: bookings.air_waybill_id, mawb: bookings.mawb, segmentId: bookings.segment_id })
      .from(bookings)
      .innerJoin(airWaybills, eq(airWaybills.id, bookings.air_waybill_id))
      .where(and(eq(airWaybills.carrier, "S7"), isNull(airWaybills.voided_at), eq(bookings.active, true), eq(bookings.response_status, "KK")))
      .limit(1);
    await db.update(segments).set({ aci_required: true }).where(eq(segments.id, booked!.segmentId));
    await db.insert(houseWaybills).values({ air_waybill_id: booked!.awbId, mawb: booked!.mawb, serial_number: "PLACI1", origin_iata: "OVB", destination_iata: "DME", pieces: 1, weight: 10, manifest_description_of_goods: "BOOKS" });
    const manager = await bff.signedIn(S7, MANAGER);
    const page = `/dashboard/shipments/${booked!.mawb}/fhl`;
    const opened = await manager.request(S7, page);
    expect(opened.body).toContain('data-testid="file-placi"');
    expect(opened.body).toContain(`href="/dashboard/shipments/${booked!.mawb}/house_waybills.cimp"`);

    const csrf = await csrfOf(manager, S7, page);
    const refused = await manager.request(S7, page, { method: "POST", form: { csrf, intent: "file_placi", addresses: "MOWFMS7" } });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(textOf(refused.body)).toContain("PLACI is an XML document: it goes by e-mail or to an https URL");
    expect(refused.body).toContain("MOWFMS7</textarea>");
    const filed = await manager.request(S7, page, { method: "POST", form: { csrf, intent: "file_placi", addresses: "ics2@s7.example" } });
    expect([filed.status, filed.location], textOf(filed.body).slice(0, 300)).toEqual([302, page]);
    const [house] = await db.select().from(houseWaybills).where(and(eq(houseWaybills.air_waybill_id, booked!.awbId), eq(houseWaybills.serial_number, "PLACI1")));
    expect(house!.placi_status).toBe("sent");

    const file = await manager.request(S7, `/dashboard/shipments/${booked!.mawb}/house_waybills.cimp`);
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "text/plain; charset=utf-8"]);
    expect(file.headers.get("content-disposition")).toContain(`fhl_${booked!.mawb}.txt`);
    expect(file.body).toContain("PLACI1");
    const fwb = await manager.request(S7, `/dashboard/shipments/${booked!.mawb}/fwb`);
    expect(fwb.body).toContain(`href="/dashboard/shipments/${booked!.mawb}/eap.cimp"`);
    const eap = await manager.request(S7, `/dashboard/shipments/${booked!.mawb}/eap.cimp`);
    expect([eap.status, eap.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(eap.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(eap.body).toContain(`<pre>FWB/`);
  });

  it("another airline's user gets the not-found page, and sends nothing", async () => {
    const awb = await s7Waybill();
    const c6 = await bff.signedIn("c6.localhost", "c6.manager@cargodesk.test");
    for (const type of ["fwb", "fhl", "eap.cimp", "house_waybills.cimp"]) expect((await c6.request("c6.localhost", `/dashboard/shipments/${awb.mawb}/${type}`)).status, type).toBe(404);
    const csrf = await csrfOf(c6, "c6.localhost", "/dashboard/messaging/outgoing-messages");
    const post = await c6.request("c6.localhost", `/dashboard/shipments/${awb.mawb}/fwb`, { method: "POST", form: { csrf, intent: "send", addresses: "x@c6.example" } });
    expect(post.status).toBe(404);
    const placi = await c6.request("c6.localhost", `/dashboard/shipments/${awb.mawb}/fhl`, { method: "POST", form: { csrf, intent: "file_placi", addresses: "x@c6.example" } });
    expect(placi.status).toBe(404);
  });
});
