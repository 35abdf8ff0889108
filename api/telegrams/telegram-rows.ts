import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Condition } from "../../cargo/access/condition";
import { TELEGRAM_ACTIONS, TELEGRAM_STATE_REFUSAL, telegramAllows, telegramState, type TelegramAction } from "../../cargo/telegrams/telegram-state";
import type { AuthContext } from "../auth/authenticate";
import { mayDo } from "../auth/access-rules";
import type { Db } from "../db/open";
import { telegrams, users } from "../db/schema";
import type { TelegramListFamily } from "../db/tables/telegrams";
import { notFound, refuse, refuseField } from "../http/errors";
import { isPlatform, scopeCarrier } from "../settings/access";
import { readTelegram } from "./read-telegram";

// What the three telegram lists (issue 23: cimp_telegrams, ssim_telegrams, ahm_telegrams) share: one table, told apart
// by `family`; the same scope (the caller's airline; the platform's on the default host, every airline's), the same
// answer, the same state graph (cargo/telegrams/telegram-state.ts) and the same reading of a text into columns.

export type TelegramRow = typeof telegrams.$inferSelect;
export type FastifyRequestLike = Parameters<typeof mayDo>[0];

/** The telegrams of `family` the caller may see: its airline's; the platform's on the default host, every airline's. */
export function telegramScope(auth: AuthContext, family: TelegramListFamily): SQL | undefined {
  const carrier = scopeCarrier(auth);
  const inFamily = eq(telegrams.family, family);
  if (carrier) return and(inFamily, eq(telegrams.carrier, carrier));
  return isPlatform(auth.profile) ? inFamily : and(inFamily, eq(telegrams.id, -1));
}

/** How a list offers the graph's actions: who may (its upload rule) and which its API has (SSIM and AHM: no correction). */
export interface ListActions {
  rule: Condition;
  offered: readonly TelegramAction[];
}

const actionsOf = (request: FastifyRequestLike, row: Pick<TelegramRow, "parsing_status" | "processing_status">, list: ListActions) => {
  const state = telegramState(row.parsing_status, row.processing_status);
  const may = mayDo(request, list.rule);
  return Object.fromEntries(TELEGRAM_ACTIONS.map((a) => [a, may && list.offered.includes(a) && telegramAllows(state, a)])) as Record<TelegramAction, boolean>;
};

export function answerOf(request: FastifyRequestLike, row: TelegramRow, corrector_email: string | null, list: ListActions) {
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
    actions: actionsOf(request, row, list),
  };
}

export const detailOf = (request: FastifyRequestLike, row: TelegramRow, corrector_email: string | null, list: ListActions) => ({
  ...answerOf(request, row, corrector_email, list),
  original_content: row.original_content,
  parsed_content: row.parsed_content ?? null,
  error_messages: row.error_messages,
  processing_notes: row.processing_notes,
});

/**
 * The columns a text reads into, for the list of `family`. A text of another list's family (an SSIM file sent as
 * Cargo-IMP, an FWB sent as an MVT) is refused under `field`: it belongs to that list, whose processing knows it.
 * Processing (applying the telegram to waybills, bookings and flights) is the queue's work (telegram-job.ts): the
 * status waits as pending until it runs, or is skipped when the text did not parse.
 */
export function readColumns(text: string, at: Date, family: TelegramListFamily, field: string) {
  const read = readTelegram(text);
  if (read.family && read.family !== family) throw refuseField(field, "telegram_wrong_list", { type: read.message_type ?? "", list: read.family });
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

export async function findTelegram(db: Pick<Db, "select">, auth: AuthContext, family: TelegramListFamily, id: number, lock = false): Promise<TelegramRow> {
  const query = db.select().from(telegrams).where(and(eq(telegrams.id, id), telegramScope(auth, family))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("telegram_not_found");
  return row;
}

export const corrector = users;

export async function correctorEmail(db: Pick<Db, "select">, row: TelegramRow): Promise<string | null> {
  if (!row.corrected_by) return null;
  const [user] = await db.select({ email: corrector.email }).from(corrector).where(eq(corrector.id, row.corrected_by)).limit(1);
  return user?.email ?? null;
}

/** 422 naming the state when the telegram's graph does not allow `action` now. */
export function allowAction(row: TelegramRow, action: TelegramAction) {
  const state = telegramState(row.parsing_status, row.processing_status);
  if (!telegramAllows(state, action)) throw refuse(422, TELEGRAM_STATE_REFUSAL, { state, action });
}

/** The rows in `state` (cargo/telegrams/telegram-state.ts telegramState, as SQL over the two statuses). */
export function stateFilter(state: ReturnType<typeof telegramState>): SQL {
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
