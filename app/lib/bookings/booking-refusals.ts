import type { UpstreamFailure } from "../upstream/errors";
import { failureCodes } from "../upstream/refusal-message";

// The API's refusals of a booking change (answer, move to another flight, cancel) in the user's words. The API
// writes them in English (api/bookings/book.ts, api/flights/common.ts assertBookable, api/bookings/space.ts); the
// pages show our keys, never its text. Pure, so the bookings page and edit-booking read them the same way.

/** Spec 3 §8's booking errors, already named by the upstream client's error mapper (bookingErrors). */
const BY_CODE: Partial<Record<UpstreamFailure["code"], string>> = {
  ForbiddenShc: "awb:errors.forbiddenShc",
  NoValidAgreement: "awb:errors.noAgreement",
  Exists: "awb:errors.bookingExists",
};

/** The API's refusal codes of a booking change → our keys; the first the answer carries wins. */
const BY_REFUSAL: Readonly<Record<string, string>> = {
  booking_does_not_fit: "shipments:bookings.errors.noSpace",
  flight_locked: "shipments:bookings.errors.flightClosed",
  flight_sales_closed: "shipments:bookings.errors.flightClosed",
  flight_canceled: "shipments:bookings.errors.flightClosed",
  booking_cancelled: "shipments:bookings.errors.inactive",
  booking_already_cancelled: "shipments:bookings.errors.inactive",
  awb_voided: "awb:errors.voided",
  hea_dimensions_missing: "awb:errors.heaDimensions",
};

/** The key of a refused booking change: spec 3 §8's codes, the API's refusal codes, any other 422, else the code's text. */
export function bookingRefusalKey(failure: Pick<UpstreamFailure, "code" | "status" | "refusal" | "fieldRefusals">): string {
  const byCode = BY_CODE[failure.code];
  if (byCode) return byCode;
  for (const code of failureCodes(failure)) if (BY_REFUSAL[code]) return BY_REFUSAL[code];
  return failure.status === 422 ? "shipments:bookings.errors.refused" : `errors:${failure.code}`;
}
