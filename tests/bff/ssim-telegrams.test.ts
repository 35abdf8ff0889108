/**
 * The messaging section's SSIM and AHM pages through the BFF against the real API (issue 23): a schedule message
 * pasted without JavaScript lands on its page, where the queue's report of what it did to the flights appears; a file
 * of another kind is refused beside its input with what was typed kept; the list filters by flight in the address;
 * another airline's telegram and a role without the lists are the not-found page.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatIataDate } from "../../cargo/time/iata-date";
import { addDays } from "../../cargo/time/local-date";
import { configuredNow, csrfOf, fieldErrorOf, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const LIST = "/dashboard/messaging/ssim-telegrams";
const UPLOAD = "/dashboard/messaging/ssim";
const MANAGER = "s7.manager@cargodesk.test";

/** The upload form as a browser without JS posts it: multipart, one of the text and the file. */
async function upload(browser: Browser, fields: { ssim_text?: string; file?: File }) {
  const form = new FormData();
  form.set("csrf", await csrfOf(browser, S7, UPLOAD));
  form.set("ssim_text", fields.ssim_text ?? "");
  form.set("ssim_file", fields.file ?? new File([], "", { type: "application/octet-stream" }));
  form.set("message_identifier", randomUUID());
  return browser.request(S7, UPLOAD, { method: "POST", multipart: form });
}

const idOf = (location: string | null | undefined) => Number(new RegExp(`^${LIST}/(\\d+)$`).exec(location ?? "")?.[1]);

describe("SSIM and AHM telegram pages", () => {
  it("a pasted ASM goes to its page; the queue's report says which flight it created", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const date = addDays(configuredNow().toISOString().slice(0, 10), 30);
    const answer = await upload(manager, { ssim_text: `ASM\r\nUTC\r\nNEW\r\nS78101/${formatIataDate(date)}\r\nF 74Y\r\nDME2330 OVB0610/1\r\n` });
    expect(answer.status, textOf(answer.body).slice(0, 300)).toBe(302);
    const id = idOf(answer.location);
    expect(id).toBeGreaterThan(0);
    await expect.poll(async () => (await manager.request(S7, `${LIST}/${id}`)).body.includes('data-testid="telegram-note-telegram_schedule_flight_created"'), { timeout: 10_000 }).toBe(true);
    const text = textOf((await manager.request(S7, `${LIST}/${id}`)).body);
    expect(text).toContain(`S78101/${formatIataDate(date)}: created (1 segments)`);
    expect(text).toContain("Flights created: 1 (1 segments)");
    expect(text).toContain("DME2330 OVB0610/1");

    // a TIM moves it: the report names the changed times in the page's words, not as the API names the fields
    const moved = idOf((await upload(manager, { ssim_text: `ASM\r\nUTC\r\nTIM\r\nS78101/${formatIataDate(date)}\r\nDME2340 OVB0620/1\r\n` })).location);
    await expect.poll(async () => (await manager.request(S7, `${LIST}/${moved}`)).body.includes('data-testid="telegram-note-telegram_schedule_segment_changed"'), { timeout: 10_000 }).toBe(true);
    expect(textOf((await manager.request(S7, `${LIST}/${moved}`)).body)).toContain(`S78101/${formatIataDate(date)} from DME: changed STD, STA`);

    const filtered = textOf((await manager.request(S7, `${LIST}?number=S78101`)).body);
    expect(filtered).toContain("ASM");
    expect(textOf((await manager.request(S7, `${LIST}?number=S78102`)).body)).toContain("No telegrams found");
  });

  it("a file of another kind is refused beside its input; a blank form asks for the text", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const wrong = await upload(manager, { file: new File(["x"], "schedule.xlsx", { type: "application/octet-stream" }) });
    expect([wrong.status, wrong.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(wrong.body, "ssim_file")).toBe("Choose a .ssim or .txt file");
    const blank = await upload(manager, {});
    expect([blank.status, blank.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(blank.body, "ssim_text")).toBe("Paste the telegram or choose a file");
  });

  it("another airline's telegram is not found; a role without the lists gets the not-found page", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const answer = await upload(manager, { ssim_text: "ASM\r\nUTC\r\nCNL\r\nS78199/01JAN\r\n" });
    const id = idOf(answer.location);
    const c6 = await bff.signedIn("c6.localhost", "c6.manager@cargodesk.test");
    expect((await c6.request("c6.localhost", `${LIST}/${id}`)).status).toBe(404);
    expect((await c6.request("c6.localhost", `/dashboard/messaging/ahm-telegrams/${id}`)).status).toBe(404);
    const inspector = await bff.signedIn(S7, "s7.inspector@cargodesk.test");
    for (const path of [LIST, `${LIST}/${id}`, UPLOAD, "/dashboard/messaging/ahm-telegrams"]) {
      expect((await inspector.request(S7, path)).status, path).toBe(404);
    }
    expect((await manager.request(S7, "/dashboard/messaging/ahm-telegrams")).status).toBe(200);
  });
});
