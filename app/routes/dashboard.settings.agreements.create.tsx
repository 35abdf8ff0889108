import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AgreementForm } from "~/components/settings/agreement-form";
import { formPage } from "~/components/settings/form-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { agreementDefaults } from "~/lib/forms/agreement-schema";
import { createAgreement, listAgreementPartners } from "~/lib/upstream/agreements.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { partnerOptions, saveAgreement } from "~/lib/settings/agreement-save.server";

const ROUTE = "/dashboard/settings/agreements/create";
const LIST = "/dashboard/settings/agreements";

export const handle = { i18n: ["agreements", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const partners = await listAgreementPartners(user.api);
  return json({
    pageTitle,
    supplier: `${user.profile.company_name ?? ""} (${user.profile.company_short_name ?? ""})`,
    partners: partnerOptions(partners),
    defaultValue: agreementDefaults(null),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const saved = await saveAgreement(args.request, user, t, (input) => createAgreement(user.api, input));
  if (!saved.ok) return saved.response;
  return redirectWithNotice(LIST, user, { kind: "success", key: "agreements:notices.created" });
}

export default formPage<typeof loader, typeof action>(function AgreementCreatePage({ data, lastResult }) {
  return (
    <AgreementForm
      id="agreement-new"
      defaultValue={data.defaultValue}
      lastResult={lastResult}
      partners={data.partners}
      supplier={data.supplier}
      cancelHref={LIST}
    />
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
