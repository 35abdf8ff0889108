import type { SignedInUser } from "../auth/guard.server";
import { AGREEMENT_FIELDS, AGREEMENT_REFERENCES, AgreementFormSchema, agreementInput } from "../forms/agreement-schema";
import { readFormWithReferences } from "../forms/reference-pass.server";
import { failureReply, invalid } from "../forms/settings-form.server";
import type { AgreementInput, AgreementPartner } from "../upstream/agreements.server";
import type { UpstreamFailure, UpstreamResult } from "../upstream/errors";

// The agreement create and edit pages post the same form (AgreementForm) and differ only in the upstream call
// and in what follows a save: this reads, checks and sends it once. Each route keeps its own access guard.

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The client select's options: "SHORT · Name" for each company the airline may sign with. */
export function partnerOptions(partners: UpstreamResult<{ data: AgreementPartner[] }>): Array<{ value: string; label: string }> {
  return partners.ok ? partners.data.data.map((p) => ({ value: p.short_name, label: `${p.short_name} · ${p.name}` })) : [];
}

/**
 * Reads the form (CSRF, schema, the sales origins against the airport list) and saves it with `save`.
 * Saved: `{ ok: true }`. Refused: the answer that shows the form again with every typed value and the errors.
 * "NotFound" goes to `onNotFound` when given (the edit page: the record went away meanwhile).
 */
export async function saveAgreement(
  request: Request,
  user: SignedInUser,
  t: Translate,
  save: (input: AgreementInput) => Promise<UpstreamResult<unknown>>,
  onNotFound?: (failure: UpstreamFailure) => never,
): Promise<{ ok: true } | { ok: false; response: ReturnType<typeof invalid> }> {
  const submission = await readFormWithReferences(request, user, t, AgreementFormSchema, AGREEMENT_REFERENCES);
  if (submission.status !== "success") return { ok: false, response: invalid(submission) };
  const result = await save(agreementInput(submission.value));
  if (result.ok) return { ok: true };
  if (result.code === "NotFound" && onNotFound) onNotFound(result);
  return {
    ok: false,
    response: failureReply(submission, result, { fields: AGREEMENT_FIELDS, exists: { key: "agreements:exists", field: "contract_number" } }),
  };
}
