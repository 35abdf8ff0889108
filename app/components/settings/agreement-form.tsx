import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { CheckboxFields, DateField, PickerField, SelectField, TextField } from "~/components/fields/fields";
import { AgreementFormSchema, CURRENCIES } from "~/lib/forms/agreement-schema";
import { FormSection, ReadOnlyValue } from "./form-parts";
import { SettingsForm, type SettingsFormProps, useSettingsForm } from "./settings-form";

export interface AgreementClientDetails {
  name: string;
  local_name?: string | null;
  short_name: string;
  street?: string | null;
  local_street?: string | null;
  country?: string | null;
  city?: string | null;
  tax_number?: string | null;
}

/**
 * Every field of an agreement (spec 2 "Agreement") in sections. The same zod schema validates in the browser
 * and in the action; a failed save re-renders every typed value (`lastResult`), with JS on or off.
 */
export function AgreementForm({ partners, supplier, client, cancelHref, ...state }: SettingsFormProps<Record<string, unknown>> & {
  partners: Array<{ value: string; label: string }>;
  supplier: string;
  client?: AgreementClientDetails | null;
}) {
  const { t } = useTranslation(["agreements", "common"]);
  const [form, fields] = useSettingsForm(AgreementFormSchema, state);

  return (
    <SettingsForm form={form} testId="agreement-form" cancelHref={cancelHref} submitTestId="agreement-submit">
      <FormSection legend={t("sections.parties")}>
        <ReadOnlyValue label={t("fields.supplier")} value={supplier} testId="agreement-supplier" />
        <SelectField field={fields.client} label={t("fields.client")} options={partners} placeholder={t("choose")} />
        <TextField field={fields.beneficiary} label={t("fields.beneficiary")} />
      </FormSection>
      {client ? (
        <FormSection legend={t("sections.clientDetails")}>
          <ReadOnlyValue label={t("client.name")} value={`${client.name} (${client.short_name})`} />
          <ReadOnlyValue label={t("client.localName")} value={client.local_name} />
          <ReadOnlyValue label={t("client.taxNumber")} value={client.tax_number} />
          <ReadOnlyValue label={t("client.street")} value={client.street} />
          <ReadOnlyValue label={t("client.localStreet")} value={client.local_street} />
          <ReadOnlyValue label={t("client.city")} value={[client.city, client.country].filter(Boolean).join(", ")} />
        </FormSection>
      ) : (
        <Text size="sm" c="dimmed">
          {t("clientDetailsHint")}
        </Text>
      )}
      <FormSection legend={t("sections.contract")}>
        <TextField field={fields.contract_number} label={t("fields.contract_number")} />
        <TextField field={fields.account_number} label={t("fields.account_number")} />
        <SelectField
          field={fields.currency}
          label={t("fields.currency")}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          placeholder={t("choose")}
        />
        <DateField field={fields.effective_from} label={t("fields.effective_from")} />
        <DateField field={fields.effective_to} label={t("fields.effective_to")} description={t("hints.effective_to")} />
      </FormSection>
      <FormSection legend={t("sections.sales")}>
        <PickerField field={fields.sales_origins} kind="airports" multiple required={false} label={t("fields.sales_origins")} description={t("hints.codes")} />
        <TextField field={fields.additional_prefixes} required={false} label={t("fields.additional_prefixes")} description={t("hints.prefixes")} />
        <TextField field={fields.allowed_manual_routes} required={false} label={t("fields.allowed_manual_routes")} description={t("hints.routes")} />
      </FormSection>
      <FormSection legend={t("sections.options")}>
        <CheckboxFields fields={fields} t={t} names={["active", "show_tariffs", "show_airline_customers", "balance_check_disabled", "smart_contract"]} />
      </FormSection>
    </SettingsForm>
  );
}
