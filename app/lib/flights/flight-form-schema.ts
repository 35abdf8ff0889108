import { isOwnFlightNumber, parseFlightNumber, TEXT_MAX } from "../../../cargo";
import { z } from "zod";
import { airportField, carrierField } from "../forms/airline-fields";
import { withCrossChecks } from "../forms/cross-checks";
import { codeList, flag, optionalText, requiredDate, requiredText, SHC, tooLong } from "../forms/field-rules";
import { decimalField, VOLUME, WEIGHT, wholeNumberField } from "../forms/decimal-field";

/**
 * The flight create/edit form (spec 1 §2 "Flights": modes Single, Regular and Schedule), shared by the browser
 * (conform) and the actions. Messages are i18n keys. Times are typed as the airports' wall clocks (time mode
 * local, the default) or in UTC; the API converts them with each airport's zone.
 */

export const FLIGHT_FORM_MODES = ["single", "regular", "schedule"] as const;
export type FlightFormMode = (typeof FLIGHT_FORM_MODES)[number];

/** `?mode=` of the create page; anything else is Single. */
export function flightFormModeOf(value: string | null | undefined): FlightFormMode {
  return (FLIGHT_FORM_MODES as readonly string[]).includes(value ?? "") ? (value as FlightFormMode) : "single";
}

export const TIME_MODES = ["local", "utc"] as const;

/** ISO weekdays, Monday first (SSIM days of operation 1..7). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** SSIM arrival date variation against the departure date. */
export const DAY_VARIATIONS = [-1, 0, 1, 2] as const;

/** SSIM allows a schedule period of a year; 366 days with a leap year (as the API's schedule expansion). */
export const MAX_PERIOD_DAYS = 366;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;
/**
 * "S7 1234", "s71234A" or "1234" (the airline's own, its designator added on save) by the domain library's
 * rules, the API's own: no three-letter designator, no flight 0. Spaces are dropped before this check.
 */
const isTypedFlightNumber = (text: string) => isOwnFlightNumber(text) || parseFlightNumber(text).ok;

const flightNumberField = () =>
  requiredText()
    .transform((s) => s.toUpperCase().replace(/\s+/g, ""))
    .pipe(z.string().refine(isTypedFlightNumber, "flight-form:errors.number"));

const timeField = () => z.string({ required_error: "errors:required" }).trim().regex(HH_MM, "flight-form:errors.time");
const optionalDateTime = () => z.string().trim().regex(LOCAL_DATE_TIME, "flight-form:errors.dateTime").optional();
const timeModeField = () => z.enum(TIME_MODES).default("local");
const flightTypeField = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-X]$/, "flight-form:errors.flightType")
    .optional();
const dayVariationField = () =>
  wholeNumberField(-1, 2, { min: "flight-form:errors.dayVariation", max: "flight-form:errors.dayVariation" }).default(0);
const nonNegative = { min: "flight-form:errors.nonNegative" };
const weight = () => decimalField(WEIGHT, nonNegative).optional();
const volume = () => decimalField(VOLUME, nonNegative).optional();

/** Days between two ISO dates (to − from); NaN when either is not a date. */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** The ISO date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Ticked weekday boxes as sorted unique ISO weekdays. With JS off one ticked box posts a single value and
 * none posts nothing, so a lone string and a missing field are accepted too.
 */
export function parseWeekdays(value: unknown): number[] {
  const raw = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const days = new Set<number>();
  for (const item of raw) {
    for (const ch of String(item).replace(/[^0-9]/g, "")) {
      const d = Number(ch);
      if (d >= 1 && d <= 7) days.add(d);
    }
  }
  return [...days].sort((a, b) => a - b);
}

const weekdaysField = () =>
  z.preprocess(parseWeekdays, z.array(z.number()).min(1, "flight-form:errors.noWeekday"));

// ---- Single: one dated segment ------------------------------------------------------------------------

export const SingleFlightFormSchema = withCrossChecks(
  z.object({
    carrier: carrierField(),
    number: flightNumberField(),
    /** Departure date (origin-local in local mode, UTC in utc mode). */
    flight_date: requiredDate(),
    origin_iata: airportField(),
    destination_iata: airportField(),
    std: timeField(),
    sta: timeField(),
    /** Arrival date against the departure date: 0 same day, 1 next day, … */
    sta_day: dayVariationField(),
    etd: optionalDateTime(),
    eta: optionalDateTime(),
    time_mode: timeModeField(),
    flight_type: flightTypeField(),
    aircraft_type: z.string().trim().toUpperCase().optional(),
    aircraft_reg: z.string().trim().toUpperCase().max(12, tooLong(12)).optional(),
    payload: weight(),
    estimated_weight: weight(),
    estimated_volume: volume(),
    forbidden_shc: codeList(SHC, "errors:shc"),
    aci_required: flag(),
    charter: flag(),
    notes: optionalText(TEXT_MAX.text),
  }),
  (v, ctx) => {
    if (v.origin_iata && v.origin_iata === v.destination_iata) {
      ctx.addIssue({ code: "custom", path: ["destination_iata"], message: "flight-form:errors.sameAirports" });
    }
    // same day: the arrival clock must be later (a next-day arrival says so with sta_day)
    if (v.sta_day === 0 && v.sta && v.std && v.sta <= v.std) ctx.addIssue({ code: "custom", path: ["sta"], message: "flight-form:errors.arrivalBeforeDeparture" });
  },
);
export type SingleFlightForm = z.infer<typeof SingleFlightFormSchema>;
/** The form as typed (conform's field shape). */
export type SingleFlightFormValues = z.input<typeof SingleFlightFormSchema>;

/** Field names of the Single form; the API's segment errors use the same names. */
export const SINGLE_FIELDS = [
  "carrier", "number", "flight_date", "origin_iata", "destination_iata", "std", "sta", "sta_day", "etd", "eta", "time_mode",
  "flight_type", "aircraft_type", "aircraft_reg", "payload", "estimated_weight", "estimated_volume", "forbidden_shc",
  "aci_required", "charter", "notes",
] as const;

// ---- Regular and Schedule: a period with weekday lines -------------------------------------------------

/** One line of a schedule: the weekdays it flies and its times and aircraft. */
export const ScheduleLineSchema = z.object({
  days_of_week: weekdaysField(),
  departure_time: timeField(),
  arrival_time: timeField(),
  arrival_date_variation: dayVariationField(),
  aircraft_type: z.string().trim().toUpperCase().optional(),
});
export type ScheduleLine = z.infer<typeof ScheduleLineSchema>;

/**
 * Regular (one line) and Schedule (several lines) share this form. Two lines may not share a weekday: the
 * second would repeat the first one's flights, which the API refuses as taken after the first was stored.
 */
export const ScheduleFormSchema = withCrossChecks(
  z.object({
    carrier: carrierField(),
    number: flightNumberField(),
    origin_iata: airportField(),
    destination_iata: airportField(),
    period_from: requiredDate(),
    period_to: requiredDate(),
    time_mode: timeModeField(),
    flight_type: flightTypeField(),
    aci_required: flag(),
    lines: z.array(ScheduleLineSchema, { required_error: "flight-form:errors.noLine" }).min(1, "flight-form:errors.noLine"),
  }),
  (v, ctx) => {
    if (v.origin_iata && v.origin_iata === v.destination_iata) {
      ctx.addIssue({ code: "custom", path: ["destination_iata"], message: "flight-form:errors.sameAirports" });
    }
    if (v.period_from && v.period_to) {
      const span = daysBetween(v.period_from, v.period_to);
      if (span < 0) ctx.addIssue({ code: "custom", path: ["period_to"], message: "flight-form:errors.periodOrder" });
      else if (span + 1 > MAX_PERIOD_DAYS) ctx.addIssue({ code: "custom", path: ["period_to"], message: "flight-form:errors.periodTooLong" });
    }
    const seen = new Set<number>();
    (v.lines ?? []).forEach((line, index) => {
      if (line.arrival_date_variation === 0 && line.arrival_time && line.departure_time && line.arrival_time <= line.departure_time) {
        ctx.addIssue({ code: "custom", path: ["lines", index, "arrival_time"], message: "flight-form:errors.arrivalBeforeDeparture" });
      }
      const days = line.days_of_week ?? [];
      if (days.some((d) => seen.has(d))) ctx.addIssue({ code: "custom", path: ["lines", index, "days_of_week"], message: "flight-form:errors.weekdayTwice" });
      for (const d of days) seen.add(d);
    });
  },
);
export type ScheduleForm = z.infer<typeof ScheduleFormSchema>;
export type ScheduleFormValues = z.input<typeof ScheduleFormSchema>;

/** Top-level fields of the schedule form (line fields are `lines[i].<name>`). */
export const SCHEDULE_FIELDS = ["carrier", "number", "origin_iata", "destination_iata", "period_from", "period_to", "time_mode", "flight_type", "aci_required"] as const;
export const SCHEDULE_LINE_FIELDS = ["days_of_week", "departure_time", "arrival_time", "arrival_date_variation", "aircraft_type"] as const;
