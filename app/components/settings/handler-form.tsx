import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Stack } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { CheckboxField, NumberField, PickerField, SelectField, TextareaField } from "~/components/fields/fields";
import { HandlerFormSchema } from "~/lib/forms/handler-schema";
import { FormActions, FormErrors, FormSection } from "./form-parts";

/** Create and edit form of a handler: station, times in minutes, what it accepts. */
export function HandlerForm({
  id,
  defaultValue,
  lastResult,
  cancelHref,
  airlines,
}: {
  id: string;
  /** Platform users on a host without an airline pick the handler's airline. */
  airlines?: Array<{ value: string; label: string }> | null;
  defaultValue: Record<string, string | undefined>;
  lastResult?: SubmissionResult<string[]> | null;
  cancelHref: string;
}) {
  const { t } = useTranslation(["handlers", "common"]);
  const [form, fields] = useForm({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue,
    constraint: getZodConstraint(HandlerFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HandlerFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="handler-form">
      <CsrfInput />
      <Stack gap="md">
        <FormErrors errors={form.errors} />
        <FormSection legend={t("sections.station")}>
          {airlines ? <SelectField field={fields.carrier} label={t("fields.carrier")} options={airlines} placeholder="—" required /> : null}
          <PickerField field={fields.location} kind="airports" label={t("fields.location")} description={t("hints.location")} />
        </FormSection>
        <FormSection legend={t("sections.times")} cols={2}>
          <NumberField field={fields.latest_acceptance_time} step="1" min={0} label={t("fields.latest_acceptance_time")} description={t("hints.latest_acceptance_time")} />
          <NumberField field={fields.max_connection_time} step="1" min={0} label={t("fields.max_connection_time")} description={t("hints.minutes")} />
          <NumberField field={fields.min_connection_time_domestic} step="1" min={0} label={t("fields.min_connection_time_domestic")} description={t("hints.minutes")} />
          <NumberField field={fields.min_connection_time_intl} step="1" min={0} label={t("fields.min_connection_time_intl")} description={t("hints.minutes")} />
        </FormSection>
        <FormSection legend={t("sections.handling")}>
          <CheckboxField field={fields.cargo_accepted} label={t("fields.cargo_accepted")} />
          <CheckboxField field={fields.transfer} label={t("fields.transfer")} />
          <CheckboxField field={fields.manual_ffm} label={t("fields.manual_ffm")} />
        </FormSection>
        <TextareaField field={fields.note} label={t("fields.note")} />
        <FormActions cancelHref={cancelHref} submitTestId="handler-submit" />
      </Stack>
    </Form>
  );
}
