import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { outboxEmailAttachments, outboxEmails } from "../db/schema";
import { JOB_STATES } from "../db/tables/jobs";
import { FormBoolean, IsoDateTime } from "../http/schemas";
import { wholeNumber } from "../http/decimal-input";
import { jobStatesOf } from "../jobs/queue";

const Delivery = z
  .object({
    state: z.enum(JOB_STATES),
    attempts: z.number().int(),
    max_attempts: z.number().int(),
    run_at: IsoDateTime,
    last_error: z.string().nullable(),
  })
  .nullable()
  .describe("the mail job's state (null once finished jobs were swept)");

/**
 * Development only (registered when SMTP_URL is unset and NODE_ENV is not production): the mail the API sent (its
 * `mail` job ran), newest first, so a developer or an end-to-end test can follow a reset link; with `pending=true`
 * also the mail still queued or failing, each with its job's state, attempts and last error.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dev/outbox",
    {
      schema: {
        tags: ["development"],
        summary: "Latest outbox e-mails (development only)",
        querystring: z.object({
          email: z.string().max(320).optional(),
          limit: wholeNumber(1, 100).default(20),
          pending: FormBoolean.optional().describe("also the mail not sent yet (default: only the mail whose job ran)"),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number().int(),
                to: z.string(),
                subject: z.string(),
                body: z.string(),
                created_at: IsoDateTime,
                sent_at: IsoDateTime.nullable(),
                delivery: Delivery,
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const { email, limit, pending } = request.query;
      const db = app.deps.db;
      const mails = await db
        .select({
          id: outboxEmails.id,
          to: outboxEmails.to,
          subject: outboxEmails.subject,
          body: outboxEmails.body,
          created_at: outboxEmails.created_at,
          sent_at: outboxEmails.sent_at,
        })
        .from(outboxEmails)
        .where(and(email ? eq(outboxEmails.to, email.trim().toLowerCase()) : undefined, pending ? undefined : isNotNull(outboxEmails.sent_at)))
        .orderBy(desc(outboxEmails.id))
        .limit(limit);
      const ids = mails.map((m) => m.id);
      const files = ids.length
        ? await db
            .select({ email_id: outboxEmailAttachments.email_id, filename: outboxEmailAttachments.filename, content_type: outboxEmailAttachments.content_type, size: outboxEmailAttachments.size })
            .from(outboxEmailAttachments)
            .where(inArray(outboxEmailAttachments.email_id, ids))
            .orderBy(asc(outboxEmailAttachments.id))
        : [];
      const deliveries = await jobStatesOf(db, "outbox_emails", ids);
      const data = mails.map((m) => {
        const attached = files.filter((f) => f.email_id === m.id).map((f) => `\nAttached: ${f.filename} (${f.content_type}, ${f.size} bytes)`);
        const job = deliveries.get(m.id);
        const delivery = job ? { state: job.state, attempts: job.attempts, max_attempts: job.max_attempts, run_at: job.run_at, last_error: job.last_error } : null;
        return { ...m, body: m.body + attached.join(""), delivery };
      });
      return { data };
    },
  );
};
