import { useRouteLoaderData } from "@remix-run/react";
import { intlLocale } from "~/lib/i18n/languages";
import { dateTimeFormat } from "~/lib/i18n/intl-formats";
import { formatLocalIso, isValidTimeZone } from "../../../cargo/time/zoned-time";

// Flight times as the user chose to see them (spec 1 §1: local/UTC switch). Local means the airport's own
// wall clock: the API sends `*_local` as ISO with that airport's offset, so the text is read off the string
// itself; no browser time zone is involved, and server and client render the same characters.

type TimeDisplay = "local" | "utc";

export interface FlightTimeText {
  /** "22 Nov 2026" style date. */
  date: string;
  /** "HH:mm". */
  time: string;
  /** The offset or "UTC" the time is in, e.g. "+07:00". */
  zone: string;
  /** Days after `reference` (e.g. arrival next day = 1). */
  dayShift: number;
}

const OFFSET = /([+-]\d{2}:\d{2}|Z)$/;

/** Splits an ISO date-time (with offset) into the wall-clock parts it states. */
function wallClock(iso: string): { date: string; time: string; zone: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  if (!m) return null;
  const zone = OFFSET.exec(iso)?.[1] ?? "Z";
  return { date: m[1]!, time: m[2]!, zone: zone === "Z" || zone === "+00:00" ? "UTC" : zone };
}

/** The UTC wall clock of an instant. */
function utcClock(iso: string): { date: string; time: string; zone: string } | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const s = d.toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16), zone: "UTC" };
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * Formats flight times for the current display mode.
 * `text(utc, local, reference?)`: utc is the instant, local the same instant with the airport's offset.
 */
export function useFlightTime() {
  const root = useRouteLoaderData("root") as { timeMode?: TimeDisplay; locale?: string } | undefined;
  const mode: TimeDisplay = root?.timeMode ?? "local";
  const dateFormat = dateTimeFormat(intlLocale(root?.locale ?? "en"), { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });

  function parts(utc: string | null | undefined, local: string | null | undefined, referenceDate?: string): FlightTimeText | null {
    const clock = mode === "utc" || !local ? (utc ? utcClock(utc) : null) : wallClock(local);
    if (!clock) return null;
    return {
      date: dateFormat.format(new Date(`${clock.date}T00:00:00Z`)),
      time: clock.time,
      zone: clock.zone,
      dayShift: referenceDate ? dayNumber(clock.date) - dayNumber(referenceDate) : 0,
    };
  }

  return {
    mode,
    parts,
    /** "HH:mm" (with "+1" when the day differs from referenceDate), or "—". */
    time(utc: string | null | undefined, local: string | null | undefined, referenceDate?: string): string {
      const p = parts(utc, local, referenceDate);
      if (!p) return "—";
      return p.dayShift ? `${p.time}${p.dayShift > 0 ? "+" : ""}${p.dayShift}` : p.time;
    },
    /** "22 Nov 2026 06:00 +07:00" (or "… UTC"). */
    dateTime(utc: string | null | undefined, local: string | null | undefined): string {
      const p = parts(utc, local);
      return p ? `${p.date} ${p.time} ${p.zone}` : "—";
    },
    /**
     * A record's instant (a change, a document, a request) in the display mode: local means the clock of the airport
     * the record belongs to (`timeZone`, an IANA name, e.g. the waybill's origin); without one it stays UTC, labelled so.
     */
    at(utc: string | null | undefined, timeZone: string | null | undefined): string {
      if (!utc) return "—";
      const d = new Date(utc);
      const local = mode === "local" && timeZone && !Number.isNaN(d.getTime()) && isValidTimeZone(timeZone) ? formatLocalIso(d, timeZone) : null;
      const p = parts(utc, local);
      return p ? `${p.date} ${p.time} ${p.zone}` : "—";
    },
    /** The YYYY-MM-DD date (local or UTC) the instant falls on, for day-shift references. */
    isoDate(utc: string | null | undefined, local: string | null | undefined): string | undefined {
      const clock = mode === "utc" || !local ? (utc ? utcClock(utc) : null) : wallClock(local);
      return clock?.date;
    },
  };
}
