/**
 * The messaging section's Cargo-IMP pages through the BFF against the real API (issue 23): a telegram sent from the
 * upload form without JavaScript lands on its page, its fault listed with a link to the line it is on; the list's
 * filters in the address; a correction shows its corrector; a Restart the state forbids gets the state graph's
 * refusal in words; another airline's telegram and a role without the lists are the not-found page.
 *
 * Telegram types are chosen so these hold whichever codecs exist: "XYZ" is no Cargo-IMP type, so it always fails
 * on its first line.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { telegrams } from "../../api/db/schema";
import { csrfOf, fieldErrorOf, formPageOf, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const LIST = "/dashboard/messaging/cimp-telegrams";
const UPLOAD = "/dashboard/messaging/cimp";
const MANAGER = "s7.manager@cargodesk.test";

/** A text whose first line names no Cargo-IMP type, its own tag on line 3 to find it by. */
const unknownTypeText = (tag: string) => `XYZ/1\r\n555-12345675LHRJFK/T2K50.0\r\nTAG ${tag}\r\n`;

/** The upload form posted as a browser without JS posts it: multipart, the file input empty. */
async function upload(browser: Browser, fields: { cimp_text: string; message_identifier?: string; file?: File }) {
  const csrf = await csrfOf(browser, S7, UPLOAD);
  const form = new FormData();
  form.set("csrf", csrf);
  form.set("cimp_text", fields.cimp_text);
  form.set("cimp_file", fields.file ?? new File([], "", { type: "application/octet-stream" }));
  form.set("message_identifier", fields.message_identifier ?? "");
  return browser.request(S7, UPLOAD, { method: "POST", multipart: form });
}

/** Uploads `text` and answers the new telegram's id (read off the redirect to its page). */
async function uploaded(browser: Browser, text: string): Promise<number> {
  const answer = await upload(browser, { cimp_text: text, message_identifier: randomUUID() });
  expect(answer.status, textOf(answer.body).slice(0, 300)).toBe(302);
  const match = new RegExp(`^${LIST}/(\\d+)$`).exec(answer.location ?? "");
  expect(match, answer.location ?? "no location").not.toBeNull();
  return Number(match![1]);
}

describe("Cargo-IMP telegrams pages", () => {
  it("an upload without JavaScript goes to the telegram's page, each fault linked to its line and that line marked", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const id = await uploaded(manager, unknownTypeText("A1"));
    const page = await manager.request(S7, `${LIST}/${id}`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toMatch(/Line 1\s*:\s*Unknown message type XYZ/);
    expect(page.body).toMatch(/href="#line-1"/);
    // the original text, numbered as the reader numbers it, the faulty line marked and anchored
    expect(page.body).toMatch(/id="line-1"[^>]*data-error="true"/);
    expect(page.body).toMatch(/id="line-3"[^>]*data-testid="telegram-line-3"(?![^>]*data-error)/);
    expect(text).toContain("TAG A1");
    expect(text).toContain("Parse failed");
    // the state allows both: Restart (a POST form) and Correct (the edit page)
    expect(page.body).toContain('data-testid="telegram-restart"');
    expect(page.body).toContain(`href="/dashboard/messaging/cimp/${id}/edit"`);
  });

  it("a refused upload stands beside its field with what was typed kept", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const empty = await upload(manager, { cimp_text: "   ", message_identifier: "kept-id" });
    expect([empty.status, empty.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(empty.body, "cimp_text")).toBe("Paste the telegram or choose a file");
    expect(empty.body).toContain('value="kept-id"');

    const tooLong = await upload(manager, { cimp_text: unknownTypeText("KEPT"), message_identifier: "x".repeat(300) });
    expect([tooLong.status, tooLong.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(tooLong.body, "message_identifier")).toMatch(/255/);
    expect(textOf(tooLong.body)).toContain("TAG KEPT");
  });

  it("a .txt file is sent as the telegram's text; another kind of file is refused beside its input", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const sent = await upload(manager, { cimp_text: "", file: new File([unknownTypeText("FILE1")], "fsu.txt", { type: "text/plain" }) });
    expect(sent.status, textOf(sent.body).slice(0, 300)).toBe(302);
    expect(textOf((await manager.request(S7, sent.location!)).body)).toContain("TAG FILE1");

    const pdf = await upload(manager, { cimp_text: "", file: new File(["%PDF-1.4"], "fsu.pdf", { type: "application/pdf" }) });
    expect([pdf.status, pdf.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(pdf.body, "cimp_file")).toBe("Choose a .txt file");
  });

  it("filters the list by type, state and AWB in the address", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const xyz = await uploaded(manager, unknownTypeText("F1"));
    const other = await uploaded(manager, "QQZ/2\r\nTAG F2\r\n");
    // no codec reads these, so the waybill they name is set as processing would have read it
    await bff.api.database.db.update(telegrams).set({ mawb: "555-99887766" }).where(eq(telegrams.id, xyz));

    const byType = await manager.request(S7, `${LIST}?message_type=xyz`);
    expect(byType.status).toBe(200);
    expect(byType.body).toContain(`data-testid="telegram-link-${xyz}"`);
    expect(byType.body).not.toContain(`data-testid="telegram-link-${other}"`);
    expect(textOf(byType.body)).toContain("XYZ/1");

    const byState = await manager.request(S7, `${LIST}?state=parse_failed&message_type=QQZ`);
    expect(byState.body).toContain(`data-testid="telegram-link-${other}"`);
    const processed = await manager.request(S7, `${LIST}?state=processed&message_type=QQZ`);
    expect(processed.body).not.toContain(`data-testid="telegram-link-${other}"`);

    const byAwb = await manager.request(S7, `${LIST}?mawb=55599887`);
    expect(byAwb.body).toContain(`data-testid="telegram-link-${xyz}"`);
    expect(byAwb.body).not.toContain(`data-testid="telegram-link-${other}"`);
    expect(textOf(byAwb.body)).toContain("555-99887766");

    const badAwb = await manager.request(S7, `${LIST}?mawb=abc`);
    expect(badAwb.status).toBe(200);
    expect(fieldErrorOf(badAwb.body, "mawb")).toMatch(/AWB number/);
  });

  it("a status update is applied by the queue after the upload; its page says what each line did", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    // a number of S7's prefix that no waybill has (its check digit right): nothing to apply it to
    const id = await uploaded(manager, `FSU/14\r\n421-99999992DMEOVB/T2K100.0\r\nRCS/01JAN1510/DME/T2K100.0\r\n`);
    await expect
      .poll(async () => (await manager.request(S7, `${LIST}/${id}`)).body.includes('data-testid="telegram-note-telegram_awb_not_found"'), { timeout: 10_000 })
      .toBe(true);
    const text = textOf((await manager.request(S7, `${LIST}/${id}`)).body);
    expect(text).toContain("Applied to the records");
    expect(text).toContain("Air waybill 421-99999992 is not one of this airline's");
    expect(text).toContain("Rejected");
  });

  it("an FWB the waybill's rules refuse says which field and why, in the reader's words", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const fwb = [
      "FWB/17",
      "421-99999981DMEQQQ/T2K100.0",
      "RTG/QQQS7",
      "SHP", "/VOLGA MACHINERY", "/NIZHEGORODSKAYA 32", "/MOSCOW", "/RU/109029",
      "CNE", "/OB RIVER FOODS", "/VOKZALNAYA 4", "/NOVOSIBIRSK", "/RU/630004",
      "AGT//7654321/0001", "/FORWARDER TWO", "/NOVOSIBIRSK",
      "CVD/RUB//PP/NVD/NCV/XXX",
      "RTD/1/P2/K100.0/CN/W100.0/R45.50/T4550.00", "/NG/MACHINE PARTS", "/2/NH/847990",
      "ISU/28NOV26/MOSCOW/S7 CARGO",
    ].join("\r\n");
    const id = await uploaded(manager, fwb);
    await expect.poll(async () => (await manager.request(S7, `${LIST}/${id}`)).body.includes('data-testid="telegram-note-telegram_field_refused"'), { timeout: 10_000 }).toBe(true);
    expect(textOf((await manager.request(S7, `${LIST}/${id}`)).body)).toContain("Destination: Unknown airport QQQ");
  });

  it("a correction reads the text again and the page names its corrector", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const id = await uploaded(manager, unknownTypeText("C1"));
    const edit = await formPageOf(manager, S7, `/dashboard/messaging/cimp/${id}/edit`);
    expect(edit.status).toBe(200);
    expect(textOf(edit.body)).toContain("TAG C1");

    const csrf = await csrfOf(manager, S7, `/dashboard/messaging/cimp/${id}/edit`);
    const saved = await manager.request(S7, `/dashboard/messaging/cimp/${id}/edit`, { method: "POST", form: { csrf, cimp_text: "XYZ/1\r\nTAG C2\r\n" } });
    expect(saved.status, textOf(saved.body).slice(0, 300)).toBe(302);
    expect(saved.location).toBe(`${LIST}/${id}`);
    const page = await manager.request(S7, saved.location!);
    const text = textOf(page.body);
    expect(text).toContain("Telegram corrected and read again");
    expect(text).toContain(`Corrected by ${MANAGER}`);
    expect(text).toContain("TAG C2");
    expect(text).not.toContain("TAG C1");
  });

  it("a Restart the telegram's state forbids gets the state graph's refusal in words, and no button", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const id = await uploaded(manager, unknownTypeText("R1"));
    // allowed while it failed to parse: read again, back to its page
    const csrf = await csrfOf(manager, S7, `${LIST}/${id}`);
    const restarted = await manager.request(S7, `${LIST}/${id}`, { method: "POST", form: { csrf, intent: "restart" } });
    expect([restarted.status, restarted.location]).toEqual([302, `${LIST}/${id}`]);

    // the queue has picked it up meanwhile: a processing telegram is left alone
    await bff.api.database.db.update(telegrams).set({ parsing_status: "parsed", processing_status: "processing" }).where(eq(telegrams.id, id));
    const page = await manager.request(S7, `${LIST}/${id}`);
    expect(page.body).not.toContain('data-testid="telegram-restart"');
    expect(page.body).not.toContain('data-testid="telegram-correct"');
    const stale = await manager.request(S7, `${LIST}/${id}`, { method: "POST", form: { csrf, intent: "restart" } });
    expect([stale.status, stale.refused]).toEqual([200, 422]);
    expect(textOf(stale.body)).toContain("The telegram is Processing: “Restart” is not possible in this state");
  });

  it("another airline's telegram is not found; a role without the lists gets the not-found page", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const id = await uploaded(manager, unknownTypeText("T1"));
    const c6 = await bff.signedIn("c6.localhost", "c6.manager@cargodesk.test");
    expect((await c6.request("c6.localhost", `${LIST}/${id}`)).status).toBe(404);
    expect((await c6.request("c6.localhost", `/dashboard/messaging/cimp/${id}/edit`)).status).toBe(404);
    expect(textOf((await c6.request("c6.localhost", LIST)).body)).not.toContain("TAG T1");

    // an airline's Default user reads the messaging section (its outgoing messages), not the telegram lists
    const operator = await bff.signedIn(S7, "s7.operator@cargodesk.test");
    for (const path of [LIST, `${LIST}/${id}`, UPLOAD]) {
      expect((await operator.request(S7, path)).status, path).toBe(404);
    }
  });

  it("the section opens the first tab each role may use", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const section = await manager.request(S7, "/dashboard/messaging");
    expect([section.status, section.location]).toEqual([302, LIST]);
    // the IcsInspector may send telegrams but not read the lists
    const inspector = await bff.signedIn(S7, "s7.inspector@cargodesk.test");
    const upload = await inspector.request(S7, "/dashboard/messaging");
    expect([upload.status, upload.location]).toEqual([302, UPLOAD]);
    expect((await inspector.request(S7, LIST)).status).toBe(404);
    expect((await inspector.request(S7, UPLOAD)).status).toBe(200);
  });
});
