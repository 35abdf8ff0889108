import { json } from "@remix-run/node";
import { INT32_MAX } from "../../../cargo/limits";
import type { SignedInUser } from "../auth/guard.server";
import { notFound } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import type { AirWaybill } from "../upstream/air-waybills.server";
import type { UpstreamFailure } from "../upstream/errors";
import { deleteHouseWaybill, listHouseWaybills, type HouseTotals, type HouseWaybill } from "../upstream/house-waybills.server";
import { listAwbVoidRequests, requestVoid, resolveVoidRequest, withdrawVoidRequest, type VoidRequest } from "../upstream/void-requests.server";
import { housesEnabled, mayEditHouses } from "./house-waybills-gate";
import { VOID_PAYMENTS, VOID_REASON_MAX, type VoidPayment, type VoidReply } from "./void-request-reply";
import { failureStatus } from "~/lib/upstream/errors";

// The shipment page's paperwork (issue 11): its void requests — the forwarder asks and withdraws, the airline accepts
// or declines — and its house waybills (the list and deleting one; create and edit are pages of their own). The page's
// loader and action call these; each step comes back to the page with a notice, or with the dialog still open, what
// was typed kept and each error beside its field.

export interface Paperwork {
  voidRequests: { rows: VoidRequest[]; canRequest: boolean; failed: boolean };
  /** null: this site has no house waybills. */
  houses: { rows: HouseWaybill[]; totals: HouseTotals | null; failed: boolean; canChange: boolean } | null;
}

export async function loadPaperwork(user: SignedInUser, awb: AirWaybill): Promise<Paperwork> {
  const withHouses = housesEnabled(user.access);
  const [requests, houses] = await Promise.all([listAwbVoidRequests(user.api, awb.mawb), withHouses ? listHouseWaybills(user.api, awb.mawb) : null]);
  return {
    voidRequests: requests.ok ? { rows: requests.data.data, canRequest: requests.data.can_request, failed: false } : { rows: [], canRequest: false, failed: true },
    houses: houses
      ? houses.ok
        ? { rows: houses.data.data, totals: houses.data.totals, failed: false, canChange: awb.actions.edit }
        : { rows: [], totals: null, failed: true, canChange: false }
      : null,
  };
}

/** The intents this module answers; any other is the page's own. */
export const PAPERWORK_INTENTS = ["void_request", "void_request_withdraw", "void_request_resolve", "house_delete"] as const;
type PaperworkIntent = (typeof PAPERWORK_INTENTS)[number];
export const isPaperworkIntent = (value: unknown): value is PaperworkIntent => (PAPERWORK_INTENTS as readonly unknown[]).includes(value);

/** An id posted by a row's form: a positive int32, else the post names nothing (not found). */
function postedId(form: FormData): number {
  const value = form.get("id");
  const n = typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > INT32_MAX) throw notFound();
  return n;
}

const textOf = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** The API's refusal of a void request step in the user's words (its 422 texts), above the dialog's fields. */
function refusalKey(failure: UpstreamFailure): string {
  const said = failure.messages.join(" ");
  if (/has already been taken/.test(said)) return "void-requests:errors.exists";
  if (/already (accepted|declined|cancelled)/.test(said)) return "void-requests:errors.alreadyResolved";
  if (/voided|cannot void/.test(said)) return "void-requests:errors.notNow";
  return `errors:${failure.code}`;
}

export async function paperworkAction(user: SignedInUser, awb: AirWaybill, form: FormData, intent: PaperworkIntent): Promise<Response> {
  const back = `/dashboard/shipments/${awb.mawb}`;
  const mawb = awb.mawb;

  if (intent === "house_delete") {
    if (!mayEditHouses(user.access, awb)) throw notFound();
    const result = await deleteHouseWaybill(user.api, mawb, postedId(form));
    if (!result.ok) {
      if (result.code === "NotFound") throw notFound();
      return redirectWithNotice(back, user, { kind: "error", key: "house-waybills:notices.deleteFailed" });
    }
    return redirectWithNotice(back, user, { kind: "success", key: "house-waybills:notices.deleted", params: { serial: result.data.serial_number } });
  }

  // only what the API says this user may do now: a forged post is the not-found page, never an upstream 403
  const requests = await listAwbVoidRequests(user.api, mawb);
  if (!requests.ok) throw notFound();
  const offered = (id: number, action: "withdraw" | "resolve") => requests.data.data.some((r) => r.id === id && r.actions[action]);

  if (intent === "void_request_withdraw") {
    const id = postedId(form);
    if (!offered(id, "withdraw")) throw notFound();
    const result = await withdrawVoidRequest(user.api, id);
    if (!result.ok) {
      if (result.code === "NotFound") throw notFound();
      return redirectWithNotice(back, user, { kind: "error", key: result.status === 422 ? "void-requests:notices.failed" : `errors:${result.code}` });
    }
    return redirectWithNotice(back, user, { kind: "success", key: "void-requests:notices.withdrawn", params: { mawb } });
  }

  if (intent === "void_request") {
    if (!requests.data.can_request) throw notFound();
    const reply: VoidReply = { intent, values: { request_reason: textOf(form, "request_reason"), payment_required: form.get("payment_required") === "on" }, errors: {} };
    if (!reply.values.request_reason) reply.errors.request_reason = "void-requests:errors.reasonRequired";
    else if (reply.values.request_reason.length > VOID_REASON_MAX) reply.errors.request_reason = `void-requests:errors.reasonTooLong?max=${VOID_REASON_MAX}`;
    if (Object.keys(reply.errors).length) return json({ voidReply: reply }, { status: 400 });
    const result = await requestVoid(user.api, mawb, { request_reason: reply.values.request_reason!, payment_required: reply.values.payment_required === true });
    if (!result.ok) return refused(reply, result);
    return redirectWithNotice(back, user, { kind: "success", key: "void-requests:notices.requested", params: { mawb } });
  }

  // the airline's answer
  const status = textOf(form, "status");
  const payment = textOf(form, "void_payment");
  const id = postedId(form);
  if (!offered(id, "resolve")) throw notFound();
  const reply: VoidReply = { intent, id, values: { status, resolve_reason: textOf(form, "resolve_reason"), void_payment: payment }, errors: {} };
  if (status !== "accepted" && status !== "declined") reply.errors.status = "void-requests:errors.decision";
  if (status === "accepted" && !(VOID_PAYMENTS as readonly string[]).includes(payment)) reply.errors.void_payment = "void-requests:errors.paymentRequired";
  if (status === "declined" && !reply.values.resolve_reason) reply.errors.resolve_reason = "void-requests:errors.reasonRequired";
  if ((reply.values.resolve_reason ?? "").length > VOID_REASON_MAX) reply.errors.resolve_reason = `void-requests:errors.reasonTooLong?max=${VOID_REASON_MAX}`;
  if (Object.keys(reply.errors).length) return json({ voidReply: reply }, { status: 400 });
  const accepted = status === "accepted";
  const result = await resolveVoidRequest(user.api, reply.id!, {
    status: accepted ? "accepted" : "declined",
    resolve_reason: reply.values.resolve_reason || undefined,
    void_payment: accepted ? (payment as VoidPayment) : undefined,
  });
  if (!result.ok) return refused(reply, result);
  return redirectWithNotice(back, user, { kind: "success", key: accepted ? "void-requests:notices.accepted" : "void-requests:notices.declined", params: { mawb } });
}

/** A refused step keeps its dialog open with what was typed: field errors beside their fields, the rest above them. */
function refused(reply: VoidReply, failure: UpstreamFailure): Response {
  if (failure.code === "NotFound") throw notFound();
  const fields = ["request_reason", "resolve_reason", "void_payment", "status"] as const;
  for (const f of fields) if (failure.fieldErrors[f]) reply.errors[f] = f === "void_payment" ? "void-requests:errors.paymentRequired" : f === "status" ? refusalKey(failure) : "void-requests:errors.reasonRequired";
  if (!Object.keys(reply.errors).length) reply.errors.form = refusalKey(failure);
  return json({ voidReply: reply }, { status: failureStatus(failure) });
}
