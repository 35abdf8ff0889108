/**
 * Flight (service) type letters: IATA SSIM Appendix C "Service Types".
 *
 * Spec 2 says "flight type letters A to X": those are exactly the 24 IATA letters. SSIM also reserves
 * Y and Z for company-specific use; they are not IATA service types and the platform does not offer
 * them, so they are not listed.
 *
 * The category matters to cargo: airlines prohibit booking on some types
 * (airline setting segments_types_prohibited_for_booking), and cargo-only types get different
 * load planning from belly cargo on passenger flights.
 */

export type FlightTypeCategory = "scheduled" | "additional" | "charter" | "other";

/** What the type carries, as far as the letter tells. */
export type FlightTypeTraffic = "passenger" | "cargo_mail" | "passenger_cargo" | "other";

export interface FlightType {
  code: string;
  category: FlightTypeCategory;
  traffic: FlightTypeTraffic;
  description: string;
}

export const FLIGHT_TYPES: readonly FlightType[] = Object.freeze([
  // Scheduled
  { code: "J", category: "scheduled", traffic: "passenger", description: "Scheduled passenger, normal service" },
  { code: "S", category: "scheduled", traffic: "passenger", description: "Scheduled passenger, shuttle mode" },
  { code: "U", category: "scheduled", traffic: "passenger", description: "Scheduled passenger, service operated by surface vehicle" },
  { code: "F", category: "scheduled", traffic: "cargo_mail", description: "Scheduled cargo/mail, loose loaded cargo and/or preloaded devices" },
  { code: "V", category: "scheduled", traffic: "cargo_mail", description: "Scheduled cargo/mail, service operated by surface vehicle" },
  { code: "M", category: "scheduled", traffic: "cargo_mail", description: "Scheduled mail only" },
  { code: "Q", category: "scheduled", traffic: "passenger_cargo", description: "Scheduled passenger/cargo in cabin (mixed configuration aircraft)" },
  // Additional flights
  { code: "G", category: "additional", traffic: "passenger", description: "Additional passenger, normal service" },
  { code: "B", category: "additional", traffic: "passenger", description: "Additional passenger, shuttle mode" },
  { code: "A", category: "additional", traffic: "cargo_mail", description: "Additional cargo/mail" },
  { code: "R", category: "additional", traffic: "passenger_cargo", description: "Additional passenger/cargo in cabin (mixed configuration aircraft)" },
  // Charter
  { code: "C", category: "charter", traffic: "passenger", description: "Charter, passenger only" },
  { code: "O", category: "charter", traffic: "passenger", description: "Charter requiring special handling (e.g. migrants/immigrants)" },
  { code: "H", category: "charter", traffic: "cargo_mail", description: "Charter, cargo and/or mail" },
  { code: "L", category: "charter", traffic: "passenger_cargo", description: "Charter, passenger and cargo and/or mail" },
  // Others
  { code: "P", category: "other", traffic: "other", description: "Non-revenue (positioning, ferry, delivery, demonstration)" },
  { code: "T", category: "other", traffic: "other", description: "Technical test" },
  { code: "K", category: "other", traffic: "other", description: "Training (school, crew check)" },
  { code: "D", category: "other", traffic: "other", description: "General aviation" },
  { code: "E", category: "other", traffic: "other", description: "Special (FAA/government)" },
  { code: "W", category: "other", traffic: "other", description: "Military" },
  { code: "X", category: "other", traffic: "other", description: "Technical stop" },
  { code: "I", category: "other", traffic: "other", description: "State, diplomatic, air ambulance" },
  { code: "N", category: "other", traffic: "other", description: "Business aviation, air taxi" },
] satisfies FlightType[]);

const BY_CODE: ReadonlyMap<string, FlightType> = new Map(FLIGHT_TYPES.map((t) => [t.code, t]));

/** The letters in alphabetical order, for pickers. */
export const FLIGHT_TYPE_CODES: readonly string[] = Object.freeze(FLIGHT_TYPES.map((t) => t.code).sort());

export function isFlightType(code: string): boolean {
  return BY_CODE.has(code);
}

export function flightType(code: string): FlightType | undefined {
  return BY_CODE.get(code);
}

/** Types whose letter says the aircraft is dedicated to cargo/mail (freighter or mail flight). */
export function isCargoFlightType(code: string): boolean {
  return BY_CODE.get(code)?.traffic === "cargo_mail";
}
