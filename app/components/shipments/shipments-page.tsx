import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ListMeta } from "~/components/data/data-table";
import { PageHeader } from "~/components/settings/form-parts";
import type { Shipment } from "~/lib/upstream/air-waybill-list.server";
import { CharterSelection } from "./charter-selection";
import { ShipmentFiltersForm } from "./shipment-filters";
import { CHARTER_FIELD, dateTypeOf, type ReportProblem, type ShipmentFilterErrors, type ShipmentFilters, type ShipmentTab } from "./shipment-list-query";
import { ShipmentMenu } from "./shipment-menu";
import { ShipmentTable } from "./shipment-table";
import { ShipmentTabs } from "./shipment-tabs";

/** What the shipments loader (app/lib/shipments/shipment-list-page.server.ts) sends either list page. */
export interface ShipmentsPageData {
  pageTitle: string;
  tab: ShipmentTab;
  filters: ShipmentFilters;
  errors: ShipmentFilterErrors;
  rows: Shipment[];
  meta: ListMeta | null;
  reportHref: string | null;
  reportProblem: ReportProblem | null;
  canCharter: boolean;
  canOpen: boolean;
  canCreate: boolean;
  /** The void requests list (issue 11), when this user may open it. */
  voidRequestsHref: string | null;
}

/** The shipments list (spec 1 §2) as both the new and the old page show it: tabs, filters, the menu, the table. */
export function ShipmentsPage({ data }: { data: ShipmentsPageData }) {
  const { t } = useTranslation("shipments");
  const table = (
    <ShipmentTable
      rows={data.rows}
      meta={data.meta ?? undefined}
      canOpen={data.canOpen}
      dateType={dateTypeOf(data.filters.date_type)}
      selection={data.canCharter ? { name: CHARTER_FIELD } : undefined}
    />
  );
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        {data.canCreate ? (
          <Button component={Link} to="/dashboard/air-waybills/create" data-testid="shipments-create">
            {t("create")}
          </Button>
        ) : null}
      </PageHeader>
      <ShipmentTabs active={data.tab} voidRequestsHref={data.voidRequestsHref} />
      <ShipmentFiltersForm tab={data.tab} filters={data.filters} errors={data.errors} />
      <Group justify="flex-end">
        <ShipmentMenu reportHref={data.reportHref} problem={data.reportProblem} />
      </Group>
      {data.meta ? null : (
        <Alert color="yellow" data-testid="shipments-filters-invalid">
          {t("filtersInvalid")}
        </Alert>
      )}
      {data.canCharter ? <CharterSelection>{table}</CharterSelection> : table}
    </Stack>
  );
}
