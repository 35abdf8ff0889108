import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BookingRuleForm } from "~/components/flights/booking-rule-form";
import { saveBookingRule } from "~/lib/flights/booking-rule-save.server";
import { bookingRuleDefaults, BookingRuleFormSchema } from "~/components/flights/booking-rule-schema";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { readForm } from "~/lib/forms/settings-form.server";
import { airlineChoices } from "~/lib/settings/settings-user.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/booking-rules/create";
const LIST = "/dashboard/settings/booking-rules";

export const handle = { i18n: ["booking-rules", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, defaultValue: bookingRuleDefaults(null), airlines: await airlineChoices(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const saved = await saveBookingRule(user, t, await readForm(args.request, user, BookingRuleFormSchema), "create");
  if (!saved.ok) return saved.response;
  const rule = saved.saved;
  // the list narrowed to the rule's O&D, so the new rule is in view
  return redirectWithNotice(`${LIST}?${new URLSearchParams({ origin: rule.origin_iata, destination: rule.destination_iata })}`, user, {
    kind: "success",
    key: "booking-rules:notices.created",
    params: { route: `${rule.origin_iata}–${rule.destination_iata}` },
  });
}

export default formPage<typeof loader, typeof action>(function BookingRuleCreatePage({ data, lastResult }) {
  return <BookingRuleForm id="booking-rule-new" defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} airlines={data.airlines} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
