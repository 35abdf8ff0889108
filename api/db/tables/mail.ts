import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bytea, identity, timestamptz } from "./columns";

/**
 * Every e-mail the API sends, written in the transaction of the change that calls for it; a `mail` job
 * (api/mail/mail-job.ts) sends it and sets sent_at. Without SMTP_URL "sending" is keeping it here, where a developer
 * (or an end-to-end test) reads it through GET /api/dev/outbox.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    ...identity,
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    created_at: timestamptz("created_at").notNull().defaultNow(),
    sent_at: timestamptz("sent_at"),
  },
  (t) => [index("outbox_emails_to_created_idx").on(t.to, t.created_at)],
);

/** A file sent with an e-mail (an e-mailed report). Its bytes are dropped once the mail left; name and size stay. */
export const outboxEmailAttachments = pgTable(
  "outbox_email_attachments",
  {
    ...identity,
    email_id: integer("email_id")
      .notNull()
      .references(() => outboxEmails.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    content_type: text("content_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content"),
  },
  (t) => [index("outbox_email_attachments_email_idx").on(t.email_id)],
);
