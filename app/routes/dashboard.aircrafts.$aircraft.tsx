import { parseWithZod } from "@conform-to/zod";
import { Anchor } from "~/components/plain/anchor";
import { Stack } from "~/components/plain/stack";
import { Title } from "~/components/plain/title";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AircraftCapacityDetails } from "~/components/flights/aircraft-capacity-details";
import { AircraftCapacityForm } from "~/components/flights/aircraft-capacity-form";
import { saveAircraftCapacity } from "~/lib/flights/aircraft-capacity-save.server";
import { aircraftCapacityDefaults, AircraftCapacityFormSchema } from "~/components/flights/aircraft-capacity-schema";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { codeParam, searchParamsOf, urlWithout } from "~/lib/forms/list-query";
import { isPlatformUser } from "~/lib/settings/settings-user.server";
import { listAircraftCapacities } from "~/lib/upstream/aircraft-capacities.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

// /dashboard/aircrafts/:aircraft (spec 1 §2): the capacity of one aircraft type of the user's airline, and its edit
// form. The address names the type, not the row id, so the row is looked up by type within the airline's own rows
// (platform users name the airline with ?carrier=); an unknown type, or another airline's, is not found.

const ROUTE = "/dashboard/aircrafts/:aircraft";
const LIST = "/dashboard/settings/capacities";

export const handle = { i18n: ["capacities", "common", "errors"] };
export const meta = pageMeta;

const AIRCRAFT_TYPE = /^[A-Z0-9]{2,4}$/;
const Query = z.object({ carrier: codeParam(/^[A-Z0-9]{2}$/) });

async function capacityOf(user: SignedInUser, request: Request, param: string | undefined) {
  const type = (param ?? "").toUpperCase();
  if (!AIRCRAFT_TYPE.test(type)) throw notFound();
  const { carrier } = Query.parse(searchParamsOf(request));
  const list = await listAircraftCapacities(user.api, { page: 1, per_page: 1, aircraft_type: type, carrier: isPlatformUser(user) ? carrier : undefined });
  if (!list.ok) throw failureResponse(list);
  const capacity = list.data.data[0];
  if (!capacity) throw notFound();
  return capacity;
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const capacity = await capacityOf(user, args.request, args.params.aircraft);
  return json({ pageTitle, capacity, defaultValue: aircraftCapacityDefaults(capacity), showCarrier: isPlatformUser(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const capacity = await capacityOf(user, args.request, args.params.aircraft);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const saved = await saveAircraftCapacity(user, t, parseWithZod(form, { schema: AircraftCapacityFormSchema }), capacity.id);
  if (!saved.ok) return saved.response;
  return redirectWithNotice(urlWithout(args.request), user, { kind: "success", key: "capacities:notices.updated", params: { type: capacity.aircraft_type } });
}

export default function AircraftPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["capacities", "common"]);
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Anchor component={Link} to={LIST} size="sm">
          {t("backToList")}
        </Anchor>
      </PageHeader>
      <AircraftCapacityDetails capacity={data.capacity} showCarrier={data.showCarrier} />
      <Title order={2} size="h4">
        {t("editTitle", { type: data.capacity.aircraft_type })}
      </Title>
      <AircraftCapacityForm
        id={`capacity-${data.capacity.id}`}
        defaultValue={data.defaultValue}
        lastResult={lastResult}
        cancelHref={LIST}
        editing
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
