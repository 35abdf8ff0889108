import { useTranslation } from "react-i18next";
import { CheckboxField, PickerField, TextField } from "~/components/fields/fields";
import { PermittedRouteFormSchema } from "~/lib/forms/permitted-route-schema";
import { FormSection } from "./form-parts";
import { SettingsForm, type SettingsFormProps, useSettingsForm } from "./settings-form";

export interface PermittedRouteDefaults {
  carrier?: string;
  origin_iata?: string;
  destination_iata?: string;
  transfer_iata_codes?: string;
  company_short_name?: string;
  /** "on" when checked */
  contracted?: string;
  direct?: string;
}

/** Create and edit form of a permitted route; without JS the airport pickers are plain inputs checked on the server. */
export function PermittedRouteForm({ showCarrier, cancelHref, ...state }: SettingsFormProps<PermittedRouteDefaults> & {
  showCarrier: boolean;
}) {
  const { t } = useTranslation(["routes", "common"]);
  const [form, fields] = useSettingsForm(PermittedRouteFormSchema, state);
  return (
    <SettingsForm form={form} testId="permitted-route-form" cancelHref={cancelHref} noValidate>
      <FormSection legend={t("sections.route")}>
        {showCarrier ? <TextField field={fields.carrier} label={t("fields.carrier")} description={t("hints.carrier")} /> : null}
        <PickerField field={fields.origin_iata} kind="airports" label={t("fields.origin")} />
        <PickerField field={fields.destination_iata} kind="airports" label={t("fields.destination")} />
        <PickerField field={fields.transfer_iata_codes} kind="airports" multiple label={t("fields.transfers")} description={t("hints.transfers")} />
      </FormSection>
      <FormSection legend={t("sections.terms")}>
        <TextField field={fields.company_short_name} label={t("fields.company")} description={t("hints.company")} />
        <CheckboxField field={fields.contracted} label={t("fields.contracted")} />
        <CheckboxField field={fields.direct} label={t("fields.direct")} description={t("hints.direct")} />
      </FormSection>
    </SettingsForm>
  );
}
