/**
 * SSIM chapter 4 schedule messages (issue 23): ASM (ad hoc, one flight on given dates) and SSM (standard, a flight
 * over periods and days). After the type line come the time mode ("UTC" or "LT"), an optional message reference,
 * and one or more sub-messages separated by "//", each an action ("NEW", "CNL", "TIM", ...) and its lines:
 *
 *   ASM                              SSM
 *   UTC                              LT
 *   NEW                              NEW XASM
 *   XX0101/12MAR26                   XX0101
 *   J 320 C12Y150                    12MAR26 28APR26 1357
 *   LHR0830 JFK1100                  J 320 C12Y150
 *   LHRJFK 8/X                       LHR0830 JFK1100
 *   //                               SI ADDED FOR THE SUMMER
 *   CNL
 *   XX0102/13MAR
 *
 * In the product's names: flights with `carrier`, `flight_number`, `number`; legs with `origin_iata`,
 * `destination_iata`, `std`/`sta` ("HH:mm" in the message's time mode); periods with `period_from`/`period_to` (ISO
 * dates) and `days_of_week` ("1357"). An ASM date without a year stays without one ("--03-12", ISO 8601's form for
 * a day of a year not given): the year is the receiver's to decide, not the parser's to invent.
 */
import { telegramError, type TelegramError } from "../telegram-error";
import type { TelegramLine } from "../telegram-lines";
import { IATA_MONTHS } from "../../time/iata-date";
import { daysInMonth, pad2 } from "../../time/local-date";
import { isCarrierDesignator, OPEN_DATE, readDateVariation, readDaysOfOperation, readHhmm, readSsimDate, writtenFlightNumber } from "./ssim-fields";
import type { TimeMode } from "./ssim-file";

export const SCHEDULE_ACTIONS = ["NEW", "CNL", "RIN", "RPL", "SKD", "EQT", "TIM", "CON", "FLT", "RRT", "ADM", "REV", "RSD", "ACK", "NAC"] as const;
export type ScheduleActionCode = (typeof SCHEDULE_ACTIONS)[number];
/** Actions that answer a message: what follows them is free text (NAC's reasons, the message it refuses). */
const REPLY_ACTIONS: ReadonlySet<string> = new Set(["ACK", "NAC"]);

export interface ScheduleMessage {
  time_mode: TimeMode;
  /** "12MAR00001E001" and what follows it, as written. */
  message_reference: string | null;
  actions: ScheduleAction[];
}

export interface ScheduleAction {
  action: ScheduleActionCode;
  /** What follows the action on its line: secondary actions and reasons ("XASM", "COMM"). */
  reasons: string[];
  flights: ScheduleFlight[];
  /** SSM only. */
  periods: SchedulePeriod[];
  equipment: ScheduleEquipment | null;
  legs: ScheduleLeg[];
  segments: ScheduleSegmentInfo[];
  supplementary_info: string[];
  /** ACK and NAC: the lines after the action, as written. */
  text: string[];
}

export interface ScheduleFlight {
  carrier: string;
  flight_number: number;
  operational_suffix: string | null;
  number: string;
  /** ASM: the dates it applies to, "2026-03-12", or "--03-12" when the message gives no year. */
  dates: string[];
}

export interface SchedulePeriod {
  period_from: string;
  period_to: string | null;
  days_of_week: string;
  frequency_rate: number | null;
}

export interface ScheduleEquipment {
  service_type: string;
  aircraft_type: string;
  /** Booking designators ("FCY"), before the dot. */
  prbd: string | null;
  /** Seats by class ("C12Y150"). */
  aircraft_configuration: string | null;
  /** Further elements of the line (owner, crew, ...), as written. */
  additional: string[];
}

export interface ScheduleLeg {
  origin_iata: string;
  std: string;
  passenger_std: string | null;
  departure_date_variation: number;
  destination_iata: string;
  sta: string;
  passenger_sta: string | null;
  arrival_date_variation: number;
  /** Data elements after the times ("7/ML"), as written. */
  additional: string[];
}

export interface ScheduleSegmentInfo {
  board_point: string;
  off_point: string;
  data_element_identifier: number;
  data: string;
}

const MESSAGE_REFERENCE = /^\d{2}[A-Z]{3}\d{5}[EC]\d{3}(?:\/.*)?$/;
const LEG_LINE = /^([A-Z]{3})(\d{4})((?:\/[A-Z0-9]+)*) ([A-Z]{3})(\d{4})((?:\/[A-Z0-9]+)*)(?: (.*))?$/;
const FLIGHT_LINE = /^([A-Z0-9]{2}[A-Z]?)(\d{1,4})([A-Z])?((?:[ /]\d{2}[A-Z]{3}(?:\d{2})?)*)$/;
const PERIOD_LINE = /^(\d{2}[A-Z]{3}\d{2}) (\d{2}[A-Z]{3}\d{2}|00XXX00) ([1-7]{1,7})(?:\/W(\d))?$/;
const EQUIPMENT_LINE = /^([A-Z]) ([A-Z0-9]{3})(?: (.*))?$/;
const SEGMENT_LINE = /^([A-Z]{3})([A-Z]{3}) (\d{1,3})\/(.*)$/;
const SI_LINE = /^SI(?: (.*))?$/;

export function parseScheduleMessage(type: "ASM" | "SSM", body: readonly TelegramLine[]): { message: ScheduleMessage | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const message: ScheduleMessage = { time_mode: "utc", message_reference: null, actions: [] };
  let at = 0;
  const modeLine = body[at];
  if (modeLine?.text.trim() === "UTC" || modeLine?.text.trim() === "LT") {
    message.time_mode = modeLine.text.trim() === "UTC" ? "utc" : "local";
    at += 1;
  } else {
    errors.push(telegramError(modeLine?.no ?? 0, "missing_line", { what: "time mode (UTC or LT)" }));
  }
  if (body[at] && MESSAGE_REFERENCE.test(body[at]!.text.trim())) {
    message.message_reference = body[at]!.text.trim();
    at += 1;
  }
  // Sub-messages: the lines between "//" separators.
  let part: TelegramLine[] = [];
  const parts: TelegramLine[][] = [];
  for (const line of body.slice(at)) {
    if (line.text.trim() === "//") {
      parts.push(part);
      part = [];
    } else part.push(line);
  }
  parts.push(part);
  for (const lines of parts) {
    if (!lines.length) {
      errors.push(telegramError(body[body.length - 1]?.no ?? 0, "cut_short", { what: "the action of a sub-message" }));
      continue;
    }
    const action = readAction(type, lines, errors);
    if (action) message.actions.push(action);
  }
  return { message, errors };
}

function readAction(type: "ASM" | "SSM", lines: readonly TelegramLine[], errors: TelegramError[]): ScheduleAction | null {
  const [head, ...rest] = lines as [TelegramLine, ...TelegramLine[]];
  const [code, ...reasons] = head.text.trim().split(/ +/);
  if (!(SCHEDULE_ACTIONS as readonly string[]).includes(code!)) {
    errors.push(telegramError(head.no, "unknown_action", { action: code! }));
    return null;
  }
  const action: ScheduleAction = {
    action: code as ScheduleActionCode,
    reasons,
    flights: [],
    periods: [],
    equipment: null,
    legs: [],
    segments: [],
    supplementary_info: [],
    text: [],
  };
  if (REPLY_ACTIONS.has(code!)) {
    action.text = rest.map((l) => l.text.trim());
    return action;
  }
  let inSupplementary = false;
  for (const line of rest) {
    const text = line.text.trim();
    const bad = (field: string, value: string) => errors.push(telegramError(line.no, "bad_field", { field, value }));
    if (inSupplementary) {
      action.supplementary_info.push(text);
      continue;
    }
    let m: RegExpExecArray | null;
    if ((m = SI_LINE.exec(text))) {
      inSupplementary = true;
      if (m[1]) action.supplementary_info.push(m[1]);
    } else if ((m = LEG_LINE.exec(text))) {
      const leg = readLeg(m, bad);
      if (leg) action.legs.push(leg);
    } else if ((m = SEGMENT_LINE.exec(text))) {
      action.segments.push({ board_point: m[1]!, off_point: m[2]!, data_element_identifier: Number(m[3]), data: m[4]! });
    } else if ((m = PERIOD_LINE.exec(text))) {
      const period = readPeriod(m, bad);
      if (period) action.periods.push(period);
      if (type === "ASM") errors.push(telegramError(line.no, "unexpected_line", { tag: `${m[1]} (a period belongs in an SSM)` }));
    } else if ((m = EQUIPMENT_LINE.exec(text))) {
      if (action.equipment) errors.push(telegramError(line.no, "unexpected_line", { tag: `${m[1]} ${m[2]} (a second equipment line)` }));
      else action.equipment = readEquipment(m);
    } else if ((m = FLIGHT_LINE.exec(text)) && isCarrierDesignator(m[1]!) && Number(m[2]) >= 1) {
      const dates = readFlightDates(m[4]!, bad);
      action.flights.push({
        carrier: m[1]!,
        flight_number: Number(m[2]),
        operational_suffix: m[3] ?? null,
        number: writtenFlightNumber(m[1]!, Number(m[2]), m[3] ?? null),
        dates,
      });
    } else {
      errors.push(telegramError(line.no, "unexpected_line", { tag: text.slice(0, 20) }));
    }
  }
  const missing = (what: string) => errors.push(telegramError(head.no, "missing_line", { what: `${what} of ${code}` }));
  if (!action.flights.length) missing("flight identifier");
  if (type === "ASM" && action.flights.some((f) => !f.dates.length)) missing("flight date");
  if (type === "SSM" && !action.periods.length && code !== "ADM") missing("period and days of operation");
  if (["NEW", "RPL", "EQT", "CON"].includes(code!) && !action.equipment) missing("equipment");
  if (["NEW", "RPL", "TIM", "RRT"].includes(code!) && !action.legs.length) missing("leg");
  return action;
}

/** "12MAR26" or "12MAR" → "2026-03-12" / "--03-12"; 29FEB without a year is a date (some year has it). */
function readMessageDate(text: string): string | null {
  if (text.length === 7) return readSsimDate(text);
  const m = /^(\d{2})([A-Z]{3})$/.exec(text);
  if (!m) return null;
  const month = (IATA_MONTHS as readonly string[]).indexOf(m[2]!) + 1;
  const day = Number(m[1]);
  if (month === 0 || day < 1 || day > daysInMonth(2000, month)) return null;
  return `--${pad2(month)}-${pad2(day)}`;
}

function readFlightDates(text: string, bad: (field: string, value: string) => void): string[] {
  const dates: string[] = [];
  for (const token of text.split(/[ /]/).filter(Boolean)) {
    const date = readMessageDate(token);
    if (date) dates.push(date);
    else bad("flight date", token);
  }
  return dates;
}

function readPeriod(m: RegExpExecArray, bad: (field: string, value: string) => void): SchedulePeriod | null {
  const from = readSsimDate(m[1]!);
  const to = m[2] === OPEN_DATE ? null : readSsimDate(m[2]!);
  const days = readDaysOfOperation(m[3]!, false);
  if (!from) bad("period of operation from", m[1]!);
  if (to === null && m[2] !== OPEN_DATE) bad("period of operation to", m[2]!);
  else if (from && to && to < from) bad("period of operation to", `${m[2]} (before ${m[1]})`);
  if (!days) bad("days of operation", m[3]!);
  const rate = m[4] === undefined ? null : Number(m[4]);
  if (rate !== null && rate < 2) bad("frequency rate", `W${m[4]}`);
  if (!from || (to === null && m[2] !== OPEN_DATE) || (from && to && to < from) || !days || (rate !== null && rate < 2)) return null;
  return { period_from: from, period_to: to, days_of_week: days, frequency_rate: rate };
}

function readEquipment(m: RegExpExecArray): ScheduleEquipment {
  const [classes, ...additional] = (m[3] ?? "").split(/ +/).filter(Boolean);
  let prbd: string | null = null;
  let configuration: string | null = null;
  if (classes !== undefined) {
    const dot = classes.indexOf(".");
    if (dot >= 0) {
      prbd = classes.slice(0, dot) || null;
      configuration = classes.slice(dot + 1) || null;
    } else if (/\d/.test(classes)) configuration = classes;
    else prbd = classes;
  }
  return { service_type: m[1]!, aircraft_type: m[2]!, prbd, aircraft_configuration: configuration, additional };
}

/** "/0815" is the passenger time, "/1" or "/M1" the date variation; both may follow a station's time. */
function readTimeExtras(text: string, field: string, bad: (field: string, value: string) => void): { passenger: string | null; variation: number } | null {
  let passenger: string | null = null;
  let variation = 0;
  for (const extra of text.split("/").filter(Boolean)) {
    if (/^\d{4}$/.test(extra)) {
      passenger = readHhmm(extra);
      if (!passenger) return bad(`passenger ${field}`, extra), null;
    } else {
      const v = readDateVariation(extra);
      if (v === null) return bad(`date variation (${field})`, extra), null;
      variation = v;
    }
  }
  return { passenger, variation };
}

function readLeg(m: RegExpExecArray, bad: (field: string, value: string) => void): ScheduleLeg | null {
  const std = readHhmm(m[2]!);
  const sta = readHhmm(m[5]!);
  if (!std) bad("STD", `${m[1]}${m[2]}`);
  if (!sta) bad("STA", `${m[4]}${m[5]}`);
  const departure = readTimeExtras(m[3]!, "STD", bad);
  const arrival = readTimeExtras(m[6]!, "STA", bad);
  if (!std || !sta || !departure || !arrival) return null;
  return {
    origin_iata: m[1]!,
    std,
    passenger_std: departure.passenger,
    departure_date_variation: departure.variation,
    destination_iata: m[4]!,
    sta,
    passenger_sta: arrival.passenger,
    arrival_date_variation: arrival.variation,
    additional: (m[7] ?? "").split(/ +/).filter(Boolean),
  };
}
