import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { parseWithZod } from "@conform-to/zod";
import { Anchor } from "~/components/plain/anchor";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useCapacityFormat } from "~/components/flights/aircraft-capacity-format";
import { AllotmentForm } from "~/components/flights/allotment-form";
import { saveAllotment } from "~/lib/flights/allotment-save.server";
import { allotmentDefaults, AllotmentFormSchema } from "~/components/flights/allotment-schema";
import { pageMeta } from "~/components/page-meta";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { FormDialog } from "~/components/settings/dialog-overlay";
import { ListPage } from "~/components/settings/list-page";
import { isUploadData, UploadPanel } from "~/components/settings/upload-panel";
import { postedForm } from "~/lib/settings/save-form.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { editParam, iataParam, readListQuery, textParam, urlWithout } from "~/lib/forms/list-query";
import { carrierField } from "~/lib/settings/settings-user.server";
import { SORTABLE } from "~/lib/settings/sort";
import { uploadAction } from "~/lib/settings/upload-action.server";
import { ALLOTMENT_RESOURCE, getAllotment, listAllotments, type Allotment } from "~/lib/upstream/allotments.server";
import { listPageAndEditing } from "~/lib/settings/required.server";
import { editColumn } from "~/components/settings/row-actions";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";

// Settings → Allotments (spec 1 §2 "Settings": list, create, edit): space held for forwarders on flights. Filters
// live in the URL; an allotment is edited in a dialog drawn from ?edit=<id> (works without JS); the whole list can
// be loaded from an XLSX/CSV file, all rows or none.

const ROUTE = "/dashboard/settings/allotments";

export const handle = { i18n: ["allotments", "capacities", "uploads", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  /** A flight number, with or without its date ("S70101", "S70101/22NOV26"): a text search. */
  flight: textParam.transform((s) => s.replace(/\s+/g, "").toUpperCase()),
  forwarder: textParam.transform((s) => s.toUpperCase()),
  origin: iataParam,
  destination: iataParam,
  edit: editParam,
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.allotments });
  const page = await listPageAndEditing(
    listAllotments(user.api, {
      ...paging,
      q: query.flight || undefined,
      forwarder_short_name: query.forwarder || undefined,
      origin_iata: query.origin,
      destination_iata: query.destination,
    }),
    query.edit,
    (id) => getAllotment(user.api, id),
  );
  return json({
    pageTitle,
    ...page,
    filters: { flight: query.flight, forwarder: query.forwarder, origin: query.origin ?? "", destination: query.destination ?? "" },
    ...carrierField(user),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const form = await postedForm(args.request, user);
  if (form.get("intent") === "upload") {
    return uploadAction(user, form, { resource: ALLOTMENT_RESOURCE, what: t("allotments:what"), backTo: urlWithout(args.request, "edit") });
  }
  if (form.get("intent") !== "update") throw new Response("Bad Request", { status: 400 });
  const saved = await saveAllotment(user, t, parseWithZod(form, { schema: AllotmentFormSchema }), "update");
  if (!saved.ok) return saved.response;
  return redirectWithNotice(urlWithout(args.request, "edit"), user, { kind: "success", key: "allotments:notices.updated", params: { flight: saved.saved.segment_number_with_date } });
}

export default function AllotmentsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["allotments", "common"]);
  const f = useCapacityFormat();
  const { closeHref, openHref } = useDialogLinks(["edit"]);
  const uploadResult = isUploadData(actionData) ? actionData : undefined;
  const editResult = actionData && !isUploadData(actionData) ? actionData : undefined;
  // a refused change keeps the dialog open with what was typed
  const editing = data.editing ?? (editResult ? data.rows.find((r) => String(r.id) === editResult.initialValue?.id) ?? null : null);

  const columns: Column<Allotment>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    {
      key: "segment",
      sort: "segment_number_with_date",
      header: t("fields.segment"),
      render: (r) => (
        <Anchor component={Link} to={`/dashboard/flights/${r.segment_id}`} fw={600}>
          {r.segment_number_with_date}
        </Anchor>
      ),
    },
    { key: "route", sort: "origin_iata", header: t("fields.route"), render: (r) => `${r.origin_iata} → ${r.destination_iata}` },
    { key: "forwarder", sort: "forwarder_short_name", header: t("fields.forwarder"), render: (r) => r.forwarder_short_name },
    { key: "type", sort: "type", header: t("fields.type"), render: (r) => t(`types.${r.type}`, { defaultValue: r.type }) },
    { key: "weight", sort: "weight", header: t("fields.weight"), render: (r) => f.kg(r.weight) },
    { key: "volume", sort: "volume", header: t("fields.volume"), render: (r) => f.m3(r.volume) },
    { key: "used", header: t("fields.used"), render: (r) => `${f.kg(r.used_weight)} / ${f.m3(r.used_volume)}` },
    {
      key: "limit",
      sort: "timelimit_to_std",
      header: t("fields.timelimit_to_std"),
      render: (r) => (Number(r.timelimit_to_std) === 0 ? t("fullBlockSpace") : t("hoursBeforeStd", { count: Number(r.timelimit_to_std) })),
    },
    { key: "valid", sort: "valid_until", header: t("fields.valid_until"), render: (r) => f.date(r.valid_until) },
    { key: "postal", sort: "postal", header: t("fields.postal"), render: (r) => f.yesNo(r.postal) },
    editColumn((r) => openHref("edit", r.id), (r) => `edit-allotment-${r.id}`),
  ];

  return (
    <ListPage
      data={data}
      actions={<AddButton to={`${ROUTE}/create`} testId="add-allotment">{t("add")}</AddButton>}
      filters={
        <>
          <TextInput name="flight" label={t("filters.flight")} placeholder="S70101/22NOV26" defaultValue={data.filters.flight} w={180} />
          <TextInput name="forwarder" label={t("fields.forwarder")} defaultValue={data.filters.forwarder} w={140} />
          <TextInput name="origin" label={t("fields.origin")} defaultValue={data.filters.origin} w={100} maxLength={3} />
          <TextInput name="destination" label={t("fields.destination")} defaultValue={data.filters.destination} w={100} maxLength={3} />
        </>
      }
      table={{ id: "allotments", testId: "allotments-table", columns, empty: t("empty") }}
    >
      <UploadPanel templateHref={`${ROUTE}/template`} lastResult={uploadResult} showCarrier={data.showCarrier} defaultCarrier={data.defaultCarrier} />
      {editing ? (
        <FormDialog title={t("editTitle", { flight: editing.segment_number_with_date })} testId="allotment-dialog" width={760}>
          <AllotmentForm id={`allotment-${editing.id}`} defaultValue={allotmentDefaults(editing)} lastResult={editResult} cancelHref={closeHref} />
        </FormDialog>
      ) : null}
    </ListPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
