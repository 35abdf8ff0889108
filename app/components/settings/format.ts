import { useTranslation } from "react-i18next";
import { intlLocale } from "~/lib/i18n/languages";
import { formatAmountText } from "~/lib/i18n/amount-format";
import { dateTimeFormat, numberFormat } from "~/lib/i18n/intl-formats";

/** Dates and numbers of the settings lists through Intl, in the page's language. */
export function useFormat() {
  const { i18n, t } = useTranslation("common");
  const locale = intlLocale(i18n.language);
  return {
    /** A calendar date (YYYY-MM-DD): no time zone shift. */
    date(value: string | null | undefined): string {
      if (!value) return "—";
      const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? value : dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(d);
    },
    number(value: number | null | undefined, options?: Intl.NumberFormatOptions): string {
      return value === null || value === undefined || Number.isNaN(value) ? "—" : numberFormat(locale, options).format(value);
    },
    /** An amount of money: decimal text already rounded to the currency, grouped without becoming a number. */
    amount(text: string, currency: string | null): string {
      return formatAmountText(text, locale, currency);
    },
    /** kg, m3 and minutes as Intl units where Intl knows them. */
    unit(value: number | null | undefined, unit: "kilogram" | "minute" | "percent"): string {
      if (value === null || value === undefined) return "—";
      return unit === "percent"
        ? numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(value / 100)
        : numberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(value);
    },
    yesNo(value: boolean | null | undefined): string {
      return value ? t("yes") : t("no");
    },
  };
}
