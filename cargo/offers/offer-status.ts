/**
 * An offer's life (spec 2 §4 "Offer status: created, sent, accepted, closed. Actions: save draft, create offer, create
 * AWB without booking, book"; DESIGN §4b: one graph, enforced by the API with a 422 naming the state, offered by the
 * pages). An offer is a forwarder's quotation to its customer:
 *
 * - created: the forwarder's draft ("save draft"). The only state in which the offer, its rates and its dimensions may
 *   be changed, and the only one in which it may be deleted: once the customer has it, what it said stays as it was.
 * - sent: the forwarder gave it to the customer ("create offer" saves it and sends it at once). The customer answers
 *   by accepting it, or the forwarder closes it.
 * - accepted: the customer agreed. The forwarder ships under it: creates the air waybill without booking (from the
 *   offer's figures) or books it on the offer's flights (the create page, prefilled). The offer stays accepted after
 *   a waybill: spec 2 lists an offer's air_waybills, so one accepted quotation may serve several shipments until the
 *   forwarder closes it.
 * - closed: done with (declined, lapsed or fulfilled). Nothing more happens to it.
 *
 * Created and sent offers may also be closed directly. A sent or accepted offer never goes back to created: a changed
 * price is a new offer.
 */
export const OFFER_STATUSES = ["created", "sent", "accepted", "closed"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * What can be done to an offer: edit (its fields, rates and dimensions), delete (a draft), send, accept, close,
 * create_awb (the air waybill without booking) and book (on the offer's flights).
 */
export const OFFER_ACTIONS = ["edit", "delete", "send", "accept", "close", "create_awb", "book"] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** The graph: the actions each status allows. */
export const OFFER_GRAPH: Readonly<Record<OfferStatus, readonly OfferAction[]>> = {
  created: ["edit", "delete", "send", "close"],
  sent: ["accept", "close"],
  accepted: ["create_awb", "book", "close"],
  closed: [],
};

/** The status an action leads to; the actions not named here leave the status as it is. */
export const OFFER_TRANSITIONS: Readonly<Partial<Record<OfferAction, OfferStatus>>> = { send: "sent", accept: "accepted", close: "closed" };

export const isOfferStatus = (v: unknown): v is OfferStatus => typeof v === "string" && (OFFER_STATUSES as readonly string[]).includes(v);

/** Whether an offer in `status` allows `action`. */
export function offerAllows(status: OfferStatus, action: OfferAction): boolean {
  return OFFER_GRAPH[status].includes(action);
}

/** The status after `action` (the graph must allow it: offerAllows). */
export function offerStatusAfter(status: OfferStatus, action: OfferAction): OfferStatus {
  return OFFER_TRANSITIONS[action] ?? status;
}

/** The actions an offer in `status` allows, in the graph's order: what its page offers. */
export const offerActions = (status: OfferStatus): readonly OfferAction[] => OFFER_GRAPH[status];

/** The refusal code of an action the offer's status does not allow (params: status, action). */
export const OFFER_STATE_REFUSAL = "offer_state_forbids";

/**
 * An offer is valid through its valid_until day: after it, it may no longer be sent or accepted (a lapsed price is
 * quoted anew), while an offer accepted in time still ships. Both days are "YYYY-MM-DD" (compared as text, as ISO
 * dates sort); no valid_until: no limit.
 */
export function offerLapsed(validUntil: string | null | undefined, today: string, action: OfferAction): boolean {
  return !!validUntil && (action === "send" || action === "accept") && validUntil < today;
}

/** The refusal code of sending or accepting a lapsed offer (params: valid_until). */
export const OFFER_LAPSED_REFUSAL = "offer_expired";
