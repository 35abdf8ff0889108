import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { ListPage } from "~/components/settings/list-page";
import { useFormat } from "~/components/settings/format";
import { YesNoFilter } from "~/components/settings/yes-no-filter";
import { postedForm } from "~/lib/settings/save-form.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { PER_PAGE, searchParamsOf, urlWithout } from "~/lib/forms/list-query";
import { PermittedRouteQuery, upstreamFilters } from "~/lib/settings/permitted-route-query";
import { isPlatformUser } from "~/lib/settings/settings-user.server";
import { SORTABLE, sortFromUrl } from "~/lib/settings/sort";
import { listPage } from "~/lib/settings/required.server";
import { deletePermittedRoute, listPermittedRoutes, type PermittedRoute } from "~/lib/upstream/permitted-routes.server";
import { RowActions } from "~/components/settings/row-actions";
import { deleteRowAction, notFoundNotice } from "~/lib/settings/delete-row-action.server";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";

const ROUTE = "/dashboard/settings/permitted-routes";

export const handle = { i18n: ["routes", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const query = PermittedRouteQuery.parse(searchParamsOf(args.request));
  const sort = sortFromUrl(args.request.url, SORTABLE.permittedRoutes);
  const list = listPage(await listPermittedRoutes(user.api, { page: query.page, per_page: PER_PAGE, ...sort, ...upstreamFilters(query) }));
  return json({ pageTitle, ...list, filters: query, showCarrier: isPlatformUser(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const form = await postedForm(args.request, user);
  return deleteRowAction(form, user, {
    backTo: urlWithout(args.request),
    remove: (id) => deletePermittedRoute(user.api, id),
    deleted: "routes:notices.deleted",
    failed: notFoundNotice("routes:notices.notFound"),
  });
}

export default function PermittedRoutesPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["routes", "common"]);
  const f = useFormat();
  const location = useLocation();
  const downloadHref = (format: "csv" | "xlsx") => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    params.set("format", format);
    return `${ROUTE}/download?${params}`;
  };
  const columns: Column<PermittedRoute>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "origin", sort: "origin_iata", header: t("fields.origin"), render: (r) => r.origin_iata },
    { key: "destination", sort: "destination_iata", header: t("fields.destination"), render: (r) => r.destination_iata },
    { key: "transfers", header: t("fields.transfers"), render: (r) => (r.transfer_iata_codes.length ? r.transfer_iata_codes.join(", ") : "—") },
    { key: "company", sort: "company_short_name", header: t("fields.company"), render: (r) => r.company_short_name ?? t("everyForwarder") },
    { key: "contracted", sort: "contracted", header: t("fields.contracted"), render: (r) => f.yesNo(r.contracted) },
    {
      key: "direct",
      sort: "direct",
      header: t("fields.direct"),
      render: (r) => (
        <Badge variant="light" color={r.direct ? "teal" : "blue"}>
          {r.direct ? t("directYes") : t("withTransfer")}
        </Badge>
      ),
    },
    {
      key: "actions",
      header: t("common:actions.edit"),
      render: (r) => (
        <RowActions
          id={r.id}
          editTo={`${ROUTE}/${r.id}/edit`}
          editTestId={`edit-route-${r.id}`}
          confirmText={t("confirmDelete", { route: `${r.origin_iata}–${r.destination_iata}` })}
        />
      ),
    },
  ];
  return (
    <ListPage
      data={data}
      actions={
        <Group gap="xs">
          <Button component="a" href={downloadHref("csv")} variant="default" data-testid="download-csv">
            {t("downloadCsv")}
          </Button>
          <Button component="a" href={downloadHref("xlsx")} variant="default" data-testid="download-xlsx">
            {t("downloadXlsx")}
          </Button>
          <AddButton to={`${ROUTE}/create`} testId="add-route">{t("add")}</AddButton>
        </Group>
      }
      filters={
        <>
          <TextInput name="origin" label={t("fields.origin")} defaultValue={data.filters.origin ?? ""} w={110} />
          <TextInput name="destination" label={t("fields.destination")} defaultValue={data.filters.destination ?? ""} w={110} />
          <TextInput name="company" label={t("fields.company")} defaultValue={data.filters.company ?? ""} w={140} />
          <YesNoFilter name="contracted" label={t("fields.contracted")} value={data.filters.contracted} />
          <YesNoFilter name="direct" label={t("fields.direct")} value={data.filters.direct} />
        </>
      }
      table={{ id: "routes", testId: "routes-table", columns, empty: t("empty") }}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
