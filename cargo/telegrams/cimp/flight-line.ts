import { formatFlightNumber, numberWithDate, parseFlightNumber } from "../../flights/flight-number";
import { IATA_MONTHS } from "../../time/iata-date";
import { daysBetween, daysInMonth, pad2 } from "../../time/local-date";
import { telegramError, type TelegramError } from "../telegram-error";

/**
 * The flight as the flight-level Cargo-IMP messages (FFM, FBL) and the UWS name it: a flight number and a day of the
 * month without a year ("S70101/28NOV"). In the product's names: `carrier` "S7", `flight_number` in the platform's
 * written form "S70101" (cargo/flights/flight-number.ts formatFlightNumber, as flights.number holds it) and
 * `flight_day` "28NOV".
 *
 * Why no year: the messages do not carry one. `flightDateNear` chooses it (the date nearest to a reference day, e.g.
 * the day the telegram arrived) and `flightNumberWithDate` gives the product's `number_with_date` from it; the model
 * keeps the day as it was sent so that nothing is invented by the parser.
 */
export interface TelegramFlight {
  carrier: string;
  flight_number: string;
  /** "28NOV": day and month as sent, no year. */
  flight_day: string;
}

const FLIGHT_DAY = /^(\d{2})([A-Z]{3})$/;

/** Reads "S70101" / "S7101" / "S70101A": the written form or null. */
export function readFlightNumber(text: string): { carrier: string; flight_number: string } | null {
  const parsed = parseFlightNumber(text);
  return parsed.ok ? { carrier: parsed.value.carrier, flight_number: formatFlightNumber(parsed.value) } : null;
}

/** "28NOV" when it is a day some year has (29FEB is accepted: leap years have it), else null. */
export function readFlightDay(text: string): string | null {
  const m = FLIGHT_DAY.exec(text);
  if (!m) return null;
  const month = (IATA_MONTHS as readonly string[]).indexOf(m[2]!) + 1;
  const day = Number(m[1]);
  return month > 0 && day >= 1 && day <= daysInMonth(2024, month) ? text : null;
}

/**
 * The flight element pair "S70101" + "28NOV0935" (the time is optional: FFM may add the scheduled departure). Errors
 * point at `lineNo`.
 */
export function readFlightElements(lineNo: number, flightText: string | undefined, dayText: string | undefined, errors: TelegramError[]): (TelegramFlight & { departure_time: string | null }) | null {
  const flight = readFlightNumber(flightText ?? "");
  if (!flight) {
    errors.push(telegramError(lineNo, flightText ? "bad_field" : "missing_field", { field: "flight number", value: flightText ?? "" }));
    return null;
  }
  const dayTime = /^(\d{2}[A-Z]{3})(\d{4})?$/.exec(dayText ?? "");
  const day = dayTime ? readFlightDay(dayTime[1]!) : null;
  if (!day) {
    errors.push(telegramError(lineNo, dayText ? "bad_field" : "missing_field", { field: "flight day", value: dayText ?? "" }));
    return null;
  }
  const time = dayTime![2] ?? null;
  if (time !== null && !validTime(time)) {
    errors.push(telegramError(lineNo, "bad_field", { field: "departure time", value: time }));
    return { ...flight, flight_day: day, departure_time: null };
  }
  return { ...flight, flight_day: day, departure_time: time };
}

export function validTime(hhmm: string): boolean {
  return /^\d{4}$/.test(hhmm) && Number(hhmm.slice(0, 2)) <= 23 && Number(hhmm.slice(2)) <= 59;
}

/** Throws RangeError when a model's flight cannot be written (a generator's caller built it). */
export function writeFlightElements(flight: TelegramFlight): string {
  const read = readFlightNumber(flight.flight_number);
  if (!read || read.carrier !== flight.carrier || read.flight_number !== flight.flight_number) throw new RangeError(`Not a flight number of ${flight.carrier}: ${flight.flight_number}`);
  if (!readFlightDay(flight.flight_day)) throw new RangeError(`Not a flight day (DDMMM): ${flight.flight_day}`);
  return `${flight.flight_number}/${flight.flight_day}`;
}

/**
 * The flight date "YYYY-MM-DD" of a day sent without its year: of the years around `reference` ("YYYY-MM-DD", e.g.
 * the day the telegram was received), the one that puts the day nearest to it. Manifests and booked lists travel
 * within days of the flight, so the nearest date is the flight's (a "31DEC" received on 2 January is last year's).
 * Null when neither the year before, the year of nor the year after the reference has the day (29FEB).
 */
export function flightDateNear(flightDay: string, reference: string): string | null {
  const m = FLIGHT_DAY.exec(flightDay);
  if (!m || !readFlightDay(flightDay)) return null;
  const month = (IATA_MONTHS as readonly string[]).indexOf(m[2]!) + 1;
  const day = Number(m[1]);
  const year = Number(reference.slice(0, 4));
  let best: string | null = null;
  for (const candidate of [year - 1, year, year + 1]) {
    if (day > daysInMonth(candidate, month)) continue;
    const date = `${candidate}-${pad2(month)}-${pad2(day)}`;
    if (best === null || Math.abs(daysBetween(reference, date)) < Math.abs(daysBetween(reference, best))) best = date;
  }
  return best;
}

/** The product's `number_with_date` ("S70101/28NOV26") of a telegram's flight, its year chosen by `flightDateNear`. */
export function flightNumberWithDate(flight: TelegramFlight, reference: string): string | null {
  const date = flightDateNear(flight.flight_day, reference);
  const parsed = parseFlightNumber(flight.flight_number);
  // The product writes two-digit years of 1960-2059 only (cargo/time/iata-date.ts).
  if (!date || !parsed.ok || date < "1960" || date >= "2060") return null;
  return numberWithDate(parsed.value, date);
}

/**
 * The first line of a part of FFM or FBL: "1/S70101/28NOV0935/DME" and what the message adds after the point of
 * loading (returned in `rest` for it to read). Null when the flight cannot be read: nothing after it can be placed.
 */
export interface PartFlightLine extends TelegramFlight {
  part_number: number;
  departure_time: string | null;
  origin_iata: string;
  rest: string[];
}

export function readPartFlightLine(lineNo: number, text: string, errors: TelegramError[]): PartFlightLine | null {
  const [sequence, flightText, dayText, origin, ...rest] = text.split("/");
  if (!/^\d{1,3}$/.test(sequence ?? "") || Number(sequence) < 1) {
    errors.push(telegramError(lineNo, "bad_field", { field: "message sequence number", value: sequence ?? "" }));
    return null;
  }
  const flight = readFlightElements(lineNo, flightText, dayText, errors);
  if (!flight) return null;
  if (!/^[A-Z]{3}$/.test(origin ?? "")) {
    errors.push(telegramError(lineNo, origin ? "bad_field" : "missing_field", { field: "point of loading", value: origin ?? "" }));
    return null;
  }
  return { part_number: Number(sequence), ...flight, origin_iata: origin!, rest };
}

export function writePartFlightLine(part: Omit<PartFlightLine, "rest">): string {
  if (!Number.isInteger(part.part_number) || part.part_number < 1 || part.part_number > 999) throw new RangeError(`Not a part number: ${part.part_number}`);
  if (part.departure_time !== null && !validTime(part.departure_time)) throw new RangeError(`Not a time: ${part.departure_time}`);
  if (!/^[A-Z]{3}$/.test(part.origin_iata)) throw new RangeError(`Not an airport code: ${part.origin_iata}`);
  return `${part.part_number}/${writeFlightElements(part)}${part.departure_time ?? ""}/${part.origin_iata}`;
}
