/**
 * The shipment page's handover parts (issue 11) through the BFF against the real API, as a browser without
 * JavaScript posts them: the shipper's letter (the forwarder sends it; the S7 manager's answer dialog keeps what was
 * typed after a refusal, then declines; the forwarder sees why and may send again), the warning when a station
 * received other figures than declared, and the SU manager's terminal request against a real HTTP server on
 * 127.0.0.1 (accepted, refused as EmptyFields). Another forwarder gets the not-found page; Russian and Spanish.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { awbMovements } from "../../api/db/schema";
import { bookingFixtures } from "../api/booking-fixtures";
import type { TestApi } from "../api/helpers";
import { configuredNow, csrfOf, inLanguage, textOf, useBff, type Browser } from "./harness";

let terminalAnswer = 200;
const terminal = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const body = terminalAnswer === 200 ? { message: "ok" } : { errors: ["consignee phone can't be blank"] };
    res.writeHead(terminalAnswer, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
});
await new Promise<void>((resolve) => terminal.listen(0, "127.0.0.1", resolve));
afterAll(() => {
  terminal.closeAllConnections();
  terminal.close();
});

const bff = useBff({ apiConfig: { MOSCOW_CARGO_URL: `http://127.0.0.1:${(terminal.address() as AddressInfo).port}/`, MOSCOW_CARGO_TIMEOUT_MS: 2000 } });
const S7 = "s7.localhost";
const SU = "su.localhost";
const page = (mawb: string) => `/dashboard/shipments/${mawb}`;
let made: ReturnType<typeof bookingFixtures> | undefined;
/** One set of fixtures for the file: its waybill serials count on from one place. */
const fixtures = () => (made ??= bookingFixtures({ database: bff.api.database, clock: configuredNow } as unknown as TestApi));

const post = async (browser: Browser, host: string, mawb: string, fields: Record<string, string>) =>
  browser.request(host, page(mawb), { method: "POST", form: { csrf: await csrfOf(browser, host, page(mawb)), ...fields } });
const follow = async (browser: Browser, host: string, answer: { status: number; location: string | null; body: string }) => {
  expect(answer.status, textOf(answer.body).slice(0, 300)).toBe(302);
  return browser.get(host, answer.location!, { follow: true });
};
const isChecked = (html: string, name: string, value: string) =>
  (html.match(/<input\b[^>]*>/g) ?? []).some((t) => t.includes(`name="${name}"`) && t.includes(`value="${value}"`) && /\bchecked\b/.test(t));

describe("the shipper's letter of instruction", () => {
  it("the forwarder sends it, the S7 manager declines it saying why (a refused answer keeps what was typed), the forwarder sends it again", async () => {
    const awb = await fixtures().waybill({ forwarder: "FWDONE" });
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const before = await forwarder.request(S7, page(awb.mawb));
    expect(before.status).toBe(200);
    expect(textOf(before.body)).toContain("Shipper's letter of instruction");
    expect(textOf(before.body)).toContain("Not sent");

    const sent = await follow(forwarder, S7, await post(forwarder, S7, awb.mawb, { intent: "sli_send" }));
    const barcode = `SLI${awb.mawb.replace("-", "")}01`;
    expect(textOf(sent.body)).toContain(`Shipper's letter for ${awb.mawb} sent to the airline (barcode ${barcode}).`);
    expect(textOf(sent.body)).toContain("Sent, waiting for the airline");
    expect(sent.body).not.toMatch(/data-testid="shipper-letter-send"/);
    // the forwarder cannot answer its own letter: a forged post is the not-found page
    expect((await post(forwarder, S7, awb.mawb, { intent: "sli_answer", decision: "accepted" })).status).toBe(404);

    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const dialog = await manager.request(S7, `${page(awb.mawb)}?dialog=sli_answer`);
    expect(dialog.body).toMatch(/data-testid="shipper-letter-dialog"/);
    expect(textOf(dialog.body)).toContain(`Letter ${barcode} sent by forwarder@cargodesk.test.`);

    const blank = await post(manager, S7, awb.mawb, { intent: "sli_answer", decision: "declined", info: "  " });
    expect([blank.status, blank.refused]).toEqual([200, 400]);
    expect(blank.body).toMatch(/data-testid="shipper-letter-dialog"/);
    // the error beside the comment (a textarea: its aria-describedby names the error's element)
    const textarea = blank.body.match(/<textarea\b[^>]*name="info"[^>]*>/)?.[0] ?? "";
    const errorId = textarea.match(/aria-describedby="([^"]*error[^"]*)"/)?.[1]?.split(/\s+/).find((id) => id.includes("error"));
    expect(errorId).toBeTruthy();
    expect(textOf(blank.body.match(new RegExp(`id="${errorId}"[^>]*>([\\s\\S]*?)</`))?.[1] ?? "")).toBe("Say why the letter is declined.");
    expect(isChecked(blank.body, "decision", "declined")).toBe(true);

    const declined = await follow(manager, S7, await post(manager, S7, awb.mawb, { intent: "sli_answer", decision: "declined", info: "Consignee phone missing" }));
    expect(textOf(declined.body)).toContain(`Shipper's letter for ${awb.mawb} declined`);

    const after = await forwarder.request(S7, page(awb.mawb));
    expect(textOf(after.body)).toContain("Declined by the airline");
    expect(textOf(after.body)).toContain("Consignee phone missing");
    expect(after.body).toMatch(/data-testid="shipper-letter-send"/);
    expect(textOf(after.body)).toContain("Send again");

    const inRussian = await inLanguage(forwarder, S7, "ru", () => forwarder.request(S7, page(awb.mawb)));
    expect(textOf(inRussian.body)).toContain("Поручение грузоотправителя");
    expect(textOf(inRussian.body)).toContain("Отклонено авиакомпанией");
  });

  it("another forwarder's waybill: the not-found page, and its letter cannot be sent", async () => {
    const awb = await fixtures().waybill({ forwarder: "FWDTWO" });
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    expect((await forwarder.request(S7, page(awb.mawb))).status).toBe(404);
    const csrf = await csrfOf(forwarder, S7, "/dashboard/profile");
    expect((await forwarder.request(S7, page(awb.mawb), { method: "POST", form: { csrf, intent: "sli_send" } })).status).toBe(404);
  });
});

describe("received figures", () => {
  it("a station that received other figures than declared: a warning with the station, what it received and the difference", async () => {
    const awb = await fixtures().waybill({ forwarder: "FWDONE", pieces: 4, weight: 200 });
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    expect((await manager.request(S7, page(awb.mawb))).body).not.toMatch(/data-testid="received-difference"/);
    await bff.api.database.db.insert(awbMovements).values({ air_waybill_id: awb.id, mawb: awb.mawb, status_code: "RCS", location_iata: "OVB", pieces: 3, weight: 187.5, time_utc: configuredNow() });
    const shown = await manager.request(S7, page(awb.mawb));
    expect(shown.body).toMatch(/data-testid="received-difference"/);
    expect(textOf(shown.body)).toContain("Received figures differ from the air waybill");
    expect(textOf(shown.body)).toContain("OVB: received 3 pcs, 187.5 K (-1 pcs, -12.5 K)");

    // in Spanish on Conviasa's site (es is v0's language)
    const conviasa = await fixtures().waybill({ carrier: "V0", prefix: "308", forwarder: "FWDTWO", pieces: 4, weight: 200 });
    await bff.api.database.db.insert(awbMovements).values({ air_waybill_id: conviasa.id, mawb: conviasa.mawb, status_code: "RCS", location_iata: "OVB", pieces: 5, weight: 200, time_utc: configuredNow() });
    const v0 = await bff.signedIn("v0.localhost", "v0.manager@cargodesk.test", { locale: "es" });
    const es = await v0.request("v0.localhost", page(conviasa.mawb));
    expect(es.status).toBe(200);
    expect(textOf(es.body)).toContain("Las cifras recibidas difieren de la guía aérea");
    expect(textOf(es.body)).toContain("OVB: recibido 5 bultos, 200 K (+1 bultos, 0 K)");
  });
});

describe("the terminal request", () => {
  it("the SU manager sends a waybill from SVO: accepted, then refused by the terminal (EmptyFields); S7's waybills offer no button", async () => {
    const awb = await fixtures().waybill({ carrier: "SU", prefix: "555", forwarder: "FWDONE", origin: "SVO", destination: "LED" });
    const manager = await bff.signedIn(SU, "su.manager@cargodesk.test");
    const shown = await manager.request(SU, page(awb.mawb));
    expect(shown.status).toBe(200);
    expect(shown.body).toMatch(/data-testid="terminal-request-send"/);
    terminalAnswer = 200;
    const sent = await follow(manager, SU, await post(manager, SU, awb.mawb, { intent: "terminal_request" }));
    expect(textOf(sent.body)).toContain(`Air waybill ${awb.mawb} sent to the cargo terminal.`);
    terminalAnswer = 500;
    const refused = await follow(manager, SU, await post(manager, SU, awb.mawb, { intent: "terminal_request" }));
    expect(textOf(refused.body)).toContain("The cargo terminal refused the air waybill: required fields are missing. consignee phone can't be blank");

    const elsewhere = await fixtures().waybill({ forwarder: "FWDONE" });
    const s7 = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    expect((await s7.request(S7, page(elsewhere.mawb))).body).not.toMatch(/data-testid="terminal-request-send"/);
    expect((await post(s7, S7, elsewhere.mawb, { intent: "terminal_request" })).status).toBe(404);
  });
});
