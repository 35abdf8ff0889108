/**
 * Schedule and movement telegrams (issue 23): an SSIM season of 100 000 legs read through parseTelegram (records
 * per second, the file's size beside it), and ASM and MVT messages read per second. Data made here, seeded, so
 * every run measures the same text. `npx tsx tests/bench/schedule-telegrams.ts` runs it alone.
 */
import { generateTelegram, parseTelegram } from "../../cargo/telegrams/parse-telegram";
import type { SsimFile, SsimLeg } from "../../cargo/telegrams/ssim/ssim-file";
import { printWhenRun } from "./print-when-run";

const LEGS = 100_000;
const MESSAGES = 20_000;
const STATIONS = ["OVB", "DME", "SVO", "LED", "KJA", "IKT", "AER", "KZN", "VVO", "KHV", "FRA", "IST"];

function leg(i: number): SsimLeg {
  const flight = (i % 9999) + 1;
  const o = STATIONS[i % STATIONS.length]!;
  const d = STATIONS[(i * 7 + 3) % STATIONS.length]!;
  return {
    carrier: "S7", flight_number: flight, operational_suffix: null, number: `S7${String(flight).padStart(4, "0")}`,
    itinerary_variation: Math.floor(i / 9999) + 1, leg_sequence: 1, service_type: i % 5 ? "J" : "F",
    period_from: "2026-10-25", period_to: "2027-03-27", days_of_week: i % 3 ? "1234567" : "135", frequency_rate: null, time_mode: "local",
    origin_iata: o, passenger_std: "08:30", std: "08:30", origin_utc_offset: "+07:00", origin_terminal: null,
    destination_iata: d === o ? "SVX" : d, sta: "11:45", passenger_sta: "11:45", destination_utc_offset: "+03:00", destination_terminal: null,
    aircraft_type: "320", prbd: "CY", prbm: null, meal_service: null, joint_operation: null, mct_status: null, secure_flight: false,
    aircraft_owner: null, cockpit_crew_employer: null, cabin_crew_employer: null, onward_carrier: null, onward_flight_number: null,
    aircraft_rotation_layover: null, onward_operational_suffix: null, flight_transit_layover: null, operating_airline_disclosure: null,
    traffic_restriction: null, traffic_restriction_overflow: null, aircraft_configuration: "C8Y150", departure_date_variation: 0,
    arrival_date_variation: 0, record_serial: 0, segment_data: [],
  };
}

export async function scheduleTelegramFigures(): Promise<string[]> {
  const legs = Array.from({ length: LEGS }, (_, i) => leg(i));
  const file: SsimFile = {
    header: { number_of_seasons: null, data_set_serial: null },
    carriers: [{
      carrier: "S7", time_mode: "local", season: "W26", period_from: "2026-10-25", period_to: "2027-03-27", creation_date: null, title: null,
      release_date: null, schedule_status: "C", creator_reference: null, duplicate_designator_marker: null, general_information: null,
      secure_flight: null, inflight_service_information: null, electronic_ticketing: null, creation_time: null, leg_count: LEGS,
      trailer_release_date: null, trailer_continuation: "E",
    }],
    legs,
  };
  let t0 = performance.now();
  const text = generateTelegram("SSIM", file);
  const writeSeconds = (performance.now() - t0) / 1000;
  parseTelegram(text); // warm-up
  t0 = performance.now();
  const parsed = parseTelegram(text);
  const readSeconds = (performance.now() - t0) / 1000;
  if (parsed.errors.length || (parsed.message as SsimFile).legs.length !== LEGS) throw new Error(`SSIM bench file read with errors: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
  const records = text.split("\r\n").length - 1;

  const asm = "ASM\r\nUTC\r\nTIM\r\nS71001/15MAR27\r\nOVB0830 DME0920\r\n";
  const mvt = "MVT\r\nS71001/15.RA73415.OVB\r\nAD0135/0148 EA0425 DME\r\nDL72/0010\r\nPX158\r\n";
  const rate = (message: string) => {
    for (let i = 0; i < 2_000; i++) parseTelegram(message);
    const start = performance.now();
    for (let i = 0; i < MESSAGES; i++) parseTelegram(message);
    return MESSAGES / ((performance.now() - start) / 1000);
  };
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  return [
    `  SSIM read                  ${n(records / readSeconds)} records/s  (${n(LEGS)} legs, ${n(records)} records, ${(text.length / 1e6).toFixed(1)} MB in ${readSeconds.toFixed(2)} s; written at ${n(records / writeSeconds)} records/s)`,
    `  ASM / MVT read             ${n(rate(asm))} / ${n(rate(mvt))} messages/s  (one core)`,
  ];
}

printWhenRun(import.meta.url, scheduleTelegramFigures);
