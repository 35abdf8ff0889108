import type { UpstreamFailure } from "../upstream/errors";

// The API's refusals of a booking change (answer, move to another flight, cancel) in the user's words. The API
// writes them in English (api/bookings/book.ts, api/flights/common.ts assertBookable, api/bookings/space.ts); the
// pages show our keys, never its text. Pure, so the bookings page and edit-booking read them the same way.

/** Spec 3 §8's booking errors, already named by the upstream client's error mapper (bookingErrors). */
const BY_CODE: Partial<Record<UpstreamFailure["code"], string>> = {
  ForbiddenShc: "awb:errors.forbiddenShc",
  NoValidAgreement: "awb:errors.noAgreement",
  Exists: "awb:errors.bookingExists",
};

/** The API's texts (the client prefixes a field error with its field: "booking is cancelled") → our keys; the first match wins. */
const BY_TEXT: ReadonlyArray<readonly [RegExp, string]> = [
  [/not enough capacity/i, "shipments:bookings.errors.noSpace"],
  [/flight is locked|sales are closed|flight is cancel+ed/i, "shipments:bookings.errors.flightClosed"],
  [/\bis (already )?cancel+ed$/i, "shipments:bookings.errors.inactive"],
  [/air waybill is voided/i, "awb:errors.voided"],
  [/dimensions for HEA/i, "awb:errors.heaDimensions"],
];

/** The key of a refused booking change: spec 3 §8's codes, the API's known texts, any other 422, else the code's text. */
export function bookingRefusalKey(failure: Pick<UpstreamFailure, "code" | "status" | "messages">): string {
  const byCode = BY_CODE[failure.code];
  if (byCode) return byCode;
  for (const [pattern, key] of BY_TEXT) if (failure.messages.some((m) => pattern.test(m.trim()))) return key;
  return failure.status === 422 ? "shipments:bookings.errors.refused" : `errors:${failure.code}`;
}
