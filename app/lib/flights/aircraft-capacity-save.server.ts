import type { Submission } from "@conform-to/react";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { failureReply, invalid, referenceErrors } from "~/lib/forms/settings-form.server";
import { chosenCarrier } from "~/lib/settings/settings-user.server";
import { createAircraftCapacity, updateAircraftCapacity, type AircraftCapacity } from "~/lib/upstream/aircraft-capacities.server";
import { AIRCRAFT_CAPACITY_FIELDS, aircraftCapacityInput, type AircraftCapacityForm } from "~/components/flights/aircraft-capacity-schema";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The save half of the capacity forms (add on the capacities list, edit on the aircraft page): picker codes
 * checked against the reference lists, then the upstream call; a refusal comes back as the form with every typed
 * value and the reasons beside their fields (a second row for a type → "Exists" on aircraft_type).
 */
export async function saveAircraftCapacity(
  user: SignedInUser,
  t: Translate,
  submission: Submission<AircraftCapacityForm>,
  existingId?: number,
): Promise<{ ok: true; saved: AircraftCapacity } | { ok: false; response: Response }> {
  if (submission.status !== "success") return { ok: false, response: invalid(submission) };
  const v = submission.value;
  const fieldErrors = await referenceErrors(user, t, [
    ...(existingId ? [] : [{ field: "aircraft_type", kind: "aircraft-types" as const, codes: v.aircraft_type, message: "capacities:errors.unknownType" }]),
    { field: "forbidden_shcs", kind: "shcs", codes: v.forbidden_shcs, message: "errors:unknownShc" },
  ]);
  if (Object.keys(fieldErrors).length) return { ok: false, response: invalid(submission, { fieldErrors }) };
  const { aircraft_type, ...figures } = aircraftCapacityInput(v);
  const result = existingId
    ? await updateAircraftCapacity(user.api, existingId, figures)
    : await createAircraftCapacity(user.api, { aircraft_type, ...figures, ...chosenCarrier(user, v.carrier) });
  if (!result.ok) {
    return {
      ok: false,
      response: failureReply(submission, result, {
        fields: AIRCRAFT_CAPACITY_FIELDS,
        exists: { key: "capacities:errors.exists", field: "aircraft_type" },
        notFound: "capacities:errors.notFound",
      }),
    };
  }
  return { ok: true, saved: result.data };
}
