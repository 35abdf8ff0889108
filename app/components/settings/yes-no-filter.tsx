import { useTranslation } from "react-i18next";
import { FilterSelect } from "./filter-select";

/** A yes / no / all switch of a GET filter form. */
export function YesNoFilter({ name, label, value }: { name: string; label: string; value?: "yes" | "no" }) {
  const { t } = useTranslation("common");
  return (
    <FilterSelect
      name={name}
      label={label}
      value={value}
      options={[
        { value: "yes", label: t("yes") },
        { value: "no", label: t("no") },
      ]}
    />
  );
}
