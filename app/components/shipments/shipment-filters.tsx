import { useAwbExample } from "./awb-example";
import { Group } from "~/components/plain/group";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { TextInput } from "~/components/plain/text-input";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FilterForm } from "~/components/data/filter-form";
import { IsoDateInput } from "~/components/fields/iso-date-input";
import { FilterSelect } from "~/components/settings/filter-select";
import { YesNoFilter } from "~/components/settings/yes-no-filter";
import { BOOKED_VALUES, DATE_TYPES, PAYMENT_VALUES, SWITCHES, type ShipmentFilterErrors, type ShipmentFilters, type ShipmentTab } from "./shipment-list-query";

/** The filters behind "More filters". */
const SWITCH_FILTERS = ["booked", "payment", ...SWITCHES] as const;

/**
 * The shipments list's filters (spec 1 §2) as a GET form: the state lives in the URL, works without JS. The tab
 * rides along hidden, so filtering keeps it. A bad value comes back with a translated message beside its field and
 * the value as typed. Dates post `YYYY-MM-DD` (native inputs without JS, the @mantine/dates picker with it).
 */
export function ShipmentFiltersForm({ tab, filters, errors, children }: { tab: ShipmentTab; filters: ShipmentFilters; errors: ShipmentFilterErrors; children?: ReactNode }) {
  const { t } = useTranslation("shipments");
  const example = useAwbExample();
  const error = (name: keyof ShipmentFilters) => (errors[name] ? t(errors[name]!) : undefined);
  // `key` remounts the uncontrolled inputs when the URL (and so the values) change under a client navigation
  const key = JSON.stringify(filters);
  return (
    <FilterForm>
      <input type="hidden" name="tab" value={tab} />
      {/* a page's own filters before the list's (the agent view's forwarder) */}
      {children}
      <TextInput key={`m${key}`} name="mawb" defaultValue={filters.mawb} label={t("filters.mawb")} placeholder={example} error={error("mawb")} w={170} />
      <NativeSelect
        key={`dt${key}`}
        name="date_type"
        defaultValue={filters.date_type || "created"}
        label={t("filters.date_type")}
        data={DATE_TYPES.map((v) => ({ value: v, label: t(`dateTypes.${v}`) }))}
        w={150}
      />
      <IsoDateInput key={`from${key}`} name="date_from" defaultValue={filters.date_from} label={t("filters.date_from")} error={error("date_from")} w={160} />
      <IsoDateInput key={`to${key}`} name="date_to" defaultValue={filters.date_to} label={t("filters.date_to")} error={error("date_to")} w={160} />
      {/* the switches fold away on a narrow screen (a native <details>: it opens without JS), open while any is set */}
      <details open={SWITCH_FILTERS.some((name) => filters[name] !== "")} style={{ flexBasis: "100%" }} data-testid="shipments-more-filters">
        <summary style={{ cursor: "pointer", fontSize: 14 }}>{t("filters.more")}</summary>
        <Group gap="xs" align="flex-end" mt="xs">
          <FilterSelect key={`b${key}`} name="booked" label={t("filters.booked")} value={filters.booked} options={BOOKED_VALUES.filter((v) => v !== "all").map((v) => ({ value: v, label: t(`booked.${v}`) }))} w={150} />
          {SWITCHES.map((name) => (
            <YesNoFilter key={`${name}${key}`} name={name} label={t(`filters.${name}`)} value={(filters[name] || undefined) as "yes" | "no" | undefined} />
          ))}
          <FilterSelect key={`p${key}`} name="payment" label={t("filters.payment")} value={filters.payment} options={PAYMENT_VALUES.map((v) => ({ value: v, label: t(`payment.${v}`) }))} w={160} />
        </Group>
      </details>
    </FilterForm>
  );
}
