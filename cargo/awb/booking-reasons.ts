// The reasons the API writes on a booking it could not confirm (api/bookings/book.ts decide, api/bookings/space.ts
// planSpace) are English sentences of a fixed shape; the pages show them in the user's language. A reason the airline
// typed when it answered (UU with its own words) matches none of them and is shown as the airline wrote it. Here in
// cargo/ because the API's XLSX report says them in the reader's language as the pages do (issue 22 §7).

export interface ReasonText {
  key: string;
  params?: Record<string, string>;
}

const SOURCES: Record<string, string> = { "booking rule": "Rule", "flight setting": "Setting", "capacity of the flight not known": "Capacity" };

const PATTERNS: ReadonlyArray<readonly [RegExp, (m: RegExpMatchArray) => ReasonText]> = [
  [/^Not enough capacity: ([\d.,\s]+) (kg|m3) free, ([\d.,\s]+) (kg|m3) asked$/, (m) => ({ key: `shipments:bookings.reasons.noCapacity_${m[2]}`, params: { free: m[1]!.trim(), asked: m[3]!.trim() } })],
  [/^Not enough capacity: waitlisted$/, () => ({ key: "shipments:bookings.reasons.waitlisted" })],
  [/^Unable to accept \((booking rule|flight setting)\)$/, (m) => ({ key: `shipments:bookings.reasons.unable${SOURCES[m[1]!]}` })],
  [/^Awaiting the airline's answer \((booking rule|flight setting|capacity of the flight not known)\)$/, (m) => ({ key: `shipments:bookings.reasons.awaiting${SOURCES[m[1]!]}` })],
  [/^Awaiting airline confirmation$/, () => ({ key: "shipments:bookings.reasons.awaiting" })],
  [/^Moved to (\S+)$/, (m) => ({ key: "shipments:bookings.reasons.moved", params: { flight: m[1]! } })],
];

/** The translation of one of the API's own reasons, or null for a reason somebody typed (show it as written). */
export function bookingReasonText(reason: string): ReasonText | null {
  for (const [pattern, make] of PATTERNS) {
    const match = reason.trim().match(pattern);
    if (match) return make(match);
  }
  return null;
}

/** The reason in the reader's words: `t` is the page's translator. */
export function translateBookingReason(t: (key: string, params?: Record<string, string>) => string, reason: string | null | undefined): string | null {
  if (!reason) return null;
  const known = bookingReasonText(reason);
  return known ? t(known.key, known.params) : reason;
}
