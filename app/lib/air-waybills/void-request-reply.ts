import { TEXT_MAX } from "../../../cargo/limits";

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
