import { useTranslation } from "react-i18next";
import { NumberField, PickerField, SelectField, TextField } from "~/components/fields/fields";
import { FormSection } from "~/components/settings/form-parts";
import { AircraftCapacityFormSchema } from "./aircraft-capacity-schema";
import { type AirlineOptions, SettingsForm, type SettingsFormProps, useSettingsForm } from "~/components/settings/settings-form";

/**
 * Add and edit form of an aircraft capacity. Adding names the aircraft type; editing keeps it (the type is the
 * page's address, /dashboard/aircrafts/:aircraft, and its title).
 */
export function AircraftCapacityForm({
  id,
  defaultValue,
  lastResult,
  cancelHref,
  editing,
  airlines,
}: SettingsFormProps & {
  editing: boolean;
  airlines?: AirlineOptions;
}) {
  const { t } = useTranslation(["capacities", "common"]);
  const [form, fields] = useSettingsForm(AircraftCapacityFormSchema, { id, lastResult, defaultValue });
  return (
    <SettingsForm form={form} testId="capacity-form" cancelHref={cancelHref} submitTestId="capacity-submit" noValidate>
      <FormSection legend={t("sections.aircraft")} cols={2}>
        {airlines && !editing ? <SelectField field={fields.carrier} label={t("fields.carrier")} options={airlines} placeholder="—" required /> : null}
        {editing ? (
          // the page's title names the type; it is not changed here
          <input type="hidden" name={fields.aircraft_type.name} value={defaultValue.aircraft_type} />
        ) : (
          <PickerField field={fields.aircraft_type} kind="aircraft-types" label={t("fields.aircraft_type")} description={t("hints.aircraft_type")} />
        )}
        <NumberField field={fields.pax} step="1" min={0} label={t("fields.pax")} />
      </FormSection>
      <FormSection legend={t("sections.cargo")} cols={3}>
        <NumberField field={fields.max_cargo_weight} min={0} label={t("fields.max_cargo_weight")} />
        <NumberField field={fields.max_cargo_volume} min={0} label={t("fields.max_cargo_volume")} />
        <NumberField field={fields.payload} min={0} label={t("fields.payload")} description={t("hints.payload")} />
        <NumberField field={fields.mtow} min={0} label={t("fields.mtow")} />
        <NumberField field={fields.max_linear_load} min={0} label={t("fields.max_linear_load")} />
      </FormSection>
      <FormSection legend={t("sections.baggage")} cols={2}>
        <NumberField field={fields.baggage_compartment_max_weight} min={0} label={t("fields.baggage_compartment_max_weight")} />
        <NumberField field={fields.baggage_compartment_max_volume} min={0} label={t("fields.baggage_compartment_max_volume")} />
      </FormSection>
      <FormSection legend={t("sections.limits")} cols={2}>
        {/* lists may be empty (the schema's array output reads as "required" to conform) */}
        <TextField field={fields.reg_numbers} label={t("fields.reg_numbers")} description={t("hints.reg_numbers")} required={false} />
        <PickerField field={fields.forbidden_shcs} kind="shcs" multiple label={t("fields.forbidden_shcs")} description={t("hints.shcs")} required={false} />
      </FormSection>
    </SettingsForm>
  );
}
