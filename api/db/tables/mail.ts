import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Mail written instead of sent when no SMTP_URL is configured (development, tests, demos). */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_emails_to_created_idx").on(t.to, t.createdAt)],
);
