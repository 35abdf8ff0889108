import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Card } from "~/lib/mantine/Card";
import { Group } from "~/components/plain/group";
import { Radio } from "~/lib/mantine/Radio";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Title } from "~/components/plain/title";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FlightChoices } from "~/components/air-waybills/awb-form-parts";
import { BookingRows } from "~/components/air-waybills/shipment-sections";
import { NewBookingCard } from "~/components/bookings/new-booking-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CsrfInput } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { loadAirWaybill, mawbParam } from "~/lib/air-waybills/shipment.server";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { bookingRefusalKey } from "~/lib/bookings/booking-refusals";
import { failureStatus } from "~/lib/upstream/errors";
import { newBookingFailureReply } from "~/lib/bookings/new-booking.server";
import { NewBookingSchema } from "~/lib/bookings/new-booking-schema";
import { isCalendarDate } from "~/lib/forms/field-rules";
import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { searchTrips, type AirWaybill, type Trip } from "~/lib/upstream/air-waybills.server";
import { bookWaybill, cancelBooking, changeBooking, type Booking } from "~/lib/upstream/bookings.server";
import { idField } from "~/lib/forms/decimal-field";
import { editParam } from "~/lib/forms/list-query";

// Edit booking /dashboard/shipments/:mawb/edit-booking (spec 1 §2, issue 10): the waybill's bookings; each active one can
// move to another flight of the same leg (the route search on a chosen day, `POST api/v3/bookings/change`) or be
// cancelled (`DELETE api/v3/bookings`, which frees its space), and the waybill can be booked on one more flight
// (`POST api/v3/bookings`, with the consignor certification; the creation's SHC checks said beside the fields). The
// searches are GET forms and the choices POST forms, so the page works without JS.

const ROUTE = "/dashboard/shipments/:mawb/edit-booking";

export const handle = { i18n: ["awb", "shipments", "common", "errors"] };
export const meta = pageMeta;

const Query = z.object({
  booking: editParam,
  book: z.literal("1").optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
});

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const mawb = mawbParam(args.params.mawb);
  const awb = await loadAirWaybill(user, mawb);
  if (!awb.actions.book) throw notFound();
  const query = Query.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const chosen = awb.bookings.find((b) => b.active && Number(b.id) === query.booking) ?? null;
  let flights: Trip["segments"] | null = null;
  let searchError: string | null = null;
  if (chosen && query.date) {
    const found = await searchTrips(user.api, {
      origin_iata: chosen.origin_iata,
      destination_iata: chosen.destination_iata,
      date: query.date,
      pieces: Number(chosen.pieces),
      weight: Number(chosen.weight),
      shcs: chosen.shcs,
      carrier: awb.carrier,
    });
    if (found.ok) {
      // one booking is one leg: the direct flights of that leg, other than the one it is on
      flights = found.data.data.filter((t) => t.segments.length === 1).map((t) => t.segments[0]!).filter((s) => Number(s.id) !== Number(chosen.segment_id));
    } else searchError = `errors:${found.code}`;
  }
  const booking = query.book && !chosen ? await newBookingFlights(user, awb, query.date) : null;
  return json({ pageTitle, mawb, awb, chosen, date: query.date ?? (chosen ? chosen.std.slice(0, 10) : ""), flights, searchError, booking });
}

/** The flights of the waybill's route on `date` it is not booked on yet, each leg once (a booking is one leg). */
async function newBookingFlights(user: Awaited<ReturnType<typeof requirePage>>["user"], awb: AirWaybill, date: string | undefined) {
  if (!date) return { date: "", flights: null, searchError: null };
  const found = await searchTrips(user.api, {
    origin_iata: awb.origin_iata,
    destination_iata: awb.destination_iata,
    date,
    pieces: Number(awb.pieces),
    weight: Number(awb.weight),
    shcs: awb.shcs,
    carrier: awb.carrier,
  });
  if (!found.ok) return { date, flights: null, searchError: `errors:${found.code}` };
  const booked = new Set(awb.bookings.filter((b) => b.active).map((b) => Number(b.segment_id)));
  const legs = new Map<number, Trip["segments"][number]>();
  for (const trip of found.data.data) for (const s of trip.segments) if (!booked.has(Number(s.id))) legs.set(Number(s.id), s);
  return { date, flights: [...legs.values()], searchError: null };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), id: idField() }),
  z.object({ intent: z.literal("change"), id: idField(), segment_id: idField() }),
]);

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const mawb = mawbParam(args.params.mawb);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  if (form.get("intent") === "book") return book(user, mawb, form);
  const parsed = Intent.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return json({ error: form.get("intent") === "change" && !form.get("segment_id") ? "awb:editBooking.chooseFlight" : "errors:BadRequest" }, { status: 400 });
  }
  // the booking must be one of this waybill's (the address says which waybill the page is about)
  const awb = await loadAirWaybill(user, mawb);
  if (!awb.bookings.some((b) => Number(b.id) === parsed.data.id && b.active)) throw notFound();
  const v = parsed.data;
  const result = v.intent === "cancel" ? await cancelBooking(user.api, v.id) : await changeBooking(user.api, v.id, v.segment_id);
  if (!result.ok) {
    if (result.code === "NotFound") throw notFound();
    // spec 3 §8's refusals and the API's other texts in the user's words, never its English
    return json({ error: bookingRefusalKey(result) }, { status: failureStatus(result) });
  }
  return redirectWithNotice(`/dashboard/shipments/${mawb}`, user, { kind: "success", key: v.intent === "cancel" ? "awb:notices.bookingCancelled" : "awb:notices.bookingChanged", params: { mawb } });
}

/** Books the waybill on one more flight; a refusal comes back as the form's errors with what was typed. */
async function book(user: Awaited<ReturnType<typeof requirePage>>["user"], mawb: string, form: FormData) {
  const submission = parseWithZod(form, { schema: NewBookingSchema });
  if (submission.status !== "success") return json({ book: submission.reply() }, { status: 400 });
  const awb = await loadAirWaybill(user, mawb);
  if (!awb.actions.book) throw notFound();
  const v = submission.value;
  const result = await bookWaybill(user.api, {
    mawb: awb.mawb,
    segment_id: v.segment_id,
    pieces: v.pieces,
    weight: v.weight,
    volume: v.volume,
    shcs: v.shcs,
    consignor_certified: v.consignor_certified === true,
  });
  if (!result.ok) {
    if (result.code === "NotFound" && result.status === 404) throw notFound();
    return json({ book: newBookingFailureReply(submission, result) }, { status: failureStatus(result) });
  }
  return redirectWithNotice(`/dashboard/shipments/${mawb}`, user, {
    kind: "success",
    key: "awb:notices.booked",
    params: { mawb, flight: result.data.number_with_date, status: result.data.response_status },
  });
}

export default function EditBookingPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation(["awb", "errors", "common"]);
  const awb = data.awb as AirWaybill;
  const chosen = data.chosen as Booking | null;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Anchor component={Link} to={`/dashboard/shipments/${data.mawb}`}>
          {t("awb:editBooking.back", { mawb: data.mawb })}
        </Anchor>
      </PageHeader>
      {answer && "error" in answer ? (
        <Alert color="red" role="alert" data-testid="form-errors">
          {t(answer.error)}
        </Alert>
      ) : null}
      <BookingRows
        bookings={awb.bookings}
        actions={(b) =>
          b.active ? (
            <Group gap={4} wrap="nowrap">
              <Button component={Link} to={`?booking=${b.id}`} size="compact-sm" variant="light" data-testid={`change-${b.id}`}>
                {t("awb:editBooking.change")}
              </Button>
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="id" value={String(b.id)} />
                <Button type="submit" name="intent" value="cancel" size="compact-sm" color="red" variant="subtle" data-testid={`cancel-${b.id}`}>
                  {t("awb:editBooking.cancel")}
                </Button>
              </Form>
            </Group>
          ) : null
        }
      />
      {data.booking ? (
        <NewBookingCard
          date={data.booking.date}
          flights={data.booking.flights as Trip["segments"] | null}
          searchError={data.booking.searchError}
          defaults={{ pieces: String(awb.pieces), weight: String(awb.weight), volume: awb.volume === null ? "" : String(awb.volume), shcs: awb.shcs.join(", ") }}
          lastResult={answer && "book" in answer ? (answer.book as SubmissionResult<string[]>) : null}
        />
      ) : (
        <Group>
          <Button component={Link} to="?book=1" variant="light" data-testid="book-another">
            {t("awb:editBooking.bookAnother")}
          </Button>
        </Group>
      )}
      {chosen ? (
        <Card withBorder radius="md" data-testid="change-booking">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("awb:editBooking.title", { flight: chosen.number_with_date, route: `${chosen.origin_iata} → ${chosen.destination_iata}` })}
            </Title>
            <Form method="get">
              <input type="hidden" name="booking" value={String(chosen.id)} />
              <Group align="flex-end" gap="xs">
                <TextInput type="date" name="date" label={t("awb:fields.flight_date")} defaultValue={data.date} required />
                <Button type="submit" variant="light" data-testid="search-flights">
                  {t("awb:route.search")}
                </Button>
              </Group>
            </Form>
            {data.searchError ? <Text c="red">{t(data.searchError)}</Text> : null}
            {data.flights ? (
              data.flights.length ? (
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="id" value={String(chosen.id)} />
                  <Stack gap="xs">
                    <Radio.Group name="segment_id" label={t("awb:editBooking.flights")}>
                      <FlightChoices flights={data.flights as Trip["segments"]} testId="flight-choice" />
                    </Radio.Group>
                    <Group>
                      <Button type="submit" name="intent" value="change" data-testid="confirm-change">
                        {t("awb:editBooking.move")}
                      </Button>
                    </Group>
                  </Stack>
                </Form>
              ) : (
                <Text size="sm" c="dimmed" data-testid="no-flights">
                  {t("awb:route.noTrips")}
                </Text>
              )
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
