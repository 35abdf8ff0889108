import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Stack } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { CheckboxField, PickerField, SelectField, TextField } from "~/components/fields/fields";
import { airlineCustomerFormSchema } from "~/lib/forms/airline-customer-schema";
import { FormActions, FormErrors, FormSection } from "./form-parts";

/** Create and edit form of an airline customer; the tax id is required when the airline says so. */
export function AirlineCustomerForm({
  id,
  defaultValue,
  lastResult,
  taxIdRequired,
  cancelHref,
  airlines,
}: {
  id: string;
  /** Platform users on a host without an airline pick the customer's airline. */
  airlines?: Array<{ value: string; label: string }> | null;
  defaultValue: Record<string, string | undefined>;
  lastResult?: SubmissionResult<string[]> | null;
  taxIdRequired: boolean;
  cancelHref: string;
}) {
  const { t } = useTranslation(["customers", "common"]);
  const schema = useMemo(() => airlineCustomerFormSchema(taxIdRequired), [taxIdRequired]);
  const [form, fields] = useForm({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="customer-form">
      <CsrfInput />
      <Stack gap="md">
        <FormErrors errors={form.errors} />
        <FormSection legend={t("sections.identity")}>
          {airlines ? <SelectField field={fields.carrier} label={t("fields.carrier")} options={airlines} placeholder="—" required /> : null}
          <TextField field={fields.name} label={t("fields.name")} />
          <TextField field={fields.srn} label={t("fields.srn")} description={t("hints.srn")} />
          <TextField field={fields.tax_id} label={t("fields.tax_id")} required={taxIdRequired} />
          <CheckboxField field={fields.active} label={t("fields.active")} />
        </FormSection>
        <FormSection legend={t("sections.address")}>
          <TextField field={fields.address} label={t("fields.address")} />
          <TextField field={fields.city} label={t("fields.city")} />
          <TextField field={fields.post_code} label={t("fields.post_code")} />
          <PickerField field={fields.country_code} kind="countries" label={t("fields.country_code")} description={t("hints.country")} />
        </FormSection>
        <FormSection legend={t("sections.contacts")} cols={2}>
          <TextField field={fields.phone_number} type="tel" label={t("fields.phone_number")} />
          <TextField field={fields.email} type="email" label={t("fields.email")} />
        </FormSection>
        <FormActions cancelHref={cancelHref} submitTestId="customer-submit" />
      </Stack>
    </Form>
  );
}
