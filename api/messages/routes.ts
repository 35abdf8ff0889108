import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MESSAGING } from "../../cargo/access/rules";
import { INCOMING_ACTIONS, INCOMING_STATE_REFUSAL, incomingAllows, type IncomingAction } from "../../cargo/telegrams/incoming-message";
import { telegramState } from "../../cargo/telegrams/telegram-state";
import type { AuthContext } from "../auth/authenticate";
import { allowRule, mayDo } from "../auth/access-rules";
import type { Db } from "../db/open";
import { incomingMessages, telegrams } from "../db/schema";
import type { IncomingMessageRow } from "../db/tables/incoming-messages";
import { notFound, refuse } from "../http/errors";
import { IdParams } from "../http/input";
import type { LongStrings } from "../http/input-guard";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { carrierForWrite, isPlatform, scopeCarrier } from "../settings/access";
import { escapeLike } from "../settings/common";
import { CreateMessageBody, IncomingMessageDetailSchema, IncomingMessageSchema, MESSAGE_JSON_LIMIT, MESSAGE_LONG_STRINGS, MessageListQuery, type MessageListValues } from "./schemas";
import { enqueueMessage, receiveMessage } from "./store-message";

// Incoming messages (issue 23; spec 2 §3 "Incoming message"; spec 3 §7 "messages (plus restart)"): POST stores a
// message and queues its processing (message-job.ts: the Cargo-IMP telegrams in its body become CIMP telegrams), the
// list and the detail show it with what processing found, restart runs it again where cargo's graph allows. Who: the
// messaging section's (spec 1 §6 "Messaging": platform, airline Default/Manager/IcsInspector). An airline sees its
// own messages; the platform on the default host every airline's and the unassigned ones, on an airline's host that
// airline's. Another airline's message is "not found".

const tags = ["incoming messages"];
type Request = Parameters<typeof mayDo>[0] & { auth: AuthContext };

/** The messages the caller may see: its airline's; the platform's on the default host, every one (unassigned too). */
function messageScope(auth: AuthContext): SQL | undefined {
  const carrier = scopeCarrier(auth);
  if (carrier) return eq(incomingMessages.carrier, carrier);
  return isPlatform(auth.profile) ? undefined : eq(incomingMessages.id, -1);
}

const actionsOf = (request: Request, row: Pick<IncomingMessageRow, "status">) =>
  Object.fromEntries(INCOMING_ACTIONS.map((a) => [a, mayDo(request, MESSAGING) && incomingAllows(row.status, a)])) as Record<IncomingAction, boolean>;

function answerOf(request: Request, row: IncomingMessageRow) {
  const { body: _b, raw_source: _r, created_by: _c, ...rest } = row;
  return { ...rest, processed: row.status === "processed", actions: actionsOf(request, row) };
}

/** The detail: the message whole, with the telegrams made from it (one query, whatever their number). */
async function detailOf(db: Pick<Db, "select">, request: Request, row: IncomingMessageRow) {
  const made = row.cimp_telegram_ids.length
    ? await db
        .select({ id: telegrams.id, message_type: telegrams.message_type, mawb: telegrams.mawb, parsing_status: telegrams.parsing_status, processing_status: telegrams.processing_status })
        .from(telegrams)
        .where(inArray(telegrams.id, row.cimp_telegram_ids))
    : [];
  const byId = new Map(made.map((t) => [t.id, { ...t, state: telegramState(t.parsing_status, t.processing_status) }]));
  return { ...answerOf(request, row), body: row.body, raw_source: row.raw_source, telegrams: row.cimp_telegram_ids.flatMap((id) => byId.get(id) ?? []) };
}

async function findRow(db: Pick<Db, "select">, auth: AuthContext, id: number, lock = false): Promise<IncomingMessageRow> {
  const query = db.select().from(incomingMessages).where(and(eq(incomingMessages.id, id), messageScope(auth))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("incoming_message_not_found");
  return row;
}

const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);

function filtersOf(q: MessageListValues): Array<SQL | undefined> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  return [
    q.status ? eq(incomingMessages.status, q.status) : undefined,
    q.source ? eq(incomingMessages.source, q.source) : undefined,
    term ? or(ilike(incomingMessages.subject, term), sql`array_to_string(${incomingMessages.sender}, ' ') ilike ${term}`) : undefined,
    q.date_from ? gte(incomingMessages.created_at, new Date(`${q.date_from}T00:00:00Z`)) : undefined,
    q.date_to ? lt(incomingMessages.created_at, dayAfter(q.date_to)) : undefined,
  ];
}

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now();

  app.post(
    "/api/v3/messages",
    {
      bodyLimit: MESSAGE_JSON_LIMIT,
      // the body and the raw mail are documents, not fields: their own ceilings instead of the input guard's
      config: { longStrings: MESSAGE_LONG_STRINGS } satisfies LongStrings,
      schema: {
        tags,
        summary:
          "Receive a message (an e-mail's subject, senders, recipients, date, body and raw source): stored, then its Cargo-IMP telegrams become CIMP telegrams of its airline (the caller's; for platform staff on the default host, the airline whose CIMP address it was sent to)",
        body: CreateMessageBody,
        response: { 201: IncomingMessageDetailSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allowRule(request, MESSAGING, "receive_message");
      const body = request.body;
      // an airline's message is its own; platform staff name the airline or work on its host, else the addresses decide
      const carrier = scopeCarrier(request.auth, body.carrier) ? await carrierForWrite(db, request.auth, body.carrier) : null;
      const draft = {
        source: "api" as const,
        subject: body.subject ?? null,
        sender: body.sender,
        recipient: body.recipient,
        sentDate: body.sent_date ? new Date(body.sent_date) : null,
        messageId: null,
        body: body.body,
        rawSource: body.raw_source ?? null,
        createdBy: request.auth.user.id,
      };
      const [row] = await receiveMessage(db, draft, now(), carrier);
      reply.code(201);
      return detailOf(db, request, row!);
    },
  );

  app.get(
    "/api/v3/messages",
    { schema: { tags, summary: "Messages received, newest first, with what their processing found", querystring: MessageListQuery, response: { 200: pageOf(IncomingMessageSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, MESSAGING, "read_messages");
      const q = request.query;
      const where = and(messageScope(request.auth), ...filtersOf(q));
      const [{ total }] = (await db.select({ total: count() }).from(incomingMessages).where(where)) as [{ total: number }];
      const rows = await db
        .select()
        .from(incomingMessages)
        .where(where)
        .orderBy(desc(incomingMessages.created_at), desc(incomingMessages.id))
        .limit(q.per_page)
        .offset(pageOffset(q.page, q.per_page));
      return { data: rows.map((row) => answerOf(request, row)), meta: pageMeta(total, q.page, q.per_page) };
    },
  );

  app.get(
    "/api/v3/messages/:id",
    { schema: { tags, summary: "A message: as received (body, raw source), what processing found, the telegrams made from it", params: IdParams, response: { 200: IncomingMessageDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, MESSAGING, "read_messages");
      return detailOf(db, request, await findRow(db, request.auth, request.params.id));
    },
  );

  app.post(
    "/api/v3/messages/:id/restart",
    { schema: { tags, summary: "Process a message that made no telegram again (its airline, its telegrams); 422 for one whose telegrams exist", params: IdParams, response: { 200: IncomingMessageDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, MESSAGING, "restart_message");
      const at = now();
      const row = await db.transaction(async (tx) => {
        const current = await findRow(tx, request.auth, request.params.id, true);
        if (!incomingAllows(current.status, "restart")) throw refuse(422, INCOMING_STATE_REFUSAL, { state: current.status, action: "restart" });
        const [updated] = await tx
          .update(incomingMessages)
          .set({ status: "queued", processing_notes: [], processed_at: null, updated_at: at })
          .where(eq(incomingMessages.id, current.id))
          .returning();
        await enqueueMessage(tx, current.id, at);
        return updated!;
      });
      return detailOf(db, request, row);
    },
  );
};

