/**
 * The shipment page's goods items and movements (issue 11) through the BFF against the real API. Goods: the
 * forwarder uploads a CSV (a plain multipart post, as a browser without JavaScript sends it) and lands back on the
 * page's goods with the items listed; a file with bad rows stays on the goods-items page listing each row with its
 * number, column and reason in the reader's language; the template downloads. Movements: the status named, an
 * inactive one marked, a discrepancy's state and who recorded it; the airline deletes a movement of a flight not
 * departed (a plain POST), the forwarder is offered no delete. Waybills and flights are picked by what they are.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills, awbMovements, companies, segments } from "../../api/db/schema";
import { csrfOf, inLanguage, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const FORWARDER = "forwarder@cargodesk.test";
const MANAGER = "s7.manager@cargodesk.test";
const HEADER = "description,hs_code,marks,packing,pieces,weight";

/** A live S7 waybill of FWDONE not yet issued (the forwarder may still edit it), by what it is. */
async function editableWaybill(skip = 0): Promise<{ id: number; mawb: string }> {
  const [fwd] = await bff.api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, "FWDONE"));
  const rows = await bff.api.database.db
    .select({ id: airWaybills.id, mawb: airWaybills.mawb })
    .from(airWaybills)
    .where(and(eq(airWaybills.carrier, "S7"), eq(airWaybills.forwarder_id, fwd!.id), eq(airWaybills.deleted, false), isNull(airWaybills.voided_at), isNull(airWaybills.issued_at)))
    .orderBy(airWaybills.id)
    .limit(skip + 1);
  return rows[skip]!;
}

async function uploadGoods(browser: Browser, mawb: string, file: File) {
  const body = new FormData();
  body.append("csrf", await csrfOf(browser, S7, `/dashboard/shipments/${mawb}`));
  body.append("file", file);
  return browser.request(S7, `/dashboard/shipments/${mawb}/goods-items`, { method: "POST", multipart: body });
}

describe("goods items on the shipment page", () => {
  it("the forwarder uploads a CSV and sees the items; the airline's manager sees them too; the templates download", async () => {
    const { mawb } = await editableWaybill();
    const forwarder = await bff.signedIn(S7, FORWARDER);
    const page = await forwarder.request(S7, `/dashboard/shipments/${mawb}`);
    expect(page.body).toContain(`action="/dashboard/shipments/${mawb}/goods-items"`);
    expect(page.body).toContain(`href="/dashboard/shipments/${mawb}/goods-items/template?format=xlsx"`);

    const csv = `${HEADER}\r\nGearbox housings,848340,GB 1-4,Crates,4,310.5\r\nService manual,,,Envelope,1,0.4\r\n`;
    const posted = await uploadGoods(forwarder, mawb, new File([csv], "goods.csv", { type: "text/csv" }));
    expect(posted.status, textOf(posted.body).slice(0, 300)).toBe(302);
    expect(posted.location).toBe(`/dashboard/shipments/${mawb}#goods`);
    const after = textOf((await forwarder.request(S7, posted.location!)).body);
    expect(after).toContain("2 goods items stored");
    const manager = await bff.signedIn(S7, MANAGER);
    const seen = textOf((await manager.request(S7, `/dashboard/shipments/${mawb}`)).body);
    expect(seen).toMatch(/Gearbox housings\s+848340\s+GB 1-4\s+Crates\s+4\s+310\.5/);
    expect(seen).toMatch(/Service manual\s+—\s+—\s+Envelope\s+1\s+0\.4/);

    const template = await forwarder.request(S7, `/dashboard/shipments/${mawb}/goods-items/template?format=csv`);
    expect(template.status).toBe(200);
    expect(template.body.split("\r\n")[0]).toBe(HEADER);
  });

  it("bad rows: nothing stored, each row listed with its number, column and reason, in Russian too; no file: said beside the field", async () => {
    const { mawb } = await editableWaybill(1);
    const forwarder = await bff.signedIn(S7, FORWARDER);
    const csv = `${HEADER}\r\nBolts,7318,,,5,10\r\n,7318,,,0,-1\r\n`;
    const refused = await uploadGoods(forwarder, mawb, new File([csv], "goods.csv"));
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    const text = textOf(refused.body);
    expect(text).toContain("The file was not stored: 1 row has errors");
    expect(text).toContain("Row 3, column description: is required");
    expect(text).toContain("Row 3, column pieces: must be between 1 and 100000");
    expect(text).toContain("Row 3, column weight: must be 0 or more");
    expect(textOf((await forwarder.request(S7, `/dashboard/shipments/${mawb}`)).body)).not.toContain("Bolts");

    const ru = await inLanguage(forwarder, S7, "ru", () => uploadGoods(forwarder, mawb, new File([csv], "goods.csv")));
    expect(textOf(ru.body)).toContain("Строка 3, столбец места: должно быть от 1 до 100000");

    const wrongHeader = await uploadGoods(forwarder, mawb, new File(["name,qty\r\nBolts,1\r\n"], "goods.csv"));
    expect(textOf(wrongHeader.body)).toContain("The columns do not match the template: missing description, hs_code, marks, packing, pieces, weight; not in the template: name, qty.");
    const none = await uploadGoods(forwarder, mawb, new File([], "empty.csv"));
    expect([none.status, none.refused, textOf(none.body)]).toEqual([200, 400, expect.stringContaining("Choose a file")]);
  });

  it("a reader who may not edit the waybill gets no upload form", async () => {
    const { mawb } = await editableWaybill();
    const billing = await bff.signedIn(S7, "s7.billing@cargodesk.test");
    const page = await billing.request(S7, `/dashboard/shipments/${mawb}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(`action="/dashboard/shipments/${mawb}/goods-items"`);
  });
});

describe("movements on the shipment page", () => {
  it("names each status, marks an inactive one, shows a discrepancy and who recorded it; the airline deletes, the forwarder cannot", async () => {
    const awb = await editableWaybill(2);
    const [flight] = await bff.api.database.db
      .select()
      .from(segments)
      .where(and(eq(segments.carrier, "S7"), isNull(segments.atot), eq(segments.canceled, false)))
      .orderBy(segments.id)
      .limit(1);
    const base = { air_waybill_id: awb.id, mawb: awb.mawb, segment_id: flight!.id, segment_number_with_date: flight!.number_with_date, pieces: 2, weight: 40, time_utc: new Date(Date.UTC(2030, 0, 1, 10)) };
    const inserted = await bff.api.database.db
      .insert(awbMovements)
      .values([
        { ...base, status_code: "RCS", location_iata: flight!.origin_iata, deactivated: true, recorded_by: MANAGER },
        { ...base, status_code: "DIS", location_iata: flight!.origin_iata, discrepancy_code: "OFLD", recorded_by: "desk.agent@cargodesk.test", time_utc: new Date(Date.UTC(2030, 0, 1, 11)) },
      ])
      .returning({ id: awbMovements.id, status_code: awbMovements.status_code });
    const dis = inserted.find((m) => m.status_code === "DIS")!;

    const manager = await bff.signedIn(S7, MANAGER);
    const page = await manager.request(S7, `/dashboard/shipments/${awb.mawb}`);
    const text = textOf(page.body);
    expect(text).toMatch(/RCS\s+Received from shipper\s+cancelled/);
    expect(text).toMatch(/DIS\s+Discrepancy\s+Discrepancy: Offloaded \(OFLD\)/);
    expect(text).toContain("desk.agent@cargodesk.test");
    expect(page.body).toContain(`action="/dashboard/shipments/${awb.mawb}/movements"`);

    const forwarder = await bff.signedIn(S7, FORWARDER);
    const own = await forwarder.request(S7, `/dashboard/shipments/${awb.mawb}`);
    expect(textOf(own.body)).toMatch(/DIS\s+Discrepancy/);
    expect(own.body).not.toContain(`action="/dashboard/shipments/${awb.mawb}/movements"`);
    const ru = await inLanguage(manager, S7, "ru", () => manager.request(S7, `/dashboard/shipments/${awb.mawb}`));
    expect(textOf(ru.body)).toMatch(/RCS\s+Принято от отправителя\s+отменено/);

    const removed = await manager.request(S7, `/dashboard/shipments/${awb.mawb}/movements`, {
      method: "POST",
      form: { csrf: await csrfOf(manager, S7, `/dashboard/shipments/${awb.mawb}`), intent: "delete", id: String(dis.id) },
    });
    expect([removed.status, removed.location]).toEqual([302, `/dashboard/shipments/${awb.mawb}#movements`]);
    const back = textOf((await manager.request(S7, removed.location!)).body);
    expect(back).toContain("DIS movement deleted");
    expect(back).not.toContain("desk.agent@cargodesk.test");
    // the forwarder's forged post is refused by the API: nothing deleted
    const [rcs] = inserted.filter((m) => m.status_code === "RCS");
    const forged = await forwarder.request(S7, `/dashboard/shipments/${awb.mawb}/movements`, {
      method: "POST",
      form: { csrf: await csrfOf(forwarder, S7, `/dashboard/shipments/${awb.mawb}`), intent: "delete", id: String(rcs!.id) },
    });
    expect(forged.status).not.toBe(500);
    expect((await bff.api.database.db.select().from(awbMovements).where(eq(awbMovements.id, rcs!.id))).length).toBe(1);
  });
});
