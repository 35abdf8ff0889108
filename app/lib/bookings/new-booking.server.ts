import type { Submission } from "@conform-to/react";
import { AWB_REFUSAL_KEYS, awbRefusalMessage } from "../air-waybills/awb-form-actions.server";
import type { UpstreamFailure } from "../upstream/errors";
import { bookingRefusalKey } from "./booking-refusals";
import { NEW_BOOKING_FIELDS } from "./new-booking-schema";

// The API's refusal of a new booking as the form's errors, in the user's words: the creation's texts (incompatible
// SHCs, the consignor certification) beside their fields, a forbidden SHC beside the codes too, spec 3 §8's other
// refusals (no agreement, already booked, a closed flight, HEA without dimensions) above the form.


export function newBookingFailureReply(submission: Submission<unknown>, failure: UpstreamFailure) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  if (failure.code === "ForbiddenShc") fieldErrors.shcs = ["awb:errors.forbiddenShc"];
  for (const [name, messages] of Object.entries(failure.fieldErrors)) {
    const field = name.replace(/^booking\./, "");
    const coded = failure.fieldRefusals?.[name] ?? [];
    const keys = coded.length
      ? coded.map((r) => (AWB_REFUSAL_KEYS[r.code] ? awbRefusalMessage(r) : bookingRefusalKey({ ...failure, refusal: r, fieldRefusals: {} })))
      : messages.map(() => bookingRefusalKey(failure));
    if ((NEW_BOOKING_FIELDS as readonly string[]).includes(field)) (fieldErrors[field] ??= []).push(...keys);
    else formErrors.push(...keys);
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(bookingRefusalKey(failure));
  return submission.reply({ fieldErrors, formErrors: [...new Set(formErrors)] });
}
