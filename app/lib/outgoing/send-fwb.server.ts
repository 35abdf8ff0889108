import { json } from "@remix-run/node";
import { OUTGOING_SEND } from "../../../cargo/access/rules";
import { splitAddresses } from "../../../cargo/telegrams/message-setting";
import { meets } from "../access/can-access";
import type { SignedInUser } from "../auth/guard.server";
import { notFound } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import { failureStatus } from "../upstream/errors";
import { sendFwb } from "../upstream/outgoing-messages.server";
import { fieldRefusalMessages, refusalMessage } from "../upstream/refusal-message";

// "Send FWB" on the shipment page (issue 23; spec 3 §7 air_waybills/{id}/send_fwb): the addresses typed, or none (the
// airline's message settings for sending FWB by hand). Sent: back to the page with a notice; refused: the refusal in
// the reader's words beside the addresses, what was typed kept.

export const SEND_FWB_INTENT = "send_fwb";
/** A comfortable bound on the typed text: 20 addresses of up to 100 characters. */
const ADDRESSES_MAX_CHARS = 2000;

export const isSendFwbIntent = (posted: FormDataEntryValue | null): boolean => posted === SEND_FWB_INTENT;

export interface SendFwbReply {
  sendFwb: { addresses: string; error: string };
}

export async function sendFwbAction(user: SignedInUser, mawb: string, form: FormData): Promise<Response> {
  if (!meets(OUTGOING_SEND, user.access)) throw notFound();
  const typed = String(form.get("addresses") ?? "");
  if (typed.length > ADDRESSES_MAX_CHARS) return json<SendFwbReply>({ sendFwb: { addresses: typed.slice(0, ADDRESSES_MAX_CHARS), error: `errors:max?max=${ADDRESSES_MAX_CHARS}` } }, { status: 400 });
  const result = await sendFwb(user.api, mawb, splitAddresses(typed));
  if (result.ok) return redirectWithNotice(`/dashboard/shipments/${mawb}`, user, { kind: "success", key: "outgoing:notices.fwbSent", params: { count: result.data.data.length } });
  if (result.code === "NotFound") throw notFound();
  const byField = fieldRefusalMessages(result);
  const error = byField.addresses?.[0] ?? byField.base?.[0] ?? (result.refusal ? refusalMessage(result.refusal) : `errors:${result.code}`);
  return json<SendFwbReply>({ sendFwb: { addresses: typed, error } }, { status: failureStatus(result) });
}
