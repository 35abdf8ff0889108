/**
 * The life of a shipment (an air waybill and its cargo) as one state graph (DESIGN §4b; spec 2 §4 "Air waybill
 * actions", "Movement of an AWB"): which state it is in, derived from the facts the API stores, and which actions
 * that state allows. The API refuses any other action with 422 `shipment_state_forbids` naming the state; the pages
 * offer only the actions allowed here. Nothing else decides it.
 *
 * The document and the cargo move together: a waybill is drafted, issued by the airline (the contract of carriage),
 * its cargo received at the origin (RCS), put on a flight's manifest (MAN), departed (DEP), arrived at the
 * destination (ARR) and delivered (DLV). Cargo of a waybill nobody issued is not carried, so receiving needs an issued
 * waybill, and the issue cannot be cancelled once cargo was received under it. A shipment over several legs stays
 * "departed" from its first departure until it arrives at its destination, and its onward legs are received,
 * manifested and departed meanwhile. Verification (the airline checked the document) is a mark on an issued waybill,
 * not a step of the cargo: it may be given or taken back in any state from issued on, except voided.
 */

export const SHIPMENT_STATES = ["draft", "issued", "received", "manifested", "departed", "arrived", "delivered", "voided"] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/**
 * What can be done to a shipment: the waybill page's actions (edit, book, issue, verify, void, deliver, the charter
 * mark and their cancels) and the handling steps (receive RCS and take it back, manifest MAN, depart DEP with its
 * flight, RCF received from the flight, NFD consignee notified, DIS a discrepancy). DLV is `deliver`, on either page.
 */
export const SHIPMENT_ACTIONS = [
  "edit",
  "book",
  "charter",
  "issue",
  "cancel_issue",
  "verify",
  "cancel_verify",
  "void",
  "cancel_void",
  "receive",
  "unreceive",
  "manifest",
  "depart",
  "rcf",
  "nfd",
  "deliver",
  "discrepancy",
] as const;
export type ShipmentAction = (typeof SHIPMENT_ACTIONS)[number];

/** The facts a shipment's state is read from. */
export interface ShipmentFacts {
  issued: boolean;
  verified: boolean;
  voided: boolean;
  /** A standing RCS on some flight. */
  received: boolean;
  /** On some flight's manifest (a standing MAN). */
  manifested: boolean;
  /** Its first leg has departed. */
  departed: boolean;
  /** A standing ARR at the waybill's destination. */
  arrived: boolean;
  delivered: boolean;
}

/** The state of a shipment: the furthest step its facts show. A voided waybill is voided whatever happened before. */
export function shipmentState(f: ShipmentFacts): ShipmentState {
  if (f.voided) return "voided";
  if (f.delivered) return "delivered";
  if (f.arrived) return "arrived";
  if (f.departed) return "departed";
  if (f.manifested) return "manifested";
  if (f.received) return "received";
  if (f.issued) return "issued";
  return "draft";
}

const MARKS = ["edit", "charter", "verify", "cancel_verify"] as const satisfies readonly ShipmentAction[];

/** The graph: the actions each state allows. */
export const SHIPMENT_GRAPH: Readonly<Record<ShipmentState, readonly ShipmentAction[]>> = {
  draft: ["edit", "charter", "book", "issue", "void"],
  // a waybill booked on a flight may go on its manifest straight away (the build-up counts what goes, api/handling)
  issued: [...MARKS, "book", "cancel_issue", "void", "receive", "manifest", "discrepancy"],
  // received cargo may still be handed back and the waybill voided; once on a manifest it must come off it first
  received: [...MARKS, "book", "void", "receive", "unreceive", "manifest", "discrepancy"],
  manifested: [...MARKS, "book", "receive", "unreceive", "manifest", "depart", "discrepancy"],
  // onward legs are still received, manifested and departed; the destination's steps wait for the flight's arrival
  departed: [...MARKS, "receive", "unreceive", "manifest", "depart", "rcf", "nfd", "deliver", "discrepancy"],
  arrived: [...MARKS, "rcf", "nfd", "deliver", "discrepancy"],
  // delivered closes the shipment: the document may still be checked (billing), nothing happens to the cargo any more
  delivered: ["edit", "verify", "cancel_verify"],
  voided: ["cancel_void"],
};

/** Whether the graph lets a shipment in `state` take `action` (the verification mark aside: shipmentAllows). */
export function stateAllows(state: ShipmentState, action: ShipmentAction): boolean {
  return SHIPMENT_GRAPH[state].includes(action);
}

/** Whether the shipment's state allows `action` (verify: not verified yet; cancel verify: verified; cancel issue: not verified). */
export function shipmentAllows(f: ShipmentFacts, action: ShipmentAction): boolean {
  if (!stateAllows(shipmentState(f), action)) return false;
  // a verified waybill is cancelled back only through its verification
  if (action === "verify" || action === "cancel_issue") return !f.verified;
  if (action === "cancel_verify") return f.verified;
  return true;
}

/** The handling step a Cargo-IMP movement code written by hand stands for (RCF, NFD, DLV, DIS). */
export const MOVEMENT_ACTIONS = { RCF: "rcf", NFD: "nfd", DLV: "deliver", DIS: "discrepancy" } as const satisfies Record<string, ShipmentAction>;

/**
 * The action a status a handler reports (a Cargo-IMP FSU line) takes on the shipment: the same graph decides it as
 * for a step recorded by hand. An arrival anywhere is allowed where a received-from-flight is (after departure).
 */
export const STATUS_UPDATE_ACTIONS = { RCS: "receive", DEP: "depart", ARR: "rcf", ...MOVEMENT_ACTIONS } as const satisfies Record<string, ShipmentAction>;

/** The refusal code of an action the shipment's state does not allow (DESIGN §4b: a stable code beside the sentence). */
export const SHIPMENT_STATE_REFUSAL = "shipment_state_forbids";

/** The sentence of that refusal, in English (clients word it by the code and its params). */
export function shipmentRefusalSentence(state: ShipmentState, action: ShipmentAction): string {
  return `A shipment in state ${state} does not allow ${action.replace(/_/g, " ")}`;
}
