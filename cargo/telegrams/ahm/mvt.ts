/**
 * AHM 780 aircraft movement message, MVT (issue 23): a station tells the network when a flight left or arrived.
 *
 *   MVT
 *   XX101/12.GABCD.LHR          flight / day of month . registration . station
 *   AD1015/1025 EA1230 JFK      off-blocks / airborne, estimated arrival at JFK
 *   DL72/0010                   delay: code 72, 10 minutes
 *   PX120                       passengers
 *   SI CARGO DOOR SNAG
 *
 *   AA1225/1233                 (an arrival: touchdown / on-blocks; the station is the arrival station)
 *   ED121130                    (a delayed departure: the new estimate)   NI121200 (next information at)
 *
 * Every time is UTC, "HHMM" on the flight's day or "DDHHMM" when it falls on another day. The model keeps them as
 * the message gives them, a time and the day of month when written, and invents no year or month: the receiver
 * places them against the flight it knows. `atd_utc` is the off-blocks time and `ata_utc` the on-blocks time (what
 * the product calls actual departure and arrival); airborne and touchdown are kept beside them.
 */
import { telegramError, type TelegramError } from "../telegram-error";
import type { TelegramLine } from "../telegram-lines";
import { isCarrierDesignator, readHhmm, writtenFlightNumber } from "../ssim/ssim-fields";

export interface MovementTime {
  /** Day of month when the message writes one (DDHHMM), else null: the flight's day. */
  day: number | null;
  /** "HH:mm", UTC. */
  time: string;
}

export interface MovementDelay {
  /** AHM 730 delay code: "72", "93A", "RA". */
  code: string;
  /** Minutes the code accounts for, when given. */
  minutes: number | null;
}

export interface MovementMessage {
  carrier: string;
  flight_number: number;
  operational_suffix: string | null;
  number: string;
  /** Day of month of the flight (its scheduled departure, UTC). */
  day: number;
  registration: string;
  /** The station reporting: departure station for AD, arrival station for AA. */
  station: string;
  atd_utc: MovementTime | null;
  airborne_utc: MovementTime | null;
  eta_utc: MovementTime | null;
  eta_station: string | null;
  touchdown_utc: MovementTime | null;
  ata_utc: MovementTime | null;
  etd_utc: MovementTime | null;
  next_information_utc: MovementTime | null;
  delays: MovementDelay[];
  passengers: number | null;
  infants: number | null;
  supplementary_info: string[];
}

const FLIGHT_LINE = /^([A-Z0-9]{2}[A-Z]?)(\d{1,4})([A-Z])?\/(\d{1,2})\.([A-Z0-9-]{2,10})\.([A-Z]{3})$/;
const TIME = "(\\d{4}|\\d{6})";
const AD_LINE = new RegExp(`^AD${TIME}(?:\\/${TIME})?(?: EA${TIME} ([A-Z]{3}))?$`);
const AA_LINE = new RegExp(`^AA${TIME}(?:\\/${TIME})?$`);
const EA_LINE = new RegExp(`^EA${TIME} ([A-Z]{3})$`);
const ED_LINE = new RegExp(`^ED${TIME}$`);
const NI_LINE = new RegExp(`^NI${TIME}$`);
const DL_LINE = /^DL([A-Z0-9/]+)$/;
const PX_LINE = /^PX(\d{1,3})(?:\/(\d{1,3}))?$/;
const SI_LINE = /^SI(?: (.*))?$/;
const DELAY_CODE = /^(\d{2}[A-Z]?|[A-Z]{2})$/;

export function parseMovementMessage(body: readonly TelegramLine[]): { message: MovementMessage | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const [first, ...rest] = body;
  if (!first) return { message: null, errors: [telegramError(0, "cut_short", { what: "the flight line" })] };
  const f = FLIGHT_LINE.exec(first.text.trim());
  if (!f || !isCarrierDesignator(f[1]!) || Number(f[2]) < 1 || !validDay(Number(f[4]))) {
    return { message: null, errors: [telegramError(first.no, "bad_field", { field: "flight line (flight/day.registration.station)", value: first.text.trim() })] };
  }
  const message: MovementMessage = {
    carrier: f[1]!,
    flight_number: Number(f[2]),
    operational_suffix: f[3] ?? null,
    number: writtenFlightNumber(f[1]!, Number(f[2]), f[3] ?? null),
    day: Number(f[4]),
    registration: f[5]!.replace(/-/g, ""),
    station: f[6]!,
    atd_utc: null,
    airborne_utc: null,
    eta_utc: null,
    eta_station: null,
    touchdown_utc: null,
    ata_utc: null,
    etd_utc: null,
    next_information_utc: null,
    delays: [],
    passengers: null,
    infants: null,
    supplementary_info: [],
  };
  let inSupplementary = false;
  for (const line of rest) {
    const text = line.text.trim();
    if (inSupplementary) {
      message.supplementary_info.push(text);
      continue;
    }
    const time = (value: string | undefined, field: string): MovementTime | null => {
      if (value === undefined) return null;
      const read = readMovementTime(value);
      if (!read) errors.push(telegramError(line.no, "bad_field", { field, value }));
      return read;
    };
    const tag = text.slice(0, 2);
    const m =
      tag === "AD" ? AD_LINE.exec(text)
      : tag === "AA" ? AA_LINE.exec(text)
      : tag === "EA" ? EA_LINE.exec(text)
      : tag === "ED" ? ED_LINE.exec(text)
      : tag === "NI" ? NI_LINE.exec(text)
      : tag === "DL" ? DL_LINE.exec(text)
      : tag === "PX" ? PX_LINE.exec(text)
      : tag === "SI" ? SI_LINE.exec(text)
      : null;
    if (!m) {
      errors.push(telegramError(line.no, ["AD", "AA", "EA", "ED", "NI", "DL", "PX"].includes(tag) ? "bad_field" : "unexpected_line", ["AD", "AA", "EA", "ED", "NI", "DL", "PX"].includes(tag) ? { field: tag, value: text } : { tag: text.slice(0, 20) }));
      continue;
    }
    if (tag === "AD") {
      message.atd_utc = time(m[1], "off-blocks time");
      message.airborne_utc = time(m[2], "airborne time");
      message.eta_utc = time(m[3], "estimated arrival");
      message.eta_station = m[4] ?? null;
    } else if (tag === "AA") {
      message.touchdown_utc = time(m[1], "touchdown time");
      message.ata_utc = time(m[2], "on-blocks time");
    } else if (tag === "EA") {
      message.eta_utc = time(m[1], "estimated arrival");
      message.eta_station = m[2]!;
    } else if (tag === "ED") message.etd_utc = time(m[1], "estimated departure");
    else if (tag === "NI") message.next_information_utc = time(m[1], "next information");
    else if (tag === "DL") {
      const delays = readDelays(m[1]!);
      if (delays) message.delays.push(...delays);
      else errors.push(telegramError(line.no, "bad_field", { field: "delay", value: text }));
    } else if (tag === "PX") {
      message.passengers = Number(m[1]);
      message.infants = m[2] === undefined ? null : Number(m[2]);
    } else {
      inSupplementary = true;
      if (m[1]) message.supplementary_info.push(m[1]);
    }
  }
  if (!message.atd_utc && !message.touchdown_utc && !message.etd_utc && !message.next_information_utc && !message.delays.length && !message.eta_utc) {
    errors.push(telegramError(first.no, "missing_line", { what: "movement (AD, AA, ED, NI, EA or DL)" }));
  }
  return { message, errors };
}

function validDay(day: number): boolean {
  return day >= 1 && day <= 31;
}

/** "1015" → {day: null, time: "10:15"}; "121015" → {day: 12, ...}. */
export function readMovementTime(text: string): MovementTime | null {
  const day = text.length === 6 ? Number(text.slice(0, 2)) : null;
  if (day !== null && !validDay(day)) return null;
  const time = readHhmm(text.slice(-4));
  return time ? { day, time } : null;
}

/**
 * "72/0010", "72/15/0010/0005", "7215/0010/0005" (two codes run together, as many stations write them), "93A":
 * the codes, then as many HHMM durations as codes, or none.
 */
function readDelays(text: string): MovementDelay[] | null {
  const [head, ...elements] = text.split("/");
  const codes: string[] = [];
  const together = /^(\d{2})(\d{2})$/.exec(head!);
  if (together) codes.push(together[1]!, together[2]!);
  else if (DELAY_CODE.test(head!)) codes.push(head!);
  else return null;
  let at = 0;
  while (at < elements.length && DELAY_CODE.test(elements[at]!)) codes.push(elements[at++]!);
  const durations = elements.slice(at);
  if (durations.length && durations.length !== codes.length) return null;
  const minutes: number[] = [];
  for (const d of durations) {
    if (!/^\d{4}$/.test(d) || Number(d.slice(2)) > 59) return null;
    minutes.push(Number(d.slice(0, 2)) * 60 + Number(d.slice(2)));
  }
  return codes.map((code, i) => ({ code, minutes: durations.length ? minutes[i]! : null }));
}
