import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import type { Column } from "~/components/data/column";

// The last column of a settings list: "Edit" (a link: a page of its own or the list's ?edit dialog) and, where rows
// can be removed, "Delete" (a POST form of its own, intent=delete, so it works without JS; with JS it asks first).

/** The "Edit" link of a row. */
export function EditLink({ to, testId }: { to: string; testId?: string }) {
  const { t } = useTranslation("common");
  return (
    <Anchor component={Link} to={to} size="sm" data-testid={testId}>
      {t("actions.edit")}
    </Anchor>
  );
}

/** A headerless column holding only a row's "Edit" link (where rows are edited but not deleted from the list). */
export function editColumn<Row>(to: (row: Row) => string, testId: (row: Row) => string): Column<Row> {
  return { key: "edit", header: "", render: (row) => <EditLink to={to(row)} testId={testId(row)} /> };
}

/**
 * The "Delete" button of a row: posts intent=delete and the row's id to the list's own action. Another removing
 * action of a row (a booking's cancel) passes its own `intent` and `label`.
 */
export function DeleteRowForm({
  id,
  confirmText,
  intent = "delete",
  label,
  testId,
  action,
}: {
  id: number | string;
  confirmText: string;
  intent?: string;
  label?: string;
  testId?: string;
  /** Another route's action (default: the page's own). */
  action?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <Form method="post" action={action} data-testid={testId} onSubmit={(e) => (confirm(confirmText) ? undefined : e.preventDefault())}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="compact-xs" color="red" variant="subtle">
        {label ?? t("actions.delete")}
      </Button>
    </Form>
  );
}

/** Edit and Delete side by side; `confirmText: null` leaves Delete out (e.g. your own user). */
export function RowActions({ id, editTo, editTestId, confirmText }: { id: number | string; editTo: string; editTestId?: string; confirmText: string | null }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <EditLink to={editTo} testId={editTestId} />
      {confirmText === null ? null : <DeleteRowForm id={id} confirmText={confirmText} />}
    </Group>
  );
}
