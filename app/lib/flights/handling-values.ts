// The flight page's handling tabs and their form intents (issue 11; spec 1 §2 "Flight page tabs": Shipments, Ready for
// Carriage (build_up), Build-Up (manifest), Receiving, Notice). Plain values, shared by the route, its server helpers
// and the tab components.

export const HANDLING_TABS = ["shipments", "build_up", "manifest", "receiving", "notice"] as const;
export type HandlingTab = (typeof HANDLING_TABS)[number];

export const HANDLING_INTENTS = [
  "book_many",
  "receive",
  "unreceive",
  "manifest_add",
  "manifest_priority",
  "manifest_move",
  "manifest_remove",
  "depart",
  "arrive",
  "movement",
] as const;
export type HandlingIntent = (typeof HANDLING_INTENTS)[number];

/** Which part of the Receiving tab is shown (`?state=`): still to receive, or already received. */
export const RECEIVING_VIEWS = ["to_receive", "received"] as const;
export type ReceivingView = (typeof RECEIVING_VIEWS)[number];

export const MANIFEST_PRIORITIES = ["1", "2", "3"] as const;

/** What a failed handling form sends back to the page: which form (intent + row), what was typed, the errors as i18n keys. */
export interface HandlingFeedback {
  intent: HandlingIntent;
  row: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  /** book_many: what happened to each number. */
  results?: Array<{ mawb: string; booked: boolean; error: string | null }>;
}
