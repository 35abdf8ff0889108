import type { Submission } from "@conform-to/react";
import { json } from "@remix-run/node";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { failureReply, invalid, referenceErrors } from "~/lib/forms/settings-form.server";
import { chosenCarrier } from "~/lib/settings/settings-user.server";
import { createAllotment, updateAllotment, type Allotment } from "~/lib/upstream/allotments.server";
import type { UpstreamFailure } from "~/lib/upstream/errors";
import { ALLOTMENT_FIELDS, allotmentInput, type AllotmentForm } from "~/components/flights/allotment-schema";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The API's reasons for refusing space on a flight (422 under `base`), as message keys. */
const REFUSED_FLIGHT: Record<string, string> = {
  "Flight is canceled": "allotments:errors.canceled",
  "Flight is locked": "allotments:errors.locked",
  "Sales are closed for this flight": "allotments:errors.salesClosed",
};

/** Spec 3 §8 "must exist" → EmptyFields, shown beside the field the server names (segment or forwarder). */
const MISSING: Record<string, [field: string, key: string]> = {
  segment: ["segment_number_with_date", "allotments:errors.noSuchFlight"],
  forwarder: ["forwarder_short_name", "allotments:errors.noSuchForwarder"],
};

/** An upstream refusal of an allotment as the form's errors, every typed value kept. */
function allotmentFailure(submission: Submission<AllotmentForm>, failure: UpstreamFailure): Response {
  const base = failure.fieldErrors.base;
  if (failure.status === 422 && base?.length) {
    return json(submission.reply({ formErrors: base.map((m) => REFUSED_FLIGHT[m] ?? m) }), { status: 422 });
  }
  if (failure.code === "EmptyFields") {
    const fieldErrors: Record<string, string[]> = {};
    for (const name of Object.keys(failure.fieldErrors)) {
      const missing = MISSING[name];
      if (missing) fieldErrors[missing[0]] = [missing[1]];
    }
    if (Object.keys(fieldErrors).length) return json(submission.reply({ fieldErrors }), { status: 422 });
  }
  // "has already been taken" (Exists): this forwarder already holds space of this type on the flight
  return failureReply(submission, failure, {
    fields: ALLOTMENT_FIELDS,
    exists: { key: "allotments:errors.exists", field: "forwarder_short_name" },
    notFound: "allotments:errors.notFound",
  });
}

/** Creates an allotment, or changes the one whose id the form carries (the list page's edit dialog). */
export async function saveAllotment(
  user: SignedInUser,
  t: Translate,
  submission: Submission<AllotmentForm>,
  mode: "create" | "update",
): Promise<{ ok: true; saved: Allotment } | { ok: false; response: Response }> {
  if (submission.status !== "success") return { ok: false, response: invalid(submission) };
  const v = submission.value;
  const fieldErrors = await referenceErrors(user, t, [{ field: "origin_iata", kind: "airports", codes: v.origin_iata, message: "allotments:errors.unknownAirport" }]);
  if (Object.keys(fieldErrors).length) return { ok: false, response: invalid(submission, { fieldErrors }) };
  const input = allotmentInput(v);
  if (mode === "update" && !v.id) throw new Response("Bad Request", { status: 400 });
  const result =
    mode === "update"
      ? await updateAllotment(user.api, v.id!, input)
      : await createAllotment(user.api, { ...input, ...chosenCarrier(user, v.carrier) });
  if (!result.ok) return { ok: false, response: allotmentFailure(submission, result) };
  return { ok: true, saved: result.data };
}
