import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AircraftCapacityDetails } from "~/components/flights/aircraft-capacity-details";
import { FlightHeadline } from "~/components/flights/aircraft-capacity-flight";
import { addAircraftCapacityHref, aircraftCapacityHref } from "~/components/flights/aircraft-capacity-links";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { requirePage } from "~/lib/auth/require-page.server";
import { isPlatformUser } from "~/lib/settings/settings-user.server";
import { getSegmentAircraftCapacity } from "~/lib/upstream/aircraft-capacities.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { getSegment } from "~/lib/upstream/segments.server";
import { recordIdOf } from "~/lib/http/not-found.server";

// /dashboard/flights/:segment/aircraft-capacity (spec 1 §2): the capacity a flight is measured against, i.e. its
// airline's row for the segment's aircraft type. The trailing "_" keeps this page out of the flight page's layout.

const ROUTE = "/dashboard/flights/:segment/aircraft-capacity";

export const handle = { i18n: ["capacities", "common", "errors"] };
export const meta = pageMeta;


export async function loader(args: LoaderFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.segment);
  const [segment, capacity] = await Promise.all([getSegment(user.api, id), getSegmentAircraftCapacity(user.api, id)]);
  // another airline's segment is "Record Not Found" too (tenancy): the same not-found page
  if (!segment.ok) throw failureResponse(segment);
  // the segment exists, so a 404 here means the airline has no capacity for the segment's aircraft type
  if (!capacity.ok && capacity.code !== "NotFound") throw failureResponse(capacity);
  // the title names the flight as people do (its number with date), not the segment id of the address
  const pageTitle = `${t("nav:title.segmentAircraftCapacity")} · ${segment.data.number_with_date}`;
  return json({ pageTitle, segment: segment.data, capacity: capacity.ok ? capacity.data : null, showCarrier: isPlatformUser(user) });
}

export default function SegmentAircraftCapacityPage() {
  const { pageTitle, segment, capacity, showCarrier } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["capacities", "common"]);
  const carrier = showCarrier ? segment.carrier : undefined;
  return (
    <Stack gap="md">
      <PageHeader title={pageTitle} />
      <FlightHeadline segment={segment} />
      {capacity ? (
        <>
          <AircraftCapacityDetails capacity={capacity} showCarrier={showCarrier} />
          <Group>
            <Button component={Link} to={aircraftCapacityHref(capacity.aircraft_type, carrier)} variant="light" data-testid="edit-capacity">
              {t("editCapacity", { type: capacity.aircraft_type })}
            </Button>
          </Group>
        </>
      ) : (
        <Alert color="yellow" role="status" data-testid="no-capacity" title={t("missing.title")}>
          {segment.aircraft_type ? t("missing.text", { type: segment.aircraft_type }) : t("missing.noType")}{" "}
          <Anchor component={Link} to={addAircraftCapacityHref(segment.aircraft_type)} data-testid="add-missing-capacity">
            {t("missing.add")}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
