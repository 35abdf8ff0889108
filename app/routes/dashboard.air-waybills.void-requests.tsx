import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { VoidStatusBadge } from "~/components/air-waybills/void-requests-section";
import { DataTable, type Column } from "~/components/data/data-table";
import { FilterForm } from "~/components/data/filter-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { FilterSelect } from "~/components/settings/filter-select";
import { PageHeader } from "~/components/settings/form-parts";
import { AwbLink } from "~/components/shipments/awb-link";
import { mawbTerm } from "~/components/shipments/shipment-list-query";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { PER_PAGE } from "~/lib/forms/list-url";
import { VOID_REQUEST_STATUSES, type VoidRequestStatus } from "~/lib/air-waybills/void-request-reply";
import { listVoidRequests, type VoidRequest } from "~/lib/upstream/void-requests.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { useFlightTime } from "~/components/flights/flight-time";
import { useAwbExample } from "~/components/shipments/awb-example";
import { readPage } from "~/lib/forms/list-url";

// Void requests of each side (issue 11; spec 2 §4): the airline's under its prefixes — what waits for its answer
// first — and the forwarder's of its company. Reached from the shipments lists' tabs, beside "voided": an airline lands
// on the shipments list (spec 1 §2), a request is about a waybill and its outcome shows in the voided tab; spec 1 lists
// it under Messaging, which forwarders may not open. Each row opens the shipment page, where the dialogs answer it.

const ROUTE = "/dashboard/air-waybills/void-requests";

export const handle = { i18n: ["void-requests", "shipments", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const params = new URL(args.request.url).searchParams;
  const airlineSide = user.access.user?.type !== "forwarder";
  // the airline opens on what waits for its answer; "All" (an empty choice) shows every state
  const asked = params.has("status") ? (params.get("status") ?? "") : airlineSide ? "requested" : "";
  const status = (VOID_REQUEST_STATUSES as readonly string[]).includes(asked) ? (asked as VoidRequestStatus) : undefined;
  const mawb = (params.get("mawb") ?? "").trim().slice(0, 40);
  const term = mawb ? mawbTerm(mawb) : null;
  const page = Math.min(readPage(params.get("page")), 100_000);
  const canOpen = BUILT_ROUTES.has("/dashboard/shipments/:mawb") && canAccess("/dashboard/shipments/:mawb", user.access);
  const filters = { status: status ?? "", mawb };
  if (mawb && !term) return json({ pageTitle, filters, mawbError: "void-requests:errors.mawb", rows: [] as VoidRequest[], meta: null, canOpen });
  const list = await listVoidRequests(user.api, { page, per_page: PER_PAGE, status, mawb: term ?? undefined });
  if (!list.ok) throw failureResponse(list);
  const { meta } = list.data;
  return json({
    pageTitle,
    filters,
    mawbError: null,
    rows: list.data.data,
    meta: { current_page: Number(meta.current_page), total_pages: Number(meta.total_pages), total_count: Number(meta.total_count) },
    canOpen,
  });
}

export default function VoidRequestsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["void-requests", "errors"]);
  const ft = useFlightTime();
  const example = useAwbExample();
  const rows = data.rows as VoidRequest[];
  const columns: Column<VoidRequest>[] = [
    { key: "created_at", header: t("columns.created_at"), render: (r) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{ft.at(r.created_at, null)}</Text> },
    { key: "mawb", header: t("columns.mawb"), render: (r) => <AwbLink mawb={r.mawb} canOpen={data.canOpen} /> },
    { key: "forwarder", header: t("columns.forwarder"), render: (r) => r.company_short_name ?? "—" },
    { key: "status", header: t("columns.status"), render: (r) => <span data-testid={`void-request-row-${r.mawb}`}><VoidStatusBadge status={r.status} /></span> },
    { key: "reason", header: t("columns.request_reason"), render: (r) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{r.request_reason ?? "—"}</Text> },
    { key: "payment_required", header: t("columns.payment_required"), render: (r) => t(`paymentAsked.${r.payment_required}`) },
    { key: "answer", header: t("columns.resolve_reason"), render: (r) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{r.resolve_reason ?? "—"}</Text> },
    { key: "void_payment", header: t("columns.void_payment"), render: (r) => (r.void_payment ? t(`payment.${r.void_payment}`) : "—") },
    { key: "resolved", header: t("columns.resolved"), render: (r) => (r.resolved_at ? `${ft.at(r.resolved_at, null)} ${r.resolved_by ?? ""}` : "—") },
  ];
  const key = JSON.stringify(data.filters);
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <FilterForm>
        <FilterSelect key={`s${key}`} name="status" label={t("filters.status")} value={data.filters.status} options={VOID_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} w={190} />
        <TextInput key={`m${key}`} name="mawb" defaultValue={data.filters.mawb} label={t("filters.mawb")} placeholder={example} error={data.mawbError ? t(data.mawbError) : undefined} w={170} />
      </FilterForm>
      <DataTable id="void-requests" columns={columns} rows={rows} rowKey={(r) => r.id} empty={t("empty")} testId="void-requests-list" meta={data.meta ?? undefined} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
