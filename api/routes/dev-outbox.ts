import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { outboxEmails } from "../db/schema";
import { IsoDateTime } from "../http/schemas";
import { wholeNumber } from "../http/decimal-input";

/**
 * Development only (registered when SMTP_URL is unset and NODE_ENV is not production): the mail that
 * would have been sent, newest first, so a developer or an end-to-end test can follow a reset link.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dev/outbox",
    {
      schema: {
        tags: ["development"],
        summary: "Latest outbox e-mails (development only)",
        querystring: z.object({
          email: z.string().optional(),
          limit: wholeNumber(1, 100).default(20),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({ id: z.number().int(), to: z.string(), subject: z.string(), body: z.string(), created_at: IsoDateTime }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const { email, limit } = request.query;
      const data = await app.deps.db
        .select({
          id: outboxEmails.id,
          to: outboxEmails.to,
          subject: outboxEmails.subject,
          body: outboxEmails.body,
          created_at: outboxEmails.created_at,
        })
        .from(outboxEmails)
        .where(email ? eq(outboxEmails.to, email.trim().toLowerCase()) : undefined)
        .orderBy(desc(outboxEmails.id))
        .limit(limit);
      return { data };
    },
  );
};
