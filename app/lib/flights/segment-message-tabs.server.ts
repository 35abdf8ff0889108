import type { SegmentMessagePanel } from "~/components/flights/segment-message-tab";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { wholeRefusalMessage } from "~/lib/upstream/refusal-message";
import { getSegmentTelegram } from "~/lib/upstream/segment-messages.server";
import { segmentFileLinks, type SegmentMessageTab } from "./segment-message-values";
import { FLIGHT_WRITE, OUTGOING_SEND } from "../../../cargo/access/rules";
import { meets } from "~/lib/access/can-access";

/**
 * What the FBL, FFM or UWS tab loads: the telegram the API writes from the flight's data, or why there is none. A 422
 * is the API saying the flight has nothing to write yet (not_enough_data): its refusal is kept to be shown in the
 * reader's language; any other failure is the tab's load error.
 */
export async function segmentMessageTabData(user: SignedInUser, segmentId: number, tab: SegmentMessageTab): Promise<SegmentMessagePanel> {
  const result = await getSegmentTelegram(user.api, segmentId, tab);
  // the flight page's actions are its writers' (FLIGHT_WRITE); sending is also the telegram senders' (OUTGOING_SEND)
  const canSend = meets(OUTGOING_SEND, user.access) && meets(FLIGHT_WRITE, user.access);
  if (result.ok) return { tab, telegram: result.data, error: null, refusal: null, files: segmentFileLinks(segmentId, tab), canSend };
  return { tab, telegram: null, error: result.code, refusal: result.status === 422 ? wholeRefusalMessage(result) : null, files: [], canSend };
}
