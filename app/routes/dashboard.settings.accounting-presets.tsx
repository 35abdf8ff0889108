import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NumberField, SelectField, TextField } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { FormDialog } from "~/components/settings/dialog-overlay";
import { ListPage } from "~/components/settings/list-page";
import { RowActions } from "~/components/settings/row-actions";
import { SettingsForm, useSettingsForm } from "~/components/settings/settings-form";
import { PRESET_KINDS, type PresetKind } from "~/lib/air-waybills/accounting-presets";
import { postedForm, saveSubmission } from "~/lib/settings/save-form.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { ACCOUNTING_PRESET_FIELDS, AccountingPresetFormSchema } from "~/lib/forms/accounting-preset-schema";
import { editParam, readListQuery, textParam, urlWithout } from "~/lib/forms/list-query";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { deleteRowAction, notFoundNotice } from "~/lib/settings/delete-row-action.server";
import { listPageAndEditing } from "~/lib/settings/required.server";
import { carrierField, isPlatformUser } from "~/lib/settings/settings-user.server";
import {
  copyDefaultPresets,
  createAccountingPreset,
  deleteAccountingPreset,
  getAccountingPreset,
  listAccountingPresets,
  presetsInUse,
  updateAccountingPreset,
  type AccountingPresetRow,
} from "~/lib/upstream/accounting-presets.server";

// Settings → Accounting presets (spec 2 §9; issue 10 "kept per airline, editable"). The spec's settings list names no
// page for them, so they are a settings child of their own for whoever edits the airline's settings (platform, airline
// Manager). The list, a dialog drawn from the URL to add (?dialog=new) or edit (?edit=<id>), Delete per row; while the
// airline keeps none, its waybills are offered the platform's catalogue, which the page shows and can copy for editing.

const ROUTE = "/dashboard/settings/accounting-presets";

export const handle = { i18n: ["accounting-presets", "awb", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  q: textParam,
  kind: z.enum(PRESET_KINDS).optional().catch(undefined),
  edit: editParam,
  dialog: z.enum(["new"]).optional().catch(undefined),
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS });
  const owner = carrierField(user);
  const [{ editing, ...page }, inUse] = await Promise.all([
    listPageAndEditing(
      listAccountingPresets(user.api, { ...paging, q: query.q || undefined, kind: query.kind }),
      query.edit,
      (id) => getAccountingPreset(user.api, id),
    ),
    // what the airline's waybills are offered: the catalogue while it keeps none (platform on a host without one: none)
    owner.showCarrier && !owner.defaultCarrier ? null : presetsInUse(user.api, owner.defaultCarrier || undefined),
  ]);
  return json({
    pageTitle,
    ...page,
    filters: { q: query.q, kind: query.kind ?? "" },
    dialog: query.dialog === "new" ? ("new" as const) : editing ? ("edit" as const) : null,
    editing,
    catalogue: inUse?.ok && inUse.data.source === "default" ? inUse.data.data : null,
    ...owner,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const form = await postedForm(args.request, user);
  const listUrl = urlWithout(args.request, "dialog", "edit");

  if (form.get("intent") === "delete") {
    return deleteRowAction(form, user, {
      backTo: listUrl,
      remove: (id) => deleteAccountingPreset(user.api, id),
      deleted: "accounting-presets:notices.deleted",
      failed: notFoundNotice("accounting-presets:notices.notFound"),
    });
  }
  if (form.get("intent") === "copy_defaults") {
    const copied = await copyDefaultPresets(user.api, isPlatformUser(user) ? carrierField(user).defaultCarrier || undefined : undefined);
    return redirectWithNotice(
      listUrl,
      user,
      copied.ok
        ? { kind: "success", key: "accounting-presets:notices.copied", params: { n: Number(copied.data.added) } }
        : { kind: "error", key: copied.status === 422 ? "accounting-presets:notices.copyRefused" : `errors:${copied.code}` },
    );
  }

  return saveSubmission(parseWithZod(form, { schema: AccountingPresetFormSchema }), {
    save: (v) => {
      const input = { carrier: isPlatformUser(user) ? v.carrier : undefined, kind: v.kind, code: v.code, name: v.name, text: v.text, position: v.position ?? null };
      return v.intent === "update" && v.id ? updateAccountingPreset(user.api, v.id, input) : createAccountingPreset(user.api, input);
    },
    messages: {
      fields: ACCOUNTING_PRESET_FIELDS,
      exists: { key: "accounting-presets:errors.exists", field: "code" },
      notFound: "accounting-presets:notices.notFound",
      known: [
        ["only_latin", "accounting-presets:errors.latin"],
        ["preset_code_format", "accounting-presets:errors.code"],
        ["presets_limit", "accounting-presets:errors.tooMany"],
      ],
    },
    saved: (preset, v) =>
      redirectWithNotice(listUrl, user, {
        kind: "success",
        key: v.intent === "update" ? "accounting-presets:notices.updated" : "accounting-presets:notices.created",
        params: { name: preset.name },
      }),
  });
}

function PresetDialog({
  editing,
  lastResult,
  closeHref,
  showCarrier,
  defaultCarrier,
}: {
  editing: AccountingPresetRow | null;
  lastResult?: SubmissionResult<string[]>;
  closeHref: string;
  showCarrier: boolean;
  defaultCarrier: string;
}) {
  const { t } = useTranslation(["accounting-presets", "awb"]);
  const [form, fields] = useSettingsForm(AccountingPresetFormSchema, {
    id: editing ? `preset-${editing.id}` : "preset-new",
    lastResult,
    defaultValue: editing
      ? { intent: "update", id: String(editing.id), kind: editing.kind, code: editing.code, name: editing.name, text: editing.text, position: String(editing.position) }
      : { intent: "create", carrier: defaultCarrier, kind: "client" },
  });
  const kinds = PRESET_KINDS.map((kind) => ({ value: kind, label: t(`awb:presets.kinds.${kind}`) }));
  return (
    <FormDialog title={editing ? t("editTitle", { name: editing.name }) : t("addTitle")} testId="preset-dialog" width={640}>
      <SettingsForm
        form={form}
        testId="preset-form"
        cancelHref={closeHref}
        submitTestId="preset-dialog-submit"
        noValidate
        hidden={
          <>
            <input type="hidden" name={fields.intent.name} value={editing ? "update" : "create"} />
            {editing ? <input type="hidden" name={fields.id.name} value={editing.id} /> : null}
          </>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {showCarrier && !editing ? <TextField field={fields.carrier} label={t("fields.carrier")} /> : null}
          <SelectField field={fields.kind} label={t("fields.kind")} options={kinds} />
          <TextField field={fields.code} label={t("fields.code")} description={t("hints.code")} />
          <TextField field={fields.name} label={t("fields.name")} />
          <NumberField field={fields.position} label={t("fields.position")} description={t("hints.position")} step="1" min={0} />
        </SimpleGrid>
        <TextField field={fields.text} label={t("fields.text")} description={t("hints.text")} />
      </SettingsForm>
    </FormDialog>
  );
}

export default function AccountingPresetsPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["accounting-presets", "awb", "common"]);
  const { closeHref, openHref } = useDialogLinks(["dialog", "edit"]);
  // a refused submission keeps the dialog open with what was typed, even when the URL lost its flag
  const submittedIntent = lastResult?.initialValue?.intent;
  const dialogOpen = data.dialog !== null || Boolean(submittedIntent);
  const editing = data.editing ?? (submittedIntent === "update" ? (data.rows.find((r) => String(r.id) === lastResult?.initialValue?.id) ?? null) : null);
  const kindLabel = (kind: PresetKind) => t(`awb:presets.kinds.${kind}`);

  const columns: Column<AccountingPresetRow>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "kind", header: t("fields.kind"), render: (r) => kindLabel(r.kind) },
    { key: "code", header: t("fields.code"), render: (r) => <code>{r.code}</code> },
    { key: "name", header: t("fields.name"), render: (r) => <strong>{r.name}</strong> },
    { key: "text", header: t("fields.text"), render: (r) => <Text size="sm" ff="monospace">{r.text}</Text> },
    { key: "position", header: t("fields.position"), render: (r) => r.position },
    {
      key: "actions",
      header: t("common:actions.edit"),
      render: (r) => <RowActions id={r.id} editTo={openHref("edit", r.id)} editTestId={`edit-preset-${r.code}`} confirmText={t("confirmDelete", { name: r.name })} />,
    },
  ];

  return (
    <ListPage
      data={data}
      actions={
        <AddButton to={openHref("dialog", "new")} testId="add-preset">
          {t("add")}
        </AddButton>
      }
      above={
        data.catalogue ? (
          <Alert color="blue" data-testid="preset-catalogue">
            <Stack gap="xs">
              <Text size="sm">{t("catalogue.note", { n: data.catalogue.length })}</Text>
              <Text size="xs" c="dimmed">
                {data.catalogue.map((p) => t(`awb:presets.names.${p.code}`, { defaultValue: p.name })).join(" · ")}
              </Text>
              <Form method="post">
                <CsrfInput />
                <Button type="submit" name="intent" value="copy_defaults" size="compact-sm" variant="light" data-testid="copy-defaults">
                  {t("catalogue.copy")}
                </Button>
              </Form>
            </Stack>
          </Alert>
        ) : null
      }
      filters={
        <>
          <TextInput name="q" label={t("search")} defaultValue={data.filters.q} w={220} />
          <NativeSelect
            name="kind"
            label={t("fields.kind")}
            defaultValue={data.filters.kind}
            data={[{ value: "", label: t("allKinds") }, ...PRESET_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))]}
            w={200}
            data-testid="kind-filter"
          />
        </>
      }
      table={{ id: "accounting-presets", testId: "presets-table", columns, empty: t("empty") }}
    >
      {dialogOpen ? (
        <PresetDialog editing={editing} lastResult={lastResult} closeHref={closeHref} showCarrier={data.showCarrier} defaultCarrier={data.defaultCarrier} />
      ) : null}
    </ListPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
