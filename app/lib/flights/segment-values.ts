// The closed value lists of segments (spec 1 §2 "Flights", spec 2 §4 "Flight", "Load factor"), in a module the
// browser bundle can import: values exported from a *.server module are empty on the client.

/** The list tabs, in the spec's order. */
export const FLIGHT_TABS = ["current", "action_required", "with_shipments", "aci", "all"] as const;
export type FlightTab = (typeof FLIGHT_TABS)[number];

/** Flags set and cleared with `POST segments/{id}/<action>`. */
export const SEGMENT_FLAG_ACTIONS = ["lock", "unlock", "close_sales", "open_sales", "set_charter", "remove_charter"] as const;
export type SegmentFlagAction = (typeof SEGMENT_FLAG_ACTIONS)[number];

/** The load factor sets a segment can carry, in the spec's order. */
export const LOAD_FACTOR_KINDS = ["planned", "load_sheet", "ldm", "raw_data"] as const;
export type LoadFactorKind = (typeof LOAD_FACTOR_KINDS)[number];
