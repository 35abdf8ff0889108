import { notFound } from "~/lib/http/not-found.server";
import { Text } from "~/components/plain/text";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AirlineSettingsForm } from "~/components/settings/airline-settings-form";
import { formPage } from "~/components/settings/form-page";
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
import { checksOf, referenceErrors } from "~/lib/forms/settings-form.server";
import { required } from "~/lib/settings/required.server";
import { saveForm } from "~/lib/settings/save-form.server";
import { getAirlineSettings, updateAirlineSettings } from "~/lib/upstream/airlines.server";
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
  const airline = required(await getAirlineSettings(user.api, carrierOf(user)));
  return json({ pageTitle, carrier: airline.carrier, name: airline.name, defaultValue: airlineSettingsDefaults(airline) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const carrier = carrierOf(user);
  return saveForm(args.request, user, {
    schema: AirlineSettingsFormSchema,
    check: (v) =>
      referenceErrors(user, t, [
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
      ]),
    save: (v) => updateAirlineSettings(user.api, carrier, airlineSettingsInput(v)),
    messages: { fields: AIRLINE_SETTINGS_FIELDS, rename: airlineFieldName },
    notFound: () => {
      throw notFound();
    },
    saved: () => {
      // show_settings and tax_id_required gate pages: read them afresh instead of from the 600 s cache
      forgetUiSettings(uiSettingsKey(user.api, user.tenant.code, user.profile.company_id, user.profile.role));
      return redirectWithNotice(ROUTE, user, { kind: "success", key: "airline:notices.saved" });
    },
  });
}

export default formPage<typeof loader, typeof action>(function AirlineSettingsPage({ data, lastResult }) {
  const { t } = useTranslation("airline");
  return (
    <>
      <Text c="dimmed" data-testid="airline-identity">
        {t("subtitle", { name: data.name, carrier: data.carrier })}
      </Text>
      <AirlineSettingsForm defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={ROUTE} />
    </>
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
