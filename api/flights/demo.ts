import { expandSchedule } from "../../cargo/flights/schedule";
import { numberWithDate, parseFlightNumber } from "../../cargo/flights/flight-number";
import { addDays } from "../../cargo/time/local-date";
import type { Db } from "../db/open";
import { aircraftCapacities, allotments, bookingRules, segments } from "../db/schema";
import { airportInfo } from "./common";

// Demo flights (issue 4): for DEMO_FLIGHT_DAYS days from the seed date, S7 DME→OVB and OVB→KJA daily with a
// connection at OVB that meets the S7 OVB handler's minimum (120 min domestic; here 180 min), SU SVO→LED and
// SVO→AER daily; aircraft capacities, a few FWDONE allotments and booking rules. Deterministic given the date.

export const DEMO_FLIGHT_DAYS = 60;

interface DemoSchedule {
  carrier: string;
  number: string;
  origin: string;
  destination: string;
  departure: string;
  arrival: string;
  aircraft: string;
  /** The first flight date is the seed date plus this many days (the OVB→KJA leg flies the next morning). */
  offset: number;
}

// Local clock times. S7 0101 lands at OVB 06:00 local (23:00Z); S7 0103 leaves 09:00 local (02:00Z): 180 min.
export const DEMO_SCHEDULES: DemoSchedule[] = [
  { carrier: "S7", number: "S70101", origin: "DME", destination: "OVB", departure: "22:00", arrival: "06:00", aircraft: "32N", offset: 0 },
  { carrier: "S7", number: "S70103", origin: "OVB", destination: "KJA", departure: "09:00", arrival: "10:10", aircraft: "73H", offset: 1 },
  { carrier: "SU", number: "SU0026", origin: "SVO", destination: "LED", departure: "10:00", arrival: "11:25", aircraft: "321", offset: 0 },
  { carrier: "SU", number: "SU1120", origin: "SVO", destination: "AER", departure: "13:00", arrival: "15:55", aircraft: "321", offset: 0 },
];

export const DEMO_AIRCRAFT_CAPACITIES: Array<typeof aircraftCapacities.$inferInsert> = [
  { carrier: "S7", aircraft_type: "32N", max_cargo_weight: 3000, max_cargo_volume: 18, pax: 180, payload: 3200, reg_numbers: ["VQ-BCF", "VQ-BDE"], forbidden_shcs: ["AVI"] },
  { carrier: "S7", aircraft_type: "73H", max_cargo_weight: 2600, max_cargo_volume: 15, pax: 176, reg_numbers: ["VQ-BKU"], forbidden_shcs: [] },
  { carrier: "SU", aircraft_type: "321", max_cargo_weight: 4000, max_cargo_volume: 22, pax: 212, reg_numbers: ["VP-BTR"], forbidden_shcs: [] },
];

/**
 * Two flights of the first week that need the desk's attention, so the action-required tab is not empty on a
 * fresh install: S7 0103 on its 6th day estimated beyond the 73H's 2 600 kg (1 200 booked + 1 600 estimated), and
 * SU 1120 on its 5th day cancelled with 1 050 kg still booked. Flights that depart without an FFM join them
 * by themselves as the days pass.
 */
export const DEMO_ATTENTION = { overCapacity: { number: "S70103", day: 5 }, cancelledWithBookings: { number: "SU1120", day: 4 } };

function needsAttention(number: string, day: number): Partial<typeof segments.$inferInsert> {
  const { overCapacity, cancelledWithBookings } = DEMO_ATTENTION;
  if (number === overCapacity.number && day === overCapacity.day) return { estimated_weight: 1600, estimated_volume: 4 };
  if (number === cancelledWithBookings.number && day === cancelledWithBookings.day) return { canceled: true };
  return {};
}

/** Seeds the demo flights; `today` is the seed date (YYYY-MM-DD, UTC). */
export async function seedDemoFlights(tx: Db, today: string) {
  const info = await airportInfo(tx, DEMO_SCHEDULES.flatMap((s) => [s.origin, s.destination]));
  const rows: Array<typeof segments.$inferInsert> = [];
  for (const [n, s] of DEMO_SCHEDULES.entries()) {
    const o = info.get(s.origin)!;
    const d = info.get(s.destination)!;
    const flight = parseFlightNumber(s.number);
    const expanded = expandSchedule({
      periodFrom: addDays(today, s.offset),
      periodTo: addDays(today, s.offset + DEMO_FLIGHT_DAYS - 1),
      daysOfWeek: "1234567",
      timeMode: "local",
      originTimeZone: o.timezone,
      destinationTimeZone: d.timezone,
      departureTime: s.departure,
      arrivalTime: s.arrival,
    });
    if (!expanded.ok || !flight.ok) throw new Error(`demo schedule ${s.number} is invalid`);
    for (const [i, e] of expanded.segments.entries()) {
      rows.push({
        carrier: s.carrier,
        number: s.number,
        flight_date: e.flightDate,
        number_with_date: numberWithDate(flight.value, e.flightDate),
        flight_type: "J",
        aircraft_type: s.aircraft,
        origin_iata: s.origin,
        destination_iata: s.destination,
        origin_country_code: o.country_code,
        destination_country_code: d.country_code,
        origin_time_zone: o.timezone,
        destination_time_zone: d.timezone,
        std: e.std,
        sta: e.sta,
        time_mode: "local",
        days_of_week: "1234567",
        schedule_id: `demo-${n}`,
        // A living list: some load on the next days, more the closer the flight.
        booked_weight: i < 14 ? ((i * 7 + n * 3) % 10) * 150 : 0,
        booked_volume: i < 14 ? ((i * 7 + n * 3) % 10) * 0.9 : 0,
        estimated_weight: i < 7 ? 200 : 0,
        estimated_volume: i < 7 ? 1 : 0,
        ...needsAttention(s.number, i),
      });
    }
  }
  const created = await tx.insert(segments).values(rows).returning({ id: segments.id, number: segments.number, number_with_date: segments.number_with_date, origin: segments.origin_iata, destination: segments.destination_iata });
  await tx.insert(aircraftCapacities).values(DEMO_AIRCRAFT_CAPACITIES);
  const first = (number: string, count: number) => created.filter((s) => s.number === number).slice(0, count);
  const allotmentRows: Array<typeof allotments.$inferInsert> = [
    ...first("S70101", 5).map((s) => ({ carrier: "S7", segment_id: s.id, segment_number_with_date: s.number_with_date, origin_iata: s.origin, destination_iata: s.destination, forwarder_short_name: "FWDONE", type: "hard", weight: 500, volume: 3, timelimit_to_std: 48 })),
    ...first("SU0026", 3).map((s) => ({ carrier: "SU", segment_id: s.id, segment_number_with_date: s.number_with_date, origin_iata: s.origin, destination_iata: s.destination, forwarder_short_name: "FWDONE", type: "soft", weight: 300, volume: 2, timelimit_to_std: 24 })),
  ];
  await tx.insert(allotments).values(allotmentRows);
  await tx.insert(bookingRules).values([
    { carrier: "S7", origin_iata: "OVB", destination_iata: "KJA", response_status: "KK", max_weight: 999 },
    { carrier: "S7", origin_iata: "OVB", destination_iata: "KJA", response_status: "NN", min_weight: 1000 },
    { carrier: "S7", origin_iata: "OVB", destination_iata: "KJA", response_status: "NN", shcs: ["RCM", "RFL"] },
    { carrier: "SU", origin_iata: "SVO", destination_iata: "LED", response_status: "NN", min_percent: 90 },
  ]);
}
