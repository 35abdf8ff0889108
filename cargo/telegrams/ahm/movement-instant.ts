import type { MovementTime } from "./mvt";

/**
 * Where an MVT's time falls (issue 23): the message writes "HHMM" on the flight's day or "DDHHMM" on another day, in
 * UTC, and no month or year (mvt.ts). The receiver places it against what it knows of the flight: its STD for a
 * departure, its STA for an arrival. A day of month is taken in the month nearest the reference (a flight of the
 * 31st landing on the 1st); a bare time more than half a day before or after the reference is the next or the
 * previous day's (a departure at 00:10 of a flight scheduled at 23:50).
 */

const DAY_MS = 86_400_000;

/** The instant a message time stands for, against a reference on the flight's day (its STD or STA, UTC). */
export function movementInstant(time: MovementTime, reference: Date): Date {
  const [hh, mm] = time.time.split(":").map(Number) as [number, number];
  const year = reference.getUTCFullYear();
  const month = reference.getUTCMonth();
  if (time.day !== null) {
    // that day of the month before, of the reference's or of the next, whichever is nearest (and has the day)
    const day = time.day;
    const candidates = [month - 1, month, month + 1]
      .map((m) => new Date(Date.UTC(year, m, day, hh, mm)))
      .filter((d) => d.getUTCDate() === day);
    return candidates.reduce((best, d) => (Math.abs(+d - +reference) < Math.abs(+best - +reference) ? d : best));
  }
  const at = new Date(Date.UTC(year, month, reference.getUTCDate(), hh, mm));
  if (+reference - +at > DAY_MS / 2) return new Date(+at + DAY_MS);
  if (+at - +reference > DAY_MS / 2) return new Date(+at - DAY_MS);
  return at;
}
