import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { TextInput } from "~/components/plain/text-input";
import { useTranslation } from "react-i18next";
import { FilterForm } from "~/components/data/filter-form";
import { FilterSelect } from "~/components/settings/filter-select";

export const BOOKING_VIEWS = ["requests", "all"] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];
import { BOOKING_STATUSES } from "../../../cargo/bookings/booking-status";

export interface BookingFilters {
  view: BookingView;
  status: string;
  mawb: string;
}

/** The bookings list's filters as a GET form (works without JS): which bookings, their status, an AWB number. */
export function BookingsFiltersForm({ filters, mawbError }: { filters: BookingFilters; mawbError: string | null }) {
  const { t } = useTranslation("shipments");
  const key = JSON.stringify(filters);
  return (
    <FilterForm>
      <NativeSelect key={`v${key}`} name="view" defaultValue={filters.view} label={t("bookings.filters.view")} data={BOOKING_VIEWS.map((v) => ({ value: v, label: t(`bookings.views.${v}`) }))} w={200} />
      <FilterSelect
        key={`s${key}`}
        name="status"
        label={t("bookings.filters.status")}
        value={filters.status}
        options={BOOKING_STATUSES.map((s) => ({ value: s, label: `${s} — ${t(`bookingStatuses.${s}`)}` }))}
        w={190}
      />
      <TextInput key={`m${key}`} name="mawb" defaultValue={filters.mawb} label={t("bookings.filters.mawb")} placeholder="421-1234 5675" error={mawbError ? t(mawbError) : undefined} w={170} />
    </FilterForm>
  );
}
