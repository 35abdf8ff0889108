import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { outboxEmailAttachments, outboxEmails } from "../db/schema";
import { jobHandler, PermanentJobError } from "../jobs/worker";
import type { Mailer } from "./mailer";

export const MAIL_JOB = "mail";

/**
 * Sends one queued e-mail (api/mail/queue-mail.ts) through the mailer and marks it sent; the attachments' bytes go
 * then (their names and sizes stay). A mail already sent (a job released at shutdown and run again) is not sent twice.
 */
export const mailJob = (mailer: Mailer) =>
  jobHandler({
    payload: z.object({ email_id: z.number().int().positive() }),
    // an SMTP server that refuses for a while (greylisting, an outage): 30 s, 1 min, 2 min, 4 min between attempts
    backoff: { baseSeconds: 30, maxSeconds: 3600 },
    async run({ email_id }, { db, now }) {
      const [mail] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, email_id));
      if (!mail) throw new PermanentJobError(`e-mail ${email_id} no longer exists`);
      if (mail.sent_at) return;
      const attachments = await db.select().from(outboxEmailAttachments).where(eq(outboxEmailAttachments.email_id, email_id)).orderBy(asc(outboxEmailAttachments.id));
      if (attachments.some((a) => a.content === null)) throw new PermanentJobError(`e-mail ${email_id} lost its attachments' bytes`);
      await mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content!) })),
      });
      await db.transaction(async (tx) => {
        await tx.update(outboxEmails).set({ sent_at: now() }).where(eq(outboxEmails.id, email_id));
        await tx.update(outboxEmailAttachments).set({ content: null }).where(eq(outboxEmailAttachments.email_id, email_id));
      });
    },
  });
