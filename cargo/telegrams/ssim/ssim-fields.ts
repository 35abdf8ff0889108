/**
 * The small fields SSIM writes the same way in its files (chapter 7) and its messages (chapter 4): dates "09JUN05",
 * times "0830", UTC/local variations "+0400", date variations "1" or "A", days of operation " 2 4 6 ". Each reader
 * returns null on text it cannot read (the caller names the line and field); each writer throws RangeError on a
 * value its caller should not have built.
 */
import { formatIataDate, parseIataDate } from "../../time/iata-date";

/** "09JUN05" → "2005-06-09"; null for a date that does not exist ("31APR24") or is not a date. */
export function readSsimDate(text: string): string | null {
  return /^\d{2}[A-Z]{3}\d{2}$/.test(text) ? parseIataDate(text) : null;
}

/** SSIM's "until further notice": the period-to date written as "00XXX00". */
export const OPEN_DATE = "00XXX00";

export function writeSsimDate(isoDate: string | null): string {
  return isoDate === null ? OPEN_DATE : formatIataDate(isoDate);
}

/** "0830" → "08:30" (the product writes times "HH:mm"); "2400" is refused: SSIM writes midnight as 0000. */
export function readHhmm(text: string): string | null {
  const m = /^([01]\d|2[0-3])([0-5]\d)$/.exec(text);
  return m ? `${m[1]}:${m[2]}` : null;
}

export function writeHhmm(time: string): string {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new RangeError(`Not an HH:mm time: ${JSON.stringify(time)}`);
  return time.replace(":", "");
}

/**
 * "+0400" → "+04:00", the ISO 8601 offset the product can put after a local time. The world's offsets run from
 * -12:00 to +14:00 in quarter hours; anything else is a typing slip.
 */
export function readUtcOffset(text: string): string | null {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (Number(m[3]) % 15 !== 0 || (m[1] === "+" ? minutes > 14 * 60 : minutes > 12 * 60)) return null;
  return `${m[1]}${m[2]}:${m[3]}`;
}

export function writeUtcOffset(offset: string): string {
  if (readUtcOffset(offset.replace(":", "")) !== offset) throw new RangeError(`Not a UTC offset: ${JSON.stringify(offset)}`);
  return offset.replace(":", "");
}

/** Minutes east of UTC of an offset written by readUtcOffset ("+05:30" → 330). */
export function offsetMinutes(offset: string): number {
  const sign = offset.startsWith("-") ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

/**
 * Date variation, days between the flight date and this time: blank or "0" the same day, "1".."9" days after,
 * "A" the day before (chapter 7); chapter 4 writes the day before "M1".
 */
export function readDateVariation(text: string): number | null {
  if (text === "" || text === " ") return 0;
  if (text === "A" || text === "M1") return -1;
  return /^\d$/.test(text) ? Number(text) : null;
}

export function writeDateVariation(days: number, style: "record" | "message" = "record"): string {
  if (days === -1) return style === "record" ? "A" : "M1";
  if (!Number.isInteger(days) || days < 0 || days > 9) throw new RangeError(`Not a date variation: ${days}`);
  return String(days);
}

/**
 * Days of operation. Chapter 7 writes them positionally (" 2 4 6 "), chapter 4 compactly ("246"); the model keeps
 * the compact digits, as segments.days_of_week does. Null when a digit is out of its place or none is set.
 */
export function readDaysOfOperation(text: string, positional: boolean): string | null {
  if (positional) {
    const padded = text.padEnd(7, " ");
    if (padded.length !== 7) return null;
    let days = "";
    for (let i = 0; i < 7; i++) {
      const ch = padded[i]!;
      if (ch === String(i + 1)) days += ch;
      else if (ch !== " ") return null;
    }
    return days || null;
  }
  return /^1?2?3?4?5?6?7?$/.test(text) && text !== "" ? text : null;
}

export function writeDaysOfOperation(days: string, positional: boolean): string {
  if (readDaysOfOperation(days, false) !== days) throw new RangeError(`Not days of operation: ${JSON.stringify(days)}`);
  if (!positional) return days;
  let out = "";
  for (let d = 1; d <= 7; d++) out += days.includes(String(d)) ? String(d) : " ";
  return out;
}

/** "XX" or "XXX" (IATA or ICAO); SSIM pads a two-character designator with a space in its three columns. */
export function isCarrierDesignator(text: string): boolean {
  return /^[A-Z0-9]{2}[A-Z]?$/.test(text) && !/^\d\d/.test(text);
}

/** The product's written flight number (segments.number): designator, four digits, suffix ("XX0041", "XX0102A"). */
export function writtenFlightNumber(carrier: string, flightNumber: number, suffix: string | null): string {
  return `${carrier}${String(flightNumber).padStart(4, "0")}${suffix ?? ""}`;
}
