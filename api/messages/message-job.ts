import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { INCOMING_LIMITS } from "../../cargo/telegrams/incoming-message";
import { telegramsInMail } from "../../cargo/telegrams/telegrams-in-mail";
import { asDb } from "../bookings/space";
import { incomingMessages } from "../db/schema";
import type { IncomingMessageRow } from "../db/tables/incoming-messages";
import type { Executor } from "../jobs/queue";
import { jobHandler, PermanentJobError } from "../jobs/worker";
import type { ProcessingNote } from "../telegrams/processing-note";
import { readTelegram } from "../telegrams/read-telegram";
import { receiveCimpTelegram } from "../telegrams/receive-cimp";
import { airlinesOfMessage } from "./message-airline";
import { storeIncoming } from "./store-message";

export { MESSAGE_JOB } from "./store-message";

/**
 * Processing an incoming message (issue 23), as a job of the queue (api/jobs; docs/jobs.md): POST messages and the
 * SMTP receiver answer once the message is stored, and the worker reads it after their commit. The Cargo-IMP
 * telegrams in its body (cargo/telegrams/telegrams-in-mail.ts) each become a CIMP telegram of the message's airline
 * through the way POST cimp_telegrams takes (receive-cimp.ts: read, stored, queued for applying), and the message
 * keeps their ids and says what it found (cargo/telegrams/incoming-message.ts for its states). The whole run is one
 * transaction on the locked message: a run twice, or a crash half way, makes no telegram twice.
 */

/** Bare telegrams have no envelope reference; the mail's Message-ID and their place in it keep a redelivery from making them twice. */
const MESSAGE_ID_KEPT = 200;

function identifierOf(row: IncomingMessageRow, index: number, hasEnvelopeReference: boolean): string | null {
  if (hasEnvelopeReference || !row.message_id) return null;
  return `${row.message_id.slice(0, MESSAGE_ID_KEPT)}#${index + 1}`;
}

/** The airline of a message that had none: the first matching now (the others get a copy each), or none still. */
async function assignAirline(tx: Executor, row: IncomingMessageRow, at: Date): Promise<string | null> {
  const [first, ...others] = await airlinesOfMessage(asDb(tx), row.recipient, row.body);
  if (!first) return null;
  if (others.length) {
    const draft = { source: row.source, subject: row.subject, sender: row.sender, recipient: row.recipient, sentDate: row.sent_date, messageId: row.message_id, body: row.body, rawSource: row.raw_source, createdBy: row.created_by };
    await storeIncoming(tx, draft, others, at);
  }
  return first;
}

async function processMessage(tx: Executor, row: IncomingMessageRow, at: Date) {
  const finish = (values: Partial<IncomingMessageRow>) => tx.update(incomingMessages).set({ ...values, processed_at: at, updated_at: at }).where(eq(incomingMessages.id, row.id));
  const carrier = row.carrier ?? (await assignAirline(tx, row, at));
  if (!carrier) return finish({ status: "unassigned", processing_notes: [{ code: "message_no_airline" }] });

  const found = telegramsInMail(row.body, INCOMING_LIMITS.telegrams);
  const notes: ProcessingNote[] = [];
  const made: number[] = [];
  for (const [index, text] of found.texts.entries()) {
    const read = readTelegram(text);
    if (read.family && read.family !== "cimp") {
      notes.push({ code: "message_telegram_not_cimp", params: { type: read.message_type ?? "", list: read.family } });
      continue;
    }
    const arrival = {
      carrier,
      text,
      identifier: identifierOf(row, index, Boolean(read.envelope_reference && read.sender)),
      source: row.source,
      sender: row.sender[0] ?? null,
      subject: row.subject,
      createdBy: row.created_by,
      sentAt: row.sent_date,
    };
    const { created, row: telegram } = await receiveCimpTelegram(tx, arrival, at, "body");
    made.push(telegram.id);
    notes.push({ code: created ? "message_telegram_made" : "message_telegram_known", params: { id: telegram.id, type: telegram.message_type ?? "" } });
  }
  if (found.beyond) notes.push({ code: "message_too_many_telegrams", params: { max: INCOMING_LIMITS.telegrams, beyond: found.beyond } });
  if (!found.texts.length) notes.push({ code: "message_no_telegram" });
  return finish({
    carrier,
    status: made.length ? "processed" : "no_telegram",
    processing_notes: notes,
    cimp_telegram_id: made[0] ?? null,
    cimp_telegram_ids: made,
  });
}

export const messageJob = () =>
  jobHandler({
    payload: z.object({ id: z.number().int().positive() }),
    async run({ id }, { db, now, job }) {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(incomingMessages).where(eq(incomingMessages.id, id)).for("update");
          if (!row) throw new PermanentJobError(`incoming message ${id} no longer exists`);
          // processed meanwhile (a job run twice): nothing to do
          if (row.status !== "queued") return;
          await processMessage(tx, row, now());
        });
      } catch (error) {
        // the last attempt (or one that cannot succeed): the message says it failed, and may be restarted
        if (error instanceof PermanentJobError || job.attempts >= job.max_attempts) {
          const at = now();
          await db
            .update(incomingMessages)
            .set({ status: "failed", processing_notes: [{ code: "message_processing_error" }], processed_at: at, updated_at: at })
            .where(and(eq(incomingMessages.id, id), eq(incomingMessages.status, "queued")));
        }
        throw error;
      }
    },
  });
