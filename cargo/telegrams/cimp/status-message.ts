import { DISCREPANCY_CODES, type DiscrepancyCode, MOVEMENT_CODES } from "../../awb/movement-codes";
import type { TelegramCodec } from "../telegram-codec";
import { telegramError, type TelegramError } from "../telegram-error";
import { joinContinuations, type LogicalLine, type TelegramLine } from "../telegram-lines";
import { type ConsignmentDetail, type PartsCode, readConsignment, type VolumeCode, type WeightCode, writeAwbIdentification, writeQuantity } from "./consignment";
import { type DayMonth, type DayMonthTime, isClockTime, readDayMonth, readDayMonthTime, writeDayMonth, writeDayMonthTime } from "./day-time";
import { checkFreeText, checkTextLine, isAirport, isUld, readFlight, writeFlight } from "./elements";
import { isAirlineDesignator } from "../../flights/flight-number";

/**
 * FSU (status update) and FSA (status answer), Cargo-IMP (issue 23): the shipment's consignment detail, then one
 * line per status with that status's own elements, each optionally followed by its ULD and OSI lines; OCI lines
 * carry customs and security information for the shipment.
 *
 *   FSU/14
 *   157-12345675LHRJFK/T2K50.0
 *   RCS/27NOV1510/LHR/T2K50.0/ACME FORWARDING
 *   DEP/BA0117/28NOV/LHRJFK/T2K50.0/S1200/A1215
 *   ULD/PMC12345BA
 *   DIS/BA0117/28NOV/JFK/MSCA/P1K25.0T2
 *   OSI/ONE PIECE NOT FOUND ON ARRIVAL
 *   OCI/GB/ISS/RA/01234-56
 *
 * Written as FSU/14, the version public traffic and IATA's own ONE Record mapping examples show
 * (github.com/IATA-Cargo/ONE-Record, Documentation_website ShipmentTracking: "FSU/14 020-12345675FRAJFK/T1K100
 * MAN/LH400/16OCT/FRAJFK"); 12, 13, 15 and 16 are read with the same line layouts (the elements read here are the ones
 * those versions share; an element past a layout's end is reported, not silently dropped).
 *
 * Each status line's elements, in order (STATUS_LAYOUTS): flight-bound statuses name the flight, its day and the
 * airport pair (BKD, MAN, PRE, DEP) or the arrival airport (ARR) with scheduled/estimated/actual times ("S1200",
 * "A1215"); station statuses the day and time and the airport, then the quantity and a name (the shipper who
 * delivered, the consignee notified or collecting); transfers the other carrier; DIS its discrepancy code.
 *
 * The model speaks the product's names (api/db/tables/air-waybills.ts awb_movements): `status_code`,
 * `location_iata` (where it happened: the departure airport of a flight's pair), `parts_code`, `pieces`,
 * `weight_code`, `weight`, `volume_code`, `volume`, `discrepancy_code`, `ulds`. The flight is `flight_number` in the
 * platform's written form ("BA0117") and `flight_day`; with the year processing resolves, they make the
 * segment's number_with_date. Days and times carry no year (day-time.ts says why).
 */

/** Every status code read and written: the product's movement codes first (cargo/awb/movement-codes.ts), then the others Cargo-IMP defines. */
export const STATUS_CODES = [...MOVEMENT_CODES, "RCT", "PRE", "AWD", "FOH", "TFD", "CRC", "TRM", "TGC", "CCD", "DDL", "AWR"] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

/** Scheduled, estimated or actual, and the time: "S1200". */
export interface FlightTime {
  kind: "S" | "E" | "A";
  time: string;
}

export interface StatusMovement {
  status_code: StatusCode;
  /** The station: the departure airport of a flight's pair (BKD, MAN, PRE, DEP), the arrival airport (ARR, RCF, AWR), else where it happened. */
  location_iata: string;
  /** The pair's arrival airport (BKD, MAN, PRE, DEP). */
  arrival_iata: string | null;
  /** The flight's carrier, or the other carrier of a transfer (TFD, RCT, TRM). */
  carrier: string | null;
  /** "BA0117" (formatFlightNumber). */
  flight_number: string | null;
  /** The flight's date as the message gives it: day and month. */
  flight_day: DayMonth | null;
  /** When the event happened (station statuses, RCF, AWR, DIS). */
  time: DayMonthTime | null;
  departure_time: FlightTime | null;
  arrival_time: FlightTime | null;
  /** The quantity the status is about; all null when the line gives none (then: the whole consignment). */
  parts_code: PartsCode | null;
  pieces: number | null;
  weight_code: WeightCode | null;
  weight: number | null;
  volume_code: VolumeCode | null;
  volume: number | null;
  density_group: number | null;
  total_pieces: number | null;
  discrepancy_code: DiscrepancyCode | null;
  /** Shipper (RCS, FOH), consignee (NFD, AWD, DLV, DDL), the other carrier's name (TFD, RCT), customs (TGC, CCD, CRC). */
  name: string | null;
  /** TFD: the transfer manifest number. */
  reference: string | null;
  ulds: string[];
  /** OSI lines after the status (a discrepancy's explanation), one entry per line. */
  osi: string[];
}

/** An OCI line: ISO country, information identifier ("ISS", "EXP"), customs/security identifier ("RA", "SM"), the information. */
export interface CustomsInfo {
  country_code: string | null;
  information_identifier: string | null;
  customs_identifier: string | null;
  supplementary_information: string | null;
}

export interface StatusMessage extends ConsignmentDetail {
  movements: StatusMovement[];
  customs: CustomsInfo[];
}

type Element = "flight" | "day" | "day_time" | "airport_pair" | "airport" | "carrier" | "discrepancy" | "quantity" | "departure_time" | "arrival_time" | "name" | "reference";

/** The elements after the status code; the leading ones up to `required` must be there. */
interface Layout {
  elements: readonly Element[];
  required: number;
}

const FLIGHT_PAIR: Layout = { elements: ["flight", "day", "airport_pair", "quantity", "departure_time", "arrival_time"], required: 3 };
const STATION: Layout = { elements: ["day_time", "airport", "quantity", "name"], required: 2 };
const TRANSFER: Layout = { elements: ["carrier", "day_time", "airport", "quantity", "reference", "name"], required: 3 };

export const STATUS_LAYOUTS: Readonly<Record<StatusCode, Layout>> = {
  BKD: FLIGHT_PAIR,
  MAN: FLIGHT_PAIR,
  PRE: FLIGHT_PAIR,
  DEP: FLIGHT_PAIR,
  ARR: { elements: ["flight", "day", "airport", "quantity", "arrival_time"], required: 3 },
  RCF: { elements: ["flight", "day_time", "airport", "quantity", "name"], required: 3 },
  AWR: { elements: ["flight", "day_time", "airport", "quantity"], required: 3 },
  DIS: { elements: ["flight", "day_time", "airport", "discrepancy", "quantity"], required: 4 },
  RCS: STATION,
  FOH: STATION,
  NFD: STATION,
  AWD: STATION,
  DLV: STATION,
  TGC: STATION,
  CCD: STATION,
  DDL: STATION,
  CRC: STATION,
  TFD: TRANSFER,
  RCT: TRANSFER,
  TRM: { elements: ["carrier", "airport", "quantity"], required: 2 },
};

const FIELD_NAMES: Record<Element, string> = {
  flight: "flight",
  day: "flight day",
  day_time: "day and time",
  airport_pair: "airports",
  airport: "airport",
  carrier: "carrier",
  discrepancy: "discrepancy code",
  quantity: "quantity",
  departure_time: "departure time",
  arrival_time: "arrival time",
  name: "name",
  reference: "reference",
};

const FLIGHT_TIME = /^([SEA])(\d{4})$/;
const MAX_NAME = 35;

export function emptyMovement(status_code: StatusCode, location_iata = ""): StatusMovement {
  return {
    status_code,
    location_iata,
    arrival_iata: null,
    carrier: null,
    flight_number: null,
    flight_day: null,
    time: null,
    departure_time: null,
    arrival_time: null,
    parts_code: null,
    pieces: null,
    weight_code: null,
    weight: null,
    volume_code: null,
    volume: null,
    density_group: null,
    total_pieces: null,
    discrepancy_code: null,
    name: null,
    reference: null,
    ulds: [],
    osi: [],
  };
}

const isStatusCode = (tag: string): tag is StatusCode => (STATUS_CODES as readonly string[]).includes(tag);
const TAG = /^([A-Z]{3})(?:\/|$)/;

/** Reads an FSU or FSA body (the identifier line already taken off). Never throws. */
export function readStatusMessage(body: readonly TelegramLine[]): { message: StatusMessage | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const [first, ...rest] = body;
  if (!first) return { message: null, errors: [telegramError(0, "cut_short", { what: "the consignment detail" })] };
  const [identification = "", quantity, ...extra] = first.text.split("/");
  if (quantity === undefined) errors.push(telegramError(first.no, "missing_field", { field: "quantity detail" }));
  const consignment = readConsignment(first.no, identification, quantity, false);
  errors.push(...consignment.errors);
  if (extra.length) errors.push(telegramError(first.no, "bad_field", { field: "consignment detail", value: extra.join("/") }));
  if (!consignment.value) return { message: null, errors };
  const message: StatusMessage = { ...consignment.value, movements: [], customs: [] };
  let current: StatusMovement | "skipped" | null = null;
  for (const line of joinContinuations(rest)) {
    const tag = TAG.exec(line.text)?.[1];
    if (tag && isStatusCode(tag)) {
      for (const c of line.continuations) errors.push(telegramError(c.no, "unexpected_line", { tag: c.text.slice(0, 10) }));
      const movement = readStatusLine(line, tag, message.mawb, errors);
      current = movement;
      if (movement) message.movements.push(movement);
      else current = "skipped";
    } else if (tag === "OCI") {
      readCustoms(line, message.customs);
    } else if (tag === "ULD" || tag === "OSI") {
      // under a status line already reported: one error for the status, not one per line under it
      if (current === "skipped") continue;
      if (current === null) errors.push(telegramError(line.no, "unexpected_line", { tag }));
      else if (tag === "ULD") readUlds(line, current, errors);
      else for (const t of [line.text.slice(4), ...line.continuations.map((c) => c.text)]) if (t) current.osi.push(t); // no spread: 50 000 continuations would pass the arguments limit
    } else if (tag) {
      errors.push(telegramError(line.no, "unknown_status", { code: tag }));
      current = "skipped";
    } else {
      errors.push(telegramError(line.no, "unexpected_line", { tag: line.text.slice(0, 10) }));
    }
  }
  if (!message.movements.length && !errors.some((e) => e.code === "unknown_status")) {
    errors.push(telegramError(first.no, "missing_line", { what: "status" }));
  }
  return { message, errors };
}

/** One status line; null when it lacks what makes it a status (its required elements), the fault reported. */
function readStatusLine(line: LogicalLine, code: StatusCode, mawb: string, errors: TelegramError[]): StatusMovement | null {
  const layout = STATUS_LAYOUTS[code];
  const values = line.text.split("/").slice(1);
  const movement = emptyMovement(code);
  let complete = true;
  layout.elements.forEach((element, index) => {
    const value = values[index];
    const required = index < layout.required;
    if (value === undefined || value === "") {
      if (required) errors.push(telegramError(line.no, "missing_field", { field: FIELD_NAMES[element] }));
      complete &&= !required;
      return;
    }
    if (readElement(element, value, movement, line.no, mawb, errors)) return;
    errors.push(telegramError(line.no, "bad_field", { field: FIELD_NAMES[element], value }));
    complete &&= !required;
  });
  if (values.length > layout.elements.length) {
    errors.push(telegramError(line.no, "bad_field", { field: `${code} line`, value: values.slice(layout.elements.length).join("/") }));
  }
  return complete ? movement : null;
}

/** Reads one element into the movement; false when the value is not that element. */
function readElement(element: Element, value: string, m: StatusMovement, lineNo: number, mawb: string, errors: TelegramError[]): boolean {
  switch (element) {
    case "flight": {
      const flight = readFlight(value);
      if (flight) Object.assign(m, flight);
      return flight !== null;
    }
    case "day":
      m.flight_day = readDayMonth(value);
      return m.flight_day !== null;
    case "day_time":
      m.time = readDayMonthTime(value);
      return m.time !== null;
    case "airport_pair":
      if (!/^[A-Z]{6}$/.test(value)) return false;
      m.location_iata = value.slice(0, 3);
      m.arrival_iata = value.slice(3);
      return true;
    case "airport":
      m.location_iata = value;
      return isAirport(value);
    case "carrier":
      m.carrier = value;
      return isAirlineDesignator(value);
    case "discrepancy":
      if (!(DISCREPANCY_CODES as readonly string[]).includes(value)) return false;
      m.discrepancy_code = value as DiscrepancyCode;
      return true;
    case "quantity": {
      // the status's quantity is read as a quantity of the same waybill: one reader for the element everywhere
      // A part's total pieces is the consignment line's business: status lines of a part shipment say only the part
      // ("DEP/QR8403/20JUN/HKGDOH/P2K505.0" under "157-53806270HKGNLU/P2K505.0T10", as carriers send them).
      const read = readConsignment(lineNo, mawb, value, false);
      read.errors = read.errors.filter((e) => e.code !== "missing_field");
      errors.push(...read.errors);
      if (!read.value || read.errors.some((e) => e.code === "bad_field")) return true;
      const { parts_code, pieces, weight_code, weight, volume_code, volume, density_group, total_pieces } = read.value;
      Object.assign(m, { parts_code, pieces, weight_code, weight, volume_code, volume, density_group, total_pieces });
      return true;
    }
    case "departure_time":
    case "arrival_time": {
      const t = FLIGHT_TIME.exec(value);
      if (!t || !isClockTime(t[2]!)) return false;
      m[element] = { kind: t[1] as FlightTime["kind"], time: t[2]! };
      return true;
    }
    case "name":
      m.name = value;
      return value.length <= MAX_NAME;
    case "reference":
      m.reference = value;
      return /^[A-Z0-9]{1,15}$/.test(value);
  }
}

function readUlds(line: LogicalLine, movement: StatusMovement, errors: TelegramError[]): void {
  const parts = [{ no: line.no, ids: line.text.split("/").slice(1) }, ...line.continuations.map((c) => ({ no: c.no, ids: c.text.split("/") }))];
  for (const { no, ids } of parts) {
    for (const id of ids) {
      if (isUld(id)) movement.ulds.push(id);
      else errors.push(telegramError(no, "bad_field", { field: "ULD", value: id }));
    }
  }
}

function readCustoms(line: LogicalLine, into: CustomsInfo[]): void {
  for (const elements of [line.text.split("/").slice(1), ...line.continuations.map((c) => c.text.split("/"))]) {
    const [country, info, customs, ...supplementary] = elements;
    const orNull = (v: string | undefined) => (v ? v : null);
    into.push({ country_code: orNull(country), information_identifier: orNull(info), customs_identifier: orNull(customs), supplementary_information: orNull(supplementary.join("/")) });
  }
}

/** Writes an FSU or FSA body. Throws RangeError on a model it cannot write (the caller built it). */
export function writeStatusMessage(message: StatusMessage): string {
  if (!message.movements.length) throw new RangeError("A status message needs at least one status");
  const lines = [`${writeAwbIdentification(message)}/${writeQuantity(message)}`];
  for (const movement of message.movements) {
    lines.push(writeStatusLine(movement));
    if (movement.ulds.length) lines.push(`ULD/${movement.ulds.map((id) => (isUld(id) ? id : bad("ULD", id))).join("/")}`);
    movement.osi.forEach((text, i) => {
      lines.push(`${i === 0 ? "OSI/" : "/"}${checkTextLine("OSI", text)}`);
    });
  }
  message.customs.forEach((c, i) => {
    const elements = [c.country_code, c.information_identifier, c.customs_identifier, c.supplementary_information].map((v) => (v === null ? "" : checkFreeText("OCI", v, 35)));
    lines.push(`${i === 0 ? "OCI/" : "/"}${elements.join("/").replace(/\/+$/, "")}`);
  });
  return lines.join("\n");
}

function bad(field: string, value: unknown): never {
  throw new RangeError(`${field} cannot be written: ${JSON.stringify(value)}`);
}

function writeStatusLine(m: StatusMovement): string {
  if (!isStatusCode(m.status_code)) bad("status_code", m.status_code);
  const layout = STATUS_LAYOUTS[m.status_code];
  const values = layout.elements.map((element) => writeElement(element, m));
  layout.elements.slice(0, layout.required).forEach((element, i) => {
    if (!values[i]) bad(FIELD_NAMES[element], null);
  });
  while (values.length && !values[values.length - 1]) values.pop();
  return [m.status_code, ...values].join("/");
}

function writeElement(element: Element, m: StatusMovement): string {
  switch (element) {
    case "flight":
      return m.flight_number === null ? "" : writeFlight(m.flight_number);
    case "day":
      return m.flight_day === null ? "" : writeDayMonth(m.flight_day);
    case "day_time":
      return m.time === null ? "" : writeDayMonthTime(m.time);
    case "airport_pair":
      return isAirport(m.location_iata) && m.arrival_iata !== null && isAirport(m.arrival_iata) ? `${m.location_iata}${m.arrival_iata}` : bad("airports", [m.location_iata, m.arrival_iata]);
    case "airport":
      return isAirport(m.location_iata) ? m.location_iata : bad("location_iata", m.location_iata);
    case "carrier":
      return m.carrier !== null && isAirlineDesignator(m.carrier) ? m.carrier : bad("carrier", m.carrier);
    case "discrepancy":
      return m.discrepancy_code !== null && (DISCREPANCY_CODES as readonly string[]).includes(m.discrepancy_code) ? m.discrepancy_code : bad("discrepancy_code", m.discrepancy_code);
    case "quantity":
      if (m.pieces === null) return "";
      return writeQuantity({
        parts_code: m.parts_code ?? "T",
        pieces: m.pieces,
        weight_code: m.weight_code ?? "K",
        weight: m.weight ?? 0,
        volume_code: m.volume_code,
        volume: m.volume,
        density_group: m.density_group,
        total_pieces: m.total_pieces,
      });
    case "departure_time":
    case "arrival_time": {
      const t = m[element];
      if (t === null) return "";
      return ["S", "E", "A"].includes(t.kind) && isClockTime(t.time) ? `${t.kind}${t.time}` : bad(element, t);
    }
    case "name":
      return m.name === null ? "" : checkFreeText("name", m.name, MAX_NAME);
    case "reference":
      return m.reference === null ? "" : /^[A-Z0-9]{1,15}$/.test(m.reference) ? m.reference : bad("reference", m.reference);
  }
}

/** FSU and FSA are one codec under two identifiers: written as 14, 12 to 16 read (see the top of this file). */
export function statusCodec(type: "FSU" | "FSA"): TelegramCodec<StatusMessage> {
  return { type, family: "cimp", versions: ["14", "12", "13", "15", "16"], parse: (body) => readStatusMessage(body), generate: (message) => writeStatusMessage(message) };
}
