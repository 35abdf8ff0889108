import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { Condition } from "../../cargo/access/condition";
import { SSIM_UPLOAD, TELEGRAMS } from "../../cargo/access/rules";
import type { ScheduleMessage } from "../../cargo/telegrams/ssim/schedule-message";
import { operatingDates, schedulePeriods, scheduleWindow } from "../../cargo/telegrams/ssim/schedule-periods";
import type { SsimFile } from "../../cargo/telegrams/ssim/ssim-file";
import { addDays } from "../../cargo/time/local-date";
import { allowRule } from "../auth/access-rules";
import type { Db } from "../db/open";
import { telegrams } from "../db/schema";
import type { TelegramListFamily, TelegramSource } from "../db/tables/telegrams";
import { refuseField, refuseFields } from "../http/errors";
import { refusalOfIssue, type ZodIssueLike } from "../http/zod-refusals";
import { IdParams } from "../http/input";
import type { LongStrings } from "../http/input-guard";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { carrierForWrite } from "../settings/access";
import { acceptUploadBodies, readUploadedFile } from "../settings/uploads";
import { telegramIdentifier, type ReadTelegram } from "./read-telegram";
import { CreateAhmTelegramBody, CreateSsimTelegramBody, FlightTelegramListQuery, TelegramDetailSchema, TelegramSchema, type FlightTelegramListValues } from "./schemas";
import { SSIM_LIMITS } from "../../cargo/telegrams/ssim/ssim-limits";
import { SSIM_BODY_LIMIT } from "./ssim-limits";
import { enqueueTelegram } from "./telegram-job";
import { allowAction, answerOf, detailOf, findTelegram, readColumns, stateFilter, telegramScope, type ListActions } from "./telegram-rows";

// SSIM and AHM telegrams received (issue 23; spec 2 §3 "SSIM telegram", "AHM telegram"; spec 3 §7 ssim_telegrams "POST
// as JSON or as file form", ahm_telegrams GET): the schedules and movements an airline's flights are kept by. A POST
// stores the text and reads it (answering at once, faults on their lines), the queue applies it (telegram-job.ts:
// apply-schedule.ts, apply-movement.ts) and the telegram's processing notes say what changed. The lists and details
// are the platform's and the airline Manager's (spec 1 §6 "Telegram lists"), the SSIM upload and its restart the
// "SSIM upload" rule's. Each telegram belongs to one airline: the caller's, or for the platform the tenant it works on.

const tags = ["telegrams"];

interface FlightList {
  family: Extract<TelegramListFamily, "ssim" | "ahm">;
  path: string;
  /** Who may send and restart (the lists' readers besides). */
  write: Condition;
  /** The body field a text comes in, under which its refusals stand. */
  field: string;
}

const SSIM: FlightList = { family: "ssim", path: "/api/v3/ssim_telegrams", write: SSIM_UPLOAD, field: "ssim_text" };
const AHM: FlightList = { family: "ahm", path: "/api/v3/ahm_telegrams", write: TELEGRAMS, field: "ahm_text" };

const actionsOf = (list: FlightList): ListActions => ({ rule: list.write, offered: ["restart"] });

/** An airline's flights a telegram names: a leg's, an action's or a movement's `number` (stored model, jsonpath). */
const namesFlight = (term: string): SQL => sql`jsonb_path_exists(${telegrams.parsed_content}, '$.**.number ? (@ starts with $n)', jsonb_build_object('n', ${term}::text))`;

function listWhere(request: FastifyRequest, list: FlightList, q: FlightTelegramListValues): SQL | undefined {
  return and(
    telegramScope(request.auth, list.family),
    q.message_type ? eq(telegrams.message_type, q.message_type) : undefined,
    q.parsing_status ? eq(telegrams.parsing_status, q.parsing_status) : undefined,
    q.processing_status ? eq(telegrams.processing_status, q.processing_status) : undefined,
    q.state ? stateFilter(q.state) : undefined,
    q.date_from ? gte(telegrams.created_at, new Date(`${q.date_from}T00:00:00Z`)) : undefined,
    q.date_to ? lt(telegrams.created_at, new Date(`${addDays(q.date_to, 1)}T00:00:00Z`)) : undefined,
    q.number ? namesFlight(q.number) : undefined,
  );
}

/**
 * Limits before the queue takes a schedule (ssim-limits.ts): its legs, and the dated flights they make for this
 * airline within the year it is applied to. Counted, never expanded past the limit.
 */
function checkScheduleLimits(read: ReadTelegram, carrier: string, at: Date, field: string) {
  const window = scheduleWindow(at);
  const max = SSIM_LIMITS.maxFlights;
  if (read.message_type === "SSIM" && read.parsed_content) {
    const { legs } = read.parsed_content as SsimFile;
    if (legs.length > SSIM_LIMITS.maxLegs) throw refuseField(field, "ssim_too_many_legs", { max: SSIM_LIMITS.maxLegs, count: legs.length });
    const own = legs.filter((l) => l.carrier === carrier);
    if (schedulePeriods(own, { from: window.from, to: window.to, maxFlights: max }).truncated) throw refuseField(field, "ssim_too_many_flights", { max });
  } else if (read.message_type === "SSM" && read.parsed_content) {
    let flights = 0;
    for (const action of (read.parsed_content as ScheduleMessage).actions) {
      const dates = action.periods.reduce((n, p) => n + operatingDates(p, window.from, window.to, max + 1).length, 0);
      flights += dates * action.flights.length;
      if (flights > max) throw refuseField(field, "ssim_too_many_flights", { max });
    }
  }
}

/** The SSIM POST's text: a JSON body's `ssim_text`, or a file form's `file` (with `message_identifier` beside it). */
async function ssimInput(request: FastifyRequest): Promise<{ text: string; identifier: string | undefined; source: TelegramSource; field: string }> {
  if (Buffer.isBuffer(request.body)) {
    const file = await readUploadedFile(request);
    if (file.buffer.length > SSIM_LIMITS.maxFileBytes) throw refuseField("file", "ssim_file_too_large", { max_mb: SSIM_LIMITS.maxFileBytes / 1024 / 1024 }, 413);
    const text = file.buffer.toString("utf8");
    if (!text.trim()) throw refuseField("file", "blank");
    const identifier = file.fields.message_identifier?.trim() || undefined;
    return { text, identifier, source: "upload", field: "file" };
  }
  const parsed = CreateSsimTelegramBody.safeParse(request.body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? SSIM.field);
    if (issue.code === "too_big" && field === SSIM.field) throw refuseField(field, "ssim_file_too_large", { max_mb: SSIM_LIMITS.maxFileBytes / 1024 / 1024 }, 413);
    throw refuseFields({ [field]: [refusalOfIssue(issue as ZodIssueLike)] });
  }
  return { text: parsed.data.ssim_text, identifier: parsed.data.message_identifier, source: "api", field: SSIM.field };
}

/** Stores a read text once (the sender's identifier, or its envelope's reference), queued for applying. */
async function receive(db: Db, request: FastifyRequest, list: FlightList, input: { text: string; identifier: string | undefined; source: TelegramSource; field: string }, at: Date) {
  const carrier = await carrierForWrite(db, request.auth);
  const { read, columns } = readColumns(input.text, at, list.family, input.field);
  // a text that is no telegram of any kind this list reads (a spreadsheet, a letter) is refused, not kept for correction
  if (!read.family) throw refuseField(input.field, "telegram_not_of_list", { list: list.family.toUpperCase() });
  checkScheduleLimits(read, carrier, at, input.field);
  const identifier = telegramIdentifier(read, input.identifier);
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(telegrams)
      .values({ carrier, family: list.family, source: input.source, message_identifier: identifier, sender: read.sender ?? request.auth.user.email, created_by: request.auth.user.id, created_at: at, ...columns })
      .onConflictDoNothing()
      .returning();
    if (rows[0]) await enqueueTelegram(tx, rows[0], at);
    return rows;
  });
  if (inserted[0]) return { created: true, row: inserted[0] };
  // the same message again: the first one answers (nothing stored twice)
  const [first] = await db.select().from(telegrams).where(and(eq(telegrams.carrier, carrier), eq(telegrams.family, list.family), eq(telegrams.message_identifier, identifier!))).limit(1);
  return { created: false, row: first! };
}

/** GET list, GET detail and POST restart of a list. */
function readAndRestart(app: FastifyInstance, list: FlightList) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const read: Condition = { anyOf: [TELEGRAMS, list.write] };
  const name = list.family;

  api.get(
    list.path,
    { schema: { tags, summary: `${name.toUpperCase()} telegrams received, newest first`, querystring: FlightTelegramListQuery, response: { 200: pageOf(TelegramSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, read, `read_${name}_telegrams`);
      const q = request.query;
      const where = listWhere(request, list, q);
      const [{ total }] = (await db.select({ total: count() }).from(telegrams).where(where)) as [{ total: number }];
      const rows = await db
        .select()
        .from(telegrams)
        .where(where)
        .orderBy(desc(telegrams.created_at), desc(telegrams.id))
        .limit(q.per_page)
        .offset(pageOffset(q.page, q.per_page));
      return { data: rows.map((row) => answerOf(request, row, null, actionsOf(list))), meta: pageMeta(total, q.page, q.per_page) };
    },
  );

  api.get(
    `${list.path}/:id`,
    { schema: { tags, summary: "A telegram: the text as sent beside what it read as, every fault on its line, what applying it changed", params: IdParams, response: { 200: TelegramDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, read, `read_${name}_telegrams`);
      return detailOf(request, await findTelegram(db, request.auth, list.family, request.params.id), null, actionsOf(list));
    },
  );

  api.post(
    `${list.path}/:id/restart`,
    { schema: { tags, summary: "Read a telegram again as it is and apply it again (a second time changes nothing)", params: IdParams, response: { 200: TelegramDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, list.write, `restart_${name}_telegram`);
      const at = app.deps.now();
      const row = await db.transaction(async (tx) => {
        const current = await findTelegram(tx, request.auth, list.family, request.params.id, true);
        allowAction(current, "restart");
        const { columns } = readColumns(current.original_content, at, list.family, list.field);
        const [updated] = await tx.update(telegrams).set(columns).where(eq(telegrams.id, current.id)).returning();
        await enqueueTelegram(tx, updated!, at);
        return updated!;
      });
      return detailOf(request, row, null, actionsOf(list));
    },
  );
}

export const ssimTelegramRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptUploadBodies(app);
  app.post(
    SSIM.path,
    {
      bodyLimit: SSIM_BODY_LIMIT,
      // a schedule is a document, not a field: its own ceiling instead of the input guard's
      config: { longStrings: { ssim_text: SSIM_LIMITS.maxFileBytes, "ssim_telegram.ssim_text": SSIM_LIMITS.maxFileBytes } } satisfies LongStrings,
      schema: {
        tags,
        summary:
          `Receive a schedule: an SSIM chapter 7 file, an ASM or an SSM, as JSON (ssim_text, message_identifier) or as a file form (file, message_identifier); ` +
          `at most ${SSIM_LIMITS.maxFileBytes / 1024 / 1024} MB, ${SSIM_LIMITS.maxLegs} legs and ${SSIM_LIMITS.maxFlights} dated flights a year. Stored, read, then applied by the queue`,
        consumes: ["application/json", "multipart/form-data"],
        response: { 200: TelegramDetailSchema, 201: TelegramDetailSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allowRule(request, SSIM_UPLOAD, "receive_ssim_telegram");
      const input = await ssimInput(request);
      const { created, row } = await receive(app.deps.db, request, SSIM, input, app.deps.now());
      reply.code(created ? 201 : 200);
      return detailOf(request, row, null, actionsOf(SSIM));
    },
  );
  readAndRestart(app, SSIM);
};

export const ahmTelegramRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    AHM.path,
    { schema: { tags, summary: "Receive an AHM 780 movement message (MVT): stored, read, then applied by the queue (actual and estimated times)", body: CreateAhmTelegramBody, response: { 200: TelegramDetailSchema, 201: TelegramDetailSchema, ...resourceErrors } } },
    async (request, reply) => {
      allowRule(request, AHM.write, "receive_ahm_telegram");
      const input = { text: request.body.ahm_text, identifier: request.body.message_identifier, source: "api" as const, field: AHM.field };
      const { created, row } = await receive(app.deps.db, request, AHM, input, app.deps.now());
      reply.code(created ? 201 : 200);
      return detailOf(request, row, null, actionsOf(AHM));
    },
  );
  readAndRestart(app, AHM);
};
