/**
 * Where each field of an SSIM chapter 7 record sits: 1-based, inclusive columns of the 200-byte record, as the
 * manual numbers them. The parser reads and the generator writes through these same tables, so the two cannot
 * disagree about a column.
 */
export type Columns = readonly [from: number, to: number];

export const RECORD_LENGTH = 200;
/** Every record but the zero padding ends in its serial number; numbering starts again at 1 after 999999. */
export const SERIAL: Columns = [195, 200];
export const MAX_SERIAL = 999_999;

export const HEADER_TITLE = "AIRLINE STANDARD SCHEDULE DATA SET";

/** Record type 1. */
export const HEADER = {
  title: [2, 35],
  number_of_seasons: [41, 41],
  data_set_serial: [192, 194],
} as const satisfies Record<string, Columns>;

/** Record type 2, one per airline data set. */
export const CARRIER = {
  time_mode: [2, 2],
  carrier: [3, 5],
  season: [11, 13],
  period_from: [15, 21],
  period_to: [22, 28],
  creation_date: [29, 35],
  title: [36, 64],
  release_date: [65, 71],
  schedule_status: [72, 72],
  creator_reference: [73, 107],
  duplicate_designator_marker: [108, 108],
  general_information: [109, 168],
  secure_flight: [169, 169],
  inflight_service_information: [170, 188],
  electronic_ticketing: [189, 190],
  creation_time: [191, 194],
} as const satisfies Record<string, Columns>;

/** The flight leg a type 3 or type 4 record is about: the same columns in both. */
const LEG_KEY = {
  operational_suffix: [2, 2],
  carrier: [3, 5],
  flight_number: [6, 9],
  itinerary_variation: [10, 11],
  leg_sequence: [12, 13],
  service_type: [14, 14],
} as const satisfies Record<string, Columns>;

/** Record type 3, one per leg of an itinerary variation. */
export const LEG = {
  ...LEG_KEY,
  period_from: [15, 21],
  period_to: [22, 28],
  days_of_week: [29, 35],
  frequency_rate: [36, 36],
  origin_iata: [37, 39],
  passenger_std: [40, 43],
  std: [44, 47],
  origin_utc_offset: [48, 52],
  origin_terminal: [53, 54],
  destination_iata: [55, 57],
  sta: [58, 61],
  passenger_sta: [62, 65],
  destination_utc_offset: [66, 70],
  destination_terminal: [71, 72],
  aircraft_type: [73, 75],
  prbd: [76, 95],
  prbm: [96, 100],
  meal_service: [101, 110],
  joint_operation: [111, 119],
  mct_status: [120, 121],
  secure_flight: [122, 122],
  itinerary_variation_overflow: [128, 128],
  aircraft_owner: [129, 131],
  cockpit_crew_employer: [132, 134],
  cabin_crew_employer: [135, 137],
  onward_carrier: [138, 140],
  onward_flight_number: [141, 144],
  aircraft_rotation_layover: [145, 145],
  onward_operational_suffix: [146, 146],
  flight_transit_layover: [148, 148],
  operating_airline_disclosure: [149, 149],
  traffic_restriction: [150, 160],
  traffic_restriction_overflow: [161, 161],
  aircraft_configuration: [173, 192],
  departure_date_variation: [193, 193],
  arrival_date_variation: [194, 194],
} as const satisfies Record<string, Columns>;

/** Record type 4: data elements (DEI) of a segment of the leg record just before it. */
export const SEGMENT_DATA = {
  ...LEG_KEY,
  itinerary_variation_overflow: [28, 28],
  board_point_indicator: [29, 29],
  off_point_indicator: [30, 30],
  data_element_identifier: [31, 33],
  board_point: [34, 36],
  off_point: [37, 39],
  data: [40, 194],
} as const satisfies Record<string, Columns>;

/** Record type 5, closing an airline data set. */
export const TRAILER = {
  carrier: [3, 5],
  release_date: [6, 12],
  serial_check_reference: [188, 193],
  continuation: [194, 194],
} as const satisfies Record<string, Columns>;

/** The text at `columns` of a record already padded to 200. */
export function column(record: string, [from, to]: Columns): string {
  return record.slice(from - 1, to);
}

/** The text at `columns`, spaces around it dropped, null when blank. */
export function columnText(record: string, columns: Columns): string | null {
  return column(record, columns).trim() || null;
}

/**
 * Writes a record from (columns, text) pairs; left-aligned, space-filled, 200 long. Throws RangeError when a text
 * does not fit its columns: the model came from the caller and cutting it would write another value.
 */
export function writeRecord(type: string, fields: ReadonlyArray<readonly [Columns, string | null]>, serial: number): string {
  // Built left to right as one string: a season's file is 100 000 records.
  let out = type;
  for (const [[from, to], text] of [...fields].sort((a, b) => a[0][0] - b[0][0])) {
    if (text === null) continue;
    if (text.length > to - from + 1) throw new RangeError(`${JSON.stringify(text)} does not fit columns ${from}-${to}`);
    out += " ".repeat(from - 1 - out.length) + text;
  }
  return out.padEnd(SERIAL[0] - 1, " ") + String(serial).padStart(6, "0");
}

export const PADDING_RECORD = "0".repeat(RECORD_LENGTH);
