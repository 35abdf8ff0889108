import { useTranslation } from "react-i18next";
import { CheckboxField, DateField, NumberField, PickerField, SelectField, TextField } from "~/components/fields/fields";
import { FormSection } from "~/components/settings/form-parts";
import { AllotmentFormSchema } from "./allotment-schema";
import { ALLOTMENT_TYPES } from "./allotment-values";
import { type AirlineOptions, SettingsForm, type SettingsFormProps, useSettingsForm } from "~/components/settings/settings-form";

/** Create and edit form of an allotment: the flight, the forwarder, the space held and until when. */
export function AllotmentForm({
  id,
  defaultValue,
  lastResult,
  cancelHref,
  airlines,
}: SettingsFormProps & {
  airlines?: AirlineOptions;
}) {
  const { t } = useTranslation(["allotments", "common"]);
  const [form, fields] = useSettingsForm(AllotmentFormSchema, { id, lastResult, defaultValue });
  const updating = defaultValue.intent === "update";
  return (
    <SettingsForm
      form={form}
      testId="allotment-form"
      cancelHref={cancelHref}
      submitTestId="allotment-submit"
      noValidate
      hidden={
        <>
          <input type="hidden" name={fields.intent.name} value={updating ? "update" : "create"} />
          {updating ? <input type="hidden" name={fields.id.name} value={defaultValue.id} /> : null}
        </>
      }
    >
      <FormSection legend={t("sections.flight")} cols={2}>
        {airlines && !updating ? <SelectField field={fields.carrier} label={t("fields.carrier")} options={airlines} placeholder="—" required /> : null}
        <TextField field={fields.segment_number_with_date} label={t("fields.segment")} description={t("hints.segment")} />
        <PickerField field={fields.origin_iata} kind="airports" label={t("fields.origin")} description={t("hints.origin")} />
        <TextField field={fields.forwarder_short_name} label={t("fields.forwarder")} description={t("hints.forwarder")} />
      </FormSection>
      <FormSection legend={t("sections.space")} cols={3}>
        <SelectField field={fields.type} label={t("fields.type")} options={ALLOTMENT_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        <NumberField field={fields.weight} min={0} label={t("fields.weight")} />
        <NumberField field={fields.volume} min={0} label={t("fields.volume")} />
        <NumberField field={fields.timelimit_to_std} step="1" min={0} label={t("fields.timelimit_to_std")} description={t("hints.timelimit_to_std")} />
        <DateField field={fields.valid_until} label={t("fields.valid_until")} />
        <CheckboxField field={fields.postal} label={t("fields.postal")} />
      </FormSection>
    </SettingsForm>
  );
}
