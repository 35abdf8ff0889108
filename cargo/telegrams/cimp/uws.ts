import type { TelegramCodec } from "../telegram-codec";
import { telegramError, type TelegramError } from "../telegram-error";
import type { TelegramLine } from "../telegram-lines";
import { readFlightElements, writeFlightElements, type TelegramFlight } from "./flight-line";
import { checkRemark, tagOf } from "./manifest-lines";

/**
 * UWS, the ULD weight statement: what each ULD and the bulk hold weigh, for load control, as the ramp sends it
 * before departure (no version number; the identifier line is "UWS"):
 *
 *   UWS
 *   S70101/28NOV.DME                          flight, day (no year), departure station
 *   ULD                                       the ULDs follow
 *   AKE12345S7/LED/540/C.EAP.PER/Q7/21L       ULD, destination, gross weight (kg), load category with its special
 *   PMC54321S7/LED/1520/M                     load codes, then the contour code and the position where known
 *   BULK                                      loose load follows
 *   LED/300/C.AVI                             destination, weight, category
 *   SI                                        supplementary information to the end
 *   DOORS CHECKED
 *
 * Load categories: C cargo, M mail, B baggage, E equipment, X empty, and two-letter subcategories (BT transfer
 * baggage, ...). Weights are whole kilograms, as load control counts them.
 */
export interface UwsUld {
  uld_number: string;
  destination_iata: string;
  weight: number;
  load_category: string;
  shcs: string[];
  /** The pallet's contour code (height profile), e.g. "Q7", where known. */
  contour_code: string | null;
  /** The loading position, e.g. "21L", where known. */
  position: string | null;
}

export interface UwsBulk {
  destination_iata: string;
  weight: number;
  load_category: string;
  shcs: string[];
}

export interface UwsStatement extends TelegramFlight {
  origin_iata: string;
  ulds: UwsUld[];
  bulk: UwsBulk[];
  /** Supplementary information, one entry a line. */
  si: string[];
}

const ULD_NUMBER = /^[A-Z]{3}\d{4,5}[A-Z0-9]{2}$/;
const AIRPORT = /^[A-Z]{3}$/;
const WEIGHT = /^\d{1,6}$/;
const CATEGORY = /^([A-Z]{1,2})((?:\.[A-Z0-9]{3})*)$/;
const CONTOUR = /^[A-Z0-9]{1,3}$/;
const POSITION = /^[A-Z0-9]{1,4}$/;

export function parseUws(body: readonly TelegramLine[]): { message: UwsStatement | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const [first, ...lines] = body;
  if (!first) return { message: null, errors: [telegramError(0, "cut_short", { what: "the flight line" })] };
  const [flightPart = "", station, ...more] = first.text.split(".");
  const [flightText, dayText, ...extra] = flightPart.split("/");
  const flight = readFlightElements(first.no, flightText, dayText, errors);
  if (!flight) return { message: null, errors };
  if (!AIRPORT.test(station ?? "")) {
    errors.push(telegramError(first.no, station ? "bad_field" : "missing_field", { field: "departure station", value: station ?? "" }));
    return { message: null, errors };
  }
  if (extra.length || more.length || flight.departure_time) errors.push(telegramError(first.no, "unexpected_line", { tag: [...extra, ...more].join("/").slice(0, 12) || "time" }));
  const statement: UwsStatement = { carrier: flight.carrier, flight_number: flight.flight_number, flight_day: flight.flight_day, origin_iata: station!, ulds: [], bulk: [], si: [] };
  let inSi = false;
  for (const line of lines) {
    const text = line.text;
    if (inSi) statement.si.push(text);
    else if (text === "SI" || text.startsWith("SI ")) {
      inSi = true;
      if (text.length > 3) statement.si.push(text.slice(3));
    } else if (text === "ULD" || text === "BULK") continue;
    else if (ULD_NUMBER.test(tagOf(text))) readUldLine(line, statement, errors);
    else if (AIRPORT.test(tagOf(text)) && text[3] === "/") readBulkLine(line, statement, errors);
    else errors.push(telegramError(line.no, "unexpected_line", { tag: tagOf(text) }));
  }
  if (!statement.ulds.length && !statement.bulk.length) errors.push(telegramError(lines.at(-1)?.no ?? first.no, "missing_line", { what: "ULD or bulk" }));
  return { message: statement, errors };
}

/** Destination, weight and category, the elements ULD and bulk lines share; null (with errors) when one is bad. */
function readLoad(no: number, destination = "", weight = "", category = "", errors: TelegramError[]): Pick<UwsBulk, "destination_iata" | "weight" | "load_category" | "shcs"> | null {
  const checks: [boolean, string, string][] = [
    [AIRPORT.test(destination), "destination", destination],
    [WEIGHT.test(weight), "weight", weight],
    [CATEGORY.test(category), "load category", category],
  ];
  const bad = checks.filter(([ok]) => !ok);
  for (const [, field, value] of bad) errors.push(telegramError(no, value ? "bad_field" : "missing_field", { field, value }));
  if (bad.length) return null;
  const m = CATEGORY.exec(category)!;
  return { destination_iata: destination, weight: Number(weight), load_category: m[1]!, shcs: m[2] ? m[2].slice(1).split(".") : [] };
}

function readUldLine(line: TelegramLine, statement: UwsStatement, errors: TelegramError[]): void {
  const [uld, destination, weight, category, contour, position, ...more] = line.text.split("/");
  const load = readLoad(line.no, destination, weight, category, errors);
  if (contour && !CONTOUR.test(contour)) errors.push(telegramError(line.no, "bad_field", { field: "contour code", value: contour }));
  if (position && !POSITION.test(position)) errors.push(telegramError(line.no, "bad_field", { field: "position", value: position }));
  if (more.length) errors.push(telegramError(line.no, "unexpected_line", { tag: more.join("/").slice(0, 12) }));
  if (!load) return;
  statement.ulds.push({ uld_number: uld!, ...load, contour_code: contour && CONTOUR.test(contour) ? contour : null, position: position && POSITION.test(position) ? position : null });
}

function readBulkLine(line: TelegramLine, statement: UwsStatement, errors: TelegramError[]): void {
  const [destination, weight, category, ...more] = line.text.split("/");
  const load = readLoad(line.no, destination, weight, category, errors);
  if (more.length) errors.push(telegramError(line.no, "unexpected_line", { tag: more.join("/").slice(0, 12) }));
  if (load) statement.bulk.push(load);
}

function writeLoad(load: Pick<UwsBulk, "destination_iata" | "weight" | "load_category" | "shcs">): string {
  const category = [load.load_category, ...load.shcs].join(".");
  if (!AIRPORT.test(load.destination_iata) || !WEIGHT.test(String(load.weight)) || !CATEGORY.test(category)) throw new RangeError(`UWS load cannot be written: ${load.destination_iata}/${load.weight}/${category}`);
  return `${load.destination_iata}/${load.weight}/${category}`;
}

function uwsLines(statement: UwsStatement): string[] {
  if (!AIRPORT.test(statement.origin_iata)) throw new RangeError(`Not an airport code: ${statement.origin_iata}`);
  const lines = [`${writeFlightElements(statement)}.${statement.origin_iata}`];
  if (statement.ulds.length) lines.push("ULD");
  for (const uld of statement.ulds) {
    if (!ULD_NUMBER.test(uld.uld_number)) throw new RangeError(`Not a ULD number: ${uld.uld_number}`);
    if ((uld.contour_code !== null && !CONTOUR.test(uld.contour_code)) || (uld.position !== null && !POSITION.test(uld.position))) throw new RangeError(`Contour or position of ${uld.uld_number} cannot be written`);
    const tail = uld.position !== null ? `/${uld.contour_code ?? ""}/${uld.position}` : uld.contour_code !== null ? `/${uld.contour_code}` : "";
    lines.push(`${uld.uld_number}/${writeLoad(uld)}${tail}`);
  }
  if (statement.bulk.length) lines.push("BULK", ...statement.bulk.map(writeLoad));
  if (statement.si.length) {
    for (const entry of statement.si) {
      checkRemark(entry, "SI");
      if (!entry.trim()) throw new RangeError("An empty SI line cannot be written");
    }
    lines.push("SI", ...statement.si);
  }
  return lines;
}

export const uwsCodec: TelegramCodec<UwsStatement> = {
  type: "UWS",
  family: "cimp",
  versions: [],
  parse: (body) => parseUws(body),
  generate: (statement) => uwsLines(statement).join("\n"),
};
