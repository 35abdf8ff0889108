import type { SubmissionResult } from "@conform-to/react";
import { Anchor } from "~/components/plain/anchor";
import { Tabs } from "~/lib/mantine/Tabs";
import { TextInput } from "~/components/plain/text-input";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { FormDialog } from "./dialog-overlay";
import { ListPage } from "./list-page";
import { PartyForm, type PartyRecord } from "./party-form";
import { AddButton } from "./add-button";

export interface PartiesPageData {
  pageTitle: string;
  tab: "customers" | "notable";
  customers: PartyRecord[];
  notable: PartyRecord[];
  meta: { current_page: number; total_pages: number; total_count: number };
  filters: { q: string; owner: string };
  showOwner: boolean;
  dialog: "new" | "edit" | null;
  editing: PartyRecord | null;
}

/**
 * The parties page: tabs for the forwarder's customers and its notable companies, search in the URL, server pages,
 * an add dialog drawn from ?dialog=new. `editHref` says where a row's edit link goes (the edit route, or an
 * ?edit=<id> dialog on the agent page).
 */
export function PartiesPage({
  data,
  lastResult,
  editHref,
}: {
  data: PartiesPageData;
  lastResult?: SubmissionResult<string[]>;
  editHref: (row: PartyRecord, tab: PartiesPageData["tab"]) => string;
}) {
  const { t } = useTranslation(["parties", "common"]);
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(location.search);
    next.delete("dialog");
    next.delete("edit");
    for (const [k, v] of Object.entries(changes)) (v === null ? next.delete(k) : next.set(k, v));
    return `${location.pathname}${next.size ? `?${next}` : ""}`;
  };
  const closeHref = hrefWith({});
  const tabHref = (tab: string) => {
    const next = new URLSearchParams();
    if (tab !== "customers") next.set("tab", tab);
    if (params.get("owner")) next.set("owner", params.get("owner")!);
    return `${location.pathname}${next.size ? `?${next}` : ""}`;
  };
  const kind = data.tab === "customers" ? "customer" : "notable";
  // a refused submission keeps its dialog open with what was typed
  const submittedKind = lastResult?.initialValue?.intent;
  const dialogOpen = data.dialog !== null || submittedKind === kind;

  const common: Column<PartyRecord>[] = [
    { key: "name", sort: "name", header: t("fields.name"), render: (r) => <strong>{r.name}</strong> },
    { key: "tax", sort: "tax_id", header: t("fields.tax_id"), render: (r) => r.tax_id ?? "—" },
    { key: "city", sort: "city", header: t("fields.city"), render: (r) => [r.city, r.country_code].filter(Boolean).join(", ") || "—" },
    { key: "address", header: t("fields.address"), render: (r) => [r.address, r.post_code].filter(Boolean).join(", ") || "—" },
  ];
  const edit: Column<PartyRecord> = {
    key: "actions",
    header: t("common:actions.edit"),
    render: (r) => (
      <Anchor component={Link} to={editHref(r, data.tab)} size="sm" data-testid={`edit-party-${r.id}`}>
        {t("common:actions.edit")}
      </Anchor>
    ),
  };
  const columns: Column<PartyRecord>[] =
    data.tab === "customers"
      ? [
          ...(data.showOwner ? [{ key: "owner", sort: "forwarder_short_name", header: t("fields.forwarder_short_name"), render: (r: PartyRecord) => r.forwarder_short_name ?? "—" }] : []),
          ...common,
          {
            key: "contacts",
            header: t("sections.contacts"),
            render: (r) => (r.contacts ?? []).map((c) => [c.name, c.phone, c.email].filter(Boolean).join(" · ")).join("; ") || "—",
          },
          edit,
        ]
      : [
          ...(data.showOwner ? [{ key: "owner", sort: "company_short_name", header: t("fields.company_short_name"), render: (r: PartyRecord) => r.company_short_name ?? "—" }] : []),
          { key: "account", sort: "account", header: t("fields.account"), render: (r) => r.account ?? "—" },
          ...common,
          {
            key: "numbers",
            header: t("sections.contactNumbers"),
            render: (r) => (r.contact_numbers ?? []).map((n) => `${n.identifier} ${n.number}`).join("; ") || "—",
          },
          edit,
        ];
  const rows = data.tab === "customers" ? data.customers : data.notable;
  const dialogTitle = data.editing ? t("editTitle", { name: data.editing.name }) : t(kind === "customer" ? "addCustomer" : "addNotable");

  return (
    <ListPage
      data={{ ...data, rows }}
      actions={<AddButton to={hrefWith({ dialog: "new" })} testId="add-party">{t(kind === "customer" ? "addCustomer" : "addNotable")}</AddButton>}
      above={
        <Tabs value={data.tab}>
          <Tabs.List>
            <Tabs.Tab value="customers" renderRoot={(props) => <Link {...props} to={tabHref("customers")} />} data-testid="tab-customers">
              {t("tabs.customers")}
            </Tabs.Tab>
            <Tabs.Tab value="notable" renderRoot={(props) => <Link {...props} to={tabHref("notable")} />} data-testid="tab-notable">
              {t("tabs.notable")}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      }
      filters={
        <>
          {data.tab === "notable" ? <input type="hidden" name="tab" value="notable" /> : null}
          <TextInput name="q" label={t("search")} defaultValue={data.filters.q} w={260} />
          {data.showOwner ? (
            <TextInput name="owner" label={t(data.tab === "customers" ? "fields.forwarder_short_name" : "fields.company_short_name")} defaultValue={data.filters.owner} w={160} />
          ) : null}
        </>
      }
      table={{ id: `parties-${data.tab}`, testId: "parties-table", columns, empty: t("empty") }}
    >
      {dialogOpen ? (
        <FormDialog title={dialogTitle} testId="party-dialog" width={760}>
          <PartyForm
            id={data.editing ? `${kind}-${data.editing.id}` : `${kind}-new`}
            kind={kind}
            record={data.editing}
            lastResult={lastResult}
            showOwner={data.showOwner}
            defaultOwner={data.filters.owner}
            cancelHref={closeHref}
            extraHidden={data.editing ? { id: String(data.editing.id) } : undefined}
          />
        </FormDialog>
      ) : null}
    </ListPage>
  );
}
