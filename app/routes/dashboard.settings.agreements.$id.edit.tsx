import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AgreementForm } from "~/components/settings/agreement-form";
import { formPage } from "~/components/settings/form-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { agreementDefaults } from "~/lib/forms/agreement-schema";
import { getAgreement, listAgreementPartners, updateAgreement } from "~/lib/upstream/agreements.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { partnerOptions, saveAgreement } from "~/lib/settings/agreement-save.server";
import { notFoundWithNotice } from "~/lib/settings/save-form.server";
import { required } from "~/lib/settings/required.server";

const ROUTE = "/dashboard/settings/agreements/:id/edit";
const LIST = "/dashboard/settings/agreements";

export const handle = { i18n: ["agreements", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const [agreement, partners] = await Promise.all([getAgreement(user.api, id), listAgreementPartners(user.api)]);
  // another airline's id answers the same 404 as one that does not exist: nothing of it reaches the page
  const a = required(agreement);
  const options = partnerOptions(partners);
  if (!options.some((o) => o.value === a.client.short_name)) options.unshift({ value: a.client.short_name, label: `${a.client.short_name} · ${a.client.name}` });
  return json({
    pageTitle,
    id: a.id,
    supplier: `${a.supplier.name} (${a.supplier.short_name})`,
    client: a.client,
    partners: options,
    defaultValue: agreementDefaults(a),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const saved = await saveAgreement(
    args.request,
    user,
    t,
    (input) => updateAgreement(user.api, id, input),
    // spec 3 §8 "agreement not found": told on the not-found page, nothing saved
    () => notFoundWithNotice(user, "agreements:notices.notFound"),
  );
  if (!saved.ok) return saved.response;
  return redirectWithNotice(LIST, user, { kind: "success", key: "agreements:notices.updated" });
}

export default formPage<typeof loader, typeof action>(function AgreementEditPage({ data, lastResult }) {
  return (
    <AgreementForm
      id={`agreement-${data.id}`}
      defaultValue={data.defaultValue}
      lastResult={lastResult}
      partners={data.partners}
      supplier={data.supplier}
      client={data.client}
      cancelHref={LIST}
    />
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
