import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectFilters } from "~/components/offers/select-filters";
import { SelectTabs } from "~/components/offers/select-tabs";
import { TripOptions, type TripOption } from "~/components/offers/trip-options";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { requirePage } from "~/lib/auth/require-page.server";
import { utcDateOf } from "~/lib/clock.server";
import { bookHref, offerHref } from "~/lib/offers/book-link";
import { costText, tripMarks } from "~/lib/offers/trip-marks.server";
import { readSelectQuery } from "~/lib/offers/select-query";
import { selectOptions } from "~/lib/offers/select-search.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";

// Booking for forwarders (spec 1 §2 "/offers/select", §Offers "Order selection has route and segment tabs"): the page
// a forwarder lands on on a forwarder host. A search of the flights of every airline the forwarder has an agreement
// with, as itineraries (Routes) or direct flights (Flights); "Book" opens the create air waybill page with the route,
// date and flights filled in, where the forwarder completes the waybill and books (issue 10's booking). With a weight,
// each option carries its price from the airline's tariffs for the forwarder's account (issue 24), the cheapest and
// the fastest bookable options are marked, and an option without a price says why.

const ROUTE = "/dashboard/offers/select";

export const handle = { i18n: ["offers", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const query = readSelectQuery(new URL(args.request.url).searchParams, utcDateOf(args.context.config.clock()));
  const { tab, values, search } = query;
  let errors = query.errors;
  let options: TripOption[] | null = null;
  let carriers: string[] | null = null;
  if (search) {
    const answer = await selectOptions(user, search, tab);
    if (!answer.ok) {
      if (answer.failure) throw failureResponse(answer.failure);
      errors = { ...errors, ...answer.fieldErrors };
    } else {
      carriers = answer.carriers;
      // a locked or closed flight is shown for what it is, without a Book the API would refuse
      const open = (trip: (typeof answer.trips)[number]) => !(trip.locked || trip.sales_closed) && trip.available;
      const marks = tripMarks(answer.trips.map((trip) => ({ ...trip, bookable: open(trip) })));
      options = answer.trips.map((trip) => ({
        trip,
        bookHref: trip.locked || trip.sales_closed ? null : bookHref(search, trip.segments),
        offerHref: trip.locked || trip.sales_closed ? null : offerHref(search, trip.segments),
        price: costText(trip),
        cheapest: marks.cheapest === trip.key,
        fastest: marks.fastest === trip.key,
      }));
    }
  }
  return json({ pageTitle, tab, values, errors, date: search?.date ?? values.flight_date, options, carriers });
}

export default function OffersSelectPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("offers");
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <Text size="sm" c="dimmed">
        {t("select.hint")}
      </Text>
      <SelectTabs tab={data.tab} />
      <SelectFilters tab={data.tab} values={data.values} errors={data.errors} />
      {data.carriers ? (
        <Text size="sm" c="dimmed" data-testid="offers-airlines">
          {data.carriers.length ? t("select.airlines", { carriers: data.carriers.join(", ") }) : t("select.noAgreements")}
        </Text>
      ) : null}
      {data.options ? (
        <TripOptions options={data.options as TripOption[]} date={data.date} />
      ) : (
        <Text c="dimmed" data-testid="offers-prompt">
          {t("select.prompt")}
        </Text>
      )}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
