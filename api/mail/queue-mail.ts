import { enqueue, type Executor } from "../jobs/queue";
import { outboxEmailAttachments, outboxEmails } from "../db/schema";
import type { MailMessage } from "./mailer";
import { MAIL_JOB } from "./mail-job";

/**
 * Queues an e-mail in the caller's transaction: the message (attachments included) is written to outbox_emails and a
 * `mail` job sends it after the commit, with retries; a rolled-back change sends nothing. Answers the mail's id.
 */
export async function queueMail(tx: Executor, now: Date, message: MailMessage): Promise<number> {
  const [mail] = await tx
    .insert(outboxEmails)
    .values({ to: message.to, subject: message.subject, body: message.text, created_at: now })
    .returning({ id: outboxEmails.id });
  const id = mail!.id;
  if (message.attachments?.length) {
    await tx.insert(outboxEmailAttachments).values(
      message.attachments.map((a) => ({ email_id: id, filename: a.filename, content_type: a.contentType, size: a.content.length, content: a.content })),
    );
  }
  await enqueue(tx, { kind: MAIL_JOB, payload: { email_id: id }, dedupeKey: `mail:${id}`, owner: { table: "outbox_emails", id } }, now);
  return id;
}
