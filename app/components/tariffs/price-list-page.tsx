import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/components/plain/group";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { ScrollArea } from "~/lib/mantine/ScrollArea";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column, type ListMeta } from "~/components/data/data-table";
import { FilterForm } from "~/components/data/filter-form";
import { CsrfInput } from "~/components/form-guards";
import { AddButton } from "~/components/settings/add-button";
import { DialogOverlay } from "~/components/settings/dialog-overlay";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { PageHeader } from "~/components/settings/form-parts";
import { useFormat } from "~/components/settings/format";
import { TabLink, TabRow } from "~/components/tab-links";
import { listHref } from "~/lib/forms/list-url";
import { LIST_MODES, PRICE_PAGES, type ListMode, type PriceKind } from "~/lib/tariffs/price-values";

/** What every price list's loader sends (price-list.server.ts), its rows aside. */
export interface PriceListData<Row> {
  pageTitle: string;
  kind: PriceKind;
  filters: { mode: ListMode; origin?: string; destination?: string; q: string; effective_on: string; active: "" | "true" | "false"; dialog?: "confirm" };
  forwarder: boolean;
  canEdit: boolean;
  notAvailable: boolean;
  rows: Row[];
  meta: ListMeta | null;
  confirm: Array<{ id: number; code: string | null; origin: string | null; destination: string | null; effectiveFrom: string }> | null;
}

/** The fields every row carries (price-rows.server.ts scopeRow). */
export interface ScopeRow {
  id: number;
  origin: string | null;
  destination: string | null;
  transfers: string[];
  nonStop: boolean;
  currency: string;
  vatInclusion: string;
  vat: string | null;
  effectiveFrom: string;
  effectiveTo: string | null;
  expired: boolean;
  notified: boolean;
}

/** "KJA → OVB", an empty end being any airport; transfers after it. */
export function RouteText({ origin, destination, transfers }: { origin: string | null; destination: string | null; transfers: string[] }) {
  const { t } = useTranslation("tariffs");
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {origin ?? t("anyAirport")} → {destination ?? t("anyAirport")}
      </Text>
      {transfers.length ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {t("via", { codes: transfers.join(", ") })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** An amount as the loader wrote it (already with the currency's decimals), right-aligned figures. */
export const amountCell = (value: string | null) => (
  <Text size="sm" ta="right" style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
    {value ?? "—"}
  </Text>
);

/** The columns every kind ends with: currency, VAT, effective dates, the badges, and the edit and delete links. */
export function useScopeColumns<Row extends ScopeRow>(data: { kind: PriceKind; canEdit: boolean; forwarder: boolean }): {
  route: Column<Row>;
  tail: Column<Row>[];
} {
  const { t } = useTranslation(["tariffs", "common"]);
  const f = useFormat();
  const page = PRICE_PAGES[data.kind];
  const tail: Column<Row>[] = [
    { key: "currency", header: t("fields.currency"), render: (r) => r.currency },
    {
      key: "vat",
      header: t("fields.vat"),
      render: (r) => (r.vatInclusion === "without" ? t("vatInclusion.without") : `${t(`vatInclusion.${r.vatInclusion}`)}${r.vat === null ? "" : ` · ${r.vat} %`}`),
    },
    {
      key: "effective",
      header: t("fields.effective"),
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {f.date(r.effectiveFrom)} – {r.effectiveTo ? f.date(r.effectiveTo) : t("openEnded")}
        </Text>
      ),
    },
    {
      key: "state",
      header: t("fields.state"),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          {r.expired ? (
            <Badge color="orange" variant="light" data-testid={`expired-${r.id}`}>
              {t("badges.expired")}
            </Badge>
          ) : null}
          {r.notified ? (
            <Badge color="teal" variant="light" data-testid={`notified-${r.id}`}>
              {t(data.forwarder ? "badges.confirmed" : "badges.notified")}
            </Badge>
          ) : data.forwarder ? (
            <Badge color="blue" variant="light" data-testid={`new-${r.id}`}>
              {t("badges.new")}
            </Badge>
          ) : null}
        </Group>
      ),
    },
  ];
  if (data.canEdit) {
    tail.push({
      key: "actions",
      header: "",
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`${page}/${r.id}/edit`} size="sm" data-testid={`edit-${r.id}`}>
            {t("common:actions.edit")}
          </Anchor>
          {/* a page that asks first, so the confirmation works without JS too */}
          <Anchor component={Link} to={`${page}/${r.id}/edit?dialog=delete`} size="sm" c="red" data-testid={`delete-${r.id}`}>
            {t("common:actions.delete")}
          </Anchor>
        </Group>
      ),
    });
  }
  return { route: { key: "route", header: t("fields.route"), render: (r) => <RouteText {...r} /> }, tail };
}

/**
 * A price list (spec 1 §2 "Tariffs"): the list modes as links, the filters as a GET form, one server page of rows,
 * the create button for those who may create, and for a forwarder the confirm-awareness dialog drawn from the URL
 * (?dialog=confirm), a POST form of the ids it lists: all of it works without JS.
 */
export function PriceListPage<Row extends ScopeRow>({ data, columns, extraFilters }: { data: PriceListData<Row>; columns: Column<Row>[]; extraFilters?: ReactNode }) {
  const { t } = useTranslation(["tariffs", "common"]);
  const location = useLocation();
  const { openHref } = useDialogLinks(["dialog"]);
  const page = PRICE_PAGES[data.kind];
  if (data.notAvailable) {
    return (
      <Stack gap="md">
        <PageHeader title={data.pageTitle} />
        <Alert color="gray" data-testid="tariffs-not-available">
          {t("notAvailable")}
        </Alert>
      </Stack>
    );
  }
  const sheetHref = listHref(`${page}/${data.kind}.xlsx`, location.search, { page: null, dialog: null });
  const modeHref = (mode: ListMode) => listHref(location.pathname, location.search, { mode: mode === "all" ? null : mode, page: null, dialog: null });
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Group gap="xs">
          {/* a plain link with the list's query: the file is the API's (billing/<kind>.xlsx), passed through */}
          <Button component="a" href={sheetHref} download variant="default" data-testid="prices-xlsx">
            {t("xlsx")}
          </Button>
          {data.forwarder ? (
            <Button component={Link} to={openHref("dialog", "confirm")} variant="light" data-testid="confirm-awareness">
              {t("confirm.open")}
            </Button>
          ) : null}
          {data.canEdit ? (
            <AddButton to={`${page}/create`} testId={`add-${data.kind}`}>
              {t(`add.${data.kind}`)}
            </AddButton>
          ) : null}
        </Group>
      </PageHeader>
      <ScrollArea type="auto">
        <TabRow label={t("modes.label")} testId="tariff-modes">
          {LIST_MODES.map((mode) => (
            <TabLink key={mode} to={modeHref(mode)} label={t(`modes.${mode}`)} active={data.filters.mode === mode} testId={`mode-${mode}`} />
          ))}
        </TabRow>
      </ScrollArea>
      <FilterForm>
        {data.filters.mode === "all" ? null : <input type="hidden" name="mode" value={data.filters.mode} />}
        <TextInput name="origin" defaultValue={data.filters.origin ?? ""} label={t("fields.origin")} w={110} maxLength={3} />
        <TextInput name="destination" defaultValue={data.filters.destination ?? ""} label={t("fields.destination")} w={110} maxLength={3} />
        <TextInput name="q" defaultValue={data.filters.q} label={t("filters.q")} placeholder={t(`filters.qPlaceholder.${data.kind}`)} w={200} />
        <TextInput type="date" name="effective_on" defaultValue={data.filters.effective_on} label={t("filters.effectiveOn")} w={170} />
        <NativeSelect
          name="active"
          defaultValue={data.filters.active}
          label={t("filters.active")}
          data={[
            { value: "", label: t("common:all") },
            { value: "true", label: t("filters.activeYes") },
            { value: "false", label: t("filters.activeNo") },
          ]}
          w={150}
        />
        {extraFilters}
      </FilterForm>
      {data.filters.mode === "route" && !data.filters.origin && !data.filters.destination ? (
        <Text size="sm" c="dimmed" data-testid="route-hint">
          {t("modes.routeHint")}
        </Text>
      ) : null}
      <DataTable id={`prices-${data.kind}`} columns={columns} rows={data.rows} rowKey={(r) => r.id} empty={t(`empty.${data.kind}`)} testId={`${data.kind}-table`} meta={data.meta ?? undefined} />
      {data.confirm ? <ConfirmDialog kind={data.kind} lines={data.confirm} /> : null}
    </Stack>
  );
}

/** The confirm-awareness dialog: every price not yet confirmed, ticked; Confirm posts the ticked ids. */
function ConfirmDialog({ kind, lines }: { kind: PriceKind; lines: NonNullable<PriceListData<unknown>["confirm"]> }) {
  const { t } = useTranslation(["tariffs", "common"]);
  const f = useFormat();
  const { closeHref } = useDialogLinks(["dialog"]);
  return (
    <DialogOverlay label={t("confirm.title")} testId="confirm-dialog">
      <Stack gap="sm">
        <Text fw={600}>{t("confirm.title")}</Text>
        {lines.length === 0 ? (
          <>
            <Text size="sm">{t(`confirm.nothing.${kind}`)}</Text>
            <Group justify="flex-end">
              <Button component={Link} to={closeHref} variant="default">
                {t("common:actions.close")}
              </Button>
            </Group>
          </>
        ) : (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="confirm" />
            <Stack gap="sm">
              <Text size="sm">{t(`confirm.text.${kind}`, { count: lines.length })}</Text>
              <Stack gap={4} mah={320} style={{ overflowY: "auto" }}>
                {lines.map((l) => (
                  <Checkbox
                    key={l.id}
                    name="ids"
                    value={String(l.id)}
                    defaultChecked
                    label={`${l.code ?? "—"} · ${l.origin ?? t("anyAirport")} → ${l.destination ?? t("anyAirport")} · ${t("fromDate", { date: f.date(l.effectiveFrom) })}`}
                  />
                ))}
              </Stack>
              <Group justify="flex-end">
                <Button component={Link} to={closeHref} variant="default">
                  {t("common:actions.cancel")}
                </Button>
                <Button type="submit" data-testid="confirm-submit">
                  {t("confirm.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Stack>
    </DialogOverlay>
  );
}
