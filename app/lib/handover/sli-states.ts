/** A shipper's letter's states (the API's SLI_STATES). Here, not in the .server module: pages render them. */
export const SLI_STATES = ["not_sent", "sent", "accepted", "declined"] as const;
export type SliState = (typeof SLI_STATES)[number];

/** The longest answer the airline may give (the API's SLI_INFO_MAX). */
export const SLI_INFO_MAX = 2000;

/** Why the terminal request does not apply (the API's reasons). */
export const TERMINAL_REASONS = ["not_configured", "not_airline", "voided", "not_terminal_station"] as const;
