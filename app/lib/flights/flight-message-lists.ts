import { FLIGHT_TELEGRAMS, MESSAGING } from "../../../cargo/access/rules";
import { meets } from "~/lib/access/can-access";
import type { AccessContext } from "~/lib/access/types";

// The flight page's Outgoing messages and Incoming messages tabs (spec 1 §2 "Flight page tabs"; issue 23): plain
// values shared by the route, its server helper and the tab component.

export const FLIGHT_MESSAGE_LIST_TABS = ["outgoing_messages", "incoming_messages"] as const;
export type FlightMessageListTab = (typeof FLIGHT_MESSAGE_LIST_TABS)[number];

export const isFlightMessageListTab = (tab: string): tab is FlightMessageListTab => (FLIGHT_MESSAGE_LIST_TABS as readonly string[]).includes(tab);

/**
 * Who sees each tab: exactly whom its API call admits (segments/{id}/outgoing_messages: Messaging;
 * segments/{id}/cimp_telegrams: cargo FLIGHT_TELEGRAMS), so a tab never shows a refusal instead of its list.
 */
export function mayOpenFlightMessageList(tab: FlightMessageListTab, access: AccessContext): boolean {
  return meets(tab === "outgoing_messages" ? MESSAGING : FLIGHT_TELEGRAMS, access);
}

/** Rows per page of either tab. */
export const FLIGHT_MESSAGES_PER_PAGE = 25;
