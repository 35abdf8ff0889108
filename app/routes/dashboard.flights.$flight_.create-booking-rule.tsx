import { parseWithZod } from "@conform-to/zod";
import { Stack } from "~/components/plain/stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FlightHeadline } from "~/components/flights/aircraft-capacity-flight";
import { BookingRuleForm } from "~/components/flights/booking-rule-form";
import { saveBookingRule } from "~/lib/flights/booking-rule-save.server";
import { bookingRuleDefaults, BookingRuleFormSchema } from "~/components/flights/booking-rule-schema";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { isPlatformUser } from "~/lib/settings/settings-user.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { getSegment } from "~/lib/upstream/segments.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

// /dashboard/flights/:flight/create-booking-rule (spec 1 §2; :flight is the segment id): a booking rule for this
// flight, its O&D and number with date given by the flight, then back to the flight's Booking rules tab. The
// trailing "_" keeps the page out of the flight page's layout.

const ROUTE = "/dashboard/flights/:flight/create-booking-rule";

export const handle = { i18n: ["booking-rules", "capacities", "common", "errors"] };
export const meta = pageMeta;

const flightPage = (id: number) => `/dashboard/flights/${id}`;

/** The flight of the address; another airline's is "Record Not Found" like one that does not exist. */
async function segmentOf(user: SignedInUser, param: string | undefined) {
  const segment = await getSegment(user.api, recordIdOf(param));
  if (!segment.ok) throw failureResponse(segment);
  return segment.data;
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const segment = await segmentOf(user, args.params.flight);
  return json({
    // the title names the flight as people do (its number with date), not the segment id of the address
    pageTitle: `${t("nav:title.flightBookingRuleCreate")} · ${segment.number_with_date}`,
    segment,
    defaultValue: bookingRuleDefaults(null, {
      origin_iata: segment.origin_iata,
      destination_iata: segment.destination_iata,
      flight_number_with_date: segment.number_with_date,
    }),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const segment = await segmentOf(user, args.params.flight);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  // the flight decides the O&D and the flight, whatever the (read-only) inputs carried
  const saved = await saveBookingRule(user, t, parseWithZod(form, { schema: BookingRuleFormSchema }), "create", {
    origin_iata: segment.origin_iata,
    destination_iata: segment.destination_iata,
    flight_number_with_date: segment.number_with_date,
    // a platform user on a host without an airline: the rule is the flight's airline's
    ...(isPlatformUser(user) ? { carrier: segment.carrier } : {}),
  });
  if (!saved.ok) return saved.response;
  return redirectWithNotice(`${flightPage(segment.id)}?tab=booking_rules`, user, {
    kind: "success",
    key: "booking-rules:notices.created",
    params: { route: `${segment.origin_iata}–${segment.destination_iata}` },
  });
}

export default function FlightBookingRulePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <FlightHeadline segment={data.segment} />
      <BookingRuleForm
        id={`booking-rule-flight-${data.segment.id}`}
        defaultValue={data.defaultValue}
        lastResult={lastResult}
        cancelHref={`${flightPage(data.segment.id)}?tab=booking_rules`}
        flightFixed
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
