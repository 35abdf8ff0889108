/**
 * Incoming messages through the BFF against the real API (issue 23): a message received for S7 (as the SMTP receiver
 * and POST messages store it) is in the messaging section's incoming list and on its page with its senders,
 * recipients, body, the raw source folded, and the CIMP telegram made from it, linked for the manager (who opens the
 * telegram lists) and named for the operator (who does not); "Process again" works without JavaScript where the
 * graph allows it; another airline's message is the not-found page; the flight page's Incoming messages tab lists
 * the telegrams received about the flight and its Outgoing messages tab opens.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { incomingMessages, segments, telegrams } from "../../api/db/schema";
import { receiveMessage } from "../../api/messages/store-message";
import { csrfOf, textOf, useBff } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const C6 = "c6.localhost";
const LIST = "/dashboard/messaging/messages";
const MANAGER = "s7.manager@cargodesk.test";

const marker = () => `M${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

/** A message received for S7 and processed by the queue, as the SMTP receiver stores one. */
async function s7Message(body: string) {
  const subject = `Telegram ${marker()}`;
  const draft = {
    source: "email" as const,
    subject,
    sender: ["ops@dme-handling.example"],
    recipient: ["cimp@s7.example"],
    sentDate: null,
    messageId: null,
    body,
    rawSource: `Subject: ${subject}\r\nFrom: ops@dme-handling.example\r\n\r\n${body}`,
    createdBy: null,
  };
  const [row] = await receiveMessage(bff.api.database.db, draft, bff.api.app.deps.now(), "S7");
  return processed(row!.id);
}

/** The message once its job has run (the API's own worker runs beside the test: wait, bounded, for its commit). */
async function processed(id: number) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    await bff.api.app.jobs.drain();
    const [stored] = await bff.api.database.db.select().from(incomingMessages).where(eq(incomingMessages.id, id));
    if (stored!.status !== "queued") return stored!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`message ${id} still queued`);
}

// a Type-B telegram of a type no codec reads: made a telegram (it cannot be applied), whatever the demo data holds
const telegramBody = () => `Hello,\r\n\r\nQU MOWFMS7\r\n.DMEFHXH 281200/${marker().slice(0, 6)}\r\nXYZ/1\r\nBODY ${marker()}\r\n\r\nRegards`;

describe("incoming messages pages", () => {
  it("the manager finds the message in the list and opens it: senders, body, raw source folded, the telegram linked", async () => {
    const message = await s7Message(telegramBody());
    expect(message).toMatchObject({ carrier: "S7", status: "processed" });
    const manager = await bff.signedIn(S7, MANAGER);
    const list = await manager.request(S7, `${LIST}?q=${encodeURIComponent(message.subject!)}`);
    expect(list.status).toBe(200);
    expect(list.body).toContain(`data-testid="incoming-link-${message.id}"`);
    // the messaging section's tabs, with the incoming view beside the outgoing one
    expect(list.body).toContain('data-testid="messaging-nav"');
    expect(list.body).toContain('href="/dashboard/messaging/outgoing-messages"');

    const page = await manager.request(S7, `${LIST}/${message.id}`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    for (const expected of [message.subject!, "ops@dme-handling.example", "cimp@s7.example", "Processed", `Telegram XYZ made (no. ${message.cimp_telegram_id})`]) expect(text).toContain(expected);
    expect(page.body).toContain(`href="/dashboard/messaging/cimp-telegrams/${message.cimp_telegram_id}"`);
    expect(page.body).toMatch(/<details data-testid="incoming-raw"><summary/);
    // a processed message is not processed again: its telegram has its own restart
    expect(page.body).not.toContain('data-testid="incoming-restart"');
  });

  it("the operator sees the telegram named, not linked; another airline gets the not-found page", async () => {
    const message = await s7Message(telegramBody());
    const operator = await bff.signedIn(S7, "s7.operator@cargodesk.test");
    const page = await operator.request(S7, `${LIST}/${message.id}`);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain(`Telegram XYZ no. ${message.cimp_telegram_id}`);
    expect(page.body).not.toContain(`href="/dashboard/messaging/cimp-telegrams/${message.cimp_telegram_id}"`);

    const c6 = await bff.signedIn(C6, "c6.manager@cargodesk.test");
    expect((await c6.request(C6, `${LIST}/${message.id}`)).status).toBe(404);
    expect((await c6.request(C6, `${LIST}/${message.id}`, { method: "POST", form: { csrf: await csrfOf(c6, C6, LIST), intent: "restart" } })).status).toBe(404);
  });

  it("Process again, without JavaScript, queues a message that made no telegram", async () => {
    const message = await s7Message("Dear colleagues, the manifest follows tomorrow.");
    expect(message.status).toBe("no_telegram");
    const manager = await bff.signedIn(S7, MANAGER);
    const path = `${LIST}/${message.id}`;
    const page = await manager.request(S7, path);
    expect(textOf(page.body)).toContain("Nothing in the body reads as a Cargo-IMP telegram");
    expect(page.body).toContain('data-testid="incoming-restart"');
    const again = await manager.request(S7, path, { method: "POST", form: { csrf: await csrfOf(manager, S7, path), intent: "restart" } });
    expect([again.status, again.location]).toEqual([302, path]);
    const queued = await manager.request(S7, path);
    expect(textOf(queued.body)).toContain("The message is queued for processing again");
    // the API's worker runs beside the test: queued, or processed again already (still no telegram)
    expect(queued.body).toMatch(/data-status="(queued|no_telegram)"/);
  });

  it("the flight page's Incoming messages tab lists the telegrams received about the flight; Outgoing messages opens", async () => {
    const message = await s7Message(telegramBody());
    const [segment] = await bff.api.database.db.select({ id: segments.id }).from(segments).where(and(eq(segments.carrier, "S7"), eq(segments.number, "S70101"))).limit(1);
    // as processing an FFM or an FSU naming the flight ties its telegram to it
    await bff.api.database.db.update(telegrams).set({ segment_id: segment!.id }).where(eq(telegrams.id, message.cimp_telegram_id!));
    const manager = await bff.signedIn(S7, MANAGER);
    const incoming = await manager.request(S7, `/dashboard/flights/${segment!.id}?tab=incoming_messages`);
    expect(incoming.status).toBe(200);
    expect(incoming.body).toContain('data-testid="flight-tab-incoming_messages"');
    expect(incoming.body).toContain(`href="/dashboard/messaging/cimp-telegrams/${message.cimp_telegram_id}"`);
    const outgoing = await manager.request(S7, `/dashboard/flights/${segment!.id}?tab=outgoing_messages`);
    expect(outgoing.status).toBe(200);
    expect(outgoing.body).toContain('data-testid="flight-outgoing-table"');
  });
});
