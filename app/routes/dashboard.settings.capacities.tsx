import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { Anchor } from "~/components/plain/anchor";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AircraftCapacityForm } from "~/components/flights/aircraft-capacity-form";
import { CodeBadges, useCapacityFormat } from "~/components/flights/aircraft-capacity-format";
import { aircraftCapacityHref } from "~/components/flights/aircraft-capacity-links";
import { saveAircraftCapacity } from "~/lib/flights/aircraft-capacity-save.server";
import { AircraftCapacityFormSchema } from "~/components/flights/aircraft-capacity-schema";
import { pageMeta } from "~/components/page-meta";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { FormDialog } from "~/components/settings/dialog-overlay";
import { ListPage } from "~/components/settings/list-page";
import { readForm } from "~/lib/forms/settings-form.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { codeParam, readListQuery, urlWithout } from "~/lib/forms/list-query";
import { airlineChoices, isPlatformUser } from "~/lib/settings/settings-user.server";
import { SORTABLE } from "~/lib/settings/sort";
import { listAircraftCapacities, type AircraftCapacity } from "~/lib/upstream/aircraft-capacities.server";
import { listPage } from "~/lib/settings/required.server";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";

// Settings → Capacities (spec 1 §2 "Settings"): the airline's aircraft capacities, each row leading to its
// aircraft page (/dashboard/aircrafts/:type, where it is edited), and an add dialog drawn from ?dialog=new.

const ROUTE = "/dashboard/settings/capacities";

export const handle = { i18n: ["capacities", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  aircraft_type: codeParam(/^[A-Z0-9]{2,4}$/),
  carrier: codeParam(/^[A-Z0-9]{2}$/),
  dialog: z.enum(["new"]).optional().catch(undefined),
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.aircraftCapacities });
  const platform = isPlatformUser(user);
  const [list, airlines] = await Promise.all([
    listAircraftCapacities(user.api, {
      ...paging,
      aircraft_type: query.aircraft_type,
      carrier: platform ? query.carrier : undefined,
    }),
    query.dialog ? airlineChoices(user) : Promise.resolve(null),
  ]);
  return json({
    pageTitle,
    ...listPage(list),
    filters: { aircraft_type: query.aircraft_type ?? "", carrier: query.carrier ?? "" },
    dialog: query.dialog ?? null,
    airlines,
    showCarrier: platform,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const saved = await saveAircraftCapacity(user, t, await readForm(args.request, user, AircraftCapacityFormSchema));
  if (!saved.ok) return saved.response;
  return redirectWithNotice(urlWithout(args.request, "dialog"), user, { kind: "success", key: "capacities:notices.created", params: { type: saved.saved.aircraft_type } });
}

export default function CapacitiesPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["capacities", "common"]);
  const f = useCapacityFormat();
  const { kg, m3 } = f;
  const { closeHref, openHref } = useDialogLinks(["dialog"]);
  // a refused add keeps the dialog open with what was typed, even though the post's URL may lack ?dialog
  const dialogOpen = data.dialog === "new" || Boolean(lastResult);

  const columns: Column<AircraftCapacity>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    {
      key: "type",
      sort: "aircraft_type",
      header: t("fields.aircraft_type"),
      render: (r) => (
        <Anchor component={Link} to={aircraftCapacityHref(r.aircraft_type, data.showCarrier ? r.carrier : undefined)} fw={600} data-testid={`aircraft-${r.aircraft_type}`}>
          {r.aircraft_type}
        </Anchor>
      ),
    },
    { key: "weight", sort: "max_cargo_weight", header: t("fields.max_cargo_weight"), render: (r) => kg(r.max_cargo_weight) },
    { key: "volume", sort: "max_cargo_volume", header: t("fields.max_cargo_volume"), render: (r) => m3(r.max_cargo_volume) },
    { key: "payload", sort: "payload", header: t("fields.payload"), render: (r) => kg(r.payload) },
    { key: "mtow", sort: "mtow", header: t("fields.mtow"), render: (r) => kg(r.mtow) },
    { key: "pax", sort: "pax", header: t("fields.pax"), render: (r) => f.number(r.pax ?? null) },
    { key: "reg", header: t("fields.reg_numbers"), render: (r) => (r.reg_numbers.length ? r.reg_numbers.join(", ") : "—") },
    { key: "shc", header: t("fields.forbidden_shcs"), render: (r) => <CodeBadges codes={r.forbidden_shcs} /> },
    {
      key: "baggage",
      header: t("fields.baggage_compartment"),
      render: (r) =>
        r.baggage_compartment_max_weight == null && r.baggage_compartment_max_volume == null
          ? "—"
          : `${kg(r.baggage_compartment_max_weight)} / ${m3(r.baggage_compartment_max_volume)}`,
    },
  ];

  return (
    <ListPage
      data={data}
      actions={<AddButton to={openHref("dialog", "new")} testId="add-capacity">{t("add")}</AddButton>}
      filters={
        <>
          <TextInput name="aircraft_type" label={t("fields.aircraft_type")} defaultValue={data.filters.aircraft_type} w={130} />
          {data.showCarrier ? <TextInput name="carrier" label={t("fields.carrier")} defaultValue={data.filters.carrier} w={110} /> : null}
        </>
      }
      table={{ id: "capacities", testId: "capacities-table", columns, empty: t("empty") }}
    >
      {dialogOpen ? (
        <FormDialog title={t("addTitle")} testId="capacity-dialog" width={760}>
          <AircraftCapacityForm
            id="capacity-new"
            // the type filter prefills a new capacity (a flight whose type has none links here with it)
            defaultValue={data.filters.aircraft_type ? { aircraft_type: data.filters.aircraft_type } : {}}
            lastResult={lastResult}
            cancelHref={closeHref}
            editing={false}
            airlines={data.airlines}
          />
        </FormDialog>
      ) : null}
    </ListPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
