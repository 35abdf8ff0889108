import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills, attachments, companies } from "../../api/db/schema";
import { expectCleanStoredName, expectWellFormedDisposition } from "./file-name-checks";
import { call, useTestApi, type Tokens } from "./helpers";

// Attachments (issue 11): a document kept with an air waybill. Only the waybill's parties list and download it; the
// type comes from the bytes (a renamed program or web page is refused), the size is bounded (a bigger body is refused
// before it is read), and removing one removes its bytes from the store. The waybill is picked by what it is: a live
// S7 waybill of FWDONE.

const MAX = 64 * 1024;
const { t, accounts } = useTestApi({
  signIn: ["forwarderOnS7", "fwdTwo", "s7Manager", "s7Billing", "suManager", "platform"],
  config: { ATTACHMENT_MAX_BYTES: MAX },
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b10000000049454e44ae426082", "hex");

async function fwdOneS7Waybill() {
  const [fwd] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, "FWDONE"));
  const [row] = await t.database.db
    .select({ id: airWaybills.id, mawb: airWaybills.mawb })
    .from(airWaybills)
    .where(and(eq(airWaybills.carrier, "S7"), eq(airWaybills.forwarder_id, fwd!.id), isNull(airWaybills.voided_at)))
    .limit(1);
  return row!;
}

async function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("doc", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  const request = new Request("http://local/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": request.headers.get("content-type")! } };
}

async function attach(tokens: Tokens, carrier: string | undefined, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const body = await multipart(fields, file);
  return call(t.app, tokens, "POST", "/api/v3/attachments", { carrier, payload: body.payload, headers: body.headers });
}

const list = (tokens: Tokens, carrier: string | undefined, awbId: number) =>
  call(t.app, tokens, "GET", `/api/v3/attachments?attachable_type=AirWaybill&attachable_id=${awbId}`, { carrier });

describe("attaching a document", () => {
  it("the forwarder attaches a PDF; its airline lists and downloads the same bytes, as a download", async () => {
    const awb = await fwdOneS7Waybill();
    const res = await attach(accounts.forwarderOnS7, "s7", { doc_type: "Invoice", attachable_type: "AirWaybill", attachable_id: String(awb.id) }, { name: "invoice 42.pdf", bytes: PDF, type: "text/html" });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ doc: "invoice 42.pdf", doc_type: "Invoice", content_type: "application/pdf", byte_size: PDF.length, mawb: awb.mawb, thumb_url: null, uploaded_by: "forwarder@cargodesk.test", removable: true });

    const listed = await list(accounts.s7Manager, "s7", awb.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.find((d: { id: number }) => d.id === doc.id)).toMatchObject({ doc: "invoice 42.pdf", removable: true });
    const readOnly = await list(accounts.s7Billing, "s7", awb.id);
    expect(readOnly.json().data.find((d: { id: number }) => d.id === doc.id)).toMatchObject({ removable: false });

    const file = await call(t.app, accounts.s7Manager, "GET", doc.url, { carrier: "s7" });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe('attachment; filename="invoice 42.pdf"');
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("an image gets a thumbnail address; a path in the file name is dropped", async () => {
    const awb = await fwdOneS7Waybill();
    const res = await attach(accounts.forwarderOnS7, "s7", { doc_type: "Photo", attachable_id: String(awb.id) }, { name: "..\\..\\etc\\crate.png", bytes: PNG });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ doc: "crate.png", content_type: "image/png" });
    expect(res.json().thumb_url).toBe(res.json().url);
  });

  it("refuses by the bytes: a program named .pdf, a web page, an unknown type; nothing is stored", async () => {
    const awb = await fwdOneS7Waybill();
    const before = await t.database.db.select().from(attachments).where(eq(attachments.air_waybill_id, awb.id));
    const fields = { doc_type: "Invoice", attachable_id: String(awb.id) };
    for (const file of [
      { name: "invoice.pdf", bytes: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 1)]) },
      { name: "invoice.pdf", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
      { name: "notes.txt", bytes: Buffer.from([0x41, 0x00, 0x42]) },
    ]) {
      const res = await attach(accounts.forwarderOnS7, "s7", fields, file);
      expect(res.statusCode, file.name).toBe(422);
      expect(res.json().errors.doc[0]).toMatch(/is not a document we accept/);
    }
    const after = await t.database.db.select().from(attachments).where(eq(attachments.air_waybill_id, awb.id));
    expect(after.length).toBe(before.length);
  });

  it("refuses by size: over the limit beside the field, far over it before the body is read", async () => {
    const awb = await fwdOneS7Waybill();
    const fields = { doc_type: "Invoice", attachable_id: String(awb.id) };
    const over = await attach(accounts.forwarderOnS7, "s7", fields, { name: "big.pdf", bytes: Buffer.concat([PDF, Buffer.alloc(MAX)]) });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.doc[0]).toMatch(/too large/);
    const huge = await attach(accounts.forwarderOnS7, "s7", fields, { name: "huge.pdf", bytes: Buffer.concat([PDF, Buffer.alloc(MAX * 4)]) });
    expect(huge.statusCode).toBe(413);
  });

  it("says every missing or wrong field beside it", async () => {
    const awb = await fwdOneS7Waybill();
    const res = await attach(accounts.forwarderOnS7, "s7", { doc_type: "Passport", attachable_id: String(awb.id) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ doc_type: [expect.stringMatching(/must be one of/)], doc: ["can't be blank"] });
    const noWaybill = await attach(accounts.forwarderOnS7, "s7", { doc_type: "Invoice", attachable_id: "99999999999" }, { name: "a.pdf", bytes: PDF });
    expect(noWaybill.statusCode).toBe(422);
    expect(noWaybill.json().errors.attachable_id).toBeDefined();
  });
});

// A compound file (Word 97, Excel 97, but also an installer or an Outlook mail): the signature and an empty header.
const CFB = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(504)]);

describe("the name a document keeps (issue 21 item 9)", () => {
  const remove = (id: number) => call(t.app, accounts.forwarderOnS7, "DELETE", `/api/v3/attachments/${id}`, { carrier: "s7" });

  it.each([
    ["a.pdf.html", PDF, "a.pdf", ["pdf"]],
    ["invoice\u202Efdp.exe", PDF, "invoicefdp.pdf", ["pdf"]],
    ["invoice.html", PDF, "invoice.pdf", ["pdf"]],
    ["report", PDF, "report.pdf", ["pdf"]],
    ["\u2066scan\u2069\u200e\r\n\u0085\u007f.PDF", PDF, "scan.PDF", ["pdf"]],
    ["..\\..\\photo.gif", PNG, "photo.png", ["png"]],
    ["crate.PNG", PNG, "crate.PNG", ["png"]],
    ["notes.TXT", Buffer.from("hello"), "notes.TXT", ["txt"]],
    ["old.doc", CFB, "old.doc", ["doc"]],
    ["счёт №5 (копия).pdf", PDF, "счёт №5 (копия).pdf", ["pdf"]],
    [`${"x".repeat(300)}.pdf`, PDF, `${"x".repeat(251)}.pdf`, ["pdf"]],
  ] as const)("%j holding %#: kept as %j, and downloaded under that name", async (name, bytes, stored, extensions) => {
    const awb = await fwdOneS7Waybill();
    const res = await attach(accounts.forwarderOnS7, "s7", { doc_type: "Other", attachable_id: String(awb.id) }, { name, bytes });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc.doc).toBe(stored);
    expectCleanStoredName(doc.doc, extensions);
    const [row] = await t.database.db.select().from(attachments).where(eq(attachments.id, doc.id));
    expect(row!.filename).toBe(stored);
    const file = await call(t.app, accounts.s7Manager, "GET", doc.url, { carrier: "s7" });
    expect(file.statusCode).toBe(200);
    expectWellFormedDisposition(file.headers["content-disposition"] as string, stored);
    expect((await remove(doc.id)).statusCode).toBe(204);
  });

  it("refuses a compound file whose name says neither DOC nor XLS (an installer, a mail): nothing is stored", async () => {
    const awb = await fwdOneS7Waybill();
    const before = await t.database.db.select().from(attachments).where(eq(attachments.air_waybill_id, awb.id));
    for (const name of ["setup.msi", "mail.msg", "old.doc.exe", "sheet"]) {
      const res = await attach(accounts.forwarderOnS7, "s7", { doc_type: "Other", attachable_id: String(awb.id) }, { name, bytes: CFB });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.doc[0]).toMatch(/is not a document we accept/);
    }
    const after = await t.database.db.select().from(attachments).where(eq(attachments.air_waybill_id, awb.id));
    expect(after.length).toBe(before.length);
  });

  it("a name stored before names were cleaned is listed and downloaded cleaned", async () => {
    const awb = await fwdOneS7Waybill();
    const doc = (await attach(accounts.forwarderOnS7, "s7", { doc_type: "Other", attachable_id: String(awb.id) }, { name: "legacy.pdf", bytes: PDF })).json();
    await t.database.db.update(attachments).set({ filename: "evil\u202Efdp.exe\r\nX-Injected: 1" }).where(eq(attachments.id, doc.id));
    const listed = (await list(accounts.s7Manager, "s7", awb.id)).json().data.find((d: { id: number }) => d.id === doc.id);
    expect(listed.doc).toBe("evilfdp.exe X-Injected: 1");
    const file = await call(t.app, accounts.s7Manager, "GET", doc.url, { carrier: "s7" });
    expect(file.headers["x-injected"]).toBeUndefined();
    expectWellFormedDisposition(file.headers["content-disposition"] as string, "evilfdp.exe X-Injected: 1");
    expect((await remove(doc.id)).statusCode).toBe(204);
  });
});

describe("who sees and removes documents", () => {
  it("another forwarder and another airline get not found for the list, the file and an upload; a read-only role cannot attach", async () => {
    const awb = await fwdOneS7Waybill();
    const created = await attach(accounts.forwarderOnS7, "s7", { doc_type: "SLI", attachable_id: String(awb.id) }, { name: "sli.pdf", bytes: PDF });
    const doc = created.json();
    expect((await list(accounts.fwdTwo, undefined, awb.id)).statusCode).toBe(404);
    expect((await call(t.app, accounts.fwdTwo, "GET", doc.url)).statusCode).toBe(404);
    expect((await list(accounts.suManager, "su", awb.id)).statusCode).toBe(404);
    expect((await call(t.app, accounts.suManager, "GET", doc.url, { carrier: "su" })).statusCode).toBe(404);
    expect((await attach(accounts.fwdTwo, undefined, { doc_type: "SLI", attachable_id: String(awb.id) }, { name: "x.pdf", bytes: PDF })).statusCode).toBe(404);
    expect((await call(t.app, accounts.fwdTwo, "DELETE", `/api/v3/attachments/${doc.id}`)).statusCode).toBe(404);
    expect((await list(accounts.s7Billing, "s7", awb.id)).statusCode).toBe(200);
    expect((await attach(accounts.s7Billing, "s7", { doc_type: "SLI", attachable_id: String(awb.id) }, { name: "x.pdf", bytes: PDF })).statusCode).toBe(403);
  });

  it("the uploader removes its document: the row and the bytes go, the address answers not found", async () => {
    const awb = await fwdOneS7Waybill();
    const doc = (await attach(accounts.forwarderOnS7, "s7", { doc_type: "Other", attachable_id: String(awb.id) }, { name: "old.pdf", bytes: PDF })).json();
    const [row] = await t.database.db.select().from(attachments).where(eq(attachments.id, doc.id));
    expect(await t.app.deps.files.get(row!.storage_key)).not.toBeNull();
    expect((await call(t.app, accounts.forwarderOnS7, "DELETE", `/api/v3/attachments/${doc.id}`, { carrier: "s7" })).statusCode).toBe(204);
    expect(await t.app.deps.files.get(row!.storage_key)).toBeNull();
    expect((await call(t.app, accounts.s7Manager, "GET", doc.url, { carrier: "s7" })).statusCode).toBe(404);
  });
});
