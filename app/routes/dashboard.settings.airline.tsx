import { notFound } from "~/lib/http/not-found.server";
import { Stack } from "~/lib/mantine/Stack";
import { Text } from "~/lib/mantine/Text";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AirlineSettingsForm } from "~/components/settings/airline-settings-form";
import { PageHeader } from "~/components/settings/form-parts";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { forgetUiSettings, uiSettingsKey } from "~/lib/auth/ui-settings.server";
import {
  AIRLINE_SETTINGS_FIELDS,
  AirlineSettingsFormSchema,
  airlineFieldName,
  airlineSettingsDefaults,
  airlineSettingsInput,
} from "~/lib/forms/airline-settings-schema";
import { checksOf, failureReply, invalid, readForm, referenceErrors } from "~/lib/forms/settings-form.server";
import { getAirlineSettings, updateAirlineSettings } from "~/lib/upstream/airlines.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/airline";

export const handle = { i18n: ["airline", "common", "errors"] };
export const meta = pageMeta;

/** The tenant's airline: the host's code on an airline host, else the user's own company (airline users only reach this page). */
function carrierOf(user: SignedInUser): string {
  const code = user.tenant.type === "airline" ? user.tenant.code : user.profile.company_short_name;
  if (!code || code === "default") throw notFound();
  return code.toUpperCase();
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const airline = await getAirlineSettings(user.api, carrierOf(user));
  if (!airline.ok) throw failureResponse(airline);
  return json({ pageTitle, carrier: airline.data.carrier, name: airline.data.name, defaultValue: airlineSettingsDefaults(airline.data) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const carrier = carrierOf(user);
  const submission = await readForm(args.request, user, AirlineSettingsFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const v = submission.value;
  const fieldErrors = await referenceErrors(user, t, [
    { field: "country_code", kind: "countries", codes: v.country_code, message: "airline:unknownCountry" },
    ...checksOf("airports", "airline:unknownAirports", {
      awb_rule_mustgo_stations: v.awb_rule_mustgo_stations,
      awb_rule_fbl_notice_stations: v.awb_rule_fbl_notice_stations,
    }),
    ...checksOf("shcs", "airline:unknownShcs", {
      forbidden_shcs: v.forbidden_shcs,
      manual_processing_codes: v.manual_processing_codes,
      codes_for_fbl: v.codes_for_fbl,
    }),
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await updateAirlineSettings(user.api, carrier, airlineSettingsInput(v));
  if (!result.ok) {
    if (result.code === "NotFound") throw notFound();
    return failureReply(submission, result, { fields: AIRLINE_SETTINGS_FIELDS, rename: airlineFieldName });
  }
  // show_settings and tax_id_required gate pages: read them afresh instead of from the 600 s cache
  forgetUiSettings(uiSettingsKey(user.tenant.code, user.profile.company_id, user.profile.role));
  return redirectWithNotice(ROUTE, user, { kind: "success", key: "airline:notices.saved" });
}

export default function AirlineSettingsPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("airline");
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <Text c="dimmed" data-testid="airline-identity">
        {t("subtitle", { name: data.name, carrier: data.carrier })}
      </Text>
      <AirlineSettingsForm defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={ROUTE} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
