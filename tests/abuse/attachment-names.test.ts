/**
 * Issue 21 item 9 as a generator: an attachment's name cannot contradict its content or hide what it is. Names are
 * built from extensions that lie (a.pdf.html, .exe, .svg), right-to-left overrides and other bidi or invisible
 * characters, C0 and C1 controls, paths, quotes, surrounding dots and spaces, any Unicode and great lengths; the
 * bytes are a PDF, a PNG, plain text or a compound file. Whatever the mix, the upload is stored (201) or refused as a
 * kind we do not accept (422), never a 5xx; a stored name is clean and ends in an extension of the kind the bytes are,
 * and the download names it in a well-formed Content-Disposition that reads back as exactly that name. The header
 * encoder itself is checked on many more strings, without the API.
 * `npm test` runs a few cases; `npm run test:abuse` many more (ABUSE_RUNS).
 */
import { and, eq, isNull } from "drizzle-orm";
import fc from "fast-check";
import { expect, test } from "vitest";
import { contentDisposition, fileNameFromContentDisposition } from "../../cargo/files/content-disposition";
import { cleanFileName } from "../../cargo/files/file-name";
import { airWaybills, attachments, companies } from "../../api/db/schema";
import { expectCleanStoredName, expectWellFormedDisposition, FORBIDDEN_IN_NAMES } from "../api/file-name-checks";
import { call, useTestApi } from "../api/helpers";
import { AbuseTally, HANG_MS, RUNS_PER_ROUTE, seedFor, timed } from "./abuse-tally";

const ROUTE = "POST /api/v3/attachments (file names)";
const tally = new AbuseTally("Attachment-name abuse");
tally.routes.add(ROUTE);

const { t, accounts } = useTestApi({ signIn: ["forwarderOnS7", "s7Manager"], config: { ATTACHMENT_MAX_BYTES: 64 * 1024 } });

/** The bytes an upload carries, and the extensions its stored name may end in when it is kept. */
const CONTENTS = [
  { kind: "pdf", bytes: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"), extensions: ["pdf"] },
  {
    kind: "png",
    bytes: Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b10000000049454e44ae426082", "hex"),
    extensions: ["png"],
  },
  // kept only when the name says txt or csv
  { kind: "text", bytes: Buffer.from("AWB 555-12345675, 3 pcs\n"), extensions: ["txt", "csv"] },
  // kept only when the name says doc or xls
  { kind: "compound", bytes: Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(504)]), extensions: ["doc", "xls"] },
] as const;

/** Characters that hide, reorder or break what a name shows. */
const TRICKY_CHARS = [
  "\u202e", "\u202d", "\u202a", "\u202b", "\u202c", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c",
  "\u200b", "\ufeff", "\u2028", "\u2029", "\u0000", "\u0001", "\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u009b",
  "/", "\\", '"', "'", ";", "%", "*", "(", ")", ".", " ", "\u00a0", "😀", "é", "\u0301", "№", "\ud800",
];
const EXTENSIONS = ["pdf", "PDF", "html", "htm", "exe", "svg", "js", "png", "jpg", "txt", "csv", "doc", "xls", "msi", "v2", ""];

/** A name as an uploader (or an attacker) might send it. */
const hostileName: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("", "../", "..\\..\\", "C:\\Users\\x\\", "/etc/", " . "),
    fc.array(fc.oneof(fc.string({ unit: "grapheme", maxLength: 12 }), fc.constantFrom(...TRICKY_CHARS)), { maxLength: 8 }),
    fc.array(fc.constantFrom(...EXTENSIONS), { maxLength: 3 }),
    fc.constantFrom("", " ", ".", " .", "\u202e", "\t"),
    fc.constantFrom(0, 0, 0, 300, 2000),
  )
  .map(([path, parts, extensions, tail, padding]) => `${path}${"n".repeat(padding)}${parts.join("")}${extensions.map((e) => `.${e}`).join("")}${tail}`);

async function fwdOneS7WaybillId(): Promise<number> {
  const [fwd] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, "FWDONE"));
  const [row] = await t.database.db
    .select({ id: airWaybills.id })
    .from(airWaybills)
    .where(and(eq(airWaybills.carrier, "S7"), eq(airWaybills.forwarder_id, fwd!.id), isNull(airWaybills.voided_at)))
    .limit(1);
  return row!.id;
}

async function upload(awbId: number, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append("doc_type", "Other");
  form.append("attachable_id", String(awbId));
  form.append("doc", new Blob([new Uint8Array(bytes)]), name);
  const request = new Request("http://local/", { method: "POST", body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  const headers = { "content-type": request.headers.get("content-type")! };
  return call(t.app, accounts.forwarderOnS7, "POST", "/api/v3/attachments", { carrier: "s7", payload, headers });
}

test("any name with any content: stored clean with its kind's extension, or refused; the download names it well", { timeout: 600_000 }, async () => {
  const awbId = await fwdOneS7WaybillId();
  const countOnWaybill = async () => (await t.database.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.air_waybill_id, awbId))).length;
  await fc.assert(
    fc.asyncProperty(hostileName, fc.constantFrom(...CONTENTS), async (name, content) => {
      const before = await countOnWaybill();
      const { value: res, ms } = await timed(upload(awbId, name, content.bytes));
      expect(res, `no answer within ${HANG_MS} ms`).toBeDefined();
      tally.answered(ROUTE, ms, res!.statusCode);
      if (name === "") {
        // FormData sends a part named with "" without any filename: not a file at all, so no document was sent
        expect([res!.statusCode, res!.json().error_codes?.doc?.[0]?.code], res!.body).toEqual([422, "blank"]);
        expect(await countOnWaybill()).toBe(before);
        return;
      }
      if (res!.statusCode === 422) {
        // only a kind that needs its name to say what it is may be refused for what the name says
        expect(["text", "compound"], `${content.kind} named ${JSON.stringify(name)}: ${res!.body}`).toContain(content.kind);
        expect(res!.json().errors.doc[0]).toMatch(/is not a document we accept/);
        expect(await countOnWaybill()).toBe(before);
        return;
      }
      expect(res!.statusCode, `${content.kind} named ${JSON.stringify(name)}: ${res!.body}`).toBe(201);
      const doc = res!.json() as { id: number; doc: string; url: string };
      expectCleanStoredName(doc.doc, content.extensions);
      const file = await call(t.app, accounts.s7Manager, "GET", doc.url, { carrier: "s7" });
      tally.answered(ROUTE, 0, file.statusCode);
      expect(file.statusCode).toBe(200);
      expectWellFormedDisposition(file.headers["content-disposition"] as string, doc.doc);
      // a waybill holds at most 100 documents: each run leaves it as it found it
      const removed = await call(t.app, accounts.forwarderOnS7, "DELETE", `/api/v3/attachments/${doc.id}`, { carrier: "s7" });
      expect(removed.statusCode).toBe(204);
    }),
    { numRuns: RUNS_PER_ROUTE * 5, seed: seedFor("attachment-names: upload"), endOnFailure: true },
  );
  console.log(tally.summary());
});

test("the download header of any string is well-formed and reads back as the cleaned name", () => {
  fc.assert(
    fc.property(fc.oneof(hostileName, fc.string({ unit: "binary", maxLength: 300 })), fc.constantFrom("attachment", "inline") as fc.Arbitrary<"attachment" | "inline">, (name, type) => {
      const clean = cleanFileName(name);
      expect(clean).not.toMatch(FORBIDDEN_IN_NAMES);
      expect(clean.length).toBeGreaterThan(0);
      expect(Array.from(clean).length).toBeLessThanOrEqual(255);
      expect(cleanFileName(clean), "cleaning twice changes nothing").toBe(clean);
      const header = contentDisposition(name, type);
      expect(header.startsWith(`${type}; filename="`)).toBe(true);
      expectWellFormedDisposition(header.replace(/^inline/, "attachment"), clean);
      expect(fileNameFromContentDisposition(header)).toBe(clean);
    }),
    { numRuns: RUNS_PER_ROUTE * 100, seed: seedFor("attachment-names: header") },
  );
});
