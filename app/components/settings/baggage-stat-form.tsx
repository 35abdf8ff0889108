import { useTranslation } from "react-i18next";
import { CheckboxField, DateField, NumberField, PickerField, TextField } from "~/components/fields/fields";
import { BaggageStatFormSchema } from "~/lib/forms/baggage-stat-schema";
import { FormSection } from "./form-parts";
import { SettingsForm, type SettingsFormProps, useSettingsForm } from "./settings-form";

export type BaggageStatDefaults = Partial<Record<string, string>>;

/** Create and edit form of a baggage average; the averages themselves are computed by the server. */
export function BaggageStatForm({ showCarrier, cancelHref, ...state }: SettingsFormProps<BaggageStatDefaults> & {
  showCarrier: boolean;
}) {
  const { t } = useTranslation(["statistics", "common"]);
  const [form, fields] = useSettingsForm(BaggageStatFormSchema, state);
  return (
    <SettingsForm form={form} testId="baggage-stat-form" cancelHref={cancelHref} noValidate>
      <FormSection legend={t("baggage.sections.route")}>
        {showCarrier ? <TextField field={fields.carrier} label={t("fields.carrier")} /> : null}
        <PickerField field={fields.origin_iata} kind="airports" label={t("fields.origin")} />
        <PickerField field={fields.destination_iata} kind="airports" label={t("fields.destination")} />
        <DateField field={fields.period_start} label={t("baggage.fields.period_start")} />
        <DateField field={fields.period_end} label={t("baggage.fields.period_end")} />
      </FormSection>
      <FormSection legend={t("baggage.sections.figures")}>
        <NumberField field={fields.total_baggage_weight} label={t("baggage.fields.total_baggage_weight")} min={0} />
        <NumberField field={fields.total_baggage_pcs} label={t("baggage.fields.total_baggage_pcs")} step="1" min={0} />
        <NumberField field={fields.total_pax} label={t("baggage.fields.total_pax")} step="1" min={0} />
        <NumberField field={fields.segments_count} label={t("baggage.fields.segments_count")} step="1" min={0} />
        <NumberField
          field={fields.manual_average_baggage_weight}
          label={t("baggage.fields.manual_average_baggage_weight")}
          description={t("baggage.hints.manual")}
          min={0}
        />
        <CheckboxField field={fields.external_source} label={t("baggage.fields.external_source")} />
      </FormSection>
    </SettingsForm>
  );
}
