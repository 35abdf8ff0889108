import { TextInput } from "~/components/plain/text-input";
import { useTranslation } from "react-i18next";
import { FilterForm } from "~/components/data/filter-form";
import type { SelectField, SelectQuery } from "~/lib/offers/select-query";

/** Width of each field: codes are short, the date and figures a little longer. */
const WIDTHS: Record<SelectField, number> = { origin_iata: 110, destination_iata: 110, flight_date: 160, pieces: 100, weight: 120, volume: 120 };

/**
 * The booking search as a GET form (the search lives in the URL; works without JS): from, to, the day (origin local)
 * and optionally the cargo's figures, which the search uses to say whether a flight has room. Errors beside their
 * fields, in the user's language; what was typed stays.
 */
export function SelectFilters({ tab, values, errors }: Pick<SelectQuery, "tab" | "values" | "errors">) {
  const { t } = useTranslation("offers");
  // errors are keys, some with parameters ("offers:errors.max?max=5000")
  const say = (key: string | undefined) => {
    if (!key) return undefined;
    const [name, query] = key.split("?");
    return t(name!, Object.fromEntries(new URLSearchParams(query ?? "")));
  };
  const field = (name: SelectField, extra: { type?: string; required?: boolean; inputMode?: "decimal" | "numeric"; placeholder?: string } = {}) => (
    <TextInput
      key={`${name}:${values[name]}`}
      name={name}
      defaultValue={values[name]}
      label={t(`fields.${name}`)}
      error={say(errors[name])}
      w={WIDTHS[name]}
      maxLength={40}
      {...extra}
    />
  );
  return (
    <FilterForm>
      <input type="hidden" name="tab" value={tab} />
      {field("origin_iata", { required: true, placeholder: "DME" })}
      {field("destination_iata", { required: true, placeholder: "OVB" })}
      {field("flight_date", { type: "date", required: true })}
      {field("pieces", { inputMode: "numeric" })}
      {field("weight", { inputMode: "decimal" })}
      {field("volume", { inputMode: "decimal" })}
    </FilterForm>
  );
}
