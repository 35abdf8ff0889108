import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, PickerField, SelectField, TextField } from "~/components/fields/fields";
import { airlineCustomerFormSchema } from "~/lib/forms/airline-customer-schema";
import { FormSection } from "./form-parts";
import { type AirlineOptions, SettingsForm, type SettingsFormProps, useSettingsForm } from "./settings-form";

/** Create and edit form of an airline customer; the tax id is required when the airline says so. */
export function AirlineCustomerForm({ taxIdRequired, cancelHref, airlines, ...state }: SettingsFormProps & {
  airlines?: AirlineOptions;
  taxIdRequired: boolean;
}) {
  const { t } = useTranslation(["customers", "common"]);
  const schema = useMemo(() => airlineCustomerFormSchema(taxIdRequired), [taxIdRequired]);
  const [form, fields] = useSettingsForm(schema, state);
  return (
    <SettingsForm form={form} testId="customer-form" cancelHref={cancelHref} submitTestId="customer-submit">
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
    </SettingsForm>
  );
}
