import { TextInput } from "~/components/plain/text-input";
import { useTranslation } from "react-i18next";
import { FilterForm } from "~/components/data/filter-form";
import { IsoDateInput } from "~/components/fields/iso-date-input";
import { ReferencePicker } from "~/components/fields/reference-picker";
import type { FlightListFilterErrors, FlightListFilters } from "./flight-list-query";

const AIRPORT_FILTERS = ["origin", "destination"] as const;

/**
 * The list's filters as a GET form (state in the URL, works without JS). The server checked every value; a bad
 * one comes back with a translated message beside its field and the value as typed. Dates post `YYYY-MM-DD`
 * (native inputs without JS, the @mantine/dates picker with it).
 * Placeholders are this tenant's own: its airline code in the number example (`carrier`, null off an airline
 * host), neutral text for airports, so V0's users are not shown S7's flights and stations as examples.
 */
export function FlightListFiltersForm({
  filters,
  errors,
  carrier,
}: {
  filters: FlightListFilters;
  errors: FlightListFilterErrors;
  carrier: string | null;
}) {
  const { t } = useTranslation("flights");
  const error = (name: keyof FlightListFilters) => (errors[name] ? t(errors[name]!) : undefined);
  // `key` remounts the uncontrolled inputs when the URL (and so the values) change under a client navigation
  const key = JSON.stringify(filters);
  return (
    <FilterForm>
      <IsoDateInput key={`from${key}`} name="date_from" defaultValue={filters.date_from} label={t("filters.date_from")} error={error("date_from")} w={170} />
      <IsoDateInput key={`to${key}`} name="date_to" defaultValue={filters.date_to} label={t("filters.date_to")} error={error("date_to")} w={170} />
      {AIRPORT_FILTERS.map((name) => (
        <ReferencePicker
          key={`${name}${key}`}
          kind="airports"
          name={name}
          defaultValue={filters[name]}
          label={t(`filters.${name}`)}
          placeholder={t("filters.airportExample")}
          w={130}
          maxLength={3}
          error={error(name)}
        />
      ))}
      <TextInput
        key={`n${key}`}
        name="number"
        defaultValue={filters.number}
        label={t("filters.number")}
        placeholder={carrier ? `${carrier}0101` : t("filters.numberExample")}
        w={160}
        error={error("number")}
      />
    </FilterForm>
  );
}
