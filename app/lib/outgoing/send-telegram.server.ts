import { json } from "@remix-run/node";
import { OUTGOING_SEND } from "../../../cargo/access/rules";
import { splitAddresses } from "../../../cargo/telegrams/message-setting";
import { meets } from "../access/can-access";
import type { SignedInUser } from "../auth/guard.server";
import { notFound } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import type { NoticeKey } from "../session/session-data";
import { failureStatus, type UpstreamResult } from "../upstream/errors";
import { fieldRefusalMessages, refusalMessage } from "../upstream/refusal-message";

// "Send FWB" on the shipment page, "Send FFM/FBL/UWS" on a flight's tab (issue 23; spec 3 §7 air_waybills/{id}/send_fwb,
// segments/{id}/ffm, fbl, send_uws): the addresses typed, or none (the airline's message settings for sending it by
// hand, where the type has them). Sent: back to the page with a notice; refused: the refusal in the reader's words
// beside the addresses, what was typed kept.

/** A comfortable bound on the typed text: 20 addresses of up to 100 characters. */
const ADDRESSES_MAX_CHARS = 2000;

export interface SendTelegramReply {
  send: { type: string; addresses: string; error: string };
}

export async function sendTelegramAction(
  user: SignedInUser,
  form: FormData,
  opts: { type: string; back: string; send: (addresses: string[]) => Promise<UpstreamResult<{ data: unknown[] }>>; notice?: NoticeKey },
): Promise<Response> {
  if (!meets(OUTGOING_SEND, user.access)) throw notFound();
  const typed = String(form.get("addresses") ?? "");
  const refused = (error: string, status: number) => json<SendTelegramReply>({ send: { type: opts.type, addresses: typed.slice(0, ADDRESSES_MAX_CHARS), error } }, { status });
  if (typed.length > ADDRESSES_MAX_CHARS) return refused(`errors:max?max=${ADDRESSES_MAX_CHARS}`, 400);
  const result = await opts.send(splitAddresses(typed));
  const notice: NoticeKey = opts.notice ?? "outgoing:notices.sent";
  if (result.ok) return redirectWithNotice(opts.back, user, { kind: "success", key: notice, params: { type: opts.type, count: result.data.data.length } });
  if (result.code === "NotFound") throw notFound();
  const byField = fieldRefusalMessages(result);
  return refused(byField.addresses?.[0] ?? byField.base?.[0] ?? (result.refusal ? refusalMessage(result.refusal) : `errors:${result.code}`), failureStatus(result));
}
