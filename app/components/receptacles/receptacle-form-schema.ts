import { z } from "zod";
import { DECIMALS } from "../../../cargo/limits";
import { decimalRange } from "../../../cargo/numbers/decimal-text";
import { decimalField, idField } from "~/lib/forms/decimal-field";

// The create and edit dialogs of /dashboard/receptacles: the UPU S9 UID (29 characters, checked by position here
// so the error is said beside the field in the user's language before anything is sent; the API reads the offices
// and the weight from it), a weighed weight when it differs from the UID's, and the flight by its number with date.

export const RECEPTACLE_UID_LENGTH = 29;
const UID_PATTERN = /^[A-Z]{5}[A-Z0-9][A-Z]{5}[A-Z0-9][ABCD][A-Z0-9]{2}\d\d{4}\d{3}[01][019]\d{4}$/;

export const ReceptacleFormSchema = z.object({
  intent: z.enum(["create", "update"]),
  id: idField().optional(),
  uid: z
    .string({ required_error: "errors:required" })
    .trim()
    .toUpperCase()
    .max(100, "receptacles:errors.uidLength")
    .refine((s) => s.length === RECEPTACLE_UID_LENGTH, "receptacles:errors.uidLength")
    .refine((s) => s.length !== RECEPTACLE_UID_LENGTH || UID_PATTERN.test(s), "receptacles:errors.uidFormat"),
  weight: decimalField(decimalRange(0.1, 999.9, DECIMALS.weight), { min: "receptacles:errors.weight", max: "receptacles:errors.weight" }).optional(),
  flight: z
    .string()
    .trim()
    .toUpperCase()
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^[A-Z0-9]{2}\d{1,4}[A-Z]?\/\d{2}[A-Z]{3}\d{2}$/, "receptacles:errors.flight"))
    .optional(),
});
export type ReceptacleForm = z.infer<typeof ReceptacleFormSchema>;

/** Refusal codes of the receptacles resource, as the dialog's message keys. */
export const RECEPTACLE_API_MESSAGES: ReadonlyArray<readonly [string, string]> = [
  ["uid_length", "receptacles:errors.uidLength"],
  ["uid_format", "receptacles:errors.uidFormat"],
  ["uid_same_office", "receptacles:errors.sameOffice"],
  ["uid_dispatch_zero", "receptacles:errors.uidFormat"],
  ["uid_serial_zero", "receptacles:errors.uidFormat"],
  ["uid_mismatch", "receptacles:errors.sameOffice"],
  ["uid_states_no_weight", "receptacles:errors.noWeight"],
  ["flight_departed", "receptacles:errors.departed"],
  ["flight_canceled", "receptacles:errors.canceled"],
  ["taken", "receptacles:errors.taken"],
  ["must_exist", "receptacles:errors.noFlight"],
];
