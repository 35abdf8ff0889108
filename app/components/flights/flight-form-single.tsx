import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { TextInput } from "~/components/plain/text-input";
import { useTranslation } from "react-i18next";
import { CheckboxField, DateField, NumberField, PickerField, TextareaField, TextField, TimeField, useFieldError } from "~/components/fields/fields";
import { FormSection } from "~/components/settings/form-parts";
import { SingleFlightFormSchema } from "~/lib/flights/flight-form-schema";
import { DayVariationField, FlightIdentityFields, TimeModeField } from "./flight-form-common";
import { SettingsForm, useSettingsForm } from "~/components/settings/settings-form";

/** A date and time input (`YYYY-MM-DDTHH:mm`, native, so it posts the same text with JavaScript off). */
function DateTimeField({ field, label, description }: { field: FieldMetadata<unknown>; label: string; description?: string }) {
  const error = useFieldError();
  return <TextInput {...getInputProps(field, { type: "datetime-local" })} key={field.key} label={label} description={description} error={error(field)} />;
}

/**
 * The Single mode of the flight form (one dated segment), also the edit form of a segment: flight and route,
 * times (departure date, STD, STA and its day, optional ETD/ETA) in the chosen time mode, aircraft, load and
 * handling flags.
 */
export function SingleFlightForm({
  id,
  defaultValue,
  lastResult,
  cancelHref,
  airlines,
  fixedTimeMode,
}: {
  id: string;
  defaultValue: Record<string, string | undefined>;
  /**
   * Edit: the times are shown in this mode (switched by links that reload them converted), so the form does not
   * offer a radio that would only reinterpret the shown clock times.
   */
  fixedTimeMode?: "local" | "utc";
  lastResult?: SubmissionResult<string[]> | null;
  cancelHref: string;
  airlines?: Array<{ value: string; label: string }> | null;
}) {
  const { t } = useTranslation("flight-form");
  const [form, fields] = useSettingsForm(SingleFlightFormSchema, { id, lastResult, defaultValue });
  return (
    <SettingsForm form={form} testId="flight-form" cancelHref={cancelHref} submitTestId="flight-submit" hidden={<input type="hidden" name="mode" value="single" />}>
      <FlightIdentityFields fields={fields} airlines={airlines} />
      <FormSection legend={t("sections.times")} cols={3}>
        {fixedTimeMode ? <input type="hidden" name={fields.time_mode.name} value={fixedTimeMode} /> : <TimeModeField field={fields.time_mode} />}
        <DateField field={fields.flight_date} label={t("fields.flight_date")} required />
        <TimeField field={fields.std} label={t("fields.std")} required />
        <TimeField field={fields.sta} label={t("fields.sta")} required />
        <DayVariationField field={fields.sta_day} label={t("fields.sta_day")} />
        <DateTimeField field={fields.etd} label={t("fields.etd")} />
        <DateTimeField field={fields.eta} label={t("fields.eta")} />
      </FormSection>
      <FormSection legend={t("sections.aircraft")} cols={3}>
        <PickerField field={fields.aircraft_type} kind="aircraft-types" label={t("fields.aircraft_type")} />
        <TextField field={fields.aircraft_reg} label={t("fields.aircraft_reg")} />
        <NumberField field={fields.payload} min={0} label={t("fields.payload")} description={t("hints.kg")} />
        <NumberField field={fields.estimated_weight} min={0} label={t("fields.estimated_weight")} description={t("hints.kg")} />
        <NumberField field={fields.estimated_volume} min={0} label={t("fields.estimated_volume")} description={t("hints.m3")} />
        <PickerField field={fields.forbidden_shc} kind="shcs" multiple required={false} label={t("fields.forbidden_shc")} description={t("hints.codes")} />
      </FormSection>
      <FormSection legend={t("sections.handling")} cols={2}>
        <CheckboxField field={fields.aci_required} label={t("fields.aci_required")} />
        <CheckboxField field={fields.charter} label={t("fields.charter")} />
      </FormSection>
      <TextareaField field={fields.notes} label={t("fields.notes")} />
    </SettingsForm>
  );
}
