import type { Submission } from "@conform-to/react";
import { json } from "@remix-run/node";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { failureReply, invalid, referenceErrors } from "~/lib/forms/settings-form.server";
import { chosenCarrier } from "~/lib/settings/settings-user.server";
import { createBookingRule, updateBookingRule, type BookingRule, type BookingRuleInput } from "~/lib/upstream/booking-rules.server";
import { BOOKING_RULE_FIELDS, bookingRuleInput, type BookingRuleForm } from "~/components/flights/booking-rule-schema";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Creates a booking rule, or changes the one whose id the form carries (the list page's edit dialog). Spec 3 §8:
 * 422 "There is already a rule" → Exists, shown above the form (the overlap is of the whole rule, not one field);
 * "must exist" → EmptyFields beside the flight. `override` fixes fields the page decides (a rule made from a flight).
 */
export async function saveBookingRule(
  user: SignedInUser,
  t: Translate,
  submission: Submission<BookingRuleForm>,
  mode: "create" | "update",
  override: Partial<BookingRuleInput> = {},
): Promise<{ ok: true; saved: BookingRule } | { ok: false; response: Response }> {
  if (submission.status !== "success") return { ok: false, response: invalid(submission) };
  const v = submission.value;
  if (mode === "update" && !v.id) throw new Response("Bad Request", { status: 400 });
  const fieldErrors = await referenceErrors(user, t, [
    { field: "origin_iata", kind: "airports", codes: v.origin_iata, message: "booking-rules:errors.unknownAirport" },
    { field: "destination_iata", kind: "airports", codes: v.destination_iata, message: "booking-rules:errors.unknownAirport" },
    { field: "shcs", kind: "shcs", codes: v.shcs, message: "errors:unknownShc" },
  ]);
  if (Object.keys(fieldErrors).length) return { ok: false, response: invalid(submission, { fieldErrors }) };
  const input = { ...bookingRuleInput(v), ...override };
  const result =
    mode === "update"
      ? await updateBookingRule(user.api, v.id!, input)
      : await createBookingRule(user.api, { ...input, ...chosenCarrier(user, v.carrier) });
  if (result.ok) return { ok: true, saved: result.data };
  if (result.code === "EmptyFields") {
    return { ok: false, response: json(submission.reply({ fieldErrors: { flight_number_with_date: ["booking-rules:errors.noSuchFlight"] } }), { status: 422 }) };
  }
  return {
    ok: false,
    response: failureReply(submission, result, { fields: BOOKING_RULE_FIELDS, exists: { key: "booking-rules:errors.exists" }, notFound: "booking-rules:errors.notFound" }),
  };
}
