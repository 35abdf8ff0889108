import { useTranslation } from "react-i18next";
import { CheckboxField, NumberField, PickerField, SelectField, TextareaField } from "~/components/fields/fields";
import { HandlerFormSchema } from "~/lib/forms/handler-schema";
import { FormSection } from "./form-parts";
import { type AirlineOptions, SettingsForm, type SettingsFormProps, useSettingsForm } from "./settings-form";

/** Create and edit form of a handler: station, times in minutes, what it accepts. */
export function HandlerForm({ cancelHref, airlines, ...state }: SettingsFormProps & {
  airlines?: AirlineOptions;
}) {
  const { t } = useTranslation(["handlers", "common"]);
  const [form, fields] = useSettingsForm(HandlerFormSchema, state);
  return (
    <SettingsForm form={form} testId="handler-form" cancelHref={cancelHref} submitTestId="handler-submit">
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
    </SettingsForm>
  );
}
