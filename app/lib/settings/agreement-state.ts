/**
 * The state an agreement is in on a given day (issue 9 §1.6): the list showed the `active` flag alone, so an
 * agreement that ended read "Active". `active` is the airline's switch; the effective dates say when it holds.
 *
 * Dates are calendar days (YYYY-MM-DD) and both ends are inclusive, in the airline's sense: an agreement is in
 * force on its effective_from day and still on its effective_to day (the API's `effective_on` filter agrees).
 * `today` must come from the service clock (context.config.clock), never from the browser's.
 */
export type AgreementState = "in_force" | "expired" | "not_yet_in_force" | "inactive";

export const AGREEMENT_STATES: readonly AgreementState[] = ["in_force", "not_yet_in_force", "expired", "inactive"];

export interface AgreementTerms {
  active: boolean;
  effective_from: string;
  /** null or absent: open-ended. */
  effective_to?: string | null;
}

/** ISO calendar dates compare as text, so no Date (and no time zone) is involved. */
export function agreementStateOn(agreement: AgreementTerms, today: string): AgreementState {
  if (!agreement.active) return "inactive";
  if (today < agreement.effective_from) return "not_yet_in_force";
  if (agreement.effective_to && today > agreement.effective_to) return "expired";
  return "in_force";
}
