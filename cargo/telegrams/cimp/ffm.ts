import type { TelegramCodec } from "../telegram-codec";
import { telegramError, type TelegramError } from "../telegram-error";
import { joinContinuations, type LogicalLine, type TelegramLine } from "../telegram-lines";
import { readPartFlightLine, writePartFlightLine } from "./flight-line";
import { noContinuations, readPartBody, writeManifestItem, writePointLine, type ManifestItem } from "./manifest-lines";
import { appendAll, mergeParts, type MergedParts, type MessagePart, type PartLineGroup, splitIntoParts, TYPE_B_MAX_MESSAGE_CHARS } from "./multi-part";

/**
 * FFM/8, the airline's flight manifest: what a flight carries, per point of unloading, in ULDs and in bulk. A long
 * manifest is sent in parts, each a telegram of its own:
 *
 *   FFM/8
 *   1/S70101/28NOV0935/DME/RA73456          part 1, flight S7 101 of 28 November (no year), loaded at DME
 *   LED                                      point of unloading
 *   421-12345675DMELED/T2K50.0MC0.5/BOOKS    a shipment loose in the hold (bulk)
 *   /EAP                                     its special handling codes
 *   ULD/AKE12345S7                           a ULD, then the shipments in it
 *   421-12345686DMELED/P1K20.0T3/PARTS
 *   OSI/HANDLE WITH CARE
 *   CONT                                     more parts follow (LAST on the last)
 *
 * The flight line may go on after the point of loading: the aircraft registration, then the first point of arrival
 * (its country, day and time, airport): "…/DME/RA73456/RU/28NOV1200/LED".
 */
export interface FfmUld {
  /** "AKE12345S7": type, serial, owner. */
  uld_number: string;
  /** The ULD loading indicator where the line has one. */
  loading_indicator: string | null;
  items: ManifestItem[];
}

export interface FfmPoint {
  destination_iata: string;
  /** "29NOV0100" as sent, or null. */
  scheduled_arrival: string | null;
  bulk: ManifestItem[];
  ulds: FfmUld[];
}

export interface FirstArrival {
  country_code: string;
  /** "28NOV1200" or "28NOV" as sent. */
  date_time: string;
  iata: string;
}

export interface FfmManifest extends MessagePart {
  departure_time: string | null;
  aircraft_registration: string | null;
  first_arrival: FirstArrival | null;
  points: FfmPoint[];
}

const ULD_NUMBER = /^[A-Z]{3}\d{4,5}[A-Z0-9]{2}$/;
const LOADING_INDICATOR = /^[A-Z0-9]{1,3}$/;
const REGISTRATION = /^[A-Z0-9-]{2,10}$/;

/** Reads one part. Never throws; each fault is an error on its line. */
export function parseFfm(body: readonly TelegramLine[]): { message: FfmManifest | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const [first, ...lines] = joinContinuations(body);
  if (!first) return { message: null, errors: [telegramError(0, "cut_short", { what: "the flight line" })] };
  const flight = readPartFlightLine(first.no, first.text, errors);
  if (!flight) return { message: null, errors };
  const { rest, ...header } = flight;
  const manifest: FfmManifest = { ...header, aircraft_registration: null, first_arrival: null, points: [], last: false };
  readFlightLineTail(first, rest, manifest, errors);
  let uld: FfmUld | null = null;
  const read = readPartBody<FfmPoint>(lines, first.no, {
    newPoint: (line) => {
      uld = null;
      return { destination_iata: line.destination_iata, scheduled_arrival: line.scheduled_arrival, bulk: [], ulds: [] };
    },
    addItem: (point, item) => (uld ? uld.items : point.bulk).push(item),
    otherLine: (line, point) => {
      if (line.text.startsWith("ULD/")) uld = readUldLine(line, point, errors) ?? uld;
      else if (line.text === "BULK") uld = null;
      else return false;
      return true;
    },
  }, errors);
  manifest.points = read.points;
  manifest.last = read.last ?? false;
  return { message: manifest, errors };
}

function readFlightLineTail(line: LogicalLine, rest: string[], manifest: FfmManifest, errors: TelegramError[]): void {
  const [registration, country, dateTime, airport, ...more] = rest;
  if (registration) {
    if (REGISTRATION.test(registration)) manifest.aircraft_registration = registration;
    else errors.push(telegramError(line.no, "bad_field", { field: "aircraft registration", value: registration }));
  }
  if (country !== undefined) {
    const valid = /^[A-Z]{2}$/.test(country) && /^\d{2}[A-Z]{3}(?:\d{4})?$/.test(dateTime ?? "") && /^[A-Z]{3}$/.test(airport ?? "");
    if (valid) manifest.first_arrival = { country_code: country, date_time: dateTime!, iata: airport! };
    else errors.push(telegramError(line.no, "bad_field", { field: "first point of arrival", value: [country, dateTime, airport].filter((e) => e !== undefined).join("/") }));
  }
  if (more.length) errors.push(telegramError(line.no, "unexpected_line", { tag: more.join("/").slice(0, 12) }));
  noContinuations(line, errors);
}

function readUldLine(line: LogicalLine, point: FfmPoint, errors: TelegramError[]): FfmUld | null {
  const [, number = "", indicator, ...more] = line.text.split("/");
  if (!ULD_NUMBER.test(number)) {
    errors.push(telegramError(line.no, "bad_field", { field: "ULD number", value: number }));
    return null;
  }
  if (indicator !== undefined && !LOADING_INDICATOR.test(indicator)) errors.push(telegramError(line.no, "bad_field", { field: "ULD loading indicator", value: indicator }));
  if (more.length) errors.push(telegramError(line.no, "unexpected_line", { tag: more.join("/").slice(0, 12) }));
  const uld: FfmUld = { uld_number: number, loading_indicator: indicator && LOADING_INDICATOR.test(indicator) ? indicator : null, items: [] };
  point.ulds.push(uld);
  return uld;
}

/** One part's body lines (no identifier line). Throws RangeError for a model that cannot be written. */
function ffmLines(manifest: FfmManifest): string[] {
  return [flightLine(manifest), ...manifest.points.flatMap((point) => pointGroups(point).flatMap((group) => group.lines)), manifest.last ? "LAST" : "CONT"];
}

function flightLine(manifest: FfmManifest): string {
  let line = writePartFlightLine(manifest);
  const arrival = manifest.first_arrival;
  if (manifest.aircraft_registration !== null && !REGISTRATION.test(manifest.aircraft_registration)) throw new RangeError(`Not an aircraft registration: ${manifest.aircraft_registration}`);
  if (manifest.aircraft_registration !== null || arrival) line += `/${manifest.aircraft_registration ?? ""}`;
  if (arrival) {
    if (!/^[A-Z]{2}$/.test(arrival.country_code) || !/^\d{2}[A-Z]{3}(?:\d{4})?$/.test(arrival.date_time) || !/^[A-Z]{3}$/.test(arrival.iata)) throw new RangeError("First point of arrival cannot be written");
    line += `/${arrival.country_code}/${arrival.date_time}/${arrival.iata}`;
  }
  return line;
}

/**
 * A point's lines (its point line, each bulk shipment, each ULD line and the shipments in it) in groups that must stay together in one part, each with the lines that must stand before it
 * when it opens a part (its point line, and the ULD line for a shipment in a ULD).
 */
function pointGroups(point: FfmPoint): PartLineGroup[] {
  const empty = !point.bulk.length && !point.ulds.length;
  const pointLine = writePointLine(point.destination_iata, point.scheduled_arrival, empty);
  const groups = [{ lines: [pointLine], context: [] as string[] }, ...point.bulk.map((item) => ({ lines: writeManifestItem(item), context: [pointLine] }))];
  for (const uld of point.ulds) {
    const line = uldLine(uld);
    groups.push({ lines: [line], context: [pointLine] }, ...uld.items.map((item) => ({ lines: writeManifestItem(item), context: [pointLine, line] })));
  }
  return groups;
}

function uldLine(uld: FfmUld): string {
  if (!ULD_NUMBER.test(uld.uld_number)) throw new RangeError(`Not a ULD number: ${uld.uld_number}`);
  if (uld.loading_indicator !== null && !LOADING_INDICATOR.test(uld.loading_indicator)) throw new RangeError(`Not a loading indicator: ${uld.loading_indicator}`);
  return `ULD/${uld.uld_number}${uld.loading_indicator ? `/${uld.loading_indicator}` : ""}`;
}

// also read from here by callers that knew it as the FFM splitter's limit
export { TYPE_B_MAX_MESSAGE_CHARS };

/**
 * Writes a manifest as the parts that carry it, each under `maxChars` characters (identifier line to CONT/LAST,
 * CRLF line ends): part numbers from 1, CONT on all but the last part, the point of unloading (and the ULD a shipment
 * is in) repeated at the top of a part that goes on with it. A shipment with its lines is never cut between parts.
 * Throws RangeError when one shipment's lines and their context do not fit in `maxChars` or the model cannot be written.
 * The manifest's own part_number and last are not used.
 */
export function splitFfm(manifest: FfmManifest, maxChars = TYPE_B_MAX_MESSAGE_CHARS): string[] {
  return splitIntoParts("FFM/8", (part_number) => flightLine({ ...manifest, part_number }), manifest.points.flatMap(pointGroups), maxChars);
}

/**
 * One flight's FFM parts, in any order, as one manifest; missing, doubled or foreign parts are reported. A point of
 * unloading or a ULD that goes on in the next part continues (the same destination, the same ULD number).
 */
export function mergeFfmParts(parts: readonly FfmManifest[]): MergedParts<FfmManifest> {
  return mergeParts(parts, (ordered) => {
    const points = new Map<string, FfmPoint>();
    const ulds = new Map<string, FfmUld>();
    for (const part of ordered) {
      for (const point of part.points) {
        let same = points.get(point.destination_iata);
        if (!same) points.set(point.destination_iata, (same = { ...point, bulk: [], ulds: [] }));
        same.scheduled_arrival ??= point.scheduled_arrival;
        appendAll(same.bulk, point.bulk);
        for (const uld of point.ulds) {
          const key = `${point.destination_iata}/${uld.uld_number}`;
          let sameUld = ulds.get(key);
          if (!sameUld) {
            ulds.set(key, (sameUld = { ...uld, items: [] }));
            same.ulds.push(sameUld);
          }
          appendAll(sameUld.items, uld.items);
        }
      }
    }
    return { ...ordered[0]!, points: [...points.values()] };
  });
}

export const ffmCodec: TelegramCodec<FfmManifest> = {
  type: "FFM",
  family: "cimp",
  versions: ["8"],
  parse: (body) => parseFfm(body),
  generate: (manifest) => ffmLines(manifest).join("\n"),
};
