import { readDecimalText, type DecimalRange } from "../../../cargo/numbers/decimal-text";
import { AWB_VOLUME, AWB_WEIGHT, MAX_PIECES } from "../air-waybills/awb-form-schema";
import { IATA, isCalendarDate } from "../forms/field-rules";

/**
 * The booking search of the forwarder (spec 1 §Offers "Order selection has route and segment tabs"), read from the
 * URL: the filters are a GET form, so a search is a link that works without JS and can be bookmarked. Each field is
 * read as typed (echoed back into the form) and checked here, before anything is sent upstream; an error is an i18n
 * key said beside its field.
 */

/** Routes (trips, direct and connecting) or Flights (the direct segments only). */
export const SELECT_TABS = ["trips", "segments"] as const;
export type SelectTab = (typeof SELECT_TABS)[number];

export const SELECT_FIELDS = ["origin_iata", "destination_iata", "flight_date", "pieces", "weight", "volume"] as const;
export type SelectField = (typeof SELECT_FIELDS)[number];

/** Longest value echoed back into a field: anything longer is not a code, a date or a figure anyway. */
const MAX_TYPED = 40;

export interface SelectSearch {
  origin_iata: string;
  destination_iata: string;
  date: string;
  pieces?: number;
  weight?: number;
  volume?: number;
}

export interface SelectQuery {
  tab: SelectTab;
  /** The values as typed (cut to MAX_TYPED), for the form. */
  values: Record<SelectField, string>;
  /** Field → i18n key. */
  errors: Partial<Record<SelectField, string>>;
  /** What to search for; null when nothing was asked or a field is wrong. */
  search: SelectSearch | null;
}

const PIECES = { min: 0, max: MAX_PIECES, scale: 0 };

/** A positive figure of `range` (decimal digits only; whole for pieces), or the key of what is wrong with it. */
function figure(text: string, range: DecimalRange): { value?: number; error?: string } {
  if (!text) return {};
  const read = readDecimalText(text, range);
  if (!read.ok) {
    if (read.fault === "range") return { error: read.bound === "min" ? "offers:errors.positive" : `offers:errors.max?max=${range.max}` };
    if (read.fault === "scale") return { error: range.scale === 0 ? "offers:errors.integer" : `errors:precision?digits=${range.scale}` };
    return { error: range.scale === 0 ? "offers:errors.integer" : "offers:errors.number" };
  }
  if (read.value <= 0) return { error: "offers:errors.positive" };
  return { value: read.value };
}

export function readSelectQuery(params: URLSearchParams, today: string): SelectQuery {
  const typed = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_TYPED);
  const tabValue = typed("tab");
  const tab: SelectTab = (SELECT_TABS as readonly string[]).includes(tabValue) ? (tabValue as SelectTab) : "trips";
  // nothing asked yet (the landing page): the form with today's date, no errors, no search
  const asked = SELECT_FIELDS.some((f) => params.has(f));
  const values: Record<SelectField, string> = {
    origin_iata: typed("origin_iata").toUpperCase(),
    destination_iata: typed("destination_iata").toUpperCase(),
    flight_date: asked ? typed("flight_date") : today,
    pieces: typed("pieces"),
    weight: typed("weight"),
    volume: typed("volume"),
  };
  if (!asked) return { tab, values, errors: {}, search: null };

  const errors: SelectQuery["errors"] = {};
  for (const name of ["origin_iata", "destination_iata"] as const) {
    if (!values[name]) errors[name] = "offers:errors.required";
    else if (!IATA.test(values[name])) errors[name] = "offers:errors.airport";
  }
  if (!errors.destination_iata && values.origin_iata && values.origin_iata === values.destination_iata) errors.destination_iata = "offers:errors.sameAirports";
  if (!values.flight_date) errors.flight_date = "offers:errors.required";
  else if (!isCalendarDate(values.flight_date)) errors.flight_date = "offers:errors.date";
  const pieces = figure(values.pieces, PIECES);
  const weight = figure(values.weight, AWB_WEIGHT);
  const volume = figure(values.volume, AWB_VOLUME);
  if (pieces.error) errors.pieces = pieces.error;
  if (weight.error) errors.weight = weight.error;
  if (volume.error) errors.volume = volume.error;
  if (Object.keys(errors).length) return { tab, values, errors, search: null };
  return {
    tab,
    values,
    errors,
    search: {
      origin_iata: values.origin_iata,
      destination_iata: values.destination_iata,
      date: values.flight_date,
      ...(pieces.value !== undefined ? { pieces: pieces.value } : {}),
      ...(weight.value !== undefined ? { weight: weight.value } : {}),
      ...(volume.value !== undefined ? { volume: volume.value } : {}),
    },
  };
}
