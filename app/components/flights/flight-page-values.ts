import { useTranslation } from "react-i18next";
import { intlLocale } from "~/lib/i18n/languages";
import { useFlightTime } from "./flight-time";
import { dateTimeFormat, numberFormat } from "~/lib/i18n/intl-formats";

// How a raw segment value reads on the flight page (Summary and Change log): booleans as yes/no, lists joined,
// numbers through Intl, instants in the user's time mode. A change log carries plain UTC instants, not the
// `*_local` strings, so local mode converts them with the airport's IANA zone (departure times at the origin,
// arrival times at the destination), the same clock the header shows.

const DEPARTURE_TIMES = new Set(["std", "etd", "atot"]);
const ARRIVAL_TIMES = new Set(["sta", "eta", "atl"]);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface SegmentZones {
  origin_time_zone?: string | null;
  destination_time_zone?: string | null;
}

export function useSegmentValueFormat(zones: SegmentZones) {
  const { t, i18n } = useTranslation(["flight-page", "common"]);
  const ft = useFlightTime();
  const locale = intlLocale(i18n.language);

  /** The zone a field's instants are shown in: UTC mode, or an instant that is not a flight time, is UTC. */
  function zoneOf(field: string): string {
    if (ft.mode === "utc") return "UTC";
    const zone = DEPARTURE_TIMES.has(field) ? zones.origin_time_zone : ARRIVAL_TIMES.has(field) ? zones.destination_time_zone : null;
    return zone || "UTC";
  }

  function instant(iso: string, timeZone: string): string {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return iso;
    try {
      return dateTimeFormat(locale, {
        timeZone,
        day: "2-digit",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZoneName: timeZone === "UTC" ? "short" : "shortOffset",
      }).format(d);
    } catch {
      // an unknown zone name from upstream: UTC is still correct, only less convenient
      return instant(iso, "UTC");
    }
  }

  return {
    /** An instant that belongs to no airport (record times): always with its zone, UTC. */
    instant: (iso: string | null | undefined) => (iso ? instant(iso, "UTC") : "—"),
    value(field: string, value: unknown): string {
      if (value === null || value === undefined || value === "") return "—";
      if (typeof value === "boolean") return value ? t("common:yes") : t("common:no");
      if (typeof value === "number") return numberFormat(locale).format(value);
      if (Array.isArray(value)) return value.length ? value.map(String).join(", ") : "—";
      if (typeof value === "string") {
        if (ISO_INSTANT.test(value)) return instant(value, zoneOf(field));
        // a calendar date (flight date, valid until) has no zone to convert
        if (ISO_DATE.test(value)) return dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));
        return value;
      }
      return JSON.stringify(value);
    },
    /** Translated name of a segment field; a field without a translation shows its own name. */
    fieldName(field: string): string {
      return i18n.exists(`flight-page:fields.${field}`) ? t(`fields.${field}`) : field;
    },
  };
}
