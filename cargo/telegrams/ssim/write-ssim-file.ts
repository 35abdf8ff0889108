/**
 * Writes an SSIM chapter 7 file from its model (what parseSsimFile reads): 200-byte records numbered in sequence,
 * blocks of five records closed with zero records after the header, after each carrier record and after each
 * trailer, each trailer pointing back at the serial number of the record before it. Throws RangeError on a model
 * it cannot write (a value that does not fit its columns, leg counts that do not add up): the caller built it.
 */
import type { SsimCarrier, SsimFile, SsimLeg } from "./ssim-file";
import { writeDateVariation, writeDaysOfOperation, writeHhmm, writeSsimDate, writeUtcOffset } from "./ssim-fields";
import { CARRIER, type Columns, HEADER, HEADER_TITLE, LEG, MAX_SERIAL, PADDING_RECORD, SEGMENT_DATA, TRAILER, writeRecord } from "./ssim-record-layout";

const BLOCK = 5;

export function writeSsimFile(file: SsimFile): string {
  const total = file.carriers.reduce((sum, c) => sum + c.leg_count, 0);
  if (total !== file.legs.length) throw new RangeError(`The carriers' leg counts add up to ${total}, there are ${file.legs.length} legs`);
  const records: string[] = [];
  let serial = 0;
  const next = () => {
    serial = serial >= MAX_SERIAL ? 1 : serial + 1;
    return serial;
  };
  const closeBlock = () => {
    while (records.length % BLOCK !== 0) records.push(PADDING_RECORD);
  };
  records.push(
    writeRecord(
      "1",
      [
        [HEADER.title, HEADER_TITLE],
        [HEADER.number_of_seasons, file.header.number_of_seasons],
        [HEADER.data_set_serial, file.header.data_set_serial],
      ],
      next(),
    ),
  );
  closeBlock();
  let at = 0;
  for (const carrier of file.carriers) {
    records.push(writeRecord("2", carrierFields(carrier), next()));
    closeBlock();
    for (const leg of file.legs.slice(at, at + carrier.leg_count)) {
      if (leg.carrier !== carrier.carrier) throw new RangeError(`Leg ${leg.number} is not ${carrier.carrier}'s`);
      records.push(writeRecord("3", legFields(leg), next()));
      for (const data of leg.segment_data) {
        records.push(
          writeRecord(
            "4",
            [
              ...flightKey(leg, SEGMENT_DATA),
              [SEGMENT_DATA.board_point_indicator, data.board_point_indicator],
              [SEGMENT_DATA.off_point_indicator, data.off_point_indicator],
              [SEGMENT_DATA.data_element_identifier, String(data.data_element_identifier).padStart(3, "0")],
              [SEGMENT_DATA.board_point, data.board_point],
              [SEGMENT_DATA.off_point, data.off_point],
              [SEGMENT_DATA.data, data.data || null],
            ],
            next(),
          ),
        );
      }
    }
    at += carrier.leg_count;
    const previous = String(serial).padStart(6, "0");
    records.push(
      writeRecord(
        "5",
        [
          [TRAILER.carrier, carrier.carrier],
          [TRAILER.release_date, carrier.trailer_release_date && writeSsimDate(carrier.trailer_release_date)],
          [TRAILER.serial_check_reference, previous],
          [TRAILER.continuation, carrier.trailer_continuation],
        ],
        next(),
      ),
    );
    closeBlock();
  }
  return `${records.join("\r\n")}\r\n`;
}

type Field = readonly [Columns, string | null];

const optionalDate = (date: string | null) => (date === null ? null : writeSsimDate(date));

/** Fields written as they are held: the model's name is the layout's. */
function asHeld<L extends Record<string, Columns>, M>(layout: L, model: M, names: ReadonlyArray<keyof L & keyof M>): Field[] {
  return names.map((name) => [layout[name]!, model[name] as string | null] as const);
}

function carrierFields(c: SsimCarrier): Field[] {
  return [
    [CARRIER.time_mode, c.time_mode === "utc" ? "U" : "L"],
    ...asHeld(CARRIER, c, ["carrier", "season", "title", "schedule_status", "creator_reference", "duplicate_designator_marker", "general_information", "secure_flight", "inflight_service_information", "electronic_ticketing"]),
    // A validity period is written whole or not at all; an open end is "00XXX00".
    [CARRIER.period_from, optionalDate(c.period_from)],
    [CARRIER.period_to, c.period_from === null ? null : writeSsimDate(c.period_to)],
    [CARRIER.creation_date, optionalDate(c.creation_date)],
    [CARRIER.release_date, optionalDate(c.release_date)],
    [CARRIER.creation_time, c.creation_time && writeHhmm(c.creation_time)],
  ];
}

/** Flight number right-aligned in its four columns, as the files in circulation write it. */
function flightKey(leg: SsimLeg, layout: typeof LEG | typeof SEGMENT_DATA): Field[] {
  if (!Number.isInteger(leg.itinerary_variation) || leg.itinerary_variation < 1 || leg.itinerary_variation > 999) {
    throw new RangeError(`Itinerary variation ${leg.itinerary_variation} is not 1-999`);
  }
  if (!Number.isInteger(leg.flight_number) || leg.flight_number < 1 || leg.flight_number > 9999) throw new RangeError(`Flight number ${leg.flight_number} is not 1-9999`);
  const hundreds = Math.floor(leg.itinerary_variation / 100);
  return [
    [layout.operational_suffix, leg.operational_suffix],
    [layout.carrier, leg.carrier],
    [layout.flight_number, String(leg.flight_number).padStart(4, " ")],
    [layout.itinerary_variation, String(leg.itinerary_variation % 100).padStart(2, "0")],
    [layout.leg_sequence, String(leg.leg_sequence).padStart(2, "0")],
    [layout.service_type, leg.service_type],
    [layout.itinerary_variation_overflow, hundreds ? String(hundreds) : null],
  ];
}

function legFields(leg: SsimLeg): Field[] {
  return [
    ...flightKey(leg, LEG),
    ...asHeld(LEG, leg, [
      "origin_iata", "origin_terminal", "destination_iata", "destination_terminal", "aircraft_type", "prbd", "prbm", "meal_service",
      "joint_operation", "mct_status", "aircraft_owner", "cockpit_crew_employer", "cabin_crew_employer", "onward_carrier",
      "aircraft_rotation_layover", "onward_operational_suffix", "flight_transit_layover", "operating_airline_disclosure",
      "traffic_restriction", "traffic_restriction_overflow", "aircraft_configuration",
    ]),
    [LEG.period_from, writeSsimDate(leg.period_from)],
    [LEG.period_to, writeSsimDate(leg.period_to)],
    [LEG.days_of_week, writeDaysOfOperation(leg.days_of_week, true)],
    [LEG.frequency_rate, leg.frequency_rate === null ? null : String(leg.frequency_rate)],
    [LEG.passenger_std, writeHhmm(leg.passenger_std)],
    [LEG.std, writeHhmm(leg.std)],
    [LEG.origin_utc_offset, writeUtcOffset(leg.origin_utc_offset)],
    [LEG.sta, writeHhmm(leg.sta)],
    [LEG.passenger_sta, writeHhmm(leg.passenger_sta)],
    [LEG.destination_utc_offset, writeUtcOffset(leg.destination_utc_offset)],
    [LEG.secure_flight, leg.secure_flight ? "S" : null],
    [LEG.onward_flight_number, leg.onward_flight_number === null ? null : String(leg.onward_flight_number).padStart(4, " ")],
    [LEG.departure_date_variation, writeDateVariation(leg.departure_date_variation)],
    [LEG.arrival_date_variation, writeDateVariation(leg.arrival_date_variation)],
  ];
}
