import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { settingsFor, type MessageFormat } from "../../cargo/telegrams/message-setting";
import { groupAddresses } from "../../cargo/telegrams/outgoing-message";
import { generateTelegram } from "../../cargo/telegrams/parse-telegram";
import { writeTypeB } from "../../cargo/telegrams/type-b";
import type { Tx } from "../bookings/space";
import { enqueue } from "../jobs/queue";
import { messageSettings, outgoingMessages } from "../db/schema";
import type { OutgoingMessageRow } from "../db/tables/outgoing-messages";

// Recording an outgoing telegram (issue 23): one row per channel (the e-mail addresses together, the SITA
// addresses together in one Type-B envelope, each URL on its own) and its send job, in the caller's transaction,
// so that a change rolled back sends nothing and a committed one always has its messages. The send job
// (send-outgoing.ts) delivers each row; recordOutgoing is what every sender calls: send_fwb, fhl, fwb_list, the
// events of the message settings (sendOnEvent), sita_messages, and the flight's FBL/FFM/UWS when they are wired.

export const OUTGOING_JOB = "outgoing";
/** Attempts of one send before the message says failed (30 s, 1, 2, 4 min between them: send-outgoing.ts). */
export const OUTGOING_MAX_ATTEMPTS = 5;

/** The message itself: its Cargo-IMP text (without an envelope) and, for a json URL, the model it was written from. */
export interface OutgoingContent {
  messageType: string | null;
  text: string;
  model?: unknown;
}

export interface OutgoingDraft extends OutgoingContent {
  carrier: string;
  /** movement_added, awb_created, manual, sita_message, ... */
  event: string;
  /** cimp or json as a setting says; xml for a document that is not a telegram (ACI, PLACI): e-mail and URLs only. */
  format?: MessageFormat | "xml";
  /** Addresses of any channel (e-mail, SITA Type-B, https URL); what is not an address is left out (callers check first). */
  to: readonly string[];
  cc?: readonly string[];
  bcc?: readonly string[];
  subject?: string | null;
  settingId?: number | null;
  segmentId?: number | null;
  awb?: { id: number; mawb: string } | null;
  origin?: string | null;
  destination?: string | null;
  metaTags?: string[];
  createdBy?: number | null;
  /** A setting's sending_interval (minutes): the send waits for the interval's next boundary, so that events go in batches. */
  intervalMinutes?: number | null;
}

/** Our Type-B address on the origin line: the airline's cargo office at its headquarters (HDQFM and its designator). */
export const sitaOrigin = (carrier: string): string => {
  const address = `HDQFM${carrier}`.toUpperCase();
  return /^[A-Z0-9]{7}$/.test(address) ? address : "HDQFMXX";
};

const ddhhmm = (at: Date) => [at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()].map((n) => String(n).padStart(2, "0")).join("");

/** When a message of a batching setting goes: the next multiple of its interval (UTC), or now. */
export function sendAt(now: Date, intervalMinutes: number | null | undefined): Date {
  if (!intervalMinutes) return now;
  const step = intervalMinutes * 60_000;
  return new Date(Math.ceil(now.getTime() / step) * step);
}

/**
 * Writes the draft's rows (one per channel; one per URL) and queues each one's send job. Answers the rows; none when
 * the draft has no address.
 */
export async function recordOutgoing(tx: Tx, now: Date, draft: OutgoingDraft): Promise<OutgoingMessageRow[]> {
  // a URL goes as it is: the sender refuses one whose address lies inside our network when it connects (post-url.ts)
  const groups = groupAddresses(draft.to, { urls: "any" });
  const copies = (list: readonly string[] | undefined) => groupAddresses(list ?? []).email;
  const json = draft.format === "json";
  const xml = draft.format === "xml";
  const textFormat = xml ? "xml" : "cimp";
  const common = {
    carrier: draft.carrier,
    event_identifier: draft.event,
    message_type: draft.messageType,
    message_setting_id: draft.settingId ?? null,
    segment_id: draft.segmentId ?? null,
    air_waybill_id: draft.awb?.id ?? null,
    mawb: draft.awb?.mawb ?? null,
    meta_tags: draft.metaTags ?? [],
    origin: draft.origin ?? null,
    destination: draft.destination ?? null,
    created_by: draft.createdBy ?? null,
    created_at: now,
    updated_at: now,
  };
  const subject = draft.subject?.trim() || [draft.messageType ?? "Telegram", draft.awb?.mawb].filter(Boolean).join(" ");
  const values: Array<typeof outgoingMessages.$inferInsert> = [];
  const uuid = () => {
    const id = randomUUID();
    return { uuid: id, message_id: id.replace(/-/g, "").slice(0, 12).toUpperCase() };
  };
  if (groups.email.length) {
    values.push({ ...common, ...uuid(), channel_type: "email", message_format: textFormat, to: groups.email, cc: copies(draft.cc), bcc: copies(draft.bcc), subject, body: draft.text });
  }
  // a Type-B telegram carries Cargo-IMP text only: the senders of an XML document refuse SITA addresses beforehand
  if (groups.sita.length && !xml) {
    const ids = uuid();
    const origin = sitaOrigin(draft.carrier);
    const envelope = { priority: "QK", addresses: groups.sita, origin, sent_at: ddhhmm(now), message_reference: ids.message_id.slice(0, 8) };
    values.push({ ...common, ...ids, channel_type: "sita", message_format: "cimp", sender: origin, to: groups.sita, body: writeTypeB(envelope, draft.text) });
  }
  for (const url of groups.url) {
    const asJson = json && draft.model !== undefined;
    values.push({
      ...common,
      ...uuid(),
      channel_type: "url",
      message_format: asJson ? "json" : textFormat,
      to: [url],
      url,
      request_method: "POST",
      request_headers: { "content-type": asJson ? "application/json" : xml ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8" },
      body: asJson ? JSON.stringify(draft.model) : draft.text,
    });
  }
  if (!values.length) return [];
  const rows = await tx.insert(outgoingMessages).values(values).returning();
  const runAt = sendAt(now, draft.intervalMinutes);
  for (const row of rows) await enqueueSend(tx, row.id, now, runAt);
  return rows;
}

/** Queues the sending of an outgoing message (again, for a resend): one pending job per message. */
export async function enqueueSend(tx: Tx, id: number, now: Date, runAt: Date = now): Promise<void> {
  await enqueue(tx, { kind: OUTGOING_JOB, payload: { id }, dedupeKey: `outgoing:${id}`, owner: { table: "outgoing_messages", id }, runAt, maxAttempts: OUTGOING_MAX_ATTEMPTS }, now);
}

export interface OutgoingEvent {
  carrier: string;
  messageType: string;
  event: string;
  /** The station the event happened at (a movement's, the waybill's origin): a setting for another station does not send. */
  station: string | null;
  awb?: { id: number; mawb: string } | null;
  segmentId?: number | null;
  origin?: string | null;
  destination?: string | null;
  createdBy?: number | null;
  /** Who the message answers (a received FFR's sender): sent there too, beside each setting's own addresses. */
  replyTo?: readonly string[];
  metaTags?: string[];
  /** The model of the message; built only when a setting sends it. */
  model: () => Promise<unknown> | unknown;
}

/**
 * Sends on an event what the airline's message settings say (cargo settingsFor: active, of that type and event, for
 * that station or every station), in the caller's transaction. The model is built once; each setting writes it in
 * its own version. A model the codec cannot write is recorded as failed (message_not_written), never breaks the change.
 */
export async function sendOnEvent(tx: Tx, now: Date, e: OutgoingEvent): Promise<OutgoingMessageRow[]> {
  const candidates = await tx
    .select()
    .from(messageSettings)
    .where(and(eq(messageSettings.carrier, e.carrier), eq(messageSettings.message_type, e.messageType), eq(messageSettings.source_type, e.event), eq(messageSettings.active, true)));
  const settings = settingsFor(candidates, e.messageType, e.event, e.station);
  if (!settings.length) return [];
  const model = await e.model();
  const rows: OutgoingMessageRow[] = [];
  for (const s of settings) {
    const draft = {
      carrier: e.carrier,
      event: e.event,
      messageType: e.messageType,
      format: s.message_format as MessageFormat,
      to: [...(e.replyTo ?? []), ...s.message_to],
      cc: s.message_cc,
      bcc: s.message_bcc,
      subject: s.message_subject,
      settingId: s.id,
      segmentId: e.segmentId,
      awb: e.awb,
      origin: e.origin,
      destination: e.destination,
      createdBy: e.createdBy,
      metaTags: e.metaTags,
      intervalMinutes: s.sending_interval,
      model,
    };
    let text: string;
    try {
      text = generateTelegram(e.messageType, model, { version: s.message_version ?? undefined });
    } catch (err) {
      rows.push(...(await recordUnwritten(tx, now, { ...draft, text: "" }, err)));
      continue;
    }
    rows.push(...(await recordOutgoing(tx, now, { ...draft, text })));
  }
  return rows;
}

/** A message whose model the codec refused: recorded as failed with the reason, and not queued. */
async function recordUnwritten(tx: Tx, now: Date, draft: OutgoingDraft, err: unknown): Promise<OutgoingMessageRow[]> {
  const groups = groupAddresses(draft.to, { urls: "any" });
  const channels = (["email", "sita", "url"] as const).filter((c) => groups[c].length);
  if (!channels.length) return [];
  return tx
    .insert(outgoingMessages)
    .values(
      channels.map((channel) => ({
        carrier: draft.carrier,
        channel_type: channel,
        event_identifier: draft.event,
        message_type: draft.messageType,
        message_setting_id: draft.settingId ?? null,
        air_waybill_id: draft.awb?.id ?? null,
        mawb: draft.awb?.mawb ?? null,
        segment_id: draft.segmentId ?? null,
        to: groups[channel],
        body: "",
        status: "failed" as const,
        last_error_code: "message_not_written" as const,
        last_error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        created_at: now,
        updated_at: now,
      })),
    )
    .returning();
}
