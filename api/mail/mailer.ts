import { loadNodemailer } from "../on-first-use";
import type { ApiConfig } from "../config";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /** Copies (an outgoing telegram's message_cc, message_bcc): comma-separated addresses. */
  cc?: string;
  bcc?: string;
  subject: string;
  text: string;
  /** Files sent with the message (an e-mailed report). */
  attachments?: MailAttachment[];
}

/** What the `mail` job (api/mail/mail-job.ts) hands a message to. Requests never send: they queue (queue-mail.ts). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Bounds of one SMTP conversation, inside the mail job's own timeout: nodemailer's defaults (2 minutes to connect,
 * 10 of silence) would hold a job's slot long after its attempt was given up.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * SMTP when SMTP_URL is set; otherwise nothing leaves: the message stays in outbox_emails, where a developer (or an
 * end-to-end test) reads it through GET /api/dev/outbox once its job ran.
 */
export function createMailer(config: ApiConfig): Mailer {
  if (config.SMTP_URL) {
    const url = config.SMTP_URL;
    let transport: Promise<{ sendMail(mail: object): Promise<unknown> }> | undefined;
    return {
      async send(m) {
        transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }));
        await (await transport).sendMail({ from: config.MAIL_FROM, to: m.to, cc: m.cc, bcc: m.bcc, subject: m.subject, text: m.text, attachments: m.attachments });
      },
    };
  }
  return { send: async () => {} };
}
