import { loadNodemailer } from "../on-first-use";
import type { ApiConfig } from "../config";
import type { Db } from "../db/open";
import { outboxEmails } from "../db/schema";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (an e-mailed report); the outbox notes their names and sizes in the body. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise the message is written to outbox_emails, where a developer
 * (or an end-to-end test) reads it through GET /api/dev/outbox.
 */
export function createMailer(db: Db, config: ApiConfig): Mailer {
  if (config.SMTP_URL) {
    const url = config.SMTP_URL;
    let transport: Promise<{ sendMail(mail: object): Promise<unknown> }> | undefined;
    return {
      async send(m) {
        transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(url));
        await (await transport).sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, attachments: m.attachments });
      },
    };
  }
  return {
    async send(m) {
      const files = (m.attachments ?? []).map((a) => `\nAttached: ${a.filename} (${a.contentType}, ${a.content.length} bytes)`).join("");
      await db.insert(outboxEmails).values({ to: m.to, subject: m.subject, body: m.text + files });
    },
  };
}
