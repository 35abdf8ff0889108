// The codes of a shipment's movements (Cargo-IMP FSU status codes; spec 2 §3 "Movement", spec 3 §8 "DIS states"):
// the API checks and stores them, the flight page's forms offer them. One list, here, so that the browser's copy
// and the API's are the same one (issue 22: a copy kept in a `.server` module reached the browser empty).

/** The steps of a shipment's life on a flight, in the order they happen. */
export const MOVEMENT_CODES = ["BKD", "RCS", "MAN", "DEP", "ARR", "RCF", "NFD", "DLV", "DIS"] as const;
export type MovementCode = (typeof MOVEMENT_CODES)[number];

/** The steps a user records by hand at the destination (the flight page's Notice tab); the others follow from handling. */
export const HAND_MOVEMENTS = ["RCF", "NFD", "DLV", "DIS"] as const satisfies readonly MovementCode[];
export type HandMovement = (typeof HAND_MOVEMENTS)[number];

/**
 * Discrepancy states of a DIS movement, with the station they are found at: what is offloaded, short-shipped or
 * definitely loaded is known where the flight leaves; what is missing, found or over-carried where it lands.
 */
export const DISCREPANCY_STATIONS = {
  MSAW: "destination", // missing air waybill
  FDAW: "destination", // found air waybill
  MSCA: "destination", // missing cargo
  FDCA: "destination", // found cargo
  OVCD: "destination", // overcarried
  DFLD: "origin", // definitely loaded
  SSPD: "origin", // shortshipped
  OFLD: "origin", // offloaded
} as const satisfies Record<string, "origin" | "destination">;
export type DiscrepancyCode = keyof typeof DISCREPANCY_STATIONS;

/** The discrepancy codes in the order a form lists them. */
export const DISCREPANCY_CODES = Object.keys(DISCREPANCY_STATIONS) as [DiscrepancyCode, ...DiscrepancyCode[]];
