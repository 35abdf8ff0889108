import { notFound } from "../http/not-found.server";
import type { TFunction } from "i18next";
import type { SignedInUser } from "../auth/guard.server";
import { COMPANY_FIELDS, CompanyFormSchema, companyInput } from "../forms/company-schema";
import { checksOf, failureReply, invalid, readForm, referenceErrors } from "../forms/settings-form.server";
import { createCompany, updateCompany } from "../upstream/companies.server";

/**
 * The company form's action (create when `id` is null): an answer to render (errors, or a contact row added
 * or removed), or null once saved. A company that vanished meanwhile is a 404.
 */
export async function saveCompany(request: Request, user: SignedInUser, t: TFunction, id: number | null): Promise<Response | null> {
  const submission = await readForm(request, user, CompanyFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const v = submission.value;
  const fieldErrors = await referenceErrors(user, t, [
    { field: "country", kind: "countries", codes: v.country, message: "companies:unknownCountry" },
    ...checksOf("airports", "companies:unknownAirports", {
      default_airport: v.default_airport,
      location_iata: v.location_iata,
      permitted_segments_origins: v.permitted_segments_origins,
    }),
    ...checksOf("shcs", "companies:unknownShcs", { shcs_accepted: v.shcs_accepted, service_shcs: v.service_shcs }),
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await (id === null ? createCompany(user.api, companyInput(v)) : updateCompany(user.api, id, companyInput(v)));
  if (result.ok) return null;
  if (result.code === "NotFound" && id !== null) throw notFound();
  return failureReply(submission, result, { fields: COMPANY_FIELDS, exists: { key: "companies:exists", field: "short_name" } });
}
