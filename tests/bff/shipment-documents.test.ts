/**
 * The shipment page's Documents section (issue 11) through the BFF against the real API: the forwarder attaches a
 * PDF and the S7 manager sees and downloads the same bytes; a program renamed .pdf is refused beside the file field
 * with the chosen type kept (the page a browser without JavaScript lands on); the uploader removes it; another
 * airline gets not found for the file; the section reads in Russian.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { airWaybills, companies } from "../../api/db/schema";
import { csrfOf, inLanguage, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
afterEach(() => bff.msw.resetHandlers());
const S7 = "s7.localhost";
const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"));

/** A live S7 waybill of FWDONE, by what it is. */
async function fwdOneWaybill(): Promise<string> {
  const [fwd] = await bff.api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, "FWDONE"));
  const [row] = await bff.api.database.db
    .select({ mawb: airWaybills.mawb })
    .from(airWaybills)
    .where(and(eq(airWaybills.carrier, "S7"), eq(airWaybills.forwarder_id, fwd!.id), isNull(airWaybills.voided_at)))
    .limit(1);
  return row!.mawb;
}

async function attach(browser: Browser, mawb: string, docType: string, file: File) {
  const body = new FormData();
  body.append("csrf", await csrfOf(browser, S7, `/dashboard/shipments/${mawb}`));
  body.append("doc_type", docType);
  body.append("doc", file);
  return browser.request(S7, `/dashboard/shipments/${mawb}/attachments`, { method: "POST", multipart: body });
}

describe("the shipment page's documents", () => {
  it("the forwarder attaches a PDF; the S7 manager sees it listed and downloads the same bytes; the uploader removes it", async () => {
    const mawb = await fwdOneWaybill();
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const name = `packing-${Date.now()}.pdf`;
    const posted = await attach(forwarder, mawb, "PackingList", new File([PDF], name, { type: "application/pdf" }));
    expect(posted.status, textOf(posted.body).slice(0, 300)).toBe(302);
    expect(posted.location).toBe(`/dashboard/shipments/${mawb}#documents`);

    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const page = await manager.request(S7, `/dashboard/shipments/${mawb}`);
    expect(textOf(page.body)).toMatch(new RegExp(`Packing list\\s+${name.replace(".", "\\.")}`));
    const href = page.body.match(new RegExp(`href="(/dashboard/shipments/${mawb}/attachments/\\d+)"[^>]*>${name.replace(".", "\\.")}`))?.[1];
    expect(href).toBeDefined();
    const file = await manager.request(S7, href!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain(encodeURIComponent(name));
    expect(file.body).toBe(Buffer.from(PDF).toString());

    const otherAirline = await bff.signedIn("c6.localhost", "c6.manager@cargodesk.test");
    expect((await otherAirline.request("c6.localhost", href!)).status).toBe(404);
    expect(textOf((await otherAirline.request("c6.localhost", `/dashboard/shipments/${mawb}`)).body)).not.toContain(name);

    const own = await forwarder.request(S7, `/dashboard/shipments/${mawb}`);
    const id = href!.split("/").pop()!;
    const removed = await forwarder.request(S7, `/dashboard/shipments/${mawb}/attachments`, { method: "POST", form: { csrf: await csrfOf(forwarder, S7, `/dashboard/shipments/${mawb}`), intent: "delete", id } });
    expect(own.status).toBe(200);
    expect(removed.status).toBe(302);
    expect(textOf((await manager.request(S7, `/dashboard/shipments/${mawb}`)).body)).not.toContain(name);
    expect((await manager.request(S7, href!)).status).toBe(404);
  });

  it("a program renamed .pdf is refused beside the file field, the chosen type kept; nothing is listed", async () => {
    const mawb = await fwdOneWaybill();
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const refused = await attach(forwarder, mawb, "DGD", new File([new Uint8Array([0x4d, 0x5a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])], "setup.pdf"));
    expect([refused.status, refused.refused], `${refused.location} ${textOf(refused.body).slice(0, 200)}`).toEqual([200, 422]);
    expect(textOf(refused.body)).toMatch(/This kind of file cannot be attached/);
    expect(refused.body).toMatch(/<option[^>]*value="DGD"[^>]*selected|<option[^>]*selected[^>]*value="DGD"/);
    const empty = await attach(forwarder, mawb, "Invoice", new File([], "empty.pdf"));
    expect([empty.status, empty.refused]).toEqual([200, 400]);
    expect(textOf(empty.body)).toMatch(/Choose a file/);
    expect(textOf((await forwarder.request(S7, `/dashboard/shipments/${mawb}`)).body)).not.toContain("setup.pdf");
  });

  it("a PDF sent as a web page behind a right-to-left override is listed and downloaded as the PDF it is", async () => {
    const mawb = await fwdOneWaybill();
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const base = `report-${randomUUID().slice(0, 8)}`;
    const posted = await attach(forwarder, mawb, "Other", new File([PDF], `${base}\u202e.pdf.html`, { type: "text/html" }));
    expect(posted.status, textOf(posted.body).slice(0, 300)).toBe(302);
    const page = await forwarder.request(S7, `/dashboard/shipments/${mawb}`);
    expect(page.body).not.toContain("\u202e");
    const href = page.body.match(new RegExp(`href="(/dashboard/shipments/${mawb}/attachments/\\d+)"[^>]*>${base}\\.pdf<`))?.[1];
    expect(href, "listed under its cleaned name").toBeDefined();
    const file = await forwarder.request(S7, href!);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${base}.pdf"`);
  });

  it("an upstream's hostile file name reaches the browser cleaned, in a well-formed header", async () => {
    const mawb = await fwdOneWaybill();
    // an airline's own backend (UPSTREAM_URL) answering the download with a name that hides its extension,
    // walks up directories and tries to add a header
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/attachments/:id/file`, () =>
        new HttpResponse(PDF, {
          headers: {
            "content-type": "application/pdf",
            "content-disposition": "attachment; filename*=UTF-8''..%2F..%2Fevil%E2%80%AEfdp.exe%0D%0ASet-Cookie%3A%20a%3Db; filename=\"x.pdf\"",
          },
        }),
      ),
    );
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const file = await manager.request(S7, `/dashboard/shipments/${mawb}/attachments/1`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="evilfdp.exe Set-Cookie: a=b"');
    expect(file.setCookies.join("\n")).not.toContain("a=b");
  });

  it("reads in Russian", async () => {
    const mawb = await fwdOneWaybill();
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const page = await inLanguage(forwarder, S7, "ru", () => forwarder.request(S7, `/dashboard/shipments/${mawb}`));
    expect(textOf(page.body)).toContain("Документы");
    expect(textOf(page.body)).toContain("Прикрепить");
  });
});
