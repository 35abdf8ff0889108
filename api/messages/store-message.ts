import type { IncomingSource } from "../../cargo/telegrams/incoming-message";
import type { Db } from "../db/open";
import { incomingMessages } from "../db/schema";
import type { IncomingMessageRow } from "../db/tables/incoming-messages";
import { enqueue, type Executor } from "../jobs/queue";
import { airlinesOfMessage } from "./message-airline";

/** The job that looks for the telegrams in a stored message (message-job.ts). */
export const MESSAGE_JOB = "incoming_message";

/** Queues a message's processing in the transaction that stored (or restarted) it; one pending job per message. */
export async function enqueueMessage(tx: Pick<Executor, "insert" | "execute">, id: number, now: Date): Promise<void> {
  await enqueue(tx, { kind: MESSAGE_JOB, payload: { id }, dedupeKey: `incoming:${id}`, owner: { table: "incoming_messages", id } }, now);
}

/** A message as it arrived, before it is anybody's: what POST messages and the SMTP receiver both store. */
export interface IncomingDraft {
  source: IncomingSource;
  subject: string | null;
  sender: string[];
  recipient: string[];
  sentDate: Date | null;
  messageId: string | null;
  body: string;
  rawSource: string | null;
  createdBy: number | null;
}

/** Stores the message once per airline it is for (null: unassigned), each with its processing job, in `tx`. */
export async function storeIncoming(tx: Executor, draft: IncomingDraft, carriers: ReadonlyArray<string | null>, at: Date): Promise<IncomingMessageRow[]> {
  const rows = await tx
    .insert(incomingMessages)
    .values(
      carriers.map((carrier) => ({
        carrier,
        source: draft.source,
        subject: draft.subject,
        sender: draft.sender,
        recipient: draft.recipient,
        sent_date: draft.sentDate,
        message_id: draft.messageId,
        body: draft.body,
        raw_source: draft.rawSource,
        created_by: draft.createdBy,
        created_at: at,
        updated_at: at,
      })),
    )
    .returning();
  for (const row of rows) await enqueueMessage(tx, row.id, at);
  return rows;
}

/**
 * Receives a message: for `carrier` when the poster is an airline (or names one), otherwise for the airlines whose
 * inbound addresses it was sent to (message-airline.ts), or unassigned. Answers the rows stored, first one first.
 */
export async function receiveMessage(db: Db, draft: IncomingDraft, at: Date, carrier: string | null): Promise<IncomingMessageRow[]> {
  const matched = carrier ? [carrier] : await airlinesOfMessage(db, draft.recipient, draft.body);
  return db.transaction((tx) => storeIncoming(tx, draft, matched.length ? matched : [null], at));
}
