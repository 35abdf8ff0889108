import { BOOKING_STATUSES, type BookingStatus } from "../../bookings/booking-status";
import type { TelegramCodec } from "../telegram-codec";
import { telegramError, type TelegramError } from "../telegram-error";
import { joinContinuations, type LogicalLine, type TelegramLine } from "../telegram-lines";
import { type ConsignmentDetail, readConsignment, writeAwbIdentification, writeQuantity } from "./consignment";
import { type DayMonth, readDayMonth, writeDayMonth } from "./day-time";
import { checkFreeText, checkTextLine, isAirport, readFlight, writeFlight } from "./elements";

/**
 * FFR (booking request) and FFA (booking answer), Cargo-IMP (issue 23): the shipment, the flights it is to go on
 * with the space allocation code each is asked or answered with, then its dimensions, handling codes, product,
 * special service requests, other service information, customer, agent and the sender's reference.
 *
 *   FFR/8
 *   125-92345676FRAPHL/T12K950.0MC5.2/CLOTHING
 *   BA0171/19MAR/FRALHR/NN
 *   BA0179/19MAR/LHRPHL/NN
 *   DIM/K500.0/CMT120-100-80/6
 *   /K450.0/CMT100-80-60/6
 *   SPH/COL/PER
 *   PRD/EXPRESS
 *   SSR/KEEP BETWEEN 2 AND 8 DEGREES
 *   OSI/CALL SHIPPER BEFORE LOADING
 *   CUS/123456/2347123/ACME FORWARDING/FRANKFURT
 *   AGT//2347123/ACME FORWARDING/FRANKFURT
 *   REF/FRAFCBA/BK-001
 *
 * The consignment line and the flight lines follow public traffic (an FFR/4 in public code: "125-92345675FRAPHL/
 * T12K950/CLOTHING", "BA171/19MAR/LHRJFK/..", "REF/FRAFCBA"); FFR/8 is written (the version in use in current
 * airline systems), 4 to 7 are read with the same lines. CUS, AGT and PRD carry the parts of a party and the product
 * the product keeps (api/db/tables/air-waybills.ts PartyBlock: account_number, iata_code, name, city; product_code).
 *
 * The model is the shipment and its bookings in the product's names: the consignment's `mawb`, `origin_iata`, ...,
 * `commodity` (the nature of goods), `shcs`, `product_code`, `dimensions` (DimensionRow: pieces, weight kg,
 * length/width/height cm); each booking's `flight_number` ("BA0171"), `flight_day` (no year: day-time.ts),
 * `origin_iata`, `destination_iata`, and `request_status` (FFR) or `response_status` (FFA), the product's booking
 * statuses (cargo/bookings/booking-status.ts: KK, NN, LL, UU, XX); a code outside them is reported, not guessed.
 */
export interface BookingLeg {
  carrier: string;
  flight_number: string;
  flight_day: DayMonth;
  origin_iata: string;
  destination_iata: string;
  request_status: BookingStatus | null;
  response_status: BookingStatus | null;
}

export interface BookingDimension {
  pieces: number;
  /** Kilograms; null when the row gives none. */
  weight: number | null;
  /** Centimetres. */
  length: number;
  width: number;
  height: number;
}

export interface BookingParty {
  account_number: string | null;
  iata_code: string | null;
  name: string | null;
  city: string | null;
}

export interface BookingReference {
  /** The sender's Type-B address ("FRAFCBA"). */
  address: string | null;
  file_reference: string | null;
}

export interface BookingMessage extends ConsignmentDetail {
  commodity: string | null;
  bookings: BookingLeg[];
  dimensions: BookingDimension[];
  shcs: string[];
  product_code: string | null;
  ssr: string[];
  osi: string[];
  customer: BookingParty | null;
  agent: BookingParty | null;
  reference: BookingReference | null;
}

/** Which status a booking line carries: FFR asks (request_status), FFA answers (response_status). */
export type BookingSide = "request_status" | "response_status";

const MAX_COMMODITY = 20;
const MAX_PARTY_ELEMENT = 35;
const SHC = /^[A-Z0-9]{3}$/;
const DIMENSION = /^CMT(\d{1,4})-(\d{1,4})-(\d{1,4})$/;
const DIM_WEIGHT = /^K(\d{1,7}(?:\.\d)?)$/;
const PIECES = /^\d{1,4}$/;
const ADDRESS = /^[A-Z0-9]{7}$/;
const REFERENCE = /^[A-Z0-9\-.]{1,15}$/;
const PRODUCT = /^[A-Z0-9]{1,12}$/;
const SINGLE_LINES = ["DIM", "SPH", "PRD", "SSR", "OSI", "CUS", "AGT", "REF"] as const;

/** Reads an FFR or FFA body (the identifier line already taken off). Never throws. */
export function readBookingMessage(body: readonly TelegramLine[], side: BookingSide): { message: BookingMessage | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const [first, ...rest] = body;
  if (!first) return { message: null, errors: [telegramError(0, "cut_short", { what: "the consignment detail" })] };
  const [identification = "", quantity, commodity, ...extra] = first.text.split("/");
  if (quantity === undefined) errors.push(telegramError(first.no, "missing_field", { field: "quantity detail" }));
  const consignment = readConsignment(first.no, identification, quantity);
  errors.push(...consignment.errors);
  if (commodity !== undefined && (!commodity || commodity.length > MAX_COMMODITY)) errors.push(telegramError(first.no, "bad_field", { field: "nature of goods", value: commodity }));
  if (extra.length) errors.push(telegramError(first.no, "bad_field", { field: "consignment detail", value: extra.join("/") }));
  if (!consignment.value) return { message: null, errors };
  const message: BookingMessage = {
    ...consignment.value,
    commodity: commodity || null,
    bookings: [],
    dimensions: [],
    shcs: [],
    product_code: null,
    ssr: [],
    osi: [],
    customer: null,
    agent: null,
    reference: null,
  };
  const seen = new Set<string>();
  for (const line of joinContinuations(rest)) {
    const tag = line.text.slice(0, 3);
    const isSingle = (SINGLE_LINES as readonly string[]).includes(tag) && (line.text.length === 3 || line.text[3] === "/");
    if (isSingle && seen.has(tag)) {
      errors.push(telegramError(line.no, "unexpected_line", { tag }));
      continue;
    }
    if (isSingle) {
      seen.add(tag);
      readTaggedLine(tag, line, message, errors);
    } else if (readFlight(line.text.split("/")[0]!)) {
      if (seen.size) errors.push(telegramError(line.no, "unexpected_line", { tag: line.text.split("/")[0]! }));
      else readBookingLine(line, side, message, errors);
    } else {
      errors.push(telegramError(line.no, "unexpected_line", { tag: line.text.slice(0, 10) }));
    }
  }
  if (!message.bookings.length) errors.push(telegramError(first.no, "missing_line", { what: "flight" }));
  return { message, errors };
}

function readBookingLine(line: LogicalLine, side: BookingSide, message: BookingMessage, errors: TelegramError[]): void {
  for (const c of line.continuations) errors.push(telegramError(c.no, "unexpected_line", { tag: c.text.slice(0, 10) }));
  const [flightText = "", dayText, airports, status, ...extra] = line.text.split("/");
  const fault = (field: string, value: string | undefined) => errors.push(value ? telegramError(line.no, "bad_field", { field, value }) : telegramError(line.no, "missing_field", { field }));
  const flight = readFlight(flightText);
  const day = dayText ? readDayMonth(dayText) : null;
  const pair = airports && /^[A-Z]{6}$/.test(airports) ? airports : null;
  if (!day) fault("flight day", dayText);
  if (!pair) fault("airports", airports);
  const known = status !== undefined && (BOOKING_STATUSES as readonly string[]).includes(status);
  if (!known) fault("space allocation code", status);
  if (extra.length) errors.push(telegramError(line.no, "bad_field", { field: "flight line", value: extra.join("/") }));
  if (!flight || !day || !pair) return;
  message.bookings.push({
    ...flight,
    flight_day: day,
    origin_iata: pair.slice(0, 3),
    destination_iata: pair.slice(3),
    request_status: side === "request_status" && known ? (status as BookingStatus) : null,
    response_status: side === "response_status" && known ? (status as BookingStatus) : null,
  });
}

function readTaggedLine(tag: string, line: LogicalLine, message: BookingMessage, errors: TelegramError[]): void {
  const first = line.text.slice(4);
  const texts = [first, ...line.continuations.map((c) => c.text)];
  const all = [{ no: line.no, elements: first ? first.split("/") : [] }, ...line.continuations.map((c) => ({ no: c.no, elements: c.text.split("/") }))];
  const onlyOne = () => {
    for (const c of line.continuations) errors.push(telegramError(c.no, "unexpected_line", { tag: c.text.slice(0, 10) }));
  };
  switch (tag) {
    case "SSR":
    case "OSI":
      // one push per line, not a spread: a telegram may continue a line 50 000 times (the arguments limit)
      for (const t of texts) if (t) message[tag === "SSR" ? "ssr" : "osi"].push(t);
      return;
    case "SPH":
      for (const { no, elements } of all) {
        for (const code of elements) {
          if (SHC.test(code)) message.shcs.push(code);
          else errors.push(telegramError(no, "bad_field", { field: "special handling code", value: code }));
        }
      }
      return;
    case "PRD":
      onlyOne();
      if (PRODUCT.test(first)) message.product_code = first;
      else errors.push(telegramError(line.no, first ? "bad_field" : "missing_field", { field: "product", ...(first ? { value: first } : {}) }));
      return;
    case "CUS":
    case "AGT": {
      onlyOne();
      const [account_number, iata_code, name, city, ...extra] = first.split("/");
      const orNull = (v: string | undefined) => (v ? v : null);
      const party = { account_number: orNull(account_number), iata_code: orNull(iata_code), name: orNull(name), city: orNull(city) };
      const tooLong = Object.values(party).find((v) => v !== null && v.length > MAX_PARTY_ELEMENT);
      if (tooLong !== undefined || extra.length) errors.push(telegramError(line.no, "bad_field", { field: tag === "CUS" ? "customer" : "agent", value: tooLong ?? extra.join("/") }));
      message[tag === "CUS" ? "customer" : "agent"] = party;
      return;
    }
    case "REF": {
      onlyOne();
      const [address, file_reference, ...extra] = first.split("/");
      if (address && !ADDRESS.test(address)) errors.push(telegramError(line.no, "bad_field", { field: "reference address", value: address }));
      if (file_reference && !REFERENCE.test(file_reference)) errors.push(telegramError(line.no, "bad_field", { field: "file reference", value: file_reference }));
      if (extra.length) errors.push(telegramError(line.no, "bad_field", { field: "reference", value: extra.join("/") }));
      message.reference = { address: address || null, file_reference: file_reference || null };
      return;
    }
    case "DIM":
      readDimensions(all, message.dimensions, errors);
      return;
  }
}

function readDimensions(all: Array<{ no: number; elements: string[] }>, into: BookingDimension[], errors: TelegramError[]): void {
  for (const { no, elements } of all) {
    const [weightText = "", size = "", pieces = "", ...extra] = elements;
    const weight = DIM_WEIGHT.exec(weightText);
    const dims = DIMENSION.exec(size);
    if ((weightText && !weight) || !dims || !PIECES.test(pieces) || Number(pieces) < 1 || extra.length) {
      errors.push(telegramError(no, "bad_field", { field: "dimensions", value: elements.join("/") }));
      continue;
    }
    const [length, width, height] = [dims[1], dims[2], dims[3]].map(Number) as [number, number, number];
    if (!length || !width || !height) {
      errors.push(telegramError(no, "bad_field", { field: "dimensions", value: elements.join("/") }));
      continue;
    }
    into.push({ pieces: Number(pieces), weight: weight ? Number(weight[1]) : null, length, width, height });
  }
}

/** Writes an FFR or FFA body. Throws RangeError on a model it cannot write. */
export function writeBookingMessage(message: BookingMessage, side: BookingSide): string {
  if (!message.origin_iata || !message.destination_iata) throw new RangeError("A booking message needs the shipment's origin and destination");
  if (!message.bookings.length) throw new RangeError("A booking message needs at least one flight");
  const commodity = message.commodity === null ? "" : `/${checkFreeText("commodity", message.commodity, MAX_COMMODITY)}`;
  const lines = [`${writeAwbIdentification(message)}/${writeQuantity(message)}${commodity}`];
  for (const leg of message.bookings) {
    const status = leg[side];
    if (status === null || !(BOOKING_STATUSES as readonly string[]).includes(status)) throw new RangeError(`A booking line needs its ${side}`);
    if (!isAirport(leg.origin_iata) || !isAirport(leg.destination_iata)) throw new RangeError(`Not airports: ${leg.origin_iata} ${leg.destination_iata}`);
    lines.push(`${writeFlight(leg.flight_number)}/${writeDayMonth(leg.flight_day)}/${leg.origin_iata}${leg.destination_iata}/${status}`);
  }
  message.dimensions.forEach((d, i) => {
    const sizes = [d.pieces, d.length, d.width, d.height];
    if (!sizes.every((n) => Number.isInteger(n) && n >= 1 && n <= 9999)) throw new RangeError(`Dimensions cannot be written: ${JSON.stringify(d)}`);
    const weight = d.weight === null ? "" : `K${d.weight.toFixed(1)}`;
    lines.push(`${i === 0 ? "DIM/" : "/"}${weight}/CMT${d.length}-${d.width}-${d.height}/${d.pieces}`);
  });
  if (message.shcs.length) lines.push(`SPH/${message.shcs.map((c) => (SHC.test(c) ? c : bad("shcs", c))).join("/")}`);
  if (message.product_code !== null) lines.push(`PRD/${PRODUCT.test(message.product_code) ? message.product_code : bad("product_code", message.product_code)}`);
  for (const line of [...textLines("SSR", message.ssr), ...textLines("OSI", message.osi)]) lines.push(line);
  if (message.customer) lines.push(`CUS/${writeParty(message.customer)}`);
  if (message.agent) lines.push(`AGT/${writeParty(message.agent)}`);
  if (message.reference) {
    const { address, file_reference } = message.reference;
    if ((address !== null && !ADDRESS.test(address)) || (file_reference !== null && !REFERENCE.test(file_reference))) bad("reference", message.reference);
    lines.push(`REF/${[address ?? "", file_reference ?? ""].join("/").replace(/\/+$/, "")}`);
  }
  return lines.join("\n");
}

function textLines(tag: string, texts: readonly string[]): string[] {
  return texts.map((text, i) => `${i === 0 ? `${tag}/` : "/"}${checkTextLine(tag, text)}`);
}

function writeParty(p: BookingParty): string {
  return [p.account_number, p.iata_code, p.name, p.city].map((v) => (v === null ? "" : checkFreeText("party", v, MAX_PARTY_ELEMENT))).join("/").replace(/\/+$/, "");
}

function bad(field: string, value: unknown): never {
  throw new RangeError(`${field} cannot be written: ${JSON.stringify(value)}`);
}

/** FFR and FFA are one codec under two identifiers, told apart by the status their flight lines carry: written as 8, 4 to 7 read. */
export function bookingCodec(type: "FFR" | "FFA", side: BookingSide): TelegramCodec<BookingMessage> {
  return { type, family: "cimp", versions: ["8", "4", "5", "6", "7"], parse: (body) => readBookingMessage(body, side), generate: (message) => writeBookingMessage(message, side) };
}
