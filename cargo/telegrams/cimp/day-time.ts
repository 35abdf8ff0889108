import { IATA_MONTHS } from "../../time/iata-date";

/**
 * The day, month and time Cargo-IMP status and booking lines carry ("28NOV", "28NOV1230", "28NOV1230L"): no year.
 * A telegram dates its events relative to when it was sent, and the parser does not guess which year that was
 * (the processing side knows the telegram's arrival and the shipment's dates; the codec knows neither). So the model
 * keeps what the line says: day, month (1-12), the time "HHMM" when given, and the time zone indicator when the
 * sender wrote one ("L" local time at the station, "Z" UTC). Without an indicator Cargo-IMP times are the station's
 * local time; the parser leaves `time_zone` null rather than inventing one, and the generator writes it back only
 * when the model has it.
 */
export interface DayMonth {
  day: number;
  /** 1-12. */
  month: number;
}

export interface DayMonthTime extends DayMonth {
  /** "HHMM", or null when only the day was given. */
  time: string | null;
  time_zone: TimeZoneIndicator | null;
}

export const TIME_ZONE_INDICATORS = { L: "local", Z: "utc" } as const;
export type TimeZoneIndicator = (typeof TIME_ZONE_INDICATORS)[keyof typeof TIME_ZONE_INDICATORS];

const DAY_MONTH = /^(\d{1,2})([A-Z]{3})$/;
const DAY_MONTH_TIME = /^(\d{1,2})([A-Z]{3})(?:(\d{4})([LZ])?)?$/;
/** Days each month may have; 29 February is kept (no year says it is wrong). */
const LONGEST_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function monthOf(text: string): number {
  return (IATA_MONTHS as readonly string[]).indexOf(text) + 1;
}

function validDay(day: number, month: number): boolean {
  return month >= 1 && month <= 12 && Number.isInteger(day) && day >= 1 && day <= LONGEST_MONTH[month - 1]!;
}

/** "HHMM" from 0000 to 2359. */
export function isClockTime(hhmm: string): boolean {
  return /^([01]\d|2[0-3])[0-5]\d$/.test(hhmm);
}

/** "28NOV" → {day: 28, month: 11}; null when it is not a day that exists in some year. */
export function readDayMonth(text: string): DayMonth | null {
  const m = DAY_MONTH.exec(text);
  if (!m) return null;
  const day = Number(m[1]);
  const month = monthOf(m[2]!);
  return validDay(day, month) ? { day, month } : null;
}

/** "28NOV", "28NOV1230", "28NOV1230Z" → the day with its time and indicator; null when malformed. */
export function readDayMonthTime(text: string): DayMonthTime | null {
  const m = DAY_MONTH_TIME.exec(text);
  if (!m) return null;
  const day = Number(m[1]);
  const month = monthOf(m[2]!);
  if (!validDay(day, month)) return null;
  if (m[3] !== undefined && !isClockTime(m[3])) return null;
  const zone = m[4] as keyof typeof TIME_ZONE_INDICATORS | undefined;
  return { day, month, time: m[3] ?? null, time_zone: zone ? TIME_ZONE_INDICATORS[zone] : null };
}

/** {day: 8, month: 4} → "08APR". Throws RangeError on a day no month has. */
export function writeDayMonth(value: DayMonth): string {
  if (!validDay(value.day, value.month)) throw new RangeError(`Not a day of a month: ${JSON.stringify(value)}`);
  return `${String(value.day).padStart(2, "0")}${IATA_MONTHS[value.month - 1]}`;
}

/** {day: 28, month: 11, time: "1230", time_zone: "utc"} → "28NOV1230Z". */
export function writeDayMonthTime(value: DayMonthTime): string {
  if (value.time !== null && !isClockTime(value.time)) throw new RangeError(`Not a time HHMM: ${value.time}`);
  if (value.time === null && value.time_zone !== null) throw new RangeError("A time zone indicator needs a time");
  const zone = value.time_zone === "local" ? "L" : value.time_zone === "utc" ? "Z" : "";
  return `${writeDayMonth(value)}${value.time ?? ""}${zone}`;
}
