import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AllotmentForm } from "~/components/flights/allotment-form";
import { saveAllotment } from "~/lib/flights/allotment-save.server";
import { allotmentDefaults, AllotmentFormSchema, NUMBER_WITH_DATE } from "~/components/flights/allotment-schema";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { readForm } from "~/lib/forms/settings-form.server";
import { airlineChoices } from "~/lib/settings/settings-user.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

// /dashboard/settings/allotments/create; `?segment=S70101/22NOV26` prefills the flight (the flight page links here).

const ROUTE = "/dashboard/settings/allotments/create";
const LIST = "/dashboard/settings/allotments";

export const handle = { i18n: ["allotments", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const segment = (new URL(args.request.url).searchParams.get("segment") ?? "").replace(/\s+/g, "").toUpperCase();
  return json({
    pageTitle,
    defaultValue: allotmentDefaults(null, { segment: NUMBER_WITH_DATE.test(segment) ? segment : undefined }),
    airlines: await airlineChoices(user),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const saved = await saveAllotment(user, t, await readForm(args.request, user, AllotmentFormSchema), "create");
  if (!saved.ok) return saved.response;
  // the list narrowed to the flight, so the new allotment is in view
  return redirectWithNotice(`${LIST}?${new URLSearchParams({ flight: saved.saved.segment_number_with_date })}`, user, {
    kind: "success",
    key: "allotments:notices.created",
    params: { flight: saved.saved.segment_number_with_date },
  });
}

export default formPage<typeof loader, typeof action>(function AllotmentCreatePage({ data, lastResult }) {
  return <AllotmentForm id="allotment-new" defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} airlines={data.airlines} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
