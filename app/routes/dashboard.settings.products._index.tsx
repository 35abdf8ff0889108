import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { parseWithZod } from "@conform-to/zod";
import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { ListPage } from "~/components/settings/list-page";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { ProductCodeDialog } from "~/components/settings/product-code-dialog";
import { postedForm, saveSubmission } from "~/lib/settings/save-form.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { editParam, readListQuery, textParam, urlWithout } from "~/lib/forms/list-query";
import { PRODUCT_CODE_FIELDS, ProductCodeFormSchema } from "~/lib/forms/product-code-schema";
import { referenceErrors } from "~/lib/forms/settings-form.server";
import { carrierField, isPlatformUser } from "~/lib/settings/settings-user.server";
import { SORTABLE } from "~/lib/settings/sort";
import { listPageAndEditing } from "~/lib/settings/required.server";
import { RowActions } from "~/components/settings/row-actions";
import { deleteRowAction, notFoundNotice } from "~/lib/settings/delete-row-action.server";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";
import {
  createProductCode,
  deleteProductCode,
  getProductCode,
  listProductCodes,
  updateProductCode,
  type ProductCode,
} from "~/lib/upstream/product-codes.server";

const ROUTE = "/dashboard/settings/products";

export const handle = { i18n: ["products", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  q: textParam,
  group: textParam,
  edit: editParam,
  dialog: z.enum(["new"]).optional().catch(undefined),
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.productCodes });
  const { editing, ...page } = await listPageAndEditing(
    listProductCodes(user.api, { ...paging, q: query.q || undefined, group: query.group || undefined }),
    query.edit,
    (id) => getProductCode(user.api, id),
  );
  return json({
    pageTitle,
    ...page,
    filters: { q: query.q, group: query.group },
    dialog: query.dialog === "new" ? ("new" as const) : editing ? ("edit" as const) : null,
    editing,
    ...carrierField(user),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const form = await postedForm(args.request, user);
  const listUrl = urlWithout(args.request, "dialog", "edit");

  if (form.get("intent") === "delete") {
    return deleteRowAction(form, user, {
      backTo: listUrl,
      remove: (id) => deleteProductCode(user.api, id),
      deleted: "products:notices.deleted",
      failed: notFoundNotice("products:notices.notFound"),
    });
  }

  return saveSubmission(parseWithZod(form, { schema: ProductCodeFormSchema }), {
    check: (v) => referenceErrors(user, t, [{ field: "shcs", kind: "shcs", codes: v.shcs, message: "errors:unknownShc" }]),
    save: (v) => {
      const input = {
        carrier: isPlatformUser(user) ? v.carrier : undefined,
        code: v.code,
        priority: v.priority ?? null,
        description: v.description || null,
        group: v.group || null,
        shcs: v.shcs,
      };
      return v.intent === "update" && v.id ? updateProductCode(user.api, v.id, input) : createProductCode(user.api, input);
    },
    messages: {
      fields: PRODUCT_CODE_FIELDS,
      exists: { key: "products:errors.exists", field: "code" },
      notFound: "products:errors.notFound",
    },
    saved: (_, v) => redirectWithNotice(listUrl, user, { kind: "success", key: v.intent === "update" ? "products:notices.updated" : "products:notices.created" }),
  });
}

export default function ProductsPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["products", "common"]);
  const { closeHref, openHref } = useDialogLinks(["dialog", "edit"]);
  // a refused submission keeps the dialog open with what was typed, even when the URL lost its flag
  const submittedIntent = lastResult?.initialValue?.intent;
  const dialogOpen = data.dialog !== null || Boolean(submittedIntent);
  const editing = data.editing ?? (submittedIntent === "update" ? data.rows.find((r) => String(r.id) === lastResult?.initialValue?.id) ?? null : null);

  const columns: Column<ProductCode>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "code", sort: "code", header: t("fields.code"), render: (r) => <strong>{r.code}</strong> },
    { key: "priority", sort: "priority", header: t("fields.priority"), render: (r) => r.priority },
    { key: "group", sort: "group", header: t("fields.group"), render: (r) => r.group ?? "—" },
    { key: "description", sort: "description", header: t("fields.description"), render: (r) => r.description ?? "—" },
    {
      key: "shcs",
      header: t("fields.shcs"),
      render: (r) =>
        r.shcs.length ? (
          <Group gap={4}>
            {r.shcs.map((s) => (
              <Badge key={s} variant="light" size="sm">
                {s}
              </Badge>
            ))}
          </Group>
        ) : (
          "—"
        ),
    },
    {
      key: "actions",
      header: t("common:actions.edit"),
      render: (r) => (
        <RowActions id={r.id} editTo={openHref("edit", r.id)} editTestId={`edit-product-${r.code}`} confirmText={t("confirmDelete", { code: r.code })} />
      ),
    },
  ];

  return (
    <ListPage
      data={data}
      actions={<AddButton to={openHref("dialog", "new")} testId="add-product">{t("add")}</AddButton>}
      filters={
        <>
          <TextInput name="q" label={t("search")} defaultValue={data.filters.q} w={220} />
          <TextInput name="group" label={t("fields.group")} defaultValue={data.filters.group} w={160} />
        </>
      }
      table={{ id: "products", testId: "products-table", columns, empty: t("empty") }}
    >
      {dialogOpen ? (
        <ProductCodeDialog
          editing={editing}
          lastResult={lastResult}
          closeHref={closeHref}
          showCarrier={data.showCarrier}
          defaultCarrier={data.defaultCarrier}
        />
      ) : null}
    </ListPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
