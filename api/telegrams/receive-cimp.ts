import { and, eq } from "drizzle-orm";
import type { Executor } from "../jobs/queue";
import { telegrams } from "../db/schema";
import type { TelegramSource } from "../db/tables/telegrams";
import { telegramIdentifier } from "./read-telegram";
import { enqueueTelegram } from "./telegram-job";
import { readColumns, type TelegramRow } from "./telegram-rows";

/** A Cargo-IMP telegram arriving: whose it is, its text, and what is known of where it came from. */
export interface CimpArrival {
  carrier: string;
  text: string;
  /** The sender's own id of the message (POST's message_identifier); else the Type-B envelope's reference is used. */
  identifier?: string | null;
  source: TelegramSource;
  /** Who sent it when the text has no envelope: the poster's or the mail's sender address. */
  sender: string | null;
  subject?: string | null;
  createdBy: number | null;
  /** When the sender sent it (a mail's Date), when known. */
  sentAt?: Date | null;
}

/**
 * One way in for every Cargo-IMP telegram (POST cimp_telegrams, and the telegrams of an incoming message): read,
 * stored once per identifier (the same message again answers the first), and queued for applying, all in the
 * caller's transaction. A text of another list's family is refused under `field` (readColumns).
 */
export async function receiveCimpTelegram(tx: Executor, arrival: CimpArrival, at: Date, field = "cimp_text"): Promise<{ created: boolean; row: TelegramRow }> {
  const { read, columns } = readColumns(arrival.text, at, "cimp", field);
  const identifier = telegramIdentifier(read, arrival.identifier);
  const [inserted] = await tx
    .insert(telegrams)
    .values({
      carrier: arrival.carrier,
      family: "cimp",
      source: arrival.source,
      message_identifier: identifier,
      sender: read.sender ?? arrival.sender,
      subject: arrival.subject ?? null,
      sent_at: arrival.sentAt ?? null,
      created_by: arrival.createdBy,
      created_at: at,
      ...columns,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await enqueueTelegram(tx, inserted, at);
    return { created: true, row: inserted };
  }
  const [first] = await tx
    .select()
    .from(telegrams)
    .where(and(eq(telegrams.carrier, arrival.carrier), eq(telegrams.family, "cimp"), eq(telegrams.message_identifier, identifier!)))
    .limit(1);
  return { created: false, row: first! };
}
