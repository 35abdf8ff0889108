import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkAwbNumber } from "../../cargo";
import { escapeXml } from "../../cargo/files/xml";
import { MESSAGING, OUTGOING_SEND, PLATFORM_ONLY } from "../../cargo/access/rules";
import { checkAddress, type Channel } from "../../cargo/telegrams/message-setting";
import { OUTGOING_STATE_REFUSAL, outgoingAllows } from "../../cargo/telegrams/outgoing-message";
import { generateTelegram } from "../../cargo/telegrams/parse-telegram";
import { findVisible, mawbOf, awbScope, type AirWaybillRow } from "../air-waybills/access";
import { findSegment } from "../flights/common";
import { segmentTelegram, type SegmentTelegramType } from "../flights/segment-messages";
import type { AuthContext } from "../auth/authenticate";
import { allowRule } from "../auth/access-rules";
import type { Db } from "../db/open";
import { airWaybills, outgoingMessages } from "../db/schema";
import type { OutgoingMessageRow } from "../db/tables/outgoing-messages";
import { notFound, refuse, refuseField } from "../http/errors";
import { IdParams, MawbParams } from "../http/input";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { jobStatesOf, type Executor } from "../jobs/queue";
import { carrierForWrite, isPlatform, scopeCarrier } from "../settings/access";
import { enqueueSend, recordOutgoing } from "./record-outgoing";
import { answerOf, settingTargets, typedTarget, type Request, type Target } from "./targets";
import { fhlOfWaybill, fwbOfWaybill } from "./waybill-messages";
import {
  FWB_LIST_MAX,
  FwbListAnswer,
  FwbListBody,
  OutgoingListQuery,
  OutgoingMessageDetailSchema,
  OutgoingMessageSchema,
  SendMessageBody,
  SentAnswer,
  SitaMessageBody,
  WaybillTelegramAnswer,
} from "./schemas";

// Outgoing telegrams (issue 23; spec 2 §3 "Outgoing message"; spec 3 §7): the list and the detail of what was sent
// and how it went, resend (as cargo's graph allows), a waybill's FWB and FHL sent by hand, FWBs of a list of waybills,
// and platform staff's raw Type-B text (sita_messages). Who: the messaging section's readers see the messages of
// their airline (platform: every airline's, or the host's); sending is OUTGOING_SEND's (platform, airline Default and
// Manager); sita_messages is the platform's. Another airline's message or waybill is "not found".

const tags = ["outgoing messages"];

/** The messages the caller may see: its airline's; the platform's on the default host, every airline's. */
function outgoingScope(auth: AuthContext): SQL | undefined {
  const carrier = scopeCarrier(auth);
  if (carrier) return eq(outgoingMessages.carrier, carrier);
  return isPlatform(auth.profile) ? undefined : eq(outgoingMessages.id, -1);
}

async function detailOf(db: Executor, request: Request, row: OutgoingMessageRow) {
  const job = (await jobStatesOf(db, "outgoing_messages", [row.id])).get(row.id);
  return {
    ...answerOf(request, row),
    body: row.body,
    request_headers: row.request_headers ?? null,
    last_error: row.last_error,
    delivery: job ? { state: job.state, attempts: job.attempts, max_attempts: job.max_attempts, run_at: job.run_at, last_error: job.last_error } : null,
  };
}

async function findRow(db: Pick<Db, "select">, auth: AuthContext, id: number, lock = false): Promise<OutgoingMessageRow> {
  const query = db.select().from(outgoingMessages).where(and(eq(outgoingMessages.id, id), outgoingScope(auth))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("outgoing_message_not_found");
  return row;
}

/** The text of `type` in the target's version; a model the codec refuses is a 422 that says why. */
function written(type: string, model: unknown, version: string | undefined): string {
  try {
    return generateTelegram(type, model, { version });
  } catch (err) {
    throw refuseField("base", "message_not_written", { detail: (err instanceof Error ? err.message : String(err)).slice(0, 200) });
  }
}

/** The waybill's FWB or FHL model as it stands; an FHL of a waybill without house waybills is refused (nothing to write). */
async function waybillModel(tx: Executor, awb: AirWaybillRow, type: "FWB" | "FHL"): Promise<unknown> {
  const model = type === "FWB" ? await fwbOfWaybill(tx, awb) : await fhlOfWaybill(tx, awb);
  if (!model) throw refuseField("base", "no_house_waybills");
  return model;
}

async function sendWaybillMessage(tx: Executor, request: Request, now: Date, awb: AirWaybillRow, type: "FWB" | "FHL", model: unknown, targets: Target[]) {
  const rows: OutgoingMessageRow[] = [];
  for (const target of targets) {
    rows.push(
      ...(await recordOutgoing(tx, now, {
        carrier: awb.carrier,
        event: "manual",
        messageType: type,
        text: written(type, model, target.version),
        model,
        format: target.format,
        to: target.to,
        cc: target.cc,
        bcc: target.bcc,
        subject: target.subject,
        settingId: target.settingId,
        awb: { id: awb.id, mawb: awb.mawb },
        origin: awb.origin_iata,
        destination: awb.destination_iata,
        createdBy: request.auth.user.id,
      })),
    );
  }
  return rows;
}

export const outgoingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now();

  const list = async (request: Request, q: z.infer<typeof OutgoingListQuery>, extra: SQL | undefined) => {
    const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);
    const where = and(
      outgoingScope(request.auth),
      extra,
      q.message_type ? eq(outgoingMessages.message_type, q.message_type) : undefined,
      q.channel_type ? eq(outgoingMessages.channel_type, q.channel_type) : undefined,
      q.status ? eq(outgoingMessages.status, q.status) : undefined,
      q.mawb ? sql`${outgoingMessages.mawb} like ${`${q.mawb}%`}` : undefined,
      q.segment_id ? eq(outgoingMessages.segment_id, q.segment_id) : undefined,
      q.date_from ? gte(outgoingMessages.created_at, new Date(`${q.date_from}T00:00:00Z`)) : undefined,
      q.date_to ? lt(outgoingMessages.created_at, dayAfter(q.date_to)) : undefined,
    );
    const [{ total }] = (await db.select({ total: count() }).from(outgoingMessages).where(where)) as [{ total: number }];
    const rows = await db
      .select()
      .from(outgoingMessages)
      .where(where)
      .orderBy(desc(outgoingMessages.created_at), desc(outgoingMessages.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page));
    return { data: rows.map((row) => answerOf(request, row)), meta: pageMeta(total, q.page, q.per_page) };
  };

  app.get(
    "/api/v3/outgoing_messages",
    { schema: { tags, summary: "Telegrams sent, newest first, with how their sending went", querystring: OutgoingListQuery, response: { 200: pageOf(OutgoingMessageSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, MESSAGING, "read_outgoing_messages");
      return list(request, request.query, undefined);
    },
  );

  app.get(
    "/api/v3/outgoing_messages/:id",
    { schema: { tags, summary: "An outgoing message: what was sent, to whom, through which channel, and how its sending went", params: IdParams, response: { 200: OutgoingMessageDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, MESSAGING, "read_outgoing_messages");
      return detailOf(db, request, await findRow(db, request.auth, request.params.id));
    },
  );

  app.post(
    "/api/v3/outgoing_messages/:id/resend",
    { schema: { tags, summary: "Send a sent or failed message again, as it was written", params: IdParams, response: { 200: OutgoingMessageDetailSchema, ...resourceErrors } } },
    async (request) => {
      allowRule(request, OUTGOING_SEND, "resend_outgoing_message");
      const at = now();
      const row = await db.transaction(async (tx) => {
        const current = await findRow(tx, request.auth, request.params.id, true);
        if (!outgoingAllows(current.status, "resend")) throw refuse(422, OUTGOING_STATE_REFUSAL, { state: current.status, action: "resend" });
        const [updated] = await tx
          .update(outgoingMessages)
          .set({ status: "queued", attempts: 0, last_error_code: null, last_error: null, updated_at: at })
          .where(eq(outgoingMessages.id, current.id))
          .returning();
        await enqueueSend(tx, current.id, at);
        return updated!;
      });
      return detailOf(db, request, row);
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb/outgoing_messages",
    { schema: { tags, summary: "The telegrams sent about a waybill, newest first", params: MawbParams, querystring: OutgoingListQuery, response: { 200: pageOf(OutgoingMessageSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, MESSAGING, "read_outgoing_messages");
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      return list(request, request.query, eq(outgoingMessages.air_waybill_id, awb.id));
    },
  );

  app.get(
    "/api/v3/segments/:id/outgoing_messages",
    { schema: { tags, summary: "The telegrams sent about a flight segment (its FBL, FFM, UWS; its waybills' statuses), newest first", params: IdParams, querystring: OutgoingListQuery, response: { 200: pageOf(OutgoingMessageSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, MESSAGING, "read_outgoing_messages");
      const segment = await findSegment(db, request, request.params.id);
      return list(request, request.query, eq(outgoingMessages.segment_id, segment.id));
    },
  );

  const sendOne = (type: "FWB" | "FHL", path: string, summary: string) =>
    app.post(
      `/api/v3/air_waybills/:mawb/${path}`,
      { schema: { tags, summary, params: MawbParams, body: SendMessageBody, response: { 201: SentAnswer, ...resourceErrors } } },
      async (request, reply) => {
        allowRule(request, OUTGOING_SEND, `send_${type.toLowerCase()}`);
        const body = request.body as { channel?: Channel; addresses?: string[] };
        const at = now();
        const rows = await db.transaction(async (tx) => {
          const awb = await findVisible(tx, request.auth, mawbOf(request.params.mawb));
          const model = await waybillModel(tx, awb, type);
          const typed = body.addresses?.length ? [typedTarget(body.addresses, body.channel)] : null;
          const targets = typed ?? (await settingTargets(tx, awb.carrier, type, awb.origin_iata, body.channel));
          if (!targets.length) throw refuseField("addresses", "no_message_setting", { type });
          return sendWaybillMessage(tx, request, at, awb, type, model, targets);
        });
        return reply.code(201).send({ data: rows.map((row) => answerOf(request, row)) });
      },
    );
  /** The waybill the caller may see, and its FWB or FHL as sending it now would write it (the codec's current version). */
  const waybillText = async (auth: AuthContext, mawb: string, type: "FWB" | "FHL") => {
    const awb = await findVisible(db, auth, mawbOf(mawb));
    return { awb, text: written(type, await waybillModel(db, awb, type), undefined) };
  };

  /** The page's text (spec 1 /shipments/:mawb/fwb, /fhl): what sending it now would write, in the codec's current version. */
  const showOne = (type: "FWB" | "FHL", path: string, summary: string) =>
    app.get(
      `/api/v3/air_waybills/:mawb/${path}`,
      { schema: { tags, summary, params: MawbParams, response: { 200: WaybillTelegramAnswer, ...resourceErrors } } },
      async (request) => {
        const { awb, text } = await waybillText(request.auth, request.params.mawb, type);
        return { type, mawb: awb.mawb, text, generated_at: now().toISOString() };
      },
    );
  showOne("FWB", "fwb", "The waybill's FWB as sending it now would write it: the Cargo-IMP text (its flights from its active bookings)");
  showOne("FHL", "fhl", "The waybill's FHL (its house waybills) as sending it now would write it; 422 no_house_waybills when it has none");

  /** A telegram's text as a page of its own, for reading and printing: escaped, nothing it says can run. */
  const telegramPage = (title: string, text: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeXml(title)}</title><style>body{margin:2em;font:14px/1.4 monospace}pre{white-space:pre-wrap}</style></head><body><pre>${escapeXml(text)}</pre></body></html>`;

  app.get(
    "/api/v3/air_waybills/:mawb/eap.cimp",
    { schema: { tags, summary: "The e-AWB in Cargo-IMP: the waybill's FWB as sending it now would write it, as an HTML page to read or print", params: MawbParams, produces: ["text/html"] } },
    async (request, reply) => {
      const { awb, text } = await waybillText(request.auth, request.params.mawb, "FWB");
      reply.header("content-disposition", `inline; filename="fwb_${awb.mawb}.html"`);
      reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type("text/html; charset=utf-8").send(telegramPage(`FWB ${awb.mawb}`, text));
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb/house_waybills.cimp",
    { schema: { tags, summary: "The master's house waybills in Cargo-IMP (its FHL) as a text file, fhl_<mawb>.txt; 422 no_house_waybills when it has none", params: MawbParams, produces: ["text/plain"] } },
    async (request, reply) => {
      const { awb, text } = await waybillText(request.auth, request.params.mawb, "FHL");
      reply.header("content-disposition", `attachment; filename="fhl_${awb.mawb}.txt"`);
      return reply.type("text/plain; charset=utf-8").send(text);
    },
  );

  sendOne("FWB", "send_fwb", "Send the waybill's FWB: to the addresses given, or to the airline's message settings for sending FWB by hand");
  sendOne("FHL", "fhl", "Send the waybill's FHL (its house waybills) to the addresses given");

  /**
   * A flight's FBL, FFM or UWS sent (spec 3 §7 segments' POST fbl, ffm, send_uws; body message: channel, addresses):
   * written from the flight's data as its tab shows it, each part of a long message a message of its own, to the
   * addresses given or, for an FFM, the airline's settings for sending it by hand at the flight's origin.
   */
  const sendFlight = (type: SegmentTelegramType, path: string) =>
    app.post(
      `/api/v3/segments/:id/${path}`,
      {
        schema: {
          tags,
          summary: `Send the flight's ${type} (each part on its own) to the addresses given${type === "FFM" ? ", or to the airline's message settings for sending FFM by hand" : ""}; 422 not_enough_data as its tab`,
          params: IdParams,
          body: SendMessageBody,
          response: { 201: SentAnswer, ...resourceErrors },
        },
      },
      async (request, reply) => {
        allowRule(request, OUTGOING_SEND, `send_${type.toLowerCase()}`);
        const body = request.body as { channel?: Channel; addresses?: string[] };
        const segment = await findSegment(db, request, request.params.id);
        const at = now();
        const telegram = await segmentTelegram(db, segment, type, at);
        const rows = await db.transaction(async (tx) => {
          const typed = body.addresses?.length ? [typedTarget(body.addresses, body.channel)] : null;
          const targets = typed ?? (type === "FFM" ? await settingTargets(tx, segment.carrier, type, segment.origin_iata, body.channel) : []);
          if (!targets.length) throw refuseField("addresses", typed || type === "FFM" ? "no_message_setting" : "blank", { type });
          const out: OutgoingMessageRow[] = [];
          for (const target of targets)
            for (const text of telegram.parts)
              out.push(
                ...(await recordOutgoing(tx, at, {
                  carrier: segment.carrier,
                  event: "manual",
                  messageType: type,
                  text,
                  model: telegram.message,
                  format: target.format,
                  to: target.to,
                  cc: target.cc,
                  bcc: target.bcc,
                  subject: target.subject ?? `${type} ${segment.number_with_date}`,
                  settingId: target.settingId,
                  segmentId: segment.id,
                  origin: segment.origin_iata,
                  destination: segment.destination_iata,
                  createdBy: request.auth.user.id,
                })),
              );
          return out;
        });
        return reply.code(201).send({ data: rows.map((row) => answerOf(request, row)) });
      },
    );
  sendFlight("FBL", "fbl");
  sendFlight("FFM", "ffm");
  sendFlight("UWS", "send_uws");

  app.post(
    "/api/v3/air_waybills/fwb_list",
    { schema: { tags, summary: `Send the FWB of each waybill of a list (at most ${FWB_LIST_MAX}); numbers the caller cannot see are named, not sent`, body: FwbListBody, response: { 201: FwbListAnswer, ...resourceErrors } } },
    async (request, reply) => {
      allowRule(request, OUTGOING_SEND, "send_fwb");
      const body = request.body;
      const typed = body.addresses?.length ? [typedTarget(body.addresses, body.channel)] : null;
      const numbers = [...new Set(body.mawbs.map((m) => checkAwbNumber(m)).flatMap((c) => (c.valid ? [c.mawb] : [])))];
      const invalid = body.mawbs.filter((m) => !checkAwbNumber(m).valid).map((m) => m.slice(0, 20));
      const at = now();
      const result = await db.transaction(async (tx) => {
        const awbs = numbers.length ? await tx.select().from(airWaybills).where(and(inArray(airWaybills.mawb, numbers), awbScope(request.auth))) : [];
        const rows: OutgoingMessageRow[] = [];
        const sent: string[] = [];
        for (const awb of awbs) {
          const targets = typed ?? (await settingTargets(tx, awb.carrier, "FWB", awb.origin_iata, body.channel));
          if (!targets.length) continue;
          rows.push(...(await sendWaybillMessage(tx, request, at, awb, "FWB", await fwbOfWaybill(tx, awb), targets)));
          sent.push(awb.mawb);
        }
        return { rows, sent };
      });
      if (!result.sent.length && !typed && numbers.length) throw refuseField("addresses", "no_message_setting", { type: "FWB" });
      const notSent = [...invalid, ...numbers.filter((n) => !result.sent.includes(n))];
      return reply.code(201).send({ data: result.rows.map((row) => answerOf(request, row)), sent: result.sent, not_found: notSent });
    },
  );

  app.post(
    "/api/v3/sita_messages",
    { schema: { tags, summary: "Platform: send a Type-B text to SITA addresses through the gateway (an envelope with our origin is put around it)", body: SitaMessageBody, response: { 201: OutgoingMessageDetailSchema, ...resourceErrors } } },
    async (request, reply) => {
      allowRule(request, PLATFORM_ONLY, "send_sita_message");
      const body = request.body;
      if (!body.addresses.length) throw refuseField("addresses", "blank");
      for (const raw of body.addresses) {
        const read = checkAddress(raw);
        if (!read.ok || read.channel !== "sita") throw refuseField("addresses", "sita_address_only", { address: raw.slice(0, 100) });
      }
      // a Type-B text is upper-case ASCII: what a gateway would garble is refused here
      if (!/^[\x20-\x7e\r\n]*$/.test(body.text)) throw refuseField("text", "only_latin");
      const carrier = await carrierForWrite(db, request.auth, body.carrier);
      const at = now();
      const [row] = await db.transaction((tx) =>
        recordOutgoing(tx, at, { carrier, event: "sita_message", messageType: body.text.slice(0, 3).toUpperCase().match(/^[A-Z]{3}$/)?.[0] ?? null, text: body.text.toUpperCase(), to: body.addresses, createdBy: request.auth.user.id }),
      );
      return reply.code(201).send(await detailOf(db, request, row!));
    },
  );

  app.get(
    "/api/v3/sita_messages",
    { schema: { tags, summary: "Platform: the Type-B texts sent by hand, newest first", querystring: OutgoingListQuery, response: { 200: pageOf(OutgoingMessageSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, PLATFORM_ONLY, "read_sita_messages");
      return list(request, request.query, eq(outgoingMessages.event_identifier, "sita_message"));
    },
  );
};
