/**
 * An SSIM chapter 7 file, the schedule an airline publishes (issue 23): 200-byte records, a header (type 1), per
 * airline a data set of a carrier record (2), its flight legs (3) each with its segment data (4), and a trailer (5);
 * records of zeros fill the blocks between them. In the product's names: `legs`, one per type-3 record, with
 * `carrier`, `flight_number`, `origin_iata`, `destination_iata`, `std`/`sta` as written ("HH:mm", in the data set's
 * time mode) beside their UTC offsets, `aircraft_type`, `days_of_week` ("135"), `period_from`/`period_to` (ISO
 * dates; null for "until further notice"). What the legs mean as dated flights is schedule-periods.ts.
 */
import { telegramError, type TelegramError } from "../telegram-error";
import type { TelegramLine } from "../telegram-lines";
import {
  isCarrierDesignator,
  OPEN_DATE,
  readDateVariation,
  readDaysOfOperation,
  readHhmm,
  readSsimDate,
  readUtcOffset,
  writtenFlightNumber,
} from "./ssim-fields";
import {
  CARRIER,
  column,
  columnText,
  type Columns,
  HEADER,
  LEG,
  MAX_SERIAL,
  RECORD_LENGTH,
  SEGMENT_DATA,
  SERIAL,
  TRAILER,
} from "./ssim-record-layout";

export type TimeMode = "utc" | "local";

export interface SsimFile {
  header: SsimHeader;
  /** The airline data sets in file order; `leg_count` says how many of `legs`, taken in order, each holds. */
  carriers: SsimCarrier[];
  legs: SsimLeg[];
}

export interface SsimHeader {
  number_of_seasons: string | null;
  data_set_serial: string | null;
}

export interface SsimCarrier {
  carrier: string;
  time_mode: TimeMode;
  season: string | null;
  period_from: string | null;
  period_to: string | null;
  creation_date: string | null;
  title: string | null;
  release_date: string | null;
  /** "P" planning, "C" confirmed. */
  schedule_status: string | null;
  creator_reference: string | null;
  duplicate_designator_marker: string | null;
  general_information: string | null;
  secure_flight: string | null;
  inflight_service_information: string | null;
  electronic_ticketing: string | null;
  creation_time: string | null;
  leg_count: number;
  trailer_release_date: string | null;
  /** "E" the last data set of this airline, "C" another follows. */
  trailer_continuation: "E" | "C";
}

export interface SsimLeg {
  carrier: string;
  flight_number: number;
  operational_suffix: string | null;
  /** segments.number: "XX0041". */
  number: string;
  /** 1-999 (columns 10-11 with the overflow digit of column 128 as hundreds). */
  itinerary_variation: number;
  leg_sequence: number;
  service_type: string;
  period_from: string;
  period_to: string | null;
  days_of_week: string;
  /** 2: every other week from period_from; null: every week. */
  frequency_rate: number | null;
  time_mode: TimeMode;
  origin_iata: string;
  passenger_std: string;
  std: string;
  origin_utc_offset: string;
  origin_terminal: string | null;
  destination_iata: string;
  sta: string;
  passenger_sta: string;
  destination_utc_offset: string;
  destination_terminal: string | null;
  aircraft_type: string;
  prbd: string | null;
  prbm: string | null;
  meal_service: string | null;
  joint_operation: string | null;
  mct_status: string | null;
  secure_flight: boolean;
  aircraft_owner: string | null;
  cockpit_crew_employer: string | null;
  cabin_crew_employer: string | null;
  onward_carrier: string | null;
  onward_flight_number: number | null;
  aircraft_rotation_layover: string | null;
  onward_operational_suffix: string | null;
  flight_transit_layover: string | null;
  operating_airline_disclosure: string | null;
  traffic_restriction: string | null;
  traffic_restriction_overflow: string | null;
  aircraft_configuration: string | null;
  /** Days from the flight date to this leg's departure (-1 to 9) and arrival. */
  departure_date_variation: number;
  arrival_date_variation: number;
  /** As read; the generator numbers records itself. */
  record_serial: number;
  segment_data: SsimSegmentData[];
}

export interface SsimSegmentData {
  board_point_indicator: string;
  off_point_indicator: string;
  /** DEI: 1-999 ("170" traffic restriction, "010" code share, ...). */
  data_element_identifier: number;
  board_point: string;
  off_point: string;
  data: string;
}

/** One record: its 200 columns (padded), the line it is on, and whether it arrived shorter than 200. */
interface SsimRecord {
  line: number;
  text: string;
  length: number;
}

/**
 * A file sent without line ends (fixed-length records, as tapes and some exports carry them) is one long line:
 * cut it into records of 200. Everything else is a record per line, padded back to 200 because reading the lines
 * dropped trailing spaces.
 */
function recordsOf(lines: readonly TelegramLine[]): SsimRecord[] {
  const records: SsimRecord[] = [];
  for (const line of lines) {
    for (let at = 0; at < line.text.length; at += RECORD_LENGTH) {
      const text = line.text.slice(at, at + RECORD_LENGTH);
      records.push({ line: line.no, text: text.padEnd(RECORD_LENGTH, " "), length: text.length });
    }
  }
  return records;
}

const PADDING = /^0+$/;
const nextSerial = (serial: number) => (serial >= MAX_SERIAL ? 1 : serial + 1);

/** Reads the file. Never throws; a leg with a field it cannot read is left out and every such field reported. */
export function parseSsimFile(lines: readonly TelegramLine[]): { message: SsimFile | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const records = recordsOf(lines);
  const file: SsimFile = { header: { number_of_seasons: null, data_set_serial: null }, carriers: [], legs: [] };
  let expectedSerial = 1;
  let alternativeSerial: number | null = null;
  let previousSerial: number | null = null;
  let sawHeader = false;
  let open: SsimCarrier | null = null;
  let openLine = 0;
  let lastLeg: SsimLeg | null = null;
  const legKeys = new Map<string, number>();

  for (const record of records) {
    const { line, text } = record;
    if (PADDING.test(text.trimEnd()) && record.length === RECORD_LENGTH) continue;
    if (record.length !== RECORD_LENGTH) errors.push(telegramError(line, "bad_record_length", { length: record.length, expected: RECORD_LENGTH }));
    const type = text[0]!;
    if (!"12345".includes(type)) {
      errors.push(telegramError(line, "unexpected_line", { tag: text.slice(0, 10).trim() || text.slice(0, 1) }));
      continue;
    }
    // A short record lost its serial number with its end; it is reported once, as short, and numbering goes on.
    // After a wrong number, the next record may go on from the wrong one (records were lost or added) or from
    // where the count should be (a mistyped number): either is accepted, so one fault gives one error.
    const serialText = column(text, SERIAL);
    const serial = /^\d{6}$/.test(serialText) ? Number(serialText) : null;
    const short = record.length !== RECORD_LENGTH;
    if (!short && serial !== expectedSerial && serial !== alternativeSerial) {
      errors.push(telegramError(line, "bad_serial", { value: serialText.trim() || "(blank)", expected: String(expectedSerial).padStart(6, "0") }));
      alternativeSerial = nextSerial(expectedSerial);
    } else alternativeSerial = null;
    const thisSerial = !short && serial !== null ? serial : expectedSerial;
    expectedSerial = nextSerial(thisSerial);

    if (!sawHeader && type !== "1") {
      errors.push(telegramError(line, "missing_line", { what: "header record (type 1)" }));
      sawHeader = true;
    }
    if (type === "1") {
      if (sawHeader) errors.push(telegramError(line, "unexpected_line", { tag: "1" }));
      sawHeader = true;
      file.header = { number_of_seasons: columnText(text, HEADER.number_of_seasons), data_set_serial: columnText(text, HEADER.data_set_serial) };
    } else if (type === "2") {
      if (open) errors.push(telegramError(line, "missing_line", { what: `trailer record (type 5) of ${open.carrier}` }));
      open = readCarrier(record, errors);
      openLine = line;
      if (open) file.carriers.push(open);
      lastLeg = null;
    } else if (type === "3") {
      lastLeg = null;
      if (!open) {
        errors.push(telegramError(line, "unexpected_line", { tag: "3 (no carrier record before it)" }));
      } else {
        const leg = readLeg(record, open, thisSerial, errors);
        if (leg) {
          const key = `${leg.number}/${leg.itinerary_variation}/${leg.leg_sequence}`;
          const first = legKeys.get(key);
          if (first !== undefined) {
            errors.push(telegramError(line, "duplicate_record", { what: `${leg.number} variation ${leg.itinerary_variation} leg ${leg.leg_sequence}`, first }));
          } else {
            legKeys.set(key, line);
            file.legs.push(leg);
            open.leg_count += 1;
            lastLeg = leg;
          }
        }
      }
    } else if (type === "4") {
      const data = readSegmentData(record, lastLeg, errors);
      if (data && lastLeg) lastLeg.segment_data.push(data);
    } else {
      if (!open) errors.push(telegramError(line, "unexpected_line", { tag: "5 (no carrier record before it)" }));
      else readTrailer(record, open, previousSerial, errors);
      open = null;
      lastLeg = null;
    }
    previousSerial = thisSerial;
  }
  if (!sawHeader) errors.push(telegramError(0, "missing_line", { what: "header record (type 1)" }));
  if (open) errors.push(telegramError(openLine, "missing_line", { what: `trailer record (type 5) of ${open.carrier}` }));
  return { message: sawHeader ? file : null, errors };
}

/** Reads fields one by one into a record's errors, each naming the field as the manual does. */
function fieldReader(record: SsimRecord, errors: TelegramError[]) {
  let bad = false;
  const fail = (field: string, value: string, code: "bad_field" | "missing_field" = "bad_field") => {
    bad = true;
    errors.push(code === "missing_field" ? telegramError(record.line, code, { field }) : telegramError(record.line, code, { field, value }));
  };
  return {
    get bad() {
      return bad;
    },
    /** A required field read by `read`; blank is missing, unreadable is bad. */
    required<T>(columns: Columns, field: string, read: (text: string) => T | null): T {
      const text = column(record.text, columns).trim();
      if (!text) {
        fail(field, "", "missing_field");
        return null as T;
      }
      const value = read(text);
      if (value === null) fail(field, text);
      return value as T;
    },
    optional<T>(columns: Columns, field: string, read: (text: string) => T | null): T | null {
      const text = column(record.text, columns).trim();
      if (!text) return null;
      const value = read(text);
      if (value === null) fail(field, text);
      return value;
    },
    text: (columns: Columns) => columnText(record.text, columns),
    raw: (columns: Columns) => column(record.text, columns),
    fail,
  };
}

const STATION = (text: string) => (/^[A-Z]{3}$/.test(text) ? text : null);
const LETTER = (text: string) => (/^[A-Z]$/.test(text) ? text : null);
const FLIGHT_NUMBER = (text: string) => (/^\d{1,4}$/.test(text) && Number(text) >= 1 ? Number(text) : null);
const TWO_DIGITS = (text: string) => (/^\d{2}$/.test(text) && Number(text) >= 1 ? Number(text) : null);
const CARRIER_CODE = (text: string) => (isCarrierDesignator(text) ? text : null);
const ANY = (text: string) => text;

function readCarrier(record: SsimRecord, errors: TelegramError[]): SsimCarrier | null {
  const f = fieldReader(record, errors);
  const mode = f.required(CARRIER.time_mode, "time mode", (t) => (t === "U" ? "utc" : t === "L" ? "local" : null));
  const carrier = f.required(CARRIER.carrier, "airline designator", CARRIER_CODE);
  const period_from = f.optional(CARRIER.period_from, "period of schedule validity from", readSsimDate);
  const period_to = f.optional(CARRIER.period_to, "period of schedule validity to", (t) => (t === OPEN_DATE ? OPEN_DATE : readSsimDate(t)));
  const creation_date = f.optional(CARRIER.creation_date, "creation date", readSsimDate);
  const release_date = f.optional(CARRIER.release_date, "release date", readSsimDate);
  const creation_time = f.optional(CARRIER.creation_time, "creation time", readHhmm);
  if (f.bad && (mode === null || carrier === null)) return null;
  return {
    carrier,
    time_mode: mode ?? "local",
    season: f.text(CARRIER.season),
    period_from,
    period_to: period_to === OPEN_DATE ? null : period_to,
    creation_date,
    title: f.text(CARRIER.title),
    release_date,
    schedule_status: f.text(CARRIER.schedule_status),
    creator_reference: f.text(CARRIER.creator_reference),
    duplicate_designator_marker: f.text(CARRIER.duplicate_designator_marker),
    general_information: f.text(CARRIER.general_information),
    secure_flight: f.text(CARRIER.secure_flight),
    inflight_service_information: f.text(CARRIER.inflight_service_information),
    electronic_ticketing: f.text(CARRIER.electronic_ticketing),
    creation_time,
    leg_count: 0,
    trailer_release_date: null,
    trailer_continuation: "E",
  };
}

/** Columns 10-11 with the overflow digit (column 128, or 28 in a type-4 record) as hundreds. */
function itineraryVariation(f: ReturnType<typeof fieldReader>, columns: Columns, overflow: Columns): number {
  const base = f.required(columns, "itinerary variation identifier", (t) => (/^\d{2}$/.test(t) ? Number(t) : null));
  const hundreds = f.optional(overflow, "itinerary variation identifier overflow", (t) => (/^\d$/.test(t) ? Number(t) : null)) ?? 0;
  const value = (base ?? 0) + hundreds * 100;
  if (base !== null && value < 1) f.fail("itinerary variation identifier", f.raw(columns));
  return value;
}

function readLeg(record: SsimRecord, carrierRecord: SsimCarrier, serial: number, errors: TelegramError[]): SsimLeg | null {
  const f = fieldReader(record, errors);
  const carrier = f.required(LEG.carrier, "airline designator", CARRIER_CODE);
  if (carrier !== null && carrier !== carrierRecord.carrier) f.fail("airline designator", `${carrier} (the data set is ${carrierRecord.carrier})`);
  const operational_suffix = f.optional(LEG.operational_suffix, "operational suffix", LETTER);
  const flight_number = f.required(LEG.flight_number, "flight number", FLIGHT_NUMBER);
  const itinerary_variation = itineraryVariation(f, LEG.itinerary_variation, LEG.itinerary_variation_overflow);
  const leg_sequence = f.required(LEG.leg_sequence, "leg sequence number", TWO_DIGITS);
  const service_type = f.required(LEG.service_type, "service type", LETTER);
  const period_from = f.required(LEG.period_from, "period of operation from", readSsimDate);
  const periodTo = f.required(LEG.period_to, "period of operation to", (t) => (t === OPEN_DATE ? OPEN_DATE : readSsimDate(t)));
  const period_to = periodTo === OPEN_DATE ? null : periodTo;
  if (period_from && period_to && period_to < period_from) f.fail("period of operation to", `${f.raw(LEG.period_to)} (before ${f.raw(LEG.period_from)})`);
  const days_of_week = f.required(LEG.days_of_week, "days of operation", () => readDaysOfOperation(f.raw(LEG.days_of_week), true));
  const frequency_rate = f.optional(LEG.frequency_rate, "frequency rate", (t) => (/^[2-9]$/.test(t) ? Number(t) : null));
  const leg: SsimLeg = {
    carrier,
    flight_number,
    operational_suffix,
    number: "",
    itinerary_variation,
    leg_sequence,
    service_type,
    period_from,
    period_to,
    days_of_week,
    frequency_rate,
    time_mode: carrierRecord.time_mode,
    origin_iata: f.required(LEG.origin_iata, "departure station", STATION),
    passenger_std: f.required(LEG.passenger_std, "passenger STD", readHhmm),
    std: f.required(LEG.std, "aircraft STD", readHhmm),
    origin_utc_offset: f.required(LEG.origin_utc_offset, "departure UTC/local time variation", readUtcOffset),
    origin_terminal: f.text(LEG.origin_terminal),
    destination_iata: f.required(LEG.destination_iata, "arrival station", STATION),
    sta: f.required(LEG.sta, "aircraft STA", readHhmm),
    passenger_sta: f.required(LEG.passenger_sta, "passenger STA", readHhmm),
    destination_utc_offset: f.required(LEG.destination_utc_offset, "arrival UTC/local time variation", readUtcOffset),
    destination_terminal: f.text(LEG.destination_terminal),
    aircraft_type: f.required(LEG.aircraft_type, "aircraft type", (t) => (/^[A-Z0-9]{3}$/.test(t) ? t : null)),
    prbd: f.text(LEG.prbd),
    prbm: f.text(LEG.prbm),
    meal_service: f.text(LEG.meal_service),
    joint_operation: f.text(LEG.joint_operation),
    mct_status: f.text(LEG.mct_status),
    secure_flight: f.optional(LEG.secure_flight, "secure flight indicator", (t) => (t === "S" ? true : null)) ?? false,
    aircraft_owner: f.text(LEG.aircraft_owner),
    cockpit_crew_employer: f.text(LEG.cockpit_crew_employer),
    cabin_crew_employer: f.text(LEG.cabin_crew_employer),
    onward_carrier: f.optional(LEG.onward_carrier, "onward flight airline designator", CARRIER_CODE),
    onward_flight_number: f.optional(LEG.onward_flight_number, "onward flight number", FLIGHT_NUMBER),
    aircraft_rotation_layover: f.text(LEG.aircraft_rotation_layover),
    onward_operational_suffix: f.optional(LEG.onward_operational_suffix, "onward operational suffix", LETTER),
    flight_transit_layover: f.text(LEG.flight_transit_layover),
    operating_airline_disclosure: f.text(LEG.operating_airline_disclosure),
    traffic_restriction: f.text(LEG.traffic_restriction),
    traffic_restriction_overflow: f.text(LEG.traffic_restriction_overflow),
    aircraft_configuration: f.text(LEG.aircraft_configuration),
    departure_date_variation: dateVariation(f, LEG.departure_date_variation, "date variation (departure)"),
    arrival_date_variation: dateVariation(f, LEG.arrival_date_variation, "date variation (arrival)"),
    record_serial: serial,
    segment_data: [],
  };
  if (f.bad) return null;
  leg.number = writtenFlightNumber(leg.carrier, leg.flight_number, leg.operational_suffix);
  return leg;
}

function dateVariation(f: ReturnType<typeof fieldReader>, columns: Columns, field: string): number {
  return f.optional(columns, field, (t) => (t === "M1" ? null : readDateVariation(t))) ?? 0;
}

function readSegmentData(record: SsimRecord, leg: SsimLeg | null, errors: TelegramError[]): SsimSegmentData | null {
  if (!leg) {
    errors.push(telegramError(record.line, "unexpected_line", { tag: "4 (no flight leg record before it)" }));
    return null;
  }
  const f = fieldReader(record, errors);
  const flight = f.required(SEGMENT_DATA.flight_number, "flight number", FLIGHT_NUMBER);
  const variation = itineraryVariation(f, SEGMENT_DATA.itinerary_variation, SEGMENT_DATA.itinerary_variation_overflow);
  const sequence = f.required(SEGMENT_DATA.leg_sequence, "leg sequence number", TWO_DIGITS);
  const carrier = f.text(SEGMENT_DATA.carrier);
  const suffix = f.text(SEGMENT_DATA.operational_suffix);
  if (!f.bad && (carrier !== leg.carrier || flight !== leg.flight_number || variation !== leg.itinerary_variation || sequence !== leg.leg_sequence || suffix !== leg.operational_suffix)) {
    f.fail("flight designator", `${f.raw([2, 13]).trim()} (the leg before it is ${leg.number} ${leg.itinerary_variation}/${leg.leg_sequence})`);
  }
  const data: SsimSegmentData = {
    board_point_indicator: f.required(SEGMENT_DATA.board_point_indicator, "board point indicator", LETTER),
    off_point_indicator: f.required(SEGMENT_DATA.off_point_indicator, "off point indicator", LETTER),
    data_element_identifier: f.required(SEGMENT_DATA.data_element_identifier, "data element identifier", (t) => (/^\d{3}$/.test(t) && Number(t) > 0 ? Number(t) : null)),
    board_point: f.required(SEGMENT_DATA.board_point, "board point", STATION),
    off_point: f.required(SEGMENT_DATA.off_point, "off point", STATION),
    data: f.optional(SEGMENT_DATA.data, "data", ANY) ?? "",
  };
  return f.bad ? null : data;
}

function readTrailer(record: SsimRecord, carrier: SsimCarrier, previousSerial: number | null, errors: TelegramError[]): void {
  const f = fieldReader(record, errors);
  const airline = f.text(TRAILER.carrier);
  if (airline !== carrier.carrier) {
    errors.push(telegramError(record.line, "bad_trailer", { field: "airline designator", value: airline ?? "(blank)", expected: carrier.carrier }));
  }
  carrier.trailer_release_date = f.optional(TRAILER.release_date, "release date", readSsimDate);
  const check = f.raw(TRAILER.serial_check_reference);
  const expected = previousSerial === null ? "" : String(previousSerial).padStart(6, "0");
  if (check !== expected) errors.push(telegramError(record.line, "bad_trailer", { field: "serial number check reference", value: check.trim() || "(blank)", expected }));
  const continuation = f.required(TRAILER.continuation, "continuation/end code", (t) => (t === "E" || t === "C" ? t : null));
  carrier.trailer_continuation = continuation ?? "E";
}
