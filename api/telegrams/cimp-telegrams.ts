import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Condition } from "../../cargo/access/condition";
import { CIMP_UPLOAD, TELEGRAMS } from "../../cargo/access/rules";
import { TELEGRAM_ACTIONS, TELEGRAM_STATE_REFUSAL, telegramAllows, telegramState, type TelegramAction } from "../../cargo/telegrams/telegram-state";
import type { AuthContext } from "../auth/authenticate";
import { allowRule, mayDo } from "../auth/access-rules";
import type { Db } from "../db/open";
import { telegrams, users } from "../db/schema";
import { notFound, refuse, refuseField } from "../http/errors";
import { IdParams } from "../http/input";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { carrierForWrite, scopeCarrier, isPlatform } from "../settings/access";
import { readTelegram, telegramIdentifier } from "./read-telegram";
import { enqueueTelegram } from "./telegram-job";
import { CimpTelegramListQuery, CorrectCimpTelegramBody, CreateCimpTelegramBody, TelegramDetailSchema, TelegramSchema } from "./schemas";

// Cargo-IMP telegrams received (issue 23; spec 3 §7 "CIMP and companies"): POST stores the text and reads it
// (cargo/telegrams), the list and the detail show it with every fault on its line, PATCH replaces a text a person
// corrected, restart reads it again. Who: the lists are the platform's and the airline Manager's (spec 1 §6
// "Telegram lists"), the upload and the correction also ComCor's and the IcsInspector's ("CIMP upload"). Each
// telegram belongs to one airline: the caller's, or for the platform the tenant it works on.

const tags = ["telegrams"];
type Row = typeof telegrams.$inferSelect;
type FastifyRequestLike = Parameters<typeof mayDo>[0];

/** The telegrams the caller may see: its airline's; the platform's on the default host, every airline's. */
function telegramScope(auth: AuthContext): SQL | undefined {
  const carrier = scopeCarrier(auth);
  const family = eq(telegrams.family, "cimp");
  if (carrier) return and(family, eq(telegrams.carrier, carrier));
  return isPlatform(auth.profile) ? family : and(family, eq(telegrams.id, -1));
}

const actionsOf = (request: FastifyRequestLike, row: Pick<Row, "parsing_status" | "processing_status">) => {
  const state = telegramState(row.parsing_status, row.processing_status);
  const may = mayDo(request, CIMP_UPLOAD);
  return Object.fromEntries(TELEGRAM_ACTIONS.map((a) => [a, may && telegramAllows(state, a)])) as Record<TelegramAction, boolean>;
};

const corrector = users;

function answerOf(request: FastifyRequestLike, row: Row, corrector_email: string | null) {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    carrier: row.carrier,
    message_type: row.message_type,
    message_version: row.message_version,
    message_identifier: row.message_identifier,
    source: row.source,
    sender: row.sender,
    station: row.station,
    subject: row.subject,
    notes: row.notes,
    mawb: row.mawb,
    segment_id: row.segment_id,
    parsing_status: row.parsing_status,
    processing_status: row.processing_status,
    state: telegramState(row.parsing_status, row.processing_status),
    error_count: row.error_messages.length,
    corrected: row.corrected,
    corrector_email,
    sent_at: row.sent_at,
    parsed_at: row.parsed_at,
    processed_at: row.processed_at,
    actions: actionsOf(request, row),
  };
}

const detailOf = (request: FastifyRequestLike, row: Row, corrector_email: string | null) => ({
  ...answerOf(request, row, corrector_email),
  original_content: row.original_content,
  parsed_content: row.parsed_content ?? null,
  error_messages: row.error_messages,
  processing_notes: row.processing_notes,
});

/**
 * The columns a text reads into. A text of another list's family (an SSIM file, an MVT) is refused: it belongs to
 * that list, whose processing knows it. Processing (applying the telegram to waybills, bookings and flights) is the
 * queue's work (telegram-job.ts): the status waits as pending until it runs, or is skipped when the text did not parse.
 */
function readColumns(text: string, at: Date) {
  const read = readTelegram(text);
  if (read.family && read.family !== "cimp") throw refuseField("cimp_text", "telegram_wrong_list", { type: read.message_type ?? "", list: read.family });
  return {
    read,
    columns: {
      original_content: text,
      message_type: read.message_type,
      message_version: read.message_version,
      parsed_content: read.parsed_content,
      error_messages: read.error_messages,
      parsing_status: read.parsing_status,
      processing_status: read.parsing_status === "failed" ? ("skipped" as const) : ("pending" as const),
      processing_notes: [],
      mawb: read.mawb,
      parsed_at: at,
      processed_at: null,
      updated_at: at,
    },
  };
}

async function findRow(db: Pick<Db, "select">, auth: AuthContext, id: number, lock = false): Promise<Row> {
  const query = db.select().from(telegrams).where(and(eq(telegrams.id, id), telegramScope(auth))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("telegram_not_found");
  return row;
}

async function correctorEmail(db: Pick<Db, "select">, row: Row): Promise<string | null> {
  if (!row.corrected_by) return null;
  const [user] = await db.select({ email: corrector.email }).from(corrector).where(eq(corrector.id, row.corrected_by)).limit(1);
  return user?.email ?? null;
}

/** 422 naming the state when the telegram's graph does not allow `action` now. */
function allowAction(row: Row, action: TelegramAction) {
  const state = telegramState(row.parsing_status, row.processing_status);
  if (!telegramAllows(state, action)) throw refuse(422, TELEGRAM_STATE_REFUSAL, { state, action });
}

export const cimpTelegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now();
  // the lists' readers, and whoever may correct a telegram (its edit page shows it)
  const READ: Condition = { anyOf: [TELEGRAMS, CIMP_UPLOAD] };

  app.post(
    "/api/v3/cimp_telegrams",
    { schema: { tags, summary: "Receive a Cargo-IMP telegram: stored as sent, read, its faults listed by line", body: CreateCimpTelegramBody, response: { 200: TelegramDetailSchema, 201: TelegramDetailSchema, ...resourceErrors } } },
    async (request, reply) => {
      allowRule(request, CIMP_UPLOAD, "receive_cimp_telegram");
      const carrier = await carrierForWrite(db, request.auth);
      const body = request.body;
      const at = now();
      const { read, columns } = readColumns(body.cimp_text, at);
      const identifier = telegramIdentifier(read, body.message_identifier);
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(telegrams)
          .values({ carrier, family: "cimp", source: "api", message_identifier: identifier, sender: read.sender ?? request.auth.user.email, created_by: request.auth.user.id, created_at: at, ...columns })
          .onConflictDoNothing()
          .returning();
        if (rows[0]) await enqueueTelegram(tx, rows[0], at);
        return rows;
      });
      if (inserted[0]) {
        reply.code(201);
        return detailOf(request, inserted[0], null);
      }
      // the same message again: the first one answers (nothing stored twice)
      const [first] = await db.select().from(telegrams).where(and(eq(telegrams.carrier, carrier), eq(telegrams.family, "cimp"), eq(telegrams.message_identifier, identifier!))).limit(1);
      return detailOf(request, first!, await correctorEmail(db, first!));
    },
  );

  app.get(
    "/api/v3/cimp_telegrams",
    { schema: { tags, summary: "Cargo-IMP telegrams received, newest first", querystring: CimpTelegramListQuery, response: { 200: pageOf(TelegramSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, READ, "read_cimp_telegrams");
      const q = request.query;
      const where = and(
        telegramScope(request.auth),
        q.message_type ? eq(telegrams.message_type, q.message_type) : undefined,
        q.parsing_status ? eq(telegrams.parsing_status, q.parsing_status) : undefined,
        q.processing_status ? eq(telegrams.processing_status, q.processing_status) : undefined,
        q.mawb ? sql`${telegrams.mawb} like ${`${q.mawb}%`}` : undefined,
        q.state ? stateFilter(q.state) : undefined,
      );
      const [{ total }] = (await db.select({ total: count() }).from(telegrams).where(where)) as [{ total: number }];
      const rows = await db
        .select({ row: telegrams, corrector_email: corrector.email })
        .from(telegrams)
        .leftJoin(corrector, eq(corrector.id, telegrams.corrected_by))
        .where(where)
        .orderBy(desc(telegrams.created_at), desc(telegrams.id))
        .limit(q.per_page)
        .offset(pageOffset(q.page, q.per_page));
      return { data: rows.map(({ row, corrector_email }) => answerOf(request, row, corrector_email)), meta: pageMeta(total, q.page, q.per_page) };
    },
  );

  app.get(
    "/api/v3/cimp_telegrams/:id",
    { schema: { tags, summary: "A telegram: the text as sent beside what it read as, every fault on its line", params: IdParams, response: { 200: TelegramDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, READ, "read_cimp_telegrams");
      const row = await findRow(db, request.auth, request.params.id);
      return detailOf(request, row, await correctorEmail(db, row));
    },
  );

  app.patch(
    "/api/v3/cimp_telegrams/:id",
    { schema: { tags, summary: "Correct a telegram's text: it is read again and the corrector kept", params: IdParams, body: CorrectCimpTelegramBody, response: { 200: TelegramDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, CIMP_UPLOAD, "correct_cimp_telegram");
      const at = now();
      const row = await db.transaction(async (tx) => {
        const current = await findRow(tx, request.auth, request.params.id, true);
        allowAction(current, "correct");
        const { columns } = readColumns(request.body.cimp_text, at);
        const [updated] = await tx.update(telegrams).set({ ...columns, corrected: true, corrected_by: request.auth.user.id }).where(eq(telegrams.id, current.id)).returning();
        await enqueueTelegram(tx, updated!, at);
        return updated!;
      });
      return detailOf(request, row, await correctorEmail(db, row));
    },
  );

  app.post(
    "/api/v3/cimp_telegrams/:id/restart",
    { schema: { tags, summary: "Read a telegram again as it is (and apply it again: a second time changes nothing)", params: IdParams, response: { 200: TelegramDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, CIMP_UPLOAD, "restart_cimp_telegram");
      const at = now();
      const row = await db.transaction(async (tx) => {
        const current = await findRow(tx, request.auth, request.params.id, true);
        allowAction(current, "restart");
        const { columns } = readColumns(current.original_content, at);
        const [updated] = await tx.update(telegrams).set(columns).where(eq(telegrams.id, current.id)).returning();
        await enqueueTelegram(tx, updated!, at);
        return updated!;
      });
      return detailOf(request, row, await correctorEmail(db, row));
    },
  );
};

/** The rows in `state` (cargo/telegrams/telegram-state.ts telegramState, as SQL over the two statuses). */
function stateFilter(state: ReturnType<typeof telegramState>): SQL {
  const p = telegrams.processing_status;
  switch (state) {
    case "processed":
    case "processing":
    case "rejected":
      return eq(p, state);
    case "parse_failed":
      return sql`(${telegrams.parsing_status} = 'failed' or ${p} = 'skipped') and ${p} not in ('processed', 'processing', 'rejected')`;
    case "processing_failed":
      return sql`${telegrams.parsing_status} <> 'failed' and ${p} = 'failed'`;
    case "queued":
      return sql`${telegrams.parsing_status} <> 'failed' and ${p} = 'pending'`;
  }
}
