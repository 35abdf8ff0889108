/**
 * Outgoing telegrams through the BFF against the real API (issue 23): "Send FWB" on the shipment page without
 * JavaScript records the message, which the outgoing-messages list and page show with its channel, text, status and
 * the code of its error (this API has no SMTP server: the e-mail channel is "not configured"), and "Send again"; a
 * refused address stands beside the field in words; the platform sends a raw Type-B text from the sita tab; another
 * airline's message is the not-found page, and the messaging section opens on this tab for an airline's Default user.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills } from "../../api/db/schema";
import { csrfOf, textOf, useBff } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const LIST = "/dashboard/messaging/outgoing-messages";
const MANAGER = "s7.manager@cargodesk.test";

/** One of S7's demo waybills that is not voided (any will do: the FWB is made from whatever it says). */
async function s7Waybill(): Promise<string> {
  const [row] = await bff.api.database.db
    .select({ mawb: airWaybills.mawb })
    .from(airWaybills)
    .where(and(eq(airWaybills.carrier, "S7"), isNull(airWaybills.voided_at)))
    .limit(1);
  return row!.mawb;
}

describe("outgoing telegrams pages", () => {
  it("Send FWB on the shipment page records the message; its page shows the text, the status and the error's code", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const mawb = await s7Waybill();
    const page = `/dashboard/shipments/${mawb}`;
    expect((await manager.request(S7, page)).body).toContain('data-testid="send-fwb"');
    const csrf = await csrfOf(manager, S7, page);
    const sent = await manager.request(S7, page, { method: "POST", form: { csrf, intent: "send_fwb", addresses: "fwb.bff@s7.example" } });
    expect([sent.status, sent.location], textOf(sent.body).slice(0, 300)).toEqual([302, page]);

    const list = await manager.request(S7, `${LIST}?mawb=${mawb.replace("-", "")}&message_type=FWB&channel_type=email`);
    expect(list.status).toBe(200);
    const id = Number(/data-testid="outgoing-link-(\d+)"/.exec(list.body)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(textOf(list.body)).toContain("fwb.bff@s7.example");

    await bff.api.app.jobs.drain();
    const detail = await manager.request(S7, `${LIST}/${id}`);
    expect(detail.status).toBe(200);
    const text = textOf(detail.body);
    expect(text).toContain(`FWB/16`);
    expect(text).toContain(mawb);
    expect(text).toContain("Failed");
    expect(text).toContain("The channel is not configured on this server");
    expect(detail.body).toContain('data-code="channel_not_configured"');
    expect(detail.body).toContain('data-testid="outgoing-resend"');

    const again = await manager.request(S7, `${LIST}/${id}`, { method: "POST", form: { csrf: await csrfOf(manager, S7, `${LIST}/${id}`), intent: "resend" } });
    expect([again.status, again.location]).toEqual([302, `${LIST}/${id}`]);
  });

  it("a refused address stands beside the field in words, what was typed kept", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const page = `/dashboard/shipments/${await s7Waybill()}`;
    const csrf = await csrfOf(manager, S7, page);
    const refused = await manager.request(S7, page, { method: "POST", form: { csrf, intent: "send_fwb", addresses: "https://10.0.0.1/hook" } });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(textOf(refused.body)).toContain("https://10.0.0.1/hook points inside the service's own network");
    expect(refused.body).toContain("https://10.0.0.1/hook</textarea>");
  });

  it("the platform sends a Type-B text from the sita tab; an airline's manager has no such tab", async () => {
    const platform = await bff.signedIn("localhost", "platform@cargodesk.test");
    const sita = "/dashboard/messaging/sita";
    expect((await platform.request("localhost", sita)).status).toBe(200);
    const csrf = await csrfOf(platform, "localhost", sita);
    const sent = await platform.request("localhost", sita, { method: "POST", form: { csrf, text: "FSU/14\r\n421-99999992DMEOVB/T2K100.0\r\n", addresses: "OVBFMS7, LEDFMS7", carrier: "s7" } });
    expect(sent.status, textOf(sent.body).slice(0, 300)).toBe(302);
    const page = await platform.request("localhost", sent.location!);
    expect(textOf(page.body)).toContain("QK OVBFMS7 LEDFMS7");
    const notSita = await platform.request("localhost", sita, { method: "POST", form: { csrf, text: "FSU/14", addresses: "ops@s7.example", carrier: "S7" } });
    expect([notSita.status, notSita.refused]).toEqual([200, 422]);
    expect(textOf(notSita.body)).toContain("ops@s7.example is not a 7-character SITA Type-B address");

    const manager = await bff.signedIn(S7, MANAGER);
    expect((await manager.request(S7, sita)).status).toBe(404);
  });

  it("another airline's message is not found; the section opens on this tab for an airline's Default user", async () => {
    const manager = await bff.signedIn(S7, MANAGER);
    const list = await manager.request(S7, LIST);
    const id = Number(/data-testid="outgoing-link-(\d+)"/.exec(list.body)?.[1]);
    expect(id).toBeGreaterThan(0);
    const c6 = await bff.signedIn("c6.localhost", "c6.manager@cargodesk.test");
    expect((await c6.request("c6.localhost", `${LIST}/${id}`)).status).toBe(404);
    const operator = await bff.signedIn(S7, "s7.operator@cargodesk.test");
    const section = await operator.request(S7, "/dashboard/messaging");
    expect([section.status, section.location]).toEqual([302, LIST]);
    expect((await operator.request(S7, `${LIST}/${id}`)).status).toBe(200);
  });
});
