import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Title } from "~/components/plain/title";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { NumberField, PickerField, TextField } from "~/components/fields/fields";
import { joinCodes } from "~/lib/forms/field-rules";
import { ProductCodeFormSchema } from "~/lib/forms/product-code-schema";
import { DialogOverlay } from "./dialog-overlay";
import { FormActions, FormErrors } from "./form-parts";
import { useSettingsForm } from "./settings-form";

export interface ProductCodeRow {
  id: number;
  carrier: string;
  code: string;
  priority: number;
  description?: string | null;
  group?: string | null;
  shcs: string[];
}

/** Add/edit dialog of the products page, drawn from the URL (?dialog=new, ?edit=<id>); works without JS. */
export function ProductCodeDialog({
  editing,
  lastResult,
  closeHref,
  showCarrier,
  defaultCarrier,
}: {
  editing: ProductCodeRow | null;
  lastResult?: SubmissionResult<string[]>;
  closeHref: string;
  showCarrier: boolean;
  defaultCarrier: string;
}) {
  const { t } = useTranslation(["products", "common"]);
  const [form, fields] = useSettingsForm(ProductCodeFormSchema, {
    id: editing ? `product-${editing.id}` : "product-new",
    lastResult,
    defaultValue: editing
      ? {
          intent: "update",
          id: String(editing.id),
          code: editing.code,
          priority: String(editing.priority),
          description: editing.description ?? "",
          group: editing.group ?? "",
          shcs: joinCodes(editing.shcs),
        }
      : { intent: "create", carrier: defaultCarrier },
  });
  const title = editing ? t("editTitle", { code: editing.code }) : t("addTitle");
  return (
    <DialogOverlay label={title} testId="product-dialog">
      <Form method="post" {...getFormProps(form)} noValidate>
        <CsrfInput />
        <input type="hidden" name={fields.intent.name} value={editing ? "update" : "create"} />
        {editing ? <input type="hidden" name={fields.id.name} value={editing.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          <FormErrors errors={form.errors} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {showCarrier && !editing ? <TextField field={fields.carrier} label={t("fields.carrier")} /> : null}
            <TextField field={fields.code} label={t("fields.code")} />
            <NumberField field={fields.priority} label={t("fields.priority")} description={t("hints.priority")} step="1" min={0} />
            <TextField field={fields.group} label={t("fields.group")} />
          </SimpleGrid>
          <TextField field={fields.description} label={t("fields.description")} />
          <PickerField field={fields.shcs} kind="shcs" multiple label={t("fields.shcs")} description={t("hints.shcs")} />
          <FormActions cancelHref={closeHref} submitTestId="product-dialog-submit" />
        </Stack>
      </Form>
    </DialogOverlay>
  );
}
