import { notFound } from "../http/not-found.server";
import type { TFunction } from "i18next";
import type { SignedInUser } from "../auth/guard.server";
import { COMPANY_FIELDS, CompanyFormSchema, companyInput } from "../forms/company-schema";
import { failureReply, invalid, readForm, referenceErrors } from "../forms/settings-form.server";
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
    { field: "default_airport", kind: "airports", codes: v.default_airport, message: "companies:unknownAirports" },
    { field: "location_iata", kind: "airports", codes: v.location_iata, message: "companies:unknownAirports" },
    { field: "permitted_segments_origins", kind: "airports", codes: v.permitted_segments_origins, message: "companies:unknownAirports" },
    { field: "shcs_accepted", kind: "shcs", codes: v.shcs_accepted, message: "companies:unknownShcs" },
    { field: "service_shcs", kind: "shcs", codes: v.service_shcs, message: "companies:unknownShcs" },
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await (id === null ? createCompany(user.api, companyInput(v)) : updateCompany(user.api, id, companyInput(v)));
  if (result.ok) return null;
  if (result.code === "NotFound" && id !== null) throw notFound();
  return failureReply(submission, result, { fields: COMPANY_FIELDS, exists: { key: "companies:exists", field: "short_name" } });
}
