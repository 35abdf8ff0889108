import { json } from "@remix-run/node";
import { FLIGHT_WRITE, OUTGOING_SEND } from "../../../cargo/access/rules";
import { splitAddresses } from "../../../cargo/telegrams/message-setting";
import { meets } from "~/lib/access/can-access";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { sendTelegramAction } from "~/lib/outgoing/send-telegram.server";
import { fileCustomsDocument, sendCsnList } from "~/lib/upstream/customs.server";
import { failureStatus } from "~/lib/upstream/errors";
import { fieldRefusalMessages, refusalMessage } from "~/lib/upstream/refusal-message";
import { CSN_FORM_MAX, FILE_ACI_INTENT, type CustomsIntent } from "./customs-values";

// The flight page's customs forms (plain POSTs that work without JS): file the ACI or the PLACI to the addresses
// typed, and send the CSN of the waybills ticked. Sent: back to the tab with "ACI sent" (spec 3 §8's success
// messages); refused: the refusal in the reader's words beside what it is about (the addresses, or the selection for
// waybills without an MRN), everything typed and ticked kept.

/** A comfortable bound on the typed addresses: 20 addresses of up to 100 characters. */
const ADDRESSES_MAX_CHARS = 2000;

export interface CsnReply {
  csn: { addresses: string; mawbs: string[]; error: string; field: "mawbs" | "addresses" };
}

async function sendCsn(user: SignedInUser, segmentId: number, form: FormData, back: string): Promise<Response> {
  if (!meets(OUTGOING_SEND, user.access) || !meets(FLIGHT_WRITE, user.access)) throw notFound();
  const typed = String(form.get("addresses") ?? "").slice(0, ADDRESSES_MAX_CHARS + 1);
  const mawbs = [...new Set(form.getAll("mawbs").map((v) => String(v).trim()).filter(Boolean))];
  const refused = (field: CsnReply["csn"]["field"], error: string, status: number) =>
    json<CsnReply>({ csn: { addresses: typed.slice(0, ADDRESSES_MAX_CHARS), mawbs: mawbs.slice(0, CSN_FORM_MAX), error, field } }, { status });
  if (typed.length > ADDRESSES_MAX_CHARS) return refused("addresses", `errors:max?max=${ADDRESSES_MAX_CHARS}`, 400);
  if (!mawbs.length) return refused("mawbs", "flight-page:customs.csn.noneSelected", 400);
  if (mawbs.length > CSN_FORM_MAX) return refused("mawbs", `errors:refusal.too_many?max=${CSN_FORM_MAX}`, 400);
  const result = await sendCsnList(user.api, segmentId, mawbs, splitAddresses(typed));
  if (result.ok) return redirectWithNotice(back, user, { kind: "success", key: "flight-page:notices.messageSent", params: { type: "CSN", count: result.data.data.length } });
  if (result.code === "NotFound") throw notFound();
  const byField = fieldRefusalMessages(result);
  if (byField.mawbs?.[0]) return refused("mawbs", byField.mawbs[0], failureStatus(result));
  return refused("addresses", byField.addresses?.[0] ?? byField.base?.[0] ?? (result.refusal ? refusalMessage(result.refusal) : `errors:${result.code}`), failureStatus(result));
}

export function customsAction(user: SignedInUser, segmentId: number, intent: CustomsIntent, form: FormData, back: string): Promise<Response> {
  if (intent === "send_csn") return sendCsn(user, segmentId, form, back);
  const filing = intent === FILE_ACI_INTENT ? "aci" : "placi";
  return sendTelegramAction(user, form, {
    type: filing.toUpperCase(),
    back,
    notice: "flight-page:notices.messageSent",
    send: (addresses) => fileCustomsDocument(user.api, segmentId, filing, addresses),
  });
}
