import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { BaggageStatForm } from "~/components/settings/baggage-stat-form";
import { formPage } from "~/components/settings/form-page";
import { ReadOnlyValue } from "~/components/settings/form-parts";
import { requirePage } from "~/lib/auth/require-page.server";
import { checked } from "~/lib/forms/field-rules";
import { baggageInput } from "~/lib/settings/baggage-stat-action.server";
import { requireRecord } from "~/lib/settings/required.server";
import { baggageStatForm } from "~/lib/settings/resource-forms.server";
import { saveForm } from "~/lib/settings/save-form.server";
import { getBaggageStat, updateBaggageStat } from "~/lib/upstream/baggage-stats.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/baggage-stats/:id/edit";
const LIST = "/dashboard/settings/baggage-averages";

export const handle = { i18n: ["statistics", "routes", "common", "errors"] };
export const meta = pageMeta;

const text = (n: number | null) => (n === null ? "" : String(n));

export async function loader(args: LoaderFunctionArgs) {
  const { pageTitle, record: s } = await requireRecord(args, ROUTE, getBaggageStat);
  return json({
    pageTitle,
    id: s.id,
    carrier: s.carrier,
    defaultValue: {
      origin_iata: s.origin_iata,
      destination_iata: s.destination_iata,
      period_start: s.period_start.slice(0, 10),
      period_end: s.period_end.slice(0, 10),
      total_baggage_weight: text(s.total_baggage_weight),
      total_baggage_pcs: text(s.total_baggage_pcs),
      total_pax: text(s.total_pax),
      manual_average_baggage_weight: text(s.manual_average_baggage_weight),
      segments_count: text(s.segments_count),
      external_source: checked(s.external_source),
    },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  return saveForm(args.request, user, {
    ...baggageStatForm(user, t),
    save: (v) => updateBaggageStat(user.api, id, baggageInput(user, v)),
    notFound: () => redirectWithNotice(LIST, user, { kind: "error", key: "statistics:notices.baggageNotFound" }),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "statistics:notices.baggageUpdated" }),
  });
}

export default formPage<typeof loader, typeof action>(function BaggageStatEditPage({ data, lastResult }) {
  const { t } = useTranslation("statistics");
  return (
    <>
      <ReadOnlyValue label={t("fields.carrier")} value={data.carrier} />
      <BaggageStatForm id={`baggage-stat-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} showCarrier={false} cancelHref={LIST} />
    </>
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
