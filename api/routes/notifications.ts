import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TEXT_MAX } from "../http/input";
import { globalNotifications, userNotifications } from "../db/schema";
import { NOTIFICATION_LEVELS } from "../db/tables/enums";
import { IsoDateTime } from "../http/schemas";

const NotificationSchema = z.object({
  id: z.number().int(),
  en_text: z.string(),
  ru_text: z.string(),
  es_text: z.string().nullable().describe("Spanish; null when there is none (readers of Spanish get en_text)"),
  level: z.enum(NOTIFICATION_LEVELS),
  active: z.boolean(),
  show_once: z.boolean().describe("only these may be closed by the user"),
  created_at: IsoDateTime,
});

const listOf = z.object({ data: z.array(NotificationSchema) });

/** Column selection shared by both tables, in the answer's field names. */
function columns<T extends typeof globalNotifications | typeof userNotifications>(t: T) {
  return {
    id: t.id,
    en_text: t.en_text,
    ru_text: t.ru_text,
    es_text: t.es_text,
    level: t.level,
    active: t.active,
    show_once: t.show_once,
    created_at: t.created_at,
  };
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["notifications"];

  app.get(
    "/api/v3/global_notifications/active",
    {
      schema: {
        tags,
        summary: "Active banners for a tenant (the carrier query, else the Carrier header) plus those for every tenant",
        querystring: z.object({ carrier: z.string().max(TEXT_MAX.code).optional() }),
        response: { 200: listOf },
      },
    },
    async (request) => {
      const carrier = request.query.carrier?.trim().toUpperCase() || request.auth.carrier;
      const t = globalNotifications;
      const data = await app.deps.db
        .select(columns(t))
        .from(t)
        .where(and(eq(t.active, true), carrier ? or(isNull(t.carrier), eq(t.carrier, carrier)) : isNull(t.carrier)))
        .orderBy(desc(t.created_at), desc(t.id));
      return { data };
    },
  );

  app.get(
    "/api/v3/notifications/active",
    { schema: { tags, summary: "The signed-in user's active notifications", response: { 200: listOf } } },
    async (request) => {
      const t = userNotifications;
      const data = await app.deps.db
        .select(columns(t))
        .from(t)
        .where(and(eq(t.user_id, request.auth.user.id), eq(t.active, true)))
        .orderBy(desc(t.created_at), desc(t.id));
      return { data };
    },
  );
};
