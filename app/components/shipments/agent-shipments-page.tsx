import { Alert } from "~/lib/mantine/Alert";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { useTranslation } from "react-i18next";
import type { ListMeta } from "~/components/data/data-table";
import { PageHeader } from "~/components/settings/form-parts";
import type { Shipment } from "~/lib/upstream/air-waybill-list.server";
import { ShipmentFiltersForm } from "./shipment-filters";
import { dateTypeOf, type ShipmentFilterErrors, type ShipmentFilters, type ShipmentTab } from "./shipment-list-query";
import { ShipmentTable } from "./shipment-table";
import { ShipmentTabs } from "./shipment-tabs";

// The agent view of the shipments list (/dashboard/agent/air-waybills; issue 11): the forwarder picker is the first
// field of the list's GET filter form (a text field with the forwarders as suggestions, so it works without JS and
// keeps what was typed), then the tabs and the table exactly as that forwarder sees them, read-only.

export interface AgentShipmentsData {
  pageTitle: string;
  tab: ShipmentTab;
  filters: ShipmentFilters;
  errors: ShipmentFilterErrors;
  forwarder: string;
  forwarderError: string | null;
  forwarders: Array<{ short_name: string; name: string }>;
  canOpen: boolean;
  rows: Shipment[];
  meta: ListMeta | null;
}

export function AgentShipmentsPage({ data }: { data: AgentShipmentsData }) {
  const { t } = useTranslation("agent-air-waybills");
  const chosen = Boolean(data.forwarder) && !data.forwarderError;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <Text size="sm" c="dimmed">
        {t("intro")}
      </Text>
      <ShipmentFiltersForm tab={data.tab} filters={data.filters} errors={data.errors}>
        <TextInput
          name="forwarder"
          label={t("forwarder")}
          defaultValue={data.forwarder}
          error={data.forwarderError ? t(data.forwarderError) : undefined}
          placeholder="FWDONE"
          list="agent-forwarders"
          maxLength={20}
          required
          w={180}
          data-testid="agent-forwarder"
        />
        <datalist id="agent-forwarders">
          {data.forwarders.map((f) => (
            <option key={f.short_name} value={f.short_name}>
              {f.name}
            </option>
          ))}
        </datalist>
      </ShipmentFiltersForm>
      {chosen ? (
        <>
          <ShipmentTabs active={data.tab} />
          {data.meta ? (
            <ShipmentTable rows={data.rows} meta={data.meta} canOpen={data.canOpen} dateType={dateTypeOf(data.filters.date_type)} />
          ) : (
            <Alert color="yellow" data-testid="shipments-filters-invalid">
              {t("filtersInvalid")}
            </Alert>
          )}
        </>
      ) : (
        <Alert color="blue" data-testid="agent-choose-forwarder">
          {t("choose")}
        </Alert>
      )}
    </Stack>
  );
}
