import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { CompanyForm } from "~/components/settings/company-form";
import { formPage } from "~/components/settings/form-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { companyDefaults } from "~/lib/forms/company-schema";
import { saveCompany } from "~/lib/settings/company-save.server";
import { getCompanyDetails } from "~/lib/upstream/companies.server";
import { requireRecord } from "~/lib/settings/required.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/companies/:id/edit";
const LIST = "/dashboard/settings/companies";

export const handle = { i18n: ["companies", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { pageTitle, record: company } = await requireRecord(args, ROUTE, getCompanyDetails);
  return json({ pageTitle, id: company.id, defaultValue: companyDefaults(company) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const answer = await saveCompany(args.request, user, t, id);
  if (answer) return answer;
  return redirectWithNotice(LIST, user, { kind: "success", key: "companies:notices.updated" });
}

export default formPage<typeof loader, typeof action>(function CompanyEditPage({ data, lastResult }) {
  return <CompanyForm id={`company-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
