import { useTranslation } from "react-i18next";
import { FilterSelect } from "./filter-select";

/**
 * A two-way switch of a GET filter form, "All" first: `values` are what the URL holds for yes and for no
 * (`trueFalseParam`: "true" / "false"), `labels` how the page words them (e.g. "Active" / "Inactive").
 */
export function BooleanFilter({
  name,
  label,
  value,
  values = ["true", "false"],
  labels,
  w,
}: {
  name: string;
  label: string;
  value?: string;
  values?: readonly [string, string];
  labels: readonly [string, string];
  w?: number;
}) {
  return (
    <FilterSelect
      name={name}
      label={label}
      value={value}
      options={[
        { value: values[0], label: labels[0] },
        { value: values[1], label: labels[1] },
      ]}
      w={w}
    />
  );
}

/** A yes / no / all switch of a GET filter form (`yesNoParam`), worded "Yes" / "No". */
export function YesNoFilter({ name, label, value }: { name: string; label: string; value?: "yes" | "no" }) {
  const { t } = useTranslation("common");
  return <BooleanFilter name={name} label={label} value={value} values={["yes", "no"]} labels={[t("yes"), t("no")]} />;
}
