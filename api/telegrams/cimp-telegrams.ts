import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { findVisible, mawbOf } from "../air-waybills/access";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Condition } from "../../cargo/access/condition";
import { CIMP_UPLOAD, FLIGHT_TELEGRAMS, TELEGRAMS, WAYBILL_TELEGRAMS } from "../../cargo/access/rules";
import { TELEGRAM_ACTIONS } from "../../cargo/telegrams/telegram-state";
import type { AuthContext } from "../auth/authenticate";
import { allowRule } from "../auth/access-rules";
import type { Db } from "../db/open";
import { telegrams } from "../db/schema";
import { findSegment } from "../flights/common";
import { IdParams, MawbParams } from "../http/input";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { carrierForWrite } from "../settings/access";
import { receiveCimpTelegram } from "./receive-cimp";
import { enqueueTelegram } from "./telegram-job";
import { CimpTelegramListQuery, CorrectCimpTelegramBody, CreateCimpTelegramBody, TelegramDetailSchema, TelegramSchema } from "./schemas";
import {
  allowAction,
  answerOf,
  corrector,
  correctorEmail,
  detailOf,
  findTelegram,
  readColumns,
  stateFilter,
  telegramScope,
  type FastifyRequestLike,
  type ListActions,
  type TelegramRow,
} from "./telegram-rows";

// Cargo-IMP telegrams received (issue 23; spec 3 §7 "CIMP and companies"): POST stores the text and reads it
// (cargo/telegrams), the list and the detail show it with every fault on its line, PATCH replaces a text a person
// corrected, restart reads it again. Who: the lists are the platform's and the airline Manager's (spec 1 §6
// "Telegram lists"), the upload and the correction also ComCor's and the IcsInspector's ("CIMP upload"). Each
// telegram belongs to one airline: the caller's, or for the platform the tenant it works on.

const tags = ["telegrams"];
const FAMILY = "cimp";
const LIST: ListActions = { rule: CIMP_UPLOAD, offered: TELEGRAM_ACTIONS };
type Row = TelegramRow;
const answer = (request: FastifyRequestLike, row: Row, email: string | null) => answerOf(request, row, email, LIST);
const detail = (request: FastifyRequestLike, row: Row, email: string | null) => detailOf(request, row, email, LIST);
const readCimp = (text: string, at: Date) => readColumns(text, at, FAMILY, "cimp_text");
const findRow = (db: Pick<Db, "select">, auth: AuthContext, id: number, lock = false) => findTelegram(db, auth, FAMILY, id, lock);

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
      const arrival = { carrier, text: body.cimp_text, identifier: body.message_identifier, source: "api" as const, sender: request.auth.user.email, createdBy: request.auth.user.id };
      const { created, row } = await db.transaction((tx) => receiveCimpTelegram(tx, arrival, now()));
      // the same message again: the first one answers (nothing stored twice)
      reply.code(created ? 201 : 200);
      return detail(request, row, created ? null : await correctorEmail(db, row));
    },
  );

  const list = async (request: FastifyRequestLike & { auth: AuthContext }, q: z.infer<typeof CimpTelegramListQuery>, extra: SQL | undefined) => {
    const where = and(
      telegramScope(request.auth, FAMILY),
      extra,
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
    return { data: rows.map(({ row, corrector_email }) => answer(request, row, corrector_email)), meta: pageMeta(total, q.page, q.per_page) };
  };

  app.get(
    "/api/v3/cimp_telegrams",
    { schema: { tags, summary: "Cargo-IMP telegrams received, newest first", querystring: CimpTelegramListQuery, response: { 200: pageOf(TelegramSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, READ, "read_cimp_telegrams");
      return list(request, request.query, undefined);
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb/cimp_telegrams",
    {
      schema: {
        tags,
        summary: "The Cargo-IMP telegrams received about a waybill (its FWB, FHL, FSU, FFR, FFA...), newest first; the messaging section's readers, of a waybill they see",
        params: MawbParams,
        querystring: CimpTelegramListQuery,
        response: { 200: pageOf(TelegramSchema), ...resourceErrors },
      },
    },
    async (request) => {
      allowRule(request, WAYBILL_TELEGRAMS, "read_cimp_telegrams");
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      return list(request, request.query, eq(telegrams.mawb, awb.mawb));
    },
  );

  app.get(
    "/api/v3/segments/:id/cimp_telegrams",
    {
      schema: {
        tags,
        summary: "The Cargo-IMP telegrams received about a flight segment (those whose processing found it: FFM, FSU, ...), newest first",
        params: IdParams,
        querystring: CimpTelegramListQuery,
        response: { 200: pageOf(TelegramSchema), ...resourceErrors },
      },
    },
    async (request) => {
      // the flight page's Incoming messages tab: a waybill's telegrams' readers (cargo FLIGHT_TELEGRAMS)
      allowRule(request, FLIGHT_TELEGRAMS, "read_segment_telegrams");
      const segment = await findSegment(db, request, request.params.id);
      return list(request, request.query, eq(telegrams.segment_id, segment.id));
    },
  );

  app.get(
    "/api/v3/cimp_telegrams/:id",
    { schema: { tags, summary: "A telegram: the text as sent beside what it read as, every fault on its line", params: IdParams, response: { 200: TelegramDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, READ, "read_cimp_telegrams");
      const row = await findRow(db, request.auth, request.params.id);
      return detail(request, row, await correctorEmail(db, row));
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
        const { columns } = readCimp(request.body.cimp_text, at);
        const [updated] = await tx.update(telegrams).set({ ...columns, corrected: true, corrected_by: request.auth.user.id }).where(eq(telegrams.id, current.id)).returning();
        await enqueueTelegram(tx, updated!, at);
        return updated!;
      });
      return detail(request, row, await correctorEmail(db, row));
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
        const { columns } = readCimp(current.original_content, at);
        const [updated] = await tx.update(telegrams).set(columns).where(eq(telegrams.id, current.id)).returning();
        await enqueueTelegram(tx, updated!, at);
        return updated!;
      });
      return detail(request, row, await correctorEmail(db, row));
    },
  );
};
