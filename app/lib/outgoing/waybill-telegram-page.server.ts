import { mayEditHouses } from "~/lib/air-waybills/house-waybills-gate";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CUSTOMS_FILING, MESSAGING, OUTGOING_SEND, WAYBILL_TELEGRAMS } from "../../../cargo/access/rules";
import { canAccess, meets } from "../access/can-access";
import { loadAirWaybill, mawbParam } from "../air-waybills/shipment.server";
import { verifyCsrf } from "../auth/csrf.server";
import { requirePage } from "../auth/require-page.server";
import { pageParam, PER_PAGE } from "../forms/list-query";
import { FILE_PLACI_INTENT } from "../flights/customs-values";
import { notFound } from "../http/not-found.server";
import { listWaybillTelegrams, type CimpTelegram } from "../upstream/cimp-telegrams.server";
import { fileWaybillPlaci } from "../upstream/customs.server";
import type { ErrorCode, UpstreamResult } from "../upstream/errors";
import { getWaybillTelegram, listWaybillOutgoing, sendWaybillTelegram, type OutgoingMessage, type WaybillTelegram, type WaybillTelegramType } from "../upstream/outgoing-messages.server";
import { fieldRefusalMessages, wholeRefusalMessage } from "../upstream/refusal-message";
import { sendTelegramAction } from "./send-telegram.server";
import { RECEIVED_PAGE, SENT_PAGE, WAYBILL_TELEGRAM_SEND_INTENT } from "./waybill-telegram-values";

// A waybill's FWB and FHL pages (spec 1 §2 /shipments/:mawb/fwb, /fhl; §6 "Shipment detail, FWB, FHL"; issue 23): the
// Cargo-IMP text the API writes from the waybill now, the send form (addresses, or the airline's settings for an FWB),
// the telegrams of that type sent about it and those received about it, each a server page of its own (`sent_page`,
// `received_page` in the address). Who sees what: the text whoever opens the shipment; the send form the telegram
// senders (an FHL only while the API says can_send_fhl); the lists the messaging section's readers, as the API
// admits them. Another company's waybill is the not-found page (the API answers it as missing).

/** One list of the page: a server page of rows, or why it could not be loaded; null when the reader may not see it. */
export interface WaybillTelegramList<Row> {
  rows: Row[];
  meta: { current_page: number; total_pages: number; total_count: number };
  error: ErrorCode | null;
}

export interface WaybillTelegramPageData {
  pageTitle: string;
  type: WaybillTelegramType;
  mawb: string;
  route: string[];
  telegram: WaybillTelegram | null;
  /** Why there is no text: the API's refusal as an i18n message (no_house_waybills), else the load error's code. */
  refusal: string | null;
  error: ErrorCode | null;
  canSend: boolean;
  /** The FWB goes to the airline's message settings when no address is typed; an FHL only to the addresses typed. */
  sendsBySettings: boolean;
  /** Whether the reader may file the waybill's own PLACI with customs (the FHL page: its entries are the houses). */
  canFilePlaci: boolean;
  /** Where a house waybill is added, when the reader may (an FHL without houses says so). */
  addHouseHref: string | null;
  sent: WaybillTelegramList<OutgoingMessage> | null;
  received: WaybillTelegramList<CimpTelegram> | null;
  /** Whether the rows open their message's page (the messaging section's detail pages). */
  opensSent: boolean;
  opensReceived: boolean;
}

const pageUrl = (mawb: string, type: WaybillTelegramType) => `/dashboard/shipments/${mawb}/${type.toLowerCase()}`;

async function listOf<Row>(pending: Promise<UpstreamResult<{ data: Row[]; meta: { current_page: number; total_pages: number; total_count: number } }>>): Promise<WaybillTelegramList<Row>> {
  const result = await pending;
  if (result.ok) return { rows: result.data.data, meta: result.data.meta, error: null };
  return { rows: [], meta: { current_page: 1, total_pages: 0, total_count: 0 }, error: result.code };
}

export async function waybillTelegramLoader(args: LoaderFunctionArgs, type: WaybillTelegramType) {
  const { user, pageTitle } = await requirePage(args, `/dashboard/shipments/:mawb/${type.toLowerCase()}`);
  const mawb = mawbParam(args.params.mawb);
  const params = new URL(args.request.url).searchParams;
  const query = (param: string) => ({ page: pageParam.parse(params.get(param) ?? undefined), per_page: PER_PAGE, message_type: type });
  const readsSent = meets(MESSAGING, user.access);
  const readsReceived = meets(WAYBILL_TELEGRAMS, user.access);
  const [awb, text, sent, received] = await Promise.all([
    loadAirWaybill(user, mawb),
    getWaybillTelegram(user.api, mawb, type),
    readsSent ? listOf(listWaybillOutgoing(user.api, mawb, query(SENT_PAGE))) : null,
    readsReceived ? listOf(listWaybillTelegrams(user.api, mawb, query(RECEIVED_PAGE))) : null,
  ]);
  const refusal = text.ok ? null : text.status === 422 ? (wholeRefusalMessage(text) ?? fieldRefusalMessages(text).base?.[0] ?? null) : null;
  // the link only where the page it opens would (the route's requirement, then the create page's own gate)
  const mayAddHouse = canAccess("/dashboard/air-waybills/:mawb/house-waybills/create", user.access) && mayEditHouses(user.access, awb);
  const data: WaybillTelegramPageData = {
    pageTitle,
    type,
    mawb,
    route: awb.route.length ? awb.route : [awb.origin_iata, awb.destination_iata],
    telegram: text.ok ? text.data : null,
    refusal,
    error: text.ok ? null : text.code,
    canSend: text.ok && (type === "FWB" ? meets(OUTGOING_SEND, user.access) : awb.can_send_fhl),
    sendsBySettings: type === "FWB",
    canFilePlaci: type === "FHL" && meets(CUSTOMS_FILING, user.access),
    addHouseHref: type === "FHL" && !text.ok && mayAddHouse ? `/dashboard/air-waybills/${mawb}/house-waybills/create` : null,
    sent,
    received,
    opensSent: canAccess("/dashboard/messaging/outgoing-messages/:id", user.access),
    opensReceived: canAccess("/dashboard/messaging/cimp-telegrams/:id", user.access),
  };
  return json(data);
}

/**
 * The page's posts: sending its telegram, or (the FHL page) filing the waybill's PLACI. The refusal stands beside the
 * addresses of the form it came from (what was typed kept); done, back to the page with a notice.
 */
export async function waybillTelegramAction(args: ActionFunctionArgs, type: WaybillTelegramType) {
  const { user } = await requirePage(args, `/dashboard/shipments/:mawb/${type.toLowerCase()}`);
  const mawb = mawbParam(args.params.mawb);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const intent = form.get("intent");
  if (type === "FHL" && intent === FILE_PLACI_INTENT) {
    if (!meets(CUSTOMS_FILING, user.access)) throw notFound();
    return sendTelegramAction(user, form, { type: "PLACI", back: pageUrl(mawb, type), send: (addresses) => fileWaybillPlaci(user.api, mawb, addresses) });
  }
  if (intent !== WAYBILL_TELEGRAM_SEND_INTENT) throw new Response("Bad Request", { status: 400 });
  return sendTelegramAction(user, form, { type, back: pageUrl(mawb, type), send: (addresses) => sendWaybillTelegram(user.api, mawb, type, addresses) });
}
