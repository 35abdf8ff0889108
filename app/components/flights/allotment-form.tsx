import { useTranslation } from "react-i18next";
import { CheckboxField, DateField, NumberField, PickerField, SelectField, TextField } from "~/components/fields/fields";
import { FormSection } from "~/components/settings/form-parts";
import { AllotmentFormSchema } from "./allotment-schema";
import { ALLOTMENT_TYPES } from "./allotment-values";
import { CarrierSelect, RecordForm, type RecordFormProps, useRecordForm } from "./record-form";

/** Create and edit form of an allotment: the flight, the forwarder, the space held and until when. */
export function AllotmentForm(props: RecordFormProps) {
  const { t } = useTranslation(["allotments", "common"]);
  const { form, fields, updating } = useRecordForm(AllotmentFormSchema, props);
  return (
    <RecordForm form={form} fields={fields} recordId={props.defaultValue.id} updating={updating} cancelHref={props.cancelHref} testId="allotment-form" submitTestId="allotment-submit">
      <FormSection legend={t("sections.flight")} cols={2}>
        <CarrierSelect field={fields.carrier} airlines={updating ? null : props.airlines} label={t("fields.carrier")} />
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
    </RecordForm>
  );
}
