import { json } from "@remix-run/node";
import type { SignedInUser } from "../auth/guard.server";
import { notFound } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import type { AirWaybill } from "../upstream/air-waybills.server";
import {
  answerShipperLetter,
  getMovementDifference,
  getShipperLetter,
  getTerminalStatus,
  sendShipperLetter,
  sendToTerminal,
  type MovementDifference,
  type ShipperLetter,
} from "../upstream/handover.server";
import { SLI_INFO_MAX } from "./sli-states";
import type { SliReply } from "./sli-reply";
import { failureStatus, type UpstreamFailure } from "~/lib/upstream/errors";

// The shipment page's handover parts (issue 11): the shipper's letter of instruction (the forwarder sends it, the
// airline accepts or declines it with a reason), the difference between declared and received figures, and the
// terminal request. The page's loader and action call these; each step comes back to the page with a notice, or
// with the answer dialog still open, what was typed kept and each error beside its field.

export interface Handover {
  /** null: the letter could not be read (the section says so). */
  letter: ShipperLetter | null;
  /** Only when some station's received figures differ from the declared ones. */
  difference: MovementDifference | null;
  /** The terminal button is offered. */
  terminal: boolean;
}

export async function loadHandover(user: SignedInUser, awb: AirWaybill): Promise<Handover> {
  const [letter, difference, terminal] = await Promise.all([getShipperLetter(user.api, awb.mawb), getMovementDifference(user.api, awb.mawb), getTerminalStatus(user.api, awb.mawb)]);
  return {
    letter: letter.ok ? letter.data : null,
    difference: difference.ok && difference.data.has_difference ? difference.data : null,
    terminal: terminal.ok && terminal.data.available,
  };
}

export const HANDOVER_INTENTS = ["sli_send", "sli_answer", "terminal_request"] as const;
type HandoverIntent = (typeof HANDOVER_INTENTS)[number];
export const isHandoverIntent = (value: unknown): value is HandoverIntent => (HANDOVER_INTENTS as readonly unknown[]).includes(value);

/** The terminal's own words, which our API sends as the `words` of its terminal_refused refusal, cut to a line. */
function terminalDetail(failure: UpstreamFailure): string {
  const words = failure.refusal?.code === "terminal_refused" ? failure.refusal.params.words : undefined;
  return words === undefined ? "" : String(words).slice(0, 200);
}

export async function handoverAction(user: SignedInUser, awb: AirWaybill, form: FormData, intent: HandoverIntent): Promise<Response> {
  const mawb = awb.mawb;
  const back = `/dashboard/shipments/${mawb}`;

  if (intent === "terminal_request") {
    // only what the API offers this user now: a forged post is the not-found page
    const status = await getTerminalStatus(user.api, mawb);
    if (!status.ok || !status.data.available) throw notFound();
    const result = await sendToTerminal(user.api, mawb);
    if (result.ok) return redirectWithNotice(back, user, { kind: "success", key: "handover:notices.terminalSent", params: { mawb } });
    if (result.code === "NotFound") throw notFound();
    if (result.code === "EmptyFields") return redirectWithNotice(back, user, { kind: "error", key: "handover:notices.terminalRefused", params: { detail: terminalDetail(result) } });
    if (result.code === "Timeout") return redirectWithNotice(back, user, { kind: "error", key: "handover:notices.terminalTimeout" });
    return redirectWithNotice(back, user, { kind: "error", key: "handover:notices.terminalFailed" });
  }

  const letter = await getShipperLetter(user.api, mawb);
  if (!letter.ok) throw notFound();

  if (intent === "sli_send") {
    if (!letter.data.actions.send) throw notFound();
    const result = await sendShipperLetter(user.api, mawb);
    if (!result.ok) {
      if (result.code === "NotFound") throw notFound();
      return redirectWithNotice(back, user, { kind: "error", key: result.status === 422 ? "handover:notices.sliNotNow" : `errors:${result.code}` });
    }
    return redirectWithNotice(back, user, { kind: "success", key: "handover:notices.sliSent", params: { mawb, barcode: result.data.barcode ?? "" } });
  }

  // the airline's answer
  if (!letter.data.actions.answer) throw notFound();
  const decision = String(form.get("decision") ?? "");
  const info = String(form.get("info") ?? "").trim();
  const reply: SliReply = { values: { decision, info }, errors: {} };
  if (decision !== "accepted" && decision !== "declined") reply.errors.decision = "handover:errors.decision";
  if (decision === "declined" && !info) reply.errors.info = "handover:errors.infoRequired";
  if (info.length > SLI_INFO_MAX) reply.errors.info = `handover:errors.infoTooLong?max=${SLI_INFO_MAX}`;
  if (Object.keys(reply.errors).length) return json({ sliReply: reply }, { status: 400 });
  const result = await answerShipperLetter(user.api, mawb, { accepted: decision === "accepted", info: info || undefined });
  if (!result.ok) {
    if (result.code === "NotFound") throw notFound();
    if (result.fieldErrors.info) reply.errors.info = "handover:errors.infoRequired";
    else reply.errors.form = result.status === 422 ? "handover:errors.alreadyAnswered" : `errors:${result.code}`;
    return json({ sliReply: reply }, { status: failureStatus(result) });
  }
  return redirectWithNotice(back, user, { kind: "success", key: decision === "accepted" ? "handover:notices.sliAccepted" : "handover:notices.sliDeclined", params: { mawb } });
}
