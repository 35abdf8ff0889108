/**
 * Flight numbers ("S7 1234", "SU0010", "2S305A") and the flight identity with its date
 * (number_with_date, "S71234/22NOV26").
 *
 * A flight number is an IATA airline designator (two characters, letters or digits but not two
 * digits, e.g. "S7", "2S", "SU"), a number of 1 to 4 digits (1-9999) and an optional operational
 * suffix letter (IATA/SSIM: a letter that tells apart flights sharing a number, e.g. a delayed
 * flight that slipped into the next day). Three-letter ICAO codes are call signs, not flight
 * numbers, and are refused.
 */
import { formatIataDate, parseIataDate } from "../time/iata-date";

export interface FlightNumber {
  /** IATA airline designator, upper case: "S7". */
  carrier: string;
  /** 1-9999. */
  number: number;
  /** Operational suffix letter, or null. */
  suffix: string | null;
}

export interface FlightIdentity {
  flight: FlightNumber;
  /** Flight date "YYYY-MM-DD": the local date of departure at the flight's first origin. */
  date: string;
}

export type FlightNumberError = "invalid_carrier" | "invalid_number" | "invalid_format";
export type FlightIdentityError = "invalid_flight_number" | "invalid_flight_date";

export type FlightParseResult<T, E> = { ok: true; value: T } | { ok: false; error: E };

const DESIGNATOR = /^[A-Z0-9]{2}$/;

/** Two letters or digits, not both digits (IATA never assigns "12": it would be unreadable next to the number). */
export function isAirlineDesignator(text: string): boolean {
  return DESIGNATOR.test(text) && !/^\d\d$/.test(text);
}

// The designator is always the first two characters. That is what makes "S71234" unambiguous even
// though "S7" ends in a digit: we never try to read a one- or three-character designator.
const FLIGHT_NUMBER = /^([A-Z0-9]{2})\s*(\d{1,4})([A-Z])?$/;

/**
 * Accepts "S7 1234", "S71234", "s7 1234", "SU0010", "SU10", "2S305A". Leading zeros are not
 * significant: SU10 and SU0010 are the same flight (what duplicate checks must see).
 */
export function parseFlightNumber(text: string): FlightParseResult<FlightNumber, FlightNumberError> {
  const t = typeof text === "string" ? text.trim().toUpperCase() : "";
  const m = FLIGHT_NUMBER.exec(t);
  if (!m) {
    if (t.length >= 2 && !isAirlineDesignator(t.slice(0, 2))) return { ok: false, error: "invalid_carrier" };
    // A good designator followed by too many digits: say which part is wrong.
    if (/^\s*\d{5,}[A-Z]?$/.test(t.slice(2))) return { ok: false, error: "invalid_number" };
    return { ok: false, error: "invalid_format" };
  }
  const carrier = m[1]!;
  if (!isAirlineDesignator(carrier)) return { ok: false, error: "invalid_carrier" };
  const number = Number(m[2]);
  if (number < 1) return { ok: false, error: "invalid_number" };
  return { ok: true, value: { carrier, number, suffix: m[3] ?? null } };
}

// An airline's own flight typed without its designator: the number and the optional suffix letter.
const OWN_NUMBER = /^\s*\d{1,4}[A-Z]?$/;

/**
 * A flight number as an airline's user types it: in full ("S7 1234", "2S305A"), or the airline's own
 * number alone ("1234", "701A"), which gets `carrier`'s designator. Digits alone are never read as a
 * designator ("71" is flight 71 of `carrier`: IATA has no all-digit designators).
 */
export function parseOwnFlightNumber(text: string, carrier: string): FlightParseResult<FlightNumber, FlightNumberError> {
  const t = typeof text === "string" ? text.trim().toUpperCase() : "";
  return parseFlightNumber(OWN_NUMBER.test(t) ? `${carrier}${t}` : t);
}

/** Whether `text` is the number part alone ("1234", "701A"): an airline's own flight, its designator left out. */
export function isOwnFlightNumber(text: string): boolean {
  return typeof text === "string" && OWN_NUMBER.test(text.trim().toUpperCase());
}

/**
 * The platform's written form: designator + number zero-padded to 4 digits + suffix, no space:
 * "S71234", "SU0010", "2S0305A". Padding to four (SSIM's fixed flight-number width) keeps the border
 * between a digit-ending designator and the number visible: "S70123" cannot be misread, "S7123" can.
 */
export function formatFlightNumber(flight: FlightNumber): string {
  if (!isAirlineDesignator(flight.carrier)) throw new RangeError(`Invalid airline designator: ${flight.carrier}`);
  if (!Number.isInteger(flight.number) || flight.number < 1 || flight.number > 9999) {
    throw new RangeError(`Invalid flight number: ${flight.number}`);
  }
  if (flight.suffix !== null && !/^[A-Z]$/.test(flight.suffix)) throw new RangeError(`Invalid suffix: ${flight.suffix}`);
  return `${flight.carrier}${String(flight.number).padStart(4, "0")}${flight.suffix ?? ""}`;
}

/** Normalises any accepted spelling to the written form, or null. */
export function normalizeFlightNumber(text: string): string | null {
  const p = parseFlightNumber(text);
  return p.ok ? formatFlightNumber(p.value) : null;
}

/**
 * number_with_date exactly as the platform shows it: flight number, "/", IATA date DDMMMYY:
 * "S71234/22NOV26". The date is the local departure date at the flight's first origin, as airlines
 * and FFM/FBL messages date a flight.
 */
export function numberWithDate(flight: FlightNumber, date: string): string {
  return `${formatFlightNumber(flight)}/${formatIataDate(date)}`;
}

/**
 * Reads "S71234/22NOV26" (also "S7 1234/22NOV26", any case, leading zeros optional). The year is
 * expanded with the cutoff 60 (00-59 -> 20xx, 60-99 -> 19xx).
 */
export function parseNumberWithDate(text: string): FlightParseResult<FlightIdentity, FlightIdentityError> {
  const t = typeof text === "string" ? text.trim() : "";
  const slash = t.lastIndexOf("/");
  if (slash < 0) return { ok: false, error: "invalid_flight_number" };
  const flight = parseFlightNumber(t.slice(0, slash));
  if (!flight.ok) return { ok: false, error: "invalid_flight_number" };
  const date = parseIataDate(t.slice(slash + 1));
  if (!date) return { ok: false, error: "invalid_flight_date" };
  return { ok: true, value: { flight: flight.value, date } };
}
