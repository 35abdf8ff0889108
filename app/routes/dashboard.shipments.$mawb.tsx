import { Stack } from "~/components/plain/stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AwbPrintForms } from "~/components/air-waybills/awb-print-forms";
import { ShipmentActions, ShipmentHeader } from "~/components/air-waybills/shipment-header";
import { ShipmentSections } from "~/components/air-waybills/shipment-sections";
import { HouseWaybillsSection } from "~/components/air-waybills/house-waybills-section";
import { VoidRequestsSection } from "~/components/air-waybills/void-requests-section";
import { ShipmentDocuments } from "~/components/air-waybills/shipment-documents";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AWB_AIRLINE_ACTIONS, OUTGOING_SEND } from "../../cargo/access/rules";
import { SendTelegramForm } from "~/components/outgoing/send-telegram-form";
import { WaybillTelegramLinks } from "~/components/outgoing/waybill-telegram-links";
import { sendTelegramAction, type SendTelegramReply } from "~/lib/outgoing/send-telegram.server";
import { sendWaybillTelegram } from "~/lib/upstream/outgoing-messages.server";
import { canAccess, meets } from "~/lib/access/can-access";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { notFound } from "~/lib/http/not-found.server";
import { loadAirWaybill, mawbParam, shipmentIntentOf } from "~/lib/air-waybills/shipment.server";
import { loadDocuments } from "~/lib/attachments/shipment-documents.server";
import { isPaperworkIntent, loadPaperwork, paperworkAction, type Paperwork } from "~/lib/air-waybills/paperwork.server";
import { handoverAction, isHandoverIntent, loadHandover, type Handover } from "~/lib/handover/handover.server";
import type { SliReply } from "~/lib/handover/sli-reply";
import { ShipperLetterSection } from "~/components/air-waybills/shipper-letter-section";
import { ReceivedDifferenceAlert } from "~/components/air-waybills/received-difference-alert";
import { TerminalRequestButton } from "~/components/air-waybills/terminal-request-button";
import type { VoidReply } from "~/lib/air-waybills/void-request-reply";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import {
  listAwbChangeLogs,
  listAwbMovements,
  runAwbAction,
  setCharter,
  type AirWaybill,
  type AwbChangeLog,
  type Movement,
  type StateAction,
} from "~/lib/upstream/air-waybills.server";
import type { ErrorCode, UpstreamResult } from "~/lib/upstream/errors";
import { messageArgs, refusalOf } from "~/lib/upstream/refusal";

// The shipment page /dashboard/shipments/:mawb (spec 1 §2, §6 "Shipment detail"): number, route and state flags, the
// actions the API says this user may take now (issue, verify, void with a reason, deliver, their cancels, charter),
// parties, accounting information, goods, dimensions, the chargeable calculation, bookings, movements, warnings and
// the change log.

const ROUTE = "/dashboard/shipments/:mawb";

export const handle = { i18n: ["awb", "shipments", "void-requests", "house-waybills", "attachments", "handover", "uploads", "handling", "outgoing", "common", "errors"] };
export const meta = pageMeta;

async function settle<T>(pending: Promise<UpstreamResult<{ data: T[] }>>): Promise<{ rows: T[] | null; error: ErrorCode | null }> {
  const result = await pending;
  return result.ok ? { rows: result.data.data, error: null } : { rows: null, error: result.code };
}

const Dialog = z.enum(["void", "cancel_void"]).nullable().catch(null);

export async function loader(args: LoaderFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const mawb = mawbParam(args.params.mawb);
  const [awb, movements, changeLog] = await Promise.all([
    loadAirWaybill(user, mawb),
    settle<Movement>(listAwbMovements(user.api, mawb)),
    settle<AwbChangeLog>(listAwbChangeLogs(user.api, mawb)),
  ]);
  const may = (pattern: string) => canAccess(pattern, user.access);
  // void requests and house waybills (issue 11)
  // the shipper's letter, received figures and the terminal request (issue 11)
  const [paperwork, documents, handover] = await Promise.all([loadPaperwork(user, awb), loadDocuments(user, awb), loadHandover(user, awb)]);
  return json({
    paperwork,
    handover,
    documents,
    pageTitle: t("awb:detail.title", { mawb }),
    awb,
    movements,
    changeLog,
    // "Send FWB" (issue 23): the airline side and platform, who send telegrams
    canSendFwb: meets(OUTGOING_SEND, user.access),
    dialog: Dialog.parse(new URL(args.request.url).searchParams.get("dialog")) as StateAction | null,
    editAwbHref: awb.actions.edit && may("/dashboard/shipments/:mawb/edit-awb") ? `/dashboard/shipments/${mawb}/edit-awb` : null,
    editBookingHref:
      awb.actions.book && awb.bookings.some((b) => b.active) && may("/dashboard/shipments/:mawb/edit-booking") ? `/dashboard/shipments/${mawb}/edit-booking` : null,
  });
}

/** The shipment page's "Send FWB" form posts this intent. */
const SEND_FWB_INTENT = "send_fwb";

/** Spec 3 §8 success messages of the waybill actions. */
const NOTICES = {
  issue: "awb:notices.issued",
  cancel_issue: "awb:notices.issueCancelled",
  verify: "awb:notices.verified",
  cancel_verify: "awb:notices.verifyCancelled",
  void: "awb:notices.voided",
  cancel_void: "awb:notices.voidCancelled",
  deliver: "awb:notices.delivered",
} as const satisfies Record<StateAction, string>;

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const mawb = mawbParam(args.params.mawb);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const posted = form.get("intent");
  if (isPaperworkIntent(posted)) return paperworkAction(user, await loadAirWaybill(user, mawb), form, posted);
  if (isHandoverIntent(posted)) return handoverAction(user, await loadAirWaybill(user, mawb), form, posted);
  if (posted === SEND_FWB_INTENT) return sendTelegramAction(user, form, { type: "FWB", back: `/dashboard/shipments/${mawb}`, send: (addresses) => sendWaybillTelegram(user.api, mawb, "FWB", addresses) });
  const intent = shipmentIntentOf(posted);
  if (!intent) return json({ reasonError: null }, { status: 400 });
  const back = `/dashboard/shipments/${mawb}`;
  // What the API says this user may do now. A button it no longer offers is either forged (the user is not on the
  // airline side: the not-found page, nothing sent upstream) or stale (another desk moved the shipment on since the
  // page was drawn): the API then refuses it with the state graph's words, which the notice repeats.
  const awb = await loadAirWaybill(user, mawb);
  if (!awb.actions[intent] && !meets(AWB_AIRLINE_ACTIONS, user.access)) throw notFound();

  if (intent === "charter") {
    const charter = form.get("charter") === "true";
    const result = await setCharter(user.api, mawb, charter);
    if (!result.ok) return refusedNotice(back, user, result);
    return redirectWithNotice(back, user, { kind: "success", key: charter ? "awb:notices.charterSet" : "awb:notices.charterRemoved" });
  }

  const needsReason = intent === "void" || intent === "cancel_void";
  const reason = String(form.get("reason") ?? "").trim();
  // a reason is required (the dialog stays open, with the error beside the field)
  if (needsReason && !reason) return json({ reasonError: "errors:required" }, { status: 400 });
  if (reason.length > 2000) return json({ reasonError: "errors:max?max=2000" }, { status: 400 });
  const result = await runAwbAction(user.api, mawb, intent, needsReason ? reason : undefined);
  if (!result.ok) return refusedNotice(back, user, result);
  return redirectWithNotice(back, user, { kind: "success", key: NOTICES[intent], params: { mawb } });
}

/** A refused action back on the shipment page: the state that forbids it, in the reader's words (404: not-found page). */
function refusedNotice(back: string, user: Parameters<typeof redirectWithNotice>[1], result: Extract<UpstreamResult<unknown>, { ok: false }>) {
  if (result.code === "NotFound") throw notFound();
  const refusal = refusalOf(result);
  if (refusal) return redirectWithNotice(back, user, { kind: "error", key: refusal.key, params: refusal.params });
  return redirectWithNotice(back, user, { kind: "error", key: "awb:notices.actionFailed" });
}

export default function ShipmentPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation(["errors"]);
  const awb = data.awb as AirWaybill;
  const voidReply = answer && "voidReply" in answer ? (answer.voidReply as VoidReply) : null;
  const sliReply = answer && "sliReply" in answer ? (answer.sliReply as SliReply) : null;
  const sendFwbReply = answer && "send" in answer ? (answer as SendTelegramReply).send : null;
  const handover = data.handover as Handover;
  const reasonError = answer && "reasonError" in answer && answer.reasonError ? t(...messageArgs(answer.reasonError)) : null;
  // a refused reason keeps its dialog open even though the post's address lost ?dialog
  const dialog = data.dialog ?? (answer && "reasonError" in answer && answer.reasonError ? (awb.voided_at ? "cancel_void" : "void") : null);
  return (
    <Stack gap="md">
      <ShipmentHeader awb={awb} />
      {handover.difference ? <ReceivedDifferenceAlert difference={handover.difference} /> : null}
      <ShipmentActions awb={awb} dialog={dialog} editAwbHref={data.editAwbHref} editBookingHref={data.editBookingHref} reasonError={reasonError} />
      <AwbPrintForms mawb={awb.mawb} pieces={awb.pieces} />
      <WaybillTelegramLinks mawb={awb.mawb} />
      {data.canSendFwb ? <SendTelegramForm type="FWB" hidden={{ intent: SEND_FWB_INTENT }} settings reply={sendFwbReply} testId="send-fwb" /> : null}
      <VoidRequestsSection mawb={awb.mawb} rows={data.paperwork.voidRequests.rows as Paperwork["voidRequests"]["rows"]} canRequest={data.paperwork.voidRequests.canRequest} failed={data.paperwork.voidRequests.failed} reply={voidReply} timeZone={awb.origin_time_zone} />
      <ShipperLetterSection mawb={awb.mawb} letter={handover.letter} reply={sliReply} timeZone={awb.origin_time_zone} />
      {handover.terminal ? <TerminalRequestButton /> : null}
      {data.paperwork.houses ? <HouseWaybillsSection mawb={awb.mawb} {...(data.paperwork.houses as NonNullable<Paperwork["houses"]>)} /> : null}
      <ShipmentSections awb={awb} movements={data.movements as { rows: Movement[] | null; error: ErrorCode | null }} changeLog={data.changeLog as { rows: AwbChangeLog[] | null; error: ErrorCode | null }} />
      <ShipmentDocuments mawb={awb.mawb} documents={data.documents} mayAttach={data.documents.mayAttach} timeZone={awb.origin_time_zone} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
