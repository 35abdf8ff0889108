import { Stack } from "~/lib/mantine/Stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AirlineCustomerForm } from "~/components/settings/airline-customer-form";
import { PageHeader } from "~/components/settings/form-parts";
import { requirePage } from "~/lib/auth/require-page.server";
import { AIRLINE_CUSTOMER_FIELDS, airlineCustomerDefaults, airlineCustomerFormSchema, airlineCustomerInput } from "~/lib/forms/airline-customer-schema";
import { failureReply, invalid, readForm, referenceErrors } from "~/lib/forms/settings-form.server";
import { airlineChoices, chosenCarrier } from "~/lib/settings/settings-user.server";
import { createAirlineCustomer } from "~/lib/upstream/airline-customers.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/airline-customers/create";
const LIST = "/dashboard/settings/airline-customers";

export const handle = { i18n: ["customers", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({
    pageTitle,
    taxIdRequired: user.access.ui.tax_id_required === true,
    defaultValue: airlineCustomerDefaults(null),
    airlines: await airlineChoices(user),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const submission = await readForm(args.request, user, airlineCustomerFormSchema(user.access.ui.tax_id_required === true));
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await referenceErrors(user, t, [
    { field: "country_code", kind: "countries", codes: submission.value.country_code, message: "customers:unknownCountry" },
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await createAirlineCustomer(user.api, { ...airlineCustomerInput(submission.value), ...chosenCarrier(user, submission.value.carrier) });
  if (!result.ok) return failureReply(submission, result, { fields: AIRLINE_CUSTOMER_FIELDS, exists: { key: "customers:exists", field: "name" } });
  return redirectWithNotice(LIST, user, { kind: "success", key: "customers:notices.created" });
}

export default function AirlineCustomerCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <AirlineCustomerForm id="customer-new" defaultValue={data.defaultValue} lastResult={lastResult} taxIdRequired={data.taxIdRequired} cancelHref={LIST} airlines={data.airlines} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
