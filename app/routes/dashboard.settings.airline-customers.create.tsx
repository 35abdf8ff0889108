import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AirlineCustomerForm } from "~/components/settings/airline-customer-form";
import { formPage } from "~/components/settings/form-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { airlineCustomerDefaults, airlineCustomerInput } from "~/lib/forms/airline-customer-schema";
import { airlineCustomerForm } from "~/lib/settings/resource-forms.server";
import { saveForm } from "~/lib/settings/save-form.server";
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
  return saveForm(args.request, user, {
    ...airlineCustomerForm(user, t),
    save: (v) => createAirlineCustomer(user.api, { ...airlineCustomerInput(v), ...chosenCarrier(user, v.carrier) }),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "customers:notices.created" }),
  });
}

export default formPage<typeof loader, typeof action>(function AirlineCustomerCreatePage({ data, lastResult }) {
  return (
    <AirlineCustomerForm id="customer-new" defaultValue={data.defaultValue} lastResult={lastResult} taxIdRequired={data.taxIdRequired} cancelHref={LIST} airlines={data.airlines} />
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
