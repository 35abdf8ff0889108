import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CodeBadges, useCapacityFormat } from "~/components/flights/aircraft-capacity-format";
import { BookingRuleForm } from "~/components/flights/booking-rule-form";
import { saveBookingRule } from "~/lib/flights/booking-rule-save.server";
import { bookingRuleDefaults, BookingRuleFormSchema } from "~/components/flights/booking-rule-schema";
import { pageMeta } from "~/components/page-meta";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { FormDialog } from "~/components/settings/dialog-overlay";
import { ListPage } from "~/components/settings/list-page";
import { readForm } from "~/lib/forms/settings-form.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { editParam, iataParam, readListQuery, urlWithout } from "~/lib/forms/list-query";
import { isPlatformUser } from "~/lib/settings/settings-user.server";
import { SORTABLE } from "~/lib/settings/sort";
import { getBookingRule, listBookingRules, type BookingRule } from "~/lib/upstream/booking-rules.server";
import { listPageAndEditing } from "~/lib/settings/required.server";
import { editColumn } from "~/components/settings/row-actions";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";

// Settings → Booking rules (spec 1 §2 "Settings": list, create, edit): how booking requests on an O&D are answered.
// Filters (origin, destination) live in the URL; a rule is edited in a dialog drawn from ?edit=<id>.

const ROUTE = "/dashboard/settings/booking-rules";

export const handle = { i18n: ["booking-rules", "capacities", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  origin: iataParam,
  destination: iataParam,
  edit: editParam,
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.bookingRules });
  const page = await listPageAndEditing(
    listBookingRules(user.api, { ...paging, origin_iata: query.origin, destination_iata: query.destination }),
    query.edit,
    (id) => getBookingRule(user.api, id),
  );
  return json({
    pageTitle,
    ...page,
    filters: { origin: query.origin ?? "", destination: query.destination ?? "" },
    showCarrier: isPlatformUser(user),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const saved = await saveBookingRule(user, t, await readForm(args.request, user, BookingRuleFormSchema), "update");
  if (!saved.ok) return saved.response;
  return redirectWithNotice(urlWithout(args.request, "edit"), user, {
    kind: "success",
    key: "booking-rules:notices.updated",
    params: { route: `${saved.saved.origin_iata}–${saved.saved.destination_iata}` },
  });
}

export default function BookingRulesPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["booking-rules", "common"]);
  const f = useCapacityFormat();
  const { closeHref, openHref } = useDialogLinks(["edit"]);
  const editing = data.editing ?? (lastResult ? data.rows.find((r) => String(r.id) === lastResult.initialValue?.id) ?? null : null);
  const range = (lo: number | null, hi: number | null, show: (v: number) => string) =>
    lo === null && hi === null ? t("any") : lo === null ? `≤ ${show(hi!)}` : hi === null ? `≥ ${show(lo)}` : `${show(lo)} – ${show(hi)}`;

  const columns: Column<BookingRule>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "origin", sort: "origin_iata", header: t("fields.origin"), render: (r) => r.origin_iata },
    { key: "destination", sort: "destination_iata", header: t("fields.destination"), render: (r) => r.destination_iata },
    {
      key: "flight",
      sort: "flight_number_with_date",
      header: t("fields.flight"),
      render: (r) =>
        r.segment_id && r.flight_number_with_date ? (
          <Anchor component={Link} to={`/dashboard/flights/${r.segment_id}`}>
            {r.flight_number_with_date}
          </Anchor>
        ) : (
          t("allFlights")
        ),
    },
    {
      key: "status",
      sort: "response_status",
      header: t("fields.response_status"),
      render: (r) => (
        <Badge variant="light" tt="none" color={r.response_status === "KK" ? "teal" : r.response_status === "NN" ? "yellow" : "gray"}>
          {r.response_status} · {t(`statuses.${r.response_status}`, { defaultValue: r.response_status })}
        </Badge>
      ),
    },
    { key: "percent", sort: "min_percent", header: t("fields.load_factor"), render: (r) => range(r.min_percent, r.max_percent, (v) => f.unit(v, "percent")) },
    { key: "weight", sort: "min_weight", header: t("fields.weight"), render: (r) => range(r.min_weight, r.max_weight, f.kg) },
    { key: "volume", sort: "min_volume", header: t("fields.volume"), render: (r) => range(r.min_volume, r.max_volume, f.m3) },
    { key: "shcs", header: t("fields.shcs"), render: (r) => <CodeBadges codes={r.shcs} /> },
    editColumn((r) => openHref("edit", r.id), (r) => `edit-booking-rule-${r.id}`),
  ];

  return (
    <ListPage
      data={data}
      actions={<AddButton to={`${ROUTE}/create`} testId="add-booking-rule">{t("add")}</AddButton>}
      filters={
        <>
          <TextInput name="origin" label={t("fields.origin")} defaultValue={data.filters.origin} w={100} maxLength={3} />
          <TextInput name="destination" label={t("fields.destination")} defaultValue={data.filters.destination} w={100} maxLength={3} />
        </>
      }
      table={{ id: "booking-rules", testId: "booking-rules-table", columns, empty: t("empty") }}
    >
      {editing ? (
        <FormDialog title={t("editTitle")} testId="booking-rule-dialog" width={760}>
          <BookingRuleForm id={`booking-rule-${editing.id}`} defaultValue={bookingRuleDefaults(editing)} lastResult={lastResult} cancelHref={closeHref} />
        </FormDialog>
      ) : null}
    </ListPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
