import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AirlineCustomerForm } from "~/components/settings/airline-customer-form";
import { formPage } from "~/components/settings/form-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { airlineCustomerDefaults, airlineCustomerInput } from "~/lib/forms/airline-customer-schema";
import { requireRecord } from "~/lib/settings/required.server";
import { airlineCustomerForm } from "~/lib/settings/resource-forms.server";
import { notFoundWithNotice, saveForm } from "~/lib/settings/save-form.server";
import { getAirlineCustomer, updateAirlineCustomer } from "~/lib/upstream/airline-customers.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/airline-customers/:id/edit";
const LIST = "/dashboard/settings/airline-customers";

export const handle = { i18n: ["customers", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle, record: customer } = await requireRecord(args, ROUTE, getAirlineCustomer);
  return json({
    pageTitle,
    id: customer.id,
    taxIdRequired: user.access.ui.tax_id_required === true,
    defaultValue: airlineCustomerDefaults(customer),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  return saveForm(args.request, user, {
    ...airlineCustomerForm(user, t),
    save: (v) => updateAirlineCustomer(user.api, id, airlineCustomerInput(v)),
    notFound: () => notFoundWithNotice(user, "customers:notices.notFound"),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "customers:notices.updated" }),
  });
}

export default formPage<typeof loader, typeof action>(function AirlineCustomerEditPage({ data, lastResult }) {
  return (
    <AirlineCustomerForm id={`customer-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} taxIdRequired={data.taxIdRequired} cancelHref={LIST} />
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
