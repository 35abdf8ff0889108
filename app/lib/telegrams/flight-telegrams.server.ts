import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { TELEGRAM_STATES } from "../../../cargo/telegrams/telegram-state";
import { canAccess } from "../access/can-access";
import type { SignedInUser } from "../auth/guard.server";
import { requirePage } from "../auth/require-page.server";
import { BUILT_ROUTES } from "../built-routes";
import { codeParam, readListQuery } from "../forms/list-query";
import { notFound, recordIdOf } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import { listPage, required } from "../settings/required.server";
import { postedForm } from "../settings/save-form.server";
import { failureStatus } from "../upstream/errors";
import { getFlightTelegram, listFlightTelegrams, restartFlightTelegram, type FlightTelegramList } from "../upstream/flight-telegrams.server";
import { refusalMessage } from "../upstream/refusal-message";
import { shownLinesOf } from "./telegram-text";

// The loaders and the restart action of the SSIM and AHM telegram pages (issue 23; spec 1 §2 "Messaging": ssim-telegrams,
// ahm-telegrams and their /:id pages): one list shape (type, state, a flight, the days received, in the address), one
// detail (the text beside what it read as, the report of what applying it changed), each route guarding itself.

const dateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

const FILTERS = {
  message_type: codeParam(/^[A-Z]{3,4}$/),
  state: z.enum(TELEGRAM_STATES).optional().catch(undefined),
  // a flight number ("S71001") or an airline's flights ("S7"): anything else is no filter, never a 422
  number: codeParam(/^[A-Z0-9]{2}[A-Z]?(\d{1,4}[A-Z]?)?$/),
  date_from: dateParam,
  date_to: dateParam,
};

export async function flightTelegramsLoader(args: LoaderFunctionArgs, list: FlightTelegramList, route: string, upload?: string) {
  const { user, pageTitle } = await requirePage(args, route);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS });
  const canUpload = Boolean(upload && BUILT_ROUTES.has(upload) && canAccess(upload, user.access));
  const page = listPage(await listFlightTelegrams(user.api, list, { ...paging, ...filters }));
  const shown = { message_type: filters.message_type ?? "", state: filters.state ?? "", number: filters.number ?? "", date_from: filters.date_from ?? "", date_to: filters.date_to ?? "" };
  return json({ pageTitle, filters: shown, canUpload, ...page });
}

/** A schedule's model on its page: the carriers and the first legs (a file has thousands), the full model of anything smaller. */
const SHOWN_LEGS = 50;
function shownModel(type: string | null, parsed: unknown): { content: unknown; legs: number | null } {
  if (type !== "SSIM" || !parsed || typeof parsed !== "object" || !Array.isArray((parsed as { legs?: unknown }).legs)) return { content: parsed, legs: null };
  const file = parsed as { legs: unknown[] };
  return { content: { ...file, legs: file.legs.slice(0, SHOWN_LEGS) }, legs: file.legs.length };
}

export async function flightTelegramLoader(args: LoaderFunctionArgs, list: FlightTelegramList, route: string) {
  const { user, pageTitle } = await requirePage(args, route);
  const telegram = required(await getFlightTelegram(user.api, list, recordIdOf(args.params.id)));
  const { original_content, parsed_content, ...rest } = telegram;
  const { lines, hidden } = shownLinesOf(original_content, new Set(telegram.error_messages.map((e) => e.line)));
  const model = shownModel(telegram.message_type, parsed_content);
  return json({ pageTitle, telegram: rest, lines, hiddenLines: hidden, parsed: model.content, legCount: model.legs, shownLegs: SHOWN_LEGS });
}

/**
 * A telegram page's Restart (every list's): read the telegram again and apply it again, back to its page with a
 * notice; a state that no longer allows it (a stale page) answers the state graph's refusal, shown in words.
 */
export async function restartTelegramAction(args: ActionFunctionArgs, route: string, restart: (api: SignedInUser["api"], id: number) => ReturnType<typeof restartFlightTelegram>) {
  const { user } = await requirePage(args, route);
  const id = recordIdOf(args.params.id);
  const form = await postedForm(args.request, user);
  if (form.get("intent") !== "restart") throw new Response("Bad Request", { status: 400 });
  const result = await restart(user.api, id);
  if (result.ok) return redirectWithNotice(route.replace(":id", String(id)), user, { kind: "success", key: "telegrams:notices.restarted" });
  if (result.code === "NotFound") throw notFound();
  const message = result.refusal ? refusalMessage(result.refusal) : `errors:${result.code}`;
  return json({ refusal: message }, { status: failureStatus(result) });
}
