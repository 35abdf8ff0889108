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
import { getAirlineCustomer, updateAirlineCustomer } from "~/lib/upstream/airline-customers.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { flashNotice, redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/airline-customers/:id/edit";
const LIST = "/dashboard/settings/airline-customers";

export const handle = { i18n: ["customers", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const customer = await getAirlineCustomer(user.api, recordIdOf(args.params.id));
  if (!customer.ok) throw failureResponse(customer);
  return json({
    pageTitle,
    id: customer.data.id,
    taxIdRequired: user.access.ui.tax_id_required === true,
    defaultValue: airlineCustomerDefaults(customer.data),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const submission = await readForm(args.request, user, airlineCustomerFormSchema(user.access.ui.tax_id_required === true));
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await referenceErrors(user, t, [
    { field: "country_code", kind: "countries", codes: submission.value.country_code, message: "customers:unknownCountry" },
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await updateAirlineCustomer(user.api, id, airlineCustomerInput(submission.value));
  if (!result.ok) {
    if (result.code === "NotFound") {
      flashNotice(user, { kind: "error", key: "customers:notices.notFound" });
      throw notFound();
    }
    return failureReply(submission, result, { fields: AIRLINE_CUSTOMER_FIELDS, exists: { key: "customers:exists", field: "name" } });
  }
  return redirectWithNotice(LIST, user, { kind: "success", key: "customers:notices.updated" });
}

export default function AirlineCustomerEditPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <AirlineCustomerForm
        id={`customer-${data.id}`}
        defaultValue={data.defaultValue}
        lastResult={lastResult}
        taxIdRequired={data.taxIdRequired}
        cancelHref={LIST}
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
