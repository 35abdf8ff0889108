import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/components/plain/group";
import { Input } from "~/lib/mantine/Input";
import { Radio } from "~/lib/mantine/Radio";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { PickerField, SelectField, TextField, useFieldError } from "~/components/fields/fields";
import { FormSection } from "~/components/settings/form-parts";
import { DAY_VARIATIONS, TIME_MODES, WEEKDAYS } from "~/lib/flights/flight-form-schema";
import { intlLocale } from "~/lib/i18n/languages";
import { FLIGHT_TYPES } from "../../../cargo";
import { dateTimeFormat } from "~/lib/i18n/intl-formats";

/** Pieces every mode of the flight form shares: the flight and its route, the time mode, weekday and day pickers. */

type Field = FieldMetadata<unknown>;

/**
 * Flight type letters A..X with each letter's own IATA service type, translated: category and traffic alone
 * repeat (J, S and U are all "scheduled, passenger"), so every letter has its own text in the locales.
 */
export function flightTypeOptions(t: TFunction): { value: string; label: string }[] {
  return [...FLIGHT_TYPES]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((ft) => ({ value: ft.code, label: `${ft.code} · ${t(`flight-form:flightTypes.${ft.code}`)}` }));
}

export function useFlightTypeOptions() {
  const { t } = useTranslation("flight-form");
  return flightTypeOptions(t);
}

/** Flight number, airline (platform users without an airline host), origin and destination. */
export function FlightIdentityFields({
  fields,
  airlines,
}: {
  fields: { number: Field; carrier: Field; origin_iata: Field; destination_iata: Field; flight_type: Field };
  airlines?: Array<{ value: string; label: string }> | null;
}) {
  const { t } = useTranslation("flight-form");
  const flightTypes = useFlightTypeOptions();
  return (
    <FormSection legend={t("sections.flight")}>
      {airlines ? <SelectField field={fields.carrier} label={t("fields.carrier")} options={airlines} placeholder="—" required /> : null}
      <TextField field={fields.number} label={t("fields.number")} description={t("hints.number")} required />
      <SelectField field={fields.flight_type} label={t("fields.flight_type")} options={flightTypes} />
      <PickerField field={fields.origin_iata} kind="airports" label={t("fields.origin_iata")} required />
      <PickerField field={fields.destination_iata} kind="airports" label={t("fields.destination_iata")} required />
    </FormSection>
  );
}

/** Local (each airport's wall clock, the default) or UTC: how the typed times are read. Native radios. */
export function TimeModeField({ field }: { field: Field }) {
  const { t } = useTranslation("flight-form");
  const error = useFieldError();
  const options = getCollectionProps(field, { type: "radio", options: [...TIME_MODES] });
  return (
    <Input.Wrapper label={t("fields.time_mode")} description={t("hints.time_mode")} error={error(field)}>
      <Group gap="lg" mt={6} data-testid="time-mode">
        {options.map(({ key, ...props }) => (
          <Radio {...props} key={key} label={t(`timeModes.${props.value}`)} />
        ))}
      </Group>
    </Input.Wrapper>
  );
}

/** Same day, next day, … as a select (SSIM arrival date variation). */
export function DayVariationField({ field, label }: { field: Field; label: string }) {
  const { t } = useTranslation("flight-form");
  const options = DAY_VARIATIONS.map((d) => ({ value: String(d), label: t(`dayVariation.${d < 0 ? "minus1" : d}`) }));
  return <SelectField field={field} label={label} options={options} />;
}

/** Short weekday names in the page's language, Monday first (1 Jan 2024 was a Monday). */
export function useWeekdayNames(): string[] {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(intlLocale(i18n.language), { weekday: "short", timeZone: "UTC" });
  return WEEKDAYS.map((d) => format.format(new Date(Date.UTC(2024, 0, d))));
}

/** Mon..Sun as native checkboxes (one name, values 1..7): works without JavaScript. */
export function WeekdayPicker({ field, label }: { field: Field; label: string }) {
  const names = useWeekdayNames();
  const error = useFieldError();
  const options = getCollectionProps(field, { type: "checkbox", options: WEEKDAYS.map(String) });
  return (
    <Input.Wrapper label={label} error={error(field)} required>
      <Group gap="sm" mt={6} data-testid="weekdays">
        {options.map(({ key, ...props }) => (
          <Checkbox {...props} key={key} label={names[Number(props.value) - 1]} />
        ))}
      </Group>
    </Input.Wrapper>
  );
}

/** Weekday names of a list of ISO weekdays ("Mon, Wed, Fri"). */
export function useWeekdayList() {
  const names = useWeekdayNames();
  return (days: readonly number[]) => days.map((d) => names[d - 1]).join(", ");
}

