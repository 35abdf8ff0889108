import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Stack } from "@mantine/core";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AgreementForm } from "~/components/settings/agreement-form";
import { PageHeader } from "~/components/settings/form-parts";
import { requirePage } from "~/lib/auth/require-page.server";
import { AGREEMENT_FIELDS, AgreementFormSchema, agreementDefaults, agreementInput } from "~/lib/forms/agreement-schema";
import { failureReply, invalid, readForm, referenceErrors } from "~/lib/forms/settings-form.server";
import { canEditAgreements, createAgreement, listAgreementPartners } from "~/lib/upstream/agreements.server";
import { notFound } from "~/lib/http/not-found.server";

const ROUTE = "/dashboard/settings/agreements/create";
const LIST = "/dashboard/settings/agreements";

export const handle = { i18n: ["agreements", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  if (!canEditAgreements(user.access)) throw notFound();
  const partners = await user.ensure(listAgreementPartners(user.api));
  return json({
    pageTitle,
    supplier: `${user.profile.company_name ?? ""} (${user.profile.company_short_name ?? ""})`,
    partners: partners.ok ? partners.data.data.map((p) => ({ value: p.short_name, label: `${p.short_name} · ${p.name}` })) : [],
    defaultValue: agreementDefaults(null),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  if (!canEditAgreements(user.access)) throw notFound();
  const submission = await readForm(args.request, user, AgreementFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await referenceErrors(user, t, [
    { field: "sales_origins", kind: "airports", codes: submission.value.sales_origins, message: "agreements:unknownAirports" },
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await user.ensure(createAgreement(user.api, agreementInput(submission.value)));
  if (!result.ok) {
    return failureReply(submission, result, { fields: AGREEMENT_FIELDS, exists: { key: "agreements:exists", field: "contract_number" } });
  }
  user.session.flash("notice", { kind: "success", key: "agreements:created" });
  return redirect(LIST);
}

export default function AgreementCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <AgreementForm
        id="agreement-new"
        defaultValue={data.defaultValue}
        lastResult={lastResult}
        partners={data.partners}
        supplier={data.supplier}
        cancelHref={LIST}
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
