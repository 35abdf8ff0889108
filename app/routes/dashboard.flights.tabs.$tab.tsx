import { notFound } from "~/lib/http/not-found.server";
import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FlightListFiltersForm } from "~/components/flights/flight-list-filters";
import { flightListQueryOf, flightListSearch, REPORT_FILE, reportProblem } from "~/components/flights/flight-list-query";
import { FlightListSummary } from "~/components/flights/flight-list-summary";
import { FlightListTable } from "~/components/flights/flight-list-table";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
// from the zod-free half: list-query's module-level zod schemas would stay in this page's first-load JS even
// though only the loader reads the number (esbuild keeps a module whose top level calls functions)
import { PER_PAGE } from "~/lib/forms/list-url";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { FLIGHT_TABS, listSegments, type FlightTab, type Segment } from "~/lib/upstream/segments.server";

const BASE = "/dashboard/flights/tabs";

export const handle = { i18n: ["flights", "nav", "common"] };
export const meta = pageMeta;

const isTab = (value: string): value is FlightTab => (FLIGHT_TABS as readonly string[]).includes(value);

/** A link to a page exists only when the page does and this user may open it. */
const mayOpen = (pattern: string, access: Parameters<typeof canAccess>[1]) => BUILT_ROUTES.has(pattern) && canAccess(pattern, access);

/**
 * One tab of the flights list (spec 1 §2): the guard of the concrete tab (an unknown tab or one the user may not
 * open is the not-found page), the filters from the URL, one page of segments with the summary of all of them.
 * The Export link points at the tab's own report route (…/<tab>/segments_report.xlsx), guarded by this tab's pattern.
 */
export async function loader(args: LoaderFunctionArgs) {
  const pattern = `${BASE}/${args.params.tab ?? ""}`;
  const { user, pageTitle } = await requirePage(args, pattern);
  const tab = args.params.tab ?? "";
  if (!isTab(tab)) throw notFound();

  const query = flightListQueryOf(args.request, tab, user.tenant, args.context.config.clock());
  const problem = reportProblem(query.upstream);

  const base = {
    pageTitle,
    tab,
    filters: query.filters,
    errors: query.errors,
    // the number filter's example uses the airline of this host (spec 1 §4: the tenant code is the carrier code)
    carrier: user.tenant.type === "airline" ? user.tenant.code.toUpperCase() : null,
    exportHref: query.upstream && !problem ? `${pattern}/${REPORT_FILE}${flightListSearch(query.filters)}` : null,
    exportProblem: query.upstream ? problem : null,
    canCreate: mayOpen("/dashboard/flights/create", user.access),
    canOpenFlight: mayOpen("/dashboard/flights/:id", user.access),
    canOpenAircraft: mayOpen("/dashboard/aircrafts/:aircraft", user.access),
  };
  if (!query.upstream) return json({ ...base, rows: [] as Segment[], page: null, summary: null });

  const list = await listSegments(user.api, { page: query.page, per_page: PER_PAGE, state: tab, ...query.upstream });
  if (!list.ok) throw failureResponse(list);
  const { meta } = list.data;
  return json({
    ...base,
    rows: list.data.data,
    page: { current: Number(meta.current_page), totalPages: Number(meta.total_pages), totalCount: Number(meta.total_count) },
    summary: meta.summary ?? { segments_count: Number(meta.total_count), total_weight: null, total_volume: null, loadfactor: null },
  });
}

export default function FlightsTabPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("flights");
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Group gap="xs">
          {data.exportHref ? (
            // a plain link: the file is a download, not a page for the client router
            <Button component="a" href={data.exportHref} download variant="default" data-testid="flights-export">
              {t("export")}
            </Button>
          ) : null}
          {data.canCreate ? (
            <Button component={Link} to="/dashboard/flights/create" data-testid="flights-create">
              {t("newFlight")}
            </Button>
          ) : null}
        </Group>
      </PageHeader>
      <FlightListFiltersForm filters={data.filters} errors={data.errors} carrier={data.carrier} />
      {data.exportProblem ? (
        <Text size="sm" c="dimmed" data-testid="flights-export-problem">
          {t(`exportProblem.${data.exportProblem}`)}
        </Text>
      ) : null}
      {data.summary ? <FlightListSummary summary={data.summary} /> : null}
      {data.page ? null : (
        <Alert color="yellow" data-testid="flights-filters-invalid">
          {t("filtersInvalid")}
        </Alert>
      )}
      <FlightListTable
        rows={data.rows as Segment[]}
        showAttention={data.tab === "action_required"}
        showAci={data.tab === "aci"}
        canOpenFlight={data.canOpenFlight}
        canOpenAircraft={data.canOpenAircraft}
        empty={t("empty")}
        meta={data.page ? { current_page: data.page.current, total_pages: data.page.totalPages, total_count: data.page.totalCount } : undefined}
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
