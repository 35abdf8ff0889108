import { useTranslation } from "react-i18next";
import { NumberField, PickerField, SelectField, TextField } from "~/components/fields/fields";
import { FormSection } from "~/components/settings/form-parts";
import { BookingRuleFormSchema } from "./booking-rule-schema";
import { RULE_RESPONSE_STATUSES } from "../../../cargo/bookings/booking-status";
import { CarrierSelect, RecordForm, type RecordFormProps, useRecordForm } from "./record-form";

/** The response statuses with their meaning ("KK · Confirmed"), for selects and lists. */
export function useResponseStatusOptions() {
  const { t } = useTranslation("booking-rules");
  return RULE_RESPONSE_STATUSES.map((s) => ({ value: s, label: `${s} · ${t(`statuses.${s}`)}` }));
}

/**
 * Create and edit form of a booking rule: the O&D (or one flight of it), the answer it gives, and the load
 * factor, weight, volume and SHC conditions under which it applies.
 */
export function BookingRuleForm({
  flightFixed,
  ...props
}: RecordFormProps & {
  /** A rule made from a flight page: the flight and its O&D are given, shown read-only. */
  flightFixed?: boolean;
}) {
  const { t } = useTranslation(["booking-rules", "common"]);
  const statuses = useResponseStatusOptions();
  const { form, fields, updating } = useRecordForm(BookingRuleFormSchema, props);
  return (
    <RecordForm form={form} fields={fields} recordId={props.defaultValue.id} updating={updating} cancelHref={props.cancelHref} testId="booking-rule-form" submitTestId="booking-rule-submit">
      <FormSection legend={t("sections.route")} cols={2}>
        <CarrierSelect field={fields.carrier} airlines={updating ? null : props.airlines} label={t("fields.carrier")} />
        {flightFixed ? (
          <>
            <TextField field={fields.origin_iata} label={t("fields.origin")} readOnly />
            <TextField field={fields.destination_iata} label={t("fields.destination")} readOnly />
            <TextField field={fields.flight_number_with_date} label={t("fields.flight")} readOnly />
          </>
        ) : (
          <>
            <PickerField field={fields.origin_iata} kind="airports" label={t("fields.origin")} />
            <PickerField field={fields.destination_iata} kind="airports" label={t("fields.destination")} />
            <TextField field={fields.flight_number_with_date} label={t("fields.flight")} description={t("hints.flight")} />
          </>
        )}
        <SelectField field={fields.response_status} label={t("fields.response_status")} description={t("hints.response_status")} options={statuses} />
      </FormSection>
      <FormSection legend={t("sections.conditions")} cols={2}>
        <NumberField field={fields.min_percent} min={0} label={t("fields.min_percent")} description={t("hints.percent")} />
        <NumberField field={fields.max_percent} min={0} label={t("fields.max_percent")} />
        <NumberField field={fields.min_weight} min={0} label={t("fields.min_weight")} />
        <NumberField field={fields.max_weight} min={0} label={t("fields.max_weight")} />
        <NumberField field={fields.min_volume} min={0} label={t("fields.min_volume")} />
        <NumberField field={fields.max_volume} min={0} label={t("fields.max_volume")} />
      </FormSection>
      {/* may be empty: any request (the schema's array output reads as "required" to conform) */}
      <PickerField field={fields.shcs} kind="shcs" multiple label={t("fields.shcs")} description={t("hints.shcs")} required={false} />
    </RecordForm>
  );
}
