import { NativeSelect } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A yes / no / all switch of a GET filter form. */
export function YesNoFilter({ name, label, value }: { name: string; label: string; value?: "yes" | "no" }) {
  const { t } = useTranslation("common");
  return (
    <NativeSelect
      name={name}
      label={label}
      defaultValue={value ?? ""}
      data={[
        { value: "", label: t("all") },
        { value: "yes", label: t("yes") },
        { value: "no", label: t("no") },
      ]}
    />
  );
}
