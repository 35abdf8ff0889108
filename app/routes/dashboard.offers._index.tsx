import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/data/data-table";
import { FilterForm } from "~/components/data/filter-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OfferStatusBadge } from "~/components/offers/offer-view";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { TabLink, TabRow } from "~/components/tab-links";
import { requirePage } from "~/lib/auth/require-page.server";
import { PER_PAGE, readPage } from "~/lib/forms/list-url";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { listOffers, type OfferListItem, type OfferTab } from "~/lib/upstream/offers.server";
import { OFFER_STATUSES } from "../../cargo/offers/offer-status";

// The forwarder's offers (spec 1 §2 "Offers": "The list has tabs Created, Sent, Accepted, Closed, All"): one server
// page of the API's list at a time; the tab, the search and the page live in the URL (links and a GET form), so the
// list works without JS. It opens on the first tab, the drafts still to finish.

const ROUTE = "/dashboard/offers";
const TABS: readonly OfferTab[] = [...OFFER_STATUSES, "all"];

export const handle = { i18n: ["offers", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const params = new URL(args.request.url).searchParams;
  const asked = params.get("status") ?? "created";
  const tab = (TABS as readonly string[]).includes(asked) ? (asked as OfferTab) : "created";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(readPage(params.get("page")), 100_000);
  const list = await listOffers(user.api, { page, per_page: PER_PAGE, status: tab, ...(q ? { q } : {}) });
  if (!list.ok) throw failureResponse(list);
  const { meta } = list.data;
  return json({ pageTitle, tab, q, rows: list.data.data, meta: { current_page: Number(meta.current_page), total_pages: Number(meta.total_pages), total_count: Number(meta.total_count) } });
}

export default function OffersPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("offers");
  const rows = data.rows as OfferListItem[];
  const columns: Column<OfferListItem>[] = [
    { key: "number", header: t("list.number"), render: (o) => <Link to={`${ROUTE}/${o.id}`} data-testid={`offer-link-${o.number}`}>{o.number}</Link> },
    { key: "created_at", header: t("list.created"), render: (o) => o.created_at.slice(0, 10) },
    { key: "customer", header: t("list.customer"), render: (o) => o.customer_name ?? "—" },
    { key: "route", header: t("list.route"), render: (o) => `${o.origin_iata} → ${o.destination_iata}${o.carrier ? ` (${o.carrier})` : ""}` },
    { key: "date_toa", header: t("list.date"), render: (o) => o.date_toa ?? "—" },
    { key: "figures", header: t("list.figures"), render: (o) => `${o.pieces} / ${o.weight} / ${o.volume ?? "—"}` },
    { key: "price", header: t("list.price"), render: (o) => (o.totals.length ? o.totals.map((x) => `${x.outgoing_amount} ${x.currency}`).join(", ") : "—") },
    { key: "valid_until", header: t("list.validUntil"), render: (o) => o.valid_until ?? "—" },
    { key: "status", header: t("list.status"), render: (o) => <OfferStatusBadge status={o.status} /> },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Button component={Link} to={`${ROUTE}/create`} data-testid="offer-create-link">
          {t("list.create")}
        </Button>
      </PageHeader>
      <TabRow label={t("list.tabs")} testId="offer-tabs">
        {TABS.map((tab) => (
          <TabLink key={tab} to={`${ROUTE}?${new URLSearchParams({ status: tab, ...(data.q ? { q: data.q } : {}) })}`} label={t(tab === "all" ? "list.all" : `statuses.${tab}`)} active={tab === data.tab} testId={`offer-tab-${tab}`} />
        ))}
      </TabRow>
      <FilterForm>
        <input type="hidden" name="status" value={data.tab} />
        <TextInput key={data.q} name="q" defaultValue={data.q} label={t("list.search")} maxLength={100} w={240} />
      </FilterForm>
      <Group>
        <Text size="sm" c="dimmed">
          {t("list.count", { count: data.meta.total_count })}
        </Text>
      </Group>
      <DataTable id="offers" columns={columns} rows={rows} rowKey={(o) => o.id} empty={t("list.empty")} testId="offers-list" meta={data.meta} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
