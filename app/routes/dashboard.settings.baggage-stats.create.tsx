import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { BaggageStatForm } from "~/components/settings/baggage-stat-form";
import { formPage } from "~/components/settings/form-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { baggageInput } from "~/lib/settings/baggage-stat-action.server";
import { baggageStatForm } from "~/lib/settings/resource-forms.server";
import { saveForm } from "~/lib/settings/save-form.server";
import { defaultCarrier, isPlatformUser } from "~/lib/settings/settings-user.server";
import { createBaggageStat } from "~/lib/upstream/baggage-stats.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/baggage-stats/create";
const LIST = "/dashboard/settings/baggage-averages";

export const handle = { i18n: ["statistics", "routes", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, showCarrier: isPlatformUser(user), defaultValue: { carrier: defaultCarrier(user) } });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  return saveForm(args.request, user, {
    ...baggageStatForm(user, t),
    save: (v) => createBaggageStat(user.api, baggageInput(user, v)),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "statistics:notices.baggageCreated" }),
  });
}

export default formPage<typeof loader, typeof action>(function BaggageStatCreatePage({ data, lastResult }) {
  return <BaggageStatForm id="baggage-stat-new" defaultValue={data.defaultValue} lastResult={lastResult} showCarrier={data.showCarrier} cancelHref={LIST} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
