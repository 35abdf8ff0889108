import { MRN_PATTERN as MRN } from "../../customs/mrn";
import type { TelegramCodec } from "../telegram-codec";
import { telegramError, type TelegramError } from "../telegram-error";
import { joinContinuations, type LogicalLine, type TelegramLine } from "../telegram-lines";
import { readConsignment, writeAwbIdentification, writeQuantity, type ConsignmentDetail } from "./consignment";
import { readFlightDay, readFlightElements, validTime, writeFlightElements, type TelegramFlight } from "./flight-line";
import { checkRemark, isConsignmentLine, noContinuations, tagOf } from "./manifest-lines";

/**
 * CSN/1, the customs status notification: what customs decided about waybills (and their house waybills), one block
 * per waybill, each block opened by the waybill's line:
 *
 *   CSN/1
 *   421-12345675DMELED/T2K50.0                the waybill (route and quantity may be left out)
 *   HBS/HAWB0001                              the house waybill the status is about, where it is one
 *   ARR/S70101/28NOV                          the flight it arrived or leaves on
 *   CSN/1C/2/28NOV1230/01/10702030280000001   action code, pieces, day and time, entry type and number
 *   MRN/26RU12345678901234                    the customs movement reference number
 *   TXT/RELEASED FOR EXPORT                   remarks
 *
 * Action codes are customs' own two characters (1C cleared, 1H on hold, 1W ..., as the authority defines them): the
 * codec keeps them as sent. Spec 2 §9: an airline sending CSN must give each waybill its MRN; the API checks that
 * before it writes one (this codec also reads notifications without).
 */
/**
 * The action code of the CSN an airline sends for a waybill it carries under a declaration's MRN: released by customs
 * for this movement (1C, as customs' status notifications write a release). Loading goods declared for export or
 * transit means customs released them; other codes are customs' own to send.
 */
export const CSN_RELEASED_ACTION = "1C";

export interface CsnStatus {
  action_code: string;
  pieces: number | null;
  /** "28NOV1230" as sent (no year). */
  date_time: string;
  entry_type: string | null;
  entry_number: string | null;
}

export type CsnQuantity = Omit<ConsignmentDetail, "mawb" | "origin_iata" | "destination_iata">;

export interface CsnNotification {
  mawb: string;
  origin_iata: string | null;
  destination_iata: string | null;
  quantity: CsnQuantity | null;
  hawb: string | null;
  arrival: TelegramFlight | null;
  statuses: CsnStatus[];
  mrn: string | null;
  remarks: string[];
}

export interface CsnMessage {
  notifications: CsnNotification[];
}

const BLOCK_TAGS = ["HBS", "ARR", "CSN", "MRN", "TXT"];
const ACTION_CODE = /^[A-Z0-9]{2}$/;
const DATE_TIME = /^(\d{2}[A-Z]{3})(\d{4})$/;
const ENTRY_TYPE = /^[A-Z0-9]{1,2}$/;
const ENTRY_NUMBER = /^[A-Z0-9-]{1,35}$/;
const HAWB = /^[A-Z0-9]{1,12}$/;

export function parseCsn(body: readonly TelegramLine[]): { message: CsnMessage | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const message: CsnMessage = { notifications: [] };
  const opened: number[] = [];
  let current: CsnNotification | null = null;
  // After a waybill line that could not be read, its block's lines are passed over: the error is on that line.
  let orphaned = false;
  for (const line of joinContinuations(body)) {
    if (isConsignmentLine(line.text)) {
      current = readWaybillLine(line, errors);
      orphaned = !current;
      if (current) {
        message.notifications.push(current);
        opened.push(line.no);
      }
    } else if (current) readBlockLine(line, tagOf(line.text), current, errors);
    else if (!orphaned || !BLOCK_TAGS.includes(tagOf(line.text))) errors.push(telegramError(line.no, "unexpected_line", { tag: tagOf(line.text) }));
  }
  if (!message.notifications.length) {
    if (!errors.some((e) => e.code === "bad_awb_number")) errors.push(telegramError(body.at(-1)?.no ?? 0, "missing_line", { what: "air waybill" }));
    return { message: null, errors };
  }
  message.notifications.forEach((notification, index) => {
    if (!notification.statuses.length) errors.push(telegramError(opened[index]!, "missing_line", { what: "CSN" }));
  });
  return { message, errors };
}

function readWaybillLine(line: LogicalLine, errors: TelegramError[]): CsnNotification | null {
  const [identification, quantity, ...more] = line.text.split("/");
  const read = readConsignment(line.no, identification!, quantity, false);
  errors.push(...read.errors);
  if (more.length) errors.push(telegramError(line.no, "unexpected_line", { tag: more.join("/").slice(0, 12) }));
  noContinuations(line, errors);
  if (!read.value) return null;
  const { mawb, origin_iata, destination_iata, ...detail } = read.value;
  return { mawb, origin_iata, destination_iata, quantity: quantity === undefined ? null : detail, hawb: null, arrival: null, statuses: [], mrn: null, remarks: [] };
}

function readBlockLine(line: LogicalLine, tag: string, notification: CsnNotification, errors: TelegramError[]): void {
  const [, ...elements] = line.text.split("/");
  const bad = (field: string, value: string) => errors.push(telegramError(line.no, value ? "bad_field" : "missing_field", { field, value }));
  if (tag === "TXT") {
    for (const entry of [{ text: elements.join("/") }, ...line.continuations]) notification.remarks.push(entry.text);
    return;
  }
  noContinuations(line, errors);
  // A block names its house waybill, flight and MRN once: a second one is reported and the first kept.
  const again = (value: unknown) => {
    if (value === null) return false;
    errors.push(telegramError(line.no, "unexpected_line", { tag }));
    return true;
  };
  if (tag === "HBS") {
    if (again(notification.hawb)) return;
    if (HAWB.test(elements[0] ?? "")) notification.hawb = elements[0]!;
    else bad("house waybill number", elements[0] ?? "");
  } else if (tag === "ARR") {
    if (again(notification.arrival)) return;
    const flight = readFlightElements(line.no, elements[0], elements[1], errors);
    if (flight) notification.arrival = { carrier: flight.carrier, flight_number: flight.flight_number, flight_day: flight.flight_day };
  } else if (tag === "MRN") {
    if (again(notification.mrn)) return;
    if (MRN.test(elements[0] ?? "")) notification.mrn = elements[0]!;
    else bad("MRN", elements[0] ?? "");
  } else if (tag === "CSN") {
    const status = readStatus(elements, bad);
    if (status) notification.statuses.push(status);
  } else errors.push(telegramError(line.no, "unexpected_line", { tag }));
}

function readStatus([action = "", pieces = "", dateTime = "", entryType, entryNumber, ...more]: string[], bad: (field: string, value: string) => void): CsnStatus | null {
  const m = DATE_TIME.exec(dateTime);
  const checks: [boolean, string, string][] = [
    [ACTION_CODE.test(action), "action code", action],
    [pieces === "" || /^\d{1,4}$/.test(pieces), "pieces", pieces],
    [m !== null && readFlightDay(m[1]!) !== null && validTime(m[2]!), "date and time", dateTime],
    [entryType === undefined || entryType === "" || ENTRY_TYPE.test(entryType), "entry type", entryType ?? ""],
    [entryNumber === undefined || ENTRY_NUMBER.test(entryNumber), "entry number", entryNumber ?? ""],
    [!more.length, "status line", more.join("/")],
  ];
  const wrong = checks.filter(([ok]) => !ok);
  for (const [, field, value] of wrong) bad(field, value);
  if (wrong.length) return null;
  return { action_code: action, pieces: pieces === "" ? null : Number(pieces), date_time: dateTime, entry_type: entryType || null, entry_number: entryNumber ?? null };
}

function csnLines(message: CsnMessage): string[] {
  if (!message.notifications.length) throw new RangeError("A CSN needs at least one waybill");
  return message.notifications.flatMap((n) => {
    const lines = [n.quantity ? `${writeAwbIdentification(n)}/${writeQuantity(n.quantity)}` : writeAwbIdentification(n)];
    if (n.hawb !== null) {
      if (!HAWB.test(n.hawb)) throw new RangeError(`Not a house waybill number: ${n.hawb}`);
      lines.push(`HBS/${n.hawb}`);
    }
    if (n.arrival) lines.push(`ARR/${writeFlightElements(n.arrival)}`);
    if (!n.statuses.length) throw new RangeError(`No customs status for ${n.mawb}`);
    for (const s of n.statuses) lines.push(statusLine(s));
    if (n.mrn !== null) {
      if (!MRN.test(n.mrn)) throw new RangeError(`Not an MRN: ${n.mrn}`);
      lines.push(`MRN/${n.mrn}`);
    }
    n.remarks.forEach((remark, index) => {
      checkRemark(remark, "TXT");
      lines.push(index === 0 ? `TXT/${remark}` : `/${remark}`);
    });
    return lines;
  });
}

function statusLine(s: CsnStatus): string {
  const m = DATE_TIME.exec(s.date_time);
  const valid =
    ACTION_CODE.test(s.action_code) &&
    readFlightDay(s.date_time.slice(0, 5)) !== null &&
    (s.pieces === null || (Number.isInteger(s.pieces) && s.pieces >= 0 && s.pieces <= 9999)) &&
    m !== null &&
    validTime(m[2]!) &&
    (s.entry_type === null || ENTRY_TYPE.test(s.entry_type)) &&
    (s.entry_number === null || ENTRY_NUMBER.test(s.entry_number));
  if (!valid) throw new RangeError(`Customs status cannot be written: ${JSON.stringify(s)}`);
  const elements = ["CSN", s.action_code, s.pieces === null ? "" : String(s.pieces), s.date_time];
  if (s.entry_type !== null || s.entry_number !== null) elements.push(s.entry_type ?? "");
  if (s.entry_number !== null) elements.push(s.entry_number);
  return elements.join("/");
}

export const csnCodec: TelegramCodec<CsnMessage> = {
  type: "CSN",
  family: "cimp",
  versions: ["1"],
  parse: (body) => parseCsn(body),
  generate: (message) => csnLines(message).join("\n"),
};
