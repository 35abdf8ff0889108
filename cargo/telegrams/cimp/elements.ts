import { formatFlightNumber, parseFlightNumber } from "../../flights/flight-number";

/**
 * Small elements several Cargo-IMP lines share: airports, a flight, ULD numbers, free text. Readers return null on
 * what does not match (the caller reports it with its line); writers throw RangeError on a model they cannot write.
 */

const AIRPORT = /^[A-Z]{3}$/;
export const isAirport = (text: string): boolean => AIRPORT.test(text);

/** "BA117", "BA0117", "2S305A" → the platform's written form "BA0117" (what segment_number_with_date starts with). */
export function readFlight(text: string): { carrier: string; flight_number: string } | null {
  const parsed = parseFlightNumber(text);
  if (!parsed.ok || text.includes(" ")) return null;
  return { carrier: parsed.value.carrier, flight_number: formatFlightNumber(parsed.value) };
}

/** Writes a flight the model holds in the platform's form; throws RangeError if it is not one. */
export function writeFlight(flightNumber: string): string {
  const read = readFlight(flightNumber);
  if (!read || read.flight_number !== flightNumber) throw new RangeError(`Not a flight number in the platform's form: ${flightNumber}`);
  return flightNumber;
}

/** A ULD's IATA identification: type (3 letters), serial (4 or 5 digits), owner (2 or 3 characters): "PMC72534QR". */
const ULD = /^[A-Z]{3}\d{4,5}[A-Z0-9]{2,3}$/;
export const isUld = (text: string): boolean => ULD.test(text);

/** What a free-text element may hold: Type-B characters except the element separator "/". */
const FREE_TEXT = /^[A-Z0-9 .,\-()'?:+=!"%&*;<>#@_]*$/;

/** Throws RangeError when `text` cannot be written as one element (lower case, "/", characters Type-B lacks, too long). */
export function checkFreeText(field: string, text: string, max: number): string {
  if (!FREE_TEXT.test(text) || text.length > max || text !== text.trim() || !text) {
    throw new RangeError(`${field} cannot be written in a telegram: ${JSON.stringify(text)}`);
  }
  return text;
}

/** Text carried on "/"-continuation lines, one element per line (OSI, SSR, ACK reasons). */
export function checkTextLine(field: string, text: string): string {
  return checkFreeText(field, text, 65);
}
