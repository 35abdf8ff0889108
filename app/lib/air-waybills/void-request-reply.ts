import { TEXT_MAX } from "../../../cargo/limits";

/** A void request's states (spec 2 §4; requested is shown as in progress) and the airline's payment decisions. Here, not in
 * the .server module, because pages render them and the browser bundle empties .server modules. */
export const VOID_REQUEST_STATUSES = ["requested", "accepted", "declined", "cancelled"] as const;
export type VoidRequestStatus = (typeof VOID_REQUEST_STATUSES)[number];
export const VOID_PAYMENTS = ["required", "not_required"] as const;
export type VoidPayment = (typeof VOID_PAYMENTS)[number];

/** The longest reason either side may give (the API's VOID_REASON_MAX). */
export const VOID_REASON_MAX = TEXT_MAX.text;

/**
 * What the shipment page's action answers a refused void request step with: the step, the request it concerns, the
 * values as posted and the errors as i18n keys (`form`: above the fields). The dialog opens again from it.
 */
export interface VoidReply {
  intent: "void_request" | "void_request_resolve";
  id?: number;
  values: { request_reason?: string; payment_required?: boolean; status?: string; resolve_reason?: string; void_payment?: string };
  errors: { request_reason?: string; status?: string; resolve_reason?: string; void_payment?: string; form?: string };
}
