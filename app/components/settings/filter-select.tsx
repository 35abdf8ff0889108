import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { useTranslation } from "react-i18next";

/**
 * A select of a list's GET filter form (a native select: it submits without JS). Its first choice, "All" with
 * the value "", leaves the filter off.
 */
export function FilterSelect({
  name,
  label,
  value,
  options,
  w,
}: {
  name: string;
  label: string;
  value?: string;
  options: Array<{ value: string; label: string }>;
  w?: number;
}) {
  const { t } = useTranslation("common");
  return <NativeSelect name={name} defaultValue={value ?? ""} label={label} data={[{ value: "", label: t("all") }, ...options]} w={w} />;
}
