import { index, pgTable, text } from "drizzle-orm/pg-core";
import { identity, timestamptz } from "./columns";

/** Mail written instead of sent when no SMTP_URL is configured (development, tests, demos). */
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
