import { parseWithZod } from "@conform-to/zod";
import { Stack } from "~/lib/mantine/Stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BookingRuleForm } from "~/components/flights/booking-rule-form";
import { saveBookingRule } from "~/lib/flights/booking-rule-save.server";
import { bookingRuleDefaults, BookingRuleFormSchema } from "~/components/flights/booking-rule-schema";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
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
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const saved = await saveBookingRule(user, t, parseWithZod(form, { schema: BookingRuleFormSchema }), "create");
  if (!saved.ok) return saved.response;
  const rule = saved.saved;
  // the list narrowed to the rule's O&D, so the new rule is in view
  return redirectWithNotice(`${LIST}?${new URLSearchParams({ origin: rule.origin_iata, destination: rule.destination_iata })}`, user, {
    kind: "success",
    key: "booking-rules:notices.created",
    params: { route: `${rule.origin_iata}–${rule.destination_iata}` },
  });
}

export default function BookingRuleCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <BookingRuleForm id="booking-rule-new" defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} airlines={data.airlines} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
