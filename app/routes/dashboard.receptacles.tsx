import { parseWithZod } from "@conform-to/zod";
import { Stack } from "~/components/plain/stack";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FilterForm } from "~/components/data/filter-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { IsoDateInput } from "~/components/fields/iso-date-input";
import { pageMeta } from "~/components/page-meta";
import { ReceptacleDialog, type ReceptacleDialogValues } from "~/components/receptacles/receptacle-dialog";
import { RECEPTACLE_API_MESSAGES, ReceptacleFormSchema } from "~/components/receptacles/receptacle-form-schema";
import { ReceptacleList } from "~/components/receptacles/receptacle-list";
import { AddButton } from "~/components/settings/add-button";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { PageHeader } from "~/components/settings/form-parts";
import { RowActions } from "~/components/settings/row-actions";
import { requirePage } from "~/lib/auth/require-page.server";
import { readDialogListPost } from "~/lib/forms/dialog-list-action.server";
import { codeParam, editParam, pageParam, PER_PAGE, searchParamsOf, textParam } from "~/lib/forms/list-query";
import { failureReply, invalid } from "~/lib/forms/settings-form.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { deleteRowAction } from "~/lib/settings/delete-row-action.server";
import { listAndEditing } from "~/lib/settings/list-and-editing.server";
import { createReceptacle, deleteReceptacle, getReceptacle, listReceptacles, updateReceptacle, type Receptacle } from "~/lib/upstream/receptacles.server";

// Postal receptacles (spec 1 §2 /receptacles, §6 "Receptacles": platform only): every receptacle with its offices of
// exchange, weight, flight and where it is now, filtered in the URL (UID, offices, flight, flight dates), with the
// count and total weight of everything the filters find; create and edit as dialogs drawn from the URL (?dialog=new,
// ?edit=<id>), Delete per row. All plain GET links and POST forms: it works without JavaScript.

const ROUTE = "/dashboard/receptacles";

export const handle = { i18n: ["receptacles", "common", "errors"] };
export const meta = pageMeta;

const dateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const Query = z.object({
  page: pageParam,
  uid: textParam,
  post_office_origin: codeParam(/^[A-Z0-9]{1,6}$/),
  post_office_destination: codeParam(/^[A-Z0-9]{1,6}$/),
  flight: textParam,
  date_from: dateParam,
  date_to: dateParam,
  edit: editParam,
  dialog: z.enum(["new"]).optional().catch(undefined),
});

/** API field names → the dialog's fields (the flight is named by number in the form). */
const FORM_FIELDS = ["uid", "weight", "flight"] as const;
const renameField = (name: string) => (name === "segment_id" || name === "number_with_date" ? "flight" : name === "post_office_origin" || name === "post_office_destination" ? "uid" : name);

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const query = Query.parse(searchParamsOf(args.request));
  const filters = {
    uid: query.uid.slice(0, 29) || undefined,
    post_office_origin: query.post_office_origin,
    post_office_destination: query.post_office_destination,
    flight: query.flight.slice(0, 20) || undefined,
    date_from: query.date_from,
    date_to: query.date_to,
  };
  const { list, editing } = await listAndEditing(listReceptacles(user.api, { ...filters, page: query.page, per_page: PER_PAGE }), query.edit, (id) => getReceptacle(user.api, id));
  return json({
    pageTitle,
    list,
    filters: { ...filters, uid: query.uid, flight: query.flight },
    dialog: query.dialog === "new" ? ("new" as const) : editing ? ("edit" as const) : null,
    editing,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, form, listUrl } = await readDialogListPost(args, ROUTE);

  if (form.get("intent") === "delete") {
    return deleteRowAction(form, user, {
      backTo: listUrl,
      remove: (id) => deleteReceptacle(user.api, id),
      deleted: "receptacles:notices.deleted",
      failed: (failure) => (failure.code === "NotFound" ? "receptacles:notices.notFound" : failure.status === 422 ? "receptacles:notices.departed" : null),
    });
  }

  const submission = parseWithZod(form, { schema: ReceptacleFormSchema });
  if (submission.status !== "success") return invalid(submission);
  const v = submission.value;
  const input = { uid: v.uid, weight: v.weight ?? null, number_with_date: v.flight ?? null };
  const result = v.intent === "update" && v.id ? await updateReceptacle(user.api, v.id, input) : await createReceptacle(user.api, input);
  if (!result.ok) {
    return failureReply(submission, result, { fields: FORM_FIELDS, rename: renameField, notFound: "receptacles:notices.notFound", known: RECEPTACLE_API_MESSAGES });
  }
  return redirectWithNotice(listUrl, user, { kind: "success", key: v.intent === "update" ? "receptacles:notices.updated" : "receptacles:notices.created", params: { uid: result.data.uid } });
}

/** The dialog's starting values: the edited receptacle's, or an empty form. */
function dialogValues(editing: Receptacle | null): ReceptacleDialogValues {
  if (!editing) return { uid: "", weight: "", flight: "" };
  return { id: Number(editing.id), uid: editing.uid, weight: String(editing.weight), flight: editing.segment?.number_with_date ?? "" };
}

export default function ReceptaclesPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["receptacles", "common"]);
  const { closeHref, openHref } = useDialogLinks(["dialog", "edit"]);
  // a refused submission keeps its dialog open with what was typed, even when the post's URL lost the flag
  const submitted = lastResult?.initialValue?.intent as "create" | "update" | undefined;
  const editing = (data.editing as Receptacle | null) ?? (submitted === "update" ? ((data.list.data as Receptacle[]).find((r) => String(r.id) === lastResult?.initialValue?.id) ?? null) : null);
  const open = data.dialog !== null || Boolean(submitted);
  const f = data.filters;

  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <AddButton to={openHref("dialog", "new")} testId="add-receptacle">
          {t("add")}
        </AddButton>
      </PageHeader>
      <FilterForm>
        <TextInput name="uid" label={t("fields.uid")} defaultValue={f.uid} w={260} maxLength={29} />
        <TextInput name="post_office_origin" label={t("fields.origin")} defaultValue={f.post_office_origin ?? ""} w={120} maxLength={6} />
        <TextInput name="post_office_destination" label={t("fields.destination")} defaultValue={f.post_office_destination ?? ""} w={120} maxLength={6} />
        <TextInput name="flight" label={t("fields.flight")} defaultValue={f.flight} w={170} maxLength={20} />
        <IsoDateInput name="date_from" label={t("filters.dateFrom")} defaultValue={f.date_from ?? ""} w={160} />
        <IsoDateInput name="date_to" label={t("filters.dateTo")} defaultValue={f.date_to ?? ""} w={160} />
      </FilterForm>
      <ReceptacleList
        list={data.list as never}
        flightColumn
        actions={{
          key: "actions",
          header: t("common:actions.edit"),
          render: (r) => <RowActions id={r.id} editTo={openHref("edit", r.id)} editTestId={`edit-receptacle-${r.uid}`} confirmText={t("confirmDelete", { uid: r.uid })} />,
        }}
      />
      {open ? <ReceptacleDialog key={editing ? `edit-${editing.id}` : "new"} values={dialogValues(submitted === "create" ? null : editing)} lastResult={lastResult} closeHref={closeHref} /> : null}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
