import type { FlightMessagesPanel } from "~/components/flights/flight-messages-tab";
import { canAccess } from "~/lib/access/can-access";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { listSegmentOutgoing, listSegmentTelegrams } from "~/lib/upstream/incoming-messages.server";
import { FLIGHT_MESSAGES_PER_PAGE, type FlightMessageListTab } from "./flight-message-lists";

/** Whether the user may open a row's own page (the telegram lists are the platform's and the airline Manager's). */
const opens = (user: SignedInUser, pattern: string) => BUILT_ROUTES.has(pattern) && canAccess(pattern, user.access);

/**
 * What the Outgoing or Incoming messages tab loads: one server page of what the flight sent (its FBL, FFM, UWS; its
 * waybills' statuses) or received (the telegrams whose processing found the flight), or why it could not.
 */
export async function flightMessagesTabData(user: SignedInUser, segmentId: number, tab: FlightMessageListTab, page: number): Promise<FlightMessagesPanel> {
  if (tab === "outgoing_messages") {
    const result = await listSegmentOutgoing(user.api, segmentId, page, FLIGHT_MESSAGES_PER_PAGE);
    const rowHref = opens(user, "/dashboard/messaging/outgoing-messages/:id") ? "/dashboard/messaging/outgoing-messages" : null;
    return result.ok ? { tab, outgoing: result.data, incoming: null, error: null, rowHref } : { tab, outgoing: null, incoming: null, error: result.code, rowHref };
  }
  const result = await listSegmentTelegrams(user.api, segmentId, page, FLIGHT_MESSAGES_PER_PAGE);
  const rowHref = opens(user, "/dashboard/messaging/cimp-telegrams/:id") ? "/dashboard/messaging/cimp-telegrams" : null;
  return result.ok ? { tab, outgoing: null, incoming: result.data, error: null, rowHref } : { tab, outgoing: null, incoming: null, error: result.code, rowHref };
}
