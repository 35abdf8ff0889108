/**
 * A file the API refuses as a whole (issue 21 item 4: over a cap inside the parse, or over an archive limit) is
 * said beside the file field in the reader's language, by the refusal's code and parameters, never in the API's
 * English: on a statistics upload page and on the shipment page's goods items upload, in English, Russian and
 * (tenant v0) Spanish. Nothing of the file is stored.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills, baggageStats, companies } from "../../api/db/schema";
import { sharedStringEverywhere } from "../api/amplifying-sheets";
import { writeZip } from "../api/zip-writer";
import { type Browser, csrfOf, fieldErrorOf, textOf, useBff } from "./harness";

const bff = useBff();
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PAGE = "/dashboard/settings/baggage-averages";

/** Every cell of 10 columns names one shared string of 20 000 characters: refused at cell A1. */
const amplifying = async () => new File([new Uint8Array(await sharedStringEverywhere({ length: 20_000, rows: 50, columns: 10 }))], "baggage.xlsx", { type: XLSX });

async function uploadStats(browser: Browser, host: string, file: File) {
  const body = new FormData();
  body.append("csrf", await csrfOf(browser, host, PAGE));
  body.append("intent", "upload");
  body.append("file", file);
  return browser.request(host, `${PAGE}?index`, { method: "POST", multipart: body });
}

const storedStats = async () => (await bff.api.database.db.select({ n: count() }).from(baggageStats))[0]!.n;

describe("a file refused as a whole, beside the file field, translated", () => {
  it("on a statistics upload page, in English, Russian and Spanish", async () => {
    const before = await storedStats();
    const manager = await bff.signedIn("s7.localhost", "s7.manager@cargodesk.test");
    const english = await uploadStats(manager, "s7.localhost", await amplifying());
    expect([english.status, english.refused, fieldErrorOf(english.body, "file")]).toEqual([200, 422, "The cell in row 1, column A holds more than 10,000 characters."]);
    // the API's own sentence is not what the reader sees
    expect(english.body).not.toContain("has a cell of more than");

    const russian = await bff.signedIn("s7.localhost", "s7.manager@cargodesk.test", { locale: "ru" });
    const ru = await uploadStats(russian, "s7.localhost", await amplifying());
    expect([ru.status, ru.refused, fieldErrorOf(ru.body, "file")]).toEqual([200, 422, "В ячейке в строке 1, столбце A больше 10 000 символов."]);

    const spanish = await bff.signedIn("v0.localhost", "v0.manager@cargodesk.test", { locale: "es" });
    const es = await uploadStats(spanish, "v0.localhost", await amplifying());
    expect([es.status, es.refused, fieldErrorOf(es.body, "file")]).toEqual([200, 422, "La celda de la fila 1, columna A tiene más de 10.000 caracteres."]);

    // an archive limit (413) reads the same way
    const manyParts = await writeZip(Array.from({ length: 150 }, (_, i) => ({ name: `x/${i}.xml`, chunks: [Buffer.from("<x/>")] })));
    const archive = await uploadStats(manager, "s7.localhost", new File([new Uint8Array(manyParts)], "parts.xlsx", { type: XLSX }));
    expect([archive.status, fieldErrorOf(archive.body, "file")]).toEqual([413, "The file holds 150 parts; an XLSX file may hold at most 100."]);
    expect(await storedStats()).toBe(before);
  });

  it("on the shipment page's goods items upload", async () => {
    const [fwd] = await bff.api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, "FWDONE"));
    const [waybill] = await bff.api.database.db
      .select({ mawb: airWaybills.mawb, goods: airWaybills.goods_items })
      .from(airWaybills)
      .where(and(eq(airWaybills.carrier, "S7"), eq(airWaybills.forwarder_id, fwd!.id), eq(airWaybills.deleted, false), isNull(airWaybills.voided_at), isNull(airWaybills.issued_at)))
      .limit(1);
    const forwarder = await bff.signedIn("s7.localhost", "forwarder@cargodesk.test", { locale: "ru" });
    const body = new FormData();
    body.append("csrf", await csrfOf(forwarder, "s7.localhost", `/dashboard/shipments/${waybill!.mawb}`));
    body.append("file", await amplifying());
    const refused = await forwarder.request("s7.localhost", `/dashboard/shipments/${waybill!.mawb}/goods-items`, { method: "POST", multipart: body });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    const beside = refused.body.match(/data-field-error="file"[^>]*>([\s\S]*?)<\//)?.[1];
    expect(textOf(beside ?? "")).toBe("В ячейке в строке 1, столбце A больше 10 000 символов.");
    const [after] = await bff.api.database.db.select({ goods: airWaybills.goods_items }).from(airWaybills).where(eq(airWaybills.mawb, waybill!.mawb));
    expect(after!.goods).toEqual(waybill!.goods);
  });
});
