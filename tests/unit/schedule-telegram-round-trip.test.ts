import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MovementMessage, MovementTime } from "../../cargo/telegrams/ahm/mvt";
import { generateTelegram, parseTelegram } from "../../cargo/telegrams/parse-telegram";
import type { ScheduleAction, ScheduleMessage, SchedulePeriod } from "../../cargo/telegrams/ssim/schedule-message";
import type { SsimCarrier, SsimFile, SsimLeg } from "../../cargo/telegrams/ssim/ssim-file";
import { writtenFlightNumber } from "../../cargo/telegrams/ssim/ssim-fields";
import { epochDayToIsoDate, isoDateToEpochDay, pad2 } from "../../cargo/time/local-date";
import type { TypeBEnvelope } from "../../cargo/telegrams/type-b";

/**
 * Generators write what the parsers read (issue 23): any valid model of an SSIM file, an ASM, an SSM or an MVT,
 * written and read back, is the same model and reads without an error.
 */

// Built once per width: fast-check compiles a pattern into an arbitrary, which is slow to repeat per run.
const texts = new Map<number, fc.Arbitrary<string>>();
const text = (max: number) => {
  if (!texts.has(max)) texts.set(max, fc.stringMatching(new RegExp(`^[A-Z0-9](?:[A-Z0-9 ]{0,${Math.max(0, max - 2)}}[A-Z0-9])?$`)).filter((s) => s.length <= max));
  return texts.get(max)!;
};
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const station = fc.stringMatching(/^[A-Z]{3}$/);
const carrier2 = fc.constantFrom("S7", "SU", "U6", "2S", "LH", "B2");
const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad2(h)}:${pad2(m)}`);
const offset = fc.integer({ min: -48, max: 56 }).map((q) => {
  const minutes = Math.abs(q) * 15;
  return `${q < 0 ? "-" : "+"}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
});
const FIRST_DAY = isoDateToEpochDay("1990-01-01");
const LAST_DAY = isoDateToEpochDay("2055-12-31");
const date = fc.integer({ min: FIRST_DAY, max: LAST_DAY }).map(epochDayToIsoDate);
const period = fc
  .tuple(fc.integer({ min: FIRST_DAY, max: LAST_DAY - 400 }), fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }))
  .map(([from, length]) => ({ period_from: epochDayToIsoDate(from), period_to: length === null ? null : epochDayToIsoDate(from + length) }));
const days = fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }).map((d) => d.join(""));
const variation = fc.integer({ min: -1, max: 2 });

const segmentData = fc.record({
  board_point_indicator: letter,
  off_point_indicator: letter,
  data_element_identifier: fc.integer({ min: 1, max: 999 }),
  board_point: station,
  off_point: station,
  data: text(40),
});

/** A leg without what its data set decides (airline, time mode) and its place in it (itinerary variation). */
const legFields = fc
    .record({
      flight_number: fc.integer({ min: 1, max: 9999 }),
      operational_suffix: maybe(letter),
      leg_sequence: fc.integer({ min: 1, max: 99 }),
      service_type: letter,
      period,
      days_of_week: days,
      frequency_rate: maybe(fc.integer({ min: 2, max: 9 })),
      origin_iata: station,
      passenger_std: hhmm,
      std: hhmm,
      origin_utc_offset: offset,
      origin_terminal: maybe(text(2)),
      destination_iata: station,
      sta: hhmm,
      passenger_sta: hhmm,
      destination_utc_offset: offset,
      destination_terminal: maybe(text(2)),
      aircraft_type: fc.stringMatching(/^[A-Z0-9]{3}$/),
      prbd: maybe(text(20)),
      prbm: maybe(text(5)),
      meal_service: maybe(text(10)),
      joint_operation: maybe(text(9)),
      mct_status: maybe(text(2)),
      secure_flight: fc.boolean(),
      aircraft_owner: maybe(text(3)),
      cockpit_crew_employer: maybe(text(3)),
      cabin_crew_employer: maybe(text(3)),
      onward_carrier: maybe(carrier2),
      onward_flight_number: maybe(fc.integer({ min: 1, max: 9999 })),
      aircraft_rotation_layover: maybe(text(1)),
      onward_operational_suffix: maybe(letter),
      flight_transit_layover: maybe(text(1)),
      operating_airline_disclosure: maybe(text(1)),
      traffic_restriction: maybe(text(11)),
      traffic_restriction_overflow: maybe(text(1)),
      aircraft_configuration: maybe(text(20)),
      departure_date_variation: variation,
      arrival_date_variation: variation,
      segment_data: fc.array(segmentData, { maxLength: 2 }),
    })
    .map(({ period, ...leg }) => ({ ...leg, ...period }));

function placeLeg(fields: Omit<SsimLeg, "carrier" | "time_mode" | "itinerary_variation" | "number" | "record_serial">, carrier: string, timeMode: "utc" | "local", itineraryVariation: number): SsimLeg {
  return {
    ...fields,
    carrier,
    time_mode: timeMode,
    itinerary_variation: itineraryVariation,
    number: writtenFlightNumber(carrier, fields.flight_number, fields.operational_suffix),
    record_serial: 0,
  };
}

const dataSet: fc.Arbitrary<{ carrier: SsimCarrier; legs: SsimLeg[] }> = fc
  .record({
    carrier: fc.constantFrom("S7", "SU", "U6", "2S", "ABC"),
    time_mode: fc.constantFrom("utc" as const, "local" as const),
    season: maybe(fc.stringMatching(/^[SW]\d{2}$/)),
    period: maybe(period),
    creation_date: maybe(date),
    title: maybe(text(29)),
    release_date: maybe(date),
    schedule_status: maybe(fc.constantFrom("P", "C")),
    creator_reference: maybe(text(35)),
    duplicate_designator_marker: maybe(text(1)),
    general_information: maybe(text(60)),
    secure_flight: maybe(text(1)),
    inflight_service_information: maybe(text(19)),
    electronic_ticketing: maybe(text(2)),
    creation_time: maybe(hhmm),
    trailer_release_date: maybe(date),
    trailer_continuation: fc.constantFrom("E" as const, "C" as const),
    legs: fc.array(legFields, { maxLength: 6 }),
  })
  .map(({ period, legs, ...c }) => ({
    carrier: { ...c, period_from: period?.period_from ?? null, period_to: period?.period_to ?? null, leg_count: legs.length },
    legs: legs.map((leg, i) => placeLeg(leg, c.carrier, c.time_mode, i + 1)),
  }));

const ssimFile: fc.Arbitrary<SsimFile> = fc
  .record({
    header: fc.record({ number_of_seasons: maybe(fc.stringMatching(/^\d$/)), data_set_serial: maybe(fc.stringMatching(/^\d{3}$/)) }),
    sets: fc.array(dataSet, { minLength: 1, maxLength: 3 }),
  })
  .map(({ header, sets }) => ({ header, carriers: sets.map((s) => s.carrier), legs: sets.flatMap((s) => s.legs) }));

const flightOf = (withDates: boolean) =>
  fc
    .record({
      carrier: carrier2,
      flight_number: fc.integer({ min: 1, max: 9999 }),
      operational_suffix: maybe(letter),
      dates: withDates
        ? fc.array(
            fc.oneof(
              date.filter((d) => d >= "1960-01-01" && d < "2060-01-01"),
              date.map((d) => `--${d.slice(5)}`),
            ),
            { minLength: 1, maxLength: 3 },
          )
        : fc.constant<string[]>([]),
    })
    .map((f) => ({ ...f, number: writtenFlightNumber(f.carrier, f.flight_number, f.operational_suffix) }));

const scheduleLeg = fc.record({
  origin_iata: station,
  std: hhmm,
  passenger_std: maybe(hhmm),
  departure_date_variation: variation,
  destination_iata: station,
  sta: hhmm,
  passenger_sta: maybe(hhmm),
  arrival_date_variation: variation,
  additional: fc.array(fc.stringMatching(/^\d{1,3}\/[A-Z]{1,3}$/), { maxLength: 2 }),
});

const equipment = fc
  .record({
    service_type: letter,
    aircraft_type: fc.stringMatching(/^[A-Z0-9]{3}$/),
    prbd: maybe(fc.stringMatching(/^[A-Z]{1,6}$/)),
    aircraft_configuration: maybe(fc.stringMatching(/^([A-Z]\d{1,3}){1,3}$/)),
    additional: fc.array(fc.stringMatching(/^[A-Z0-9]{1,6}$/), { maxLength: 2 }),
  })
  .map((e) => (e.prbd === null && e.aircraft_configuration === null ? { ...e, additional: [] } : e));

function actionArb(type: "ASM" | "SSM"): fc.Arbitrary<ScheduleAction> {
  const reasons = fc.array(fc.stringMatching(/^[A-Z]{4}$/), { maxLength: 2 });
  const lines = fc.array(text(50), { maxLength: 3 });
  const reply = fc.record({ action: fc.constantFrom("ACK" as const, "NAC" as const), reasons, text: lines }).map((a) => ({
    ...a,
    flights: [],
    periods: [],
    equipment: null,
    legs: [],
    segments: [],
    supplementary_info: [],
  }));
  const change = fc.record({
    action: fc.constantFrom("NEW" as const, "CNL" as const, "RIN" as const, "RPL" as const, "TIM" as const, "EQT" as const, "CON" as const, "RRT" as const, "FLT" as const),
    reasons,
    flights: fc.array(flightOf(type === "ASM"), { minLength: 1, maxLength: 2 }),
    periods:
      type === "SSM"
        ? fc.array(
            fc.record({ period, days_of_week: days, frequency_rate: maybe(fc.integer({ min: 2, max: 9 })) }).map(({ period, ...p }) => ({ ...period, ...p })),
            { minLength: 1, maxLength: 2 },
          )
        : fc.constant<SchedulePeriod[]>([]),
    equipment,
    legs: fc.array(scheduleLeg, { minLength: 1, maxLength: 3 }),
    segments: fc.array(fc.record({ board_point: station, off_point: station, data_element_identifier: fc.integer({ min: 1, max: 999 }), data: text(30) }), { maxLength: 2 }),
    supplementary_info: lines,
    text: fc.constant<string[]>([]),
  });
  return fc.oneof({ arbitrary: change, weight: 4 }, { arbitrary: reply, weight: 1 });
}

const scheduleMessage = (type: "ASM" | "SSM"): fc.Arbitrary<ScheduleMessage> =>
  fc.record({
    time_mode: fc.constantFrom("utc" as const, "local" as const),
    message_reference: maybe(fc.stringMatching(/^\d{2}(JAN|FEB|MAR)\d{5}[EC]\d{3}$/)),
    actions: fc.array(actionArb(type), { minLength: 1, maxLength: 3 }),
  });

const movementTime: fc.Arbitrary<MovementTime> = fc.record({ day: maybe(fc.integer({ min: 1, max: 31 })), time: hhmm });
const movement: fc.Arbitrary<MovementMessage> = fc
  .record({
    carrier: carrier2,
    flight_number: fc.integer({ min: 1, max: 9999 }),
    operational_suffix: maybe(letter),
    day: fc.integer({ min: 1, max: 31 }),
    registration: fc.stringMatching(/^[A-Z0-9]{2,8}$/),
    station,
    departure: maybe(fc.tuple(movementTime, maybe(movementTime))),
    arrival: maybe(fc.tuple(movementTime, maybe(movementTime))),
    eta: maybe(fc.tuple(movementTime, station)),
    etd_utc: maybe(movementTime),
    next_information_utc: maybe(movementTime),
    delays: fc.oneof(
      fc.array(fc.record({ code: fc.stringMatching(/^(\d{2}[A-Z]?|[A-Z]{2})$/), minutes: fc.constant(null) }), { maxLength: 3 }),
      fc.array(fc.record({ code: fc.stringMatching(/^(\d{2}[A-Z]?|[A-Z]{2})$/), minutes: fc.integer({ min: 0, max: 5999 }) }), { maxLength: 3 }),
    ),
    px: maybe(fc.tuple(fc.integer({ min: 0, max: 999 }), maybe(fc.integer({ min: 0, max: 999 })))),
    supplementary_info: fc.array(text(50), { maxLength: 2 }),
  })
  .map(({ departure, arrival, eta, px, ...m }) => ({
    ...m,
    number: writtenFlightNumber(m.carrier, m.flight_number, m.operational_suffix),
    atd_utc: departure?.[0] ?? null,
    airborne_utc: departure?.[1] ?? null,
    touchdown_utc: arrival?.[0] ?? null,
    ata_utc: arrival?.[1] ?? null,
    eta_utc: eta?.[0] ?? null,
    eta_station: eta?.[1] ?? null,
    passengers: px?.[0] ?? null,
    infants: px?.[1] ?? null,
  }))
  .filter((m) => !!(m.atd_utc || m.touchdown_utc || m.etd_utc || m.next_information_utc || m.eta_utc || m.delays.length));

const envelope: fc.Arbitrary<TypeBEnvelope | undefined> = fc.option(
  fc.record({
    priority: fc.constantFrom("QU", "QK", "QD"),
    addresses: fc.array(fc.stringMatching(/^[A-Z0-9]{7}$/), { minLength: 1, maxLength: 10 }),
    origin: fc.stringMatching(/^[A-Z0-9]{7}$/),
    sent_at: fc.constant("281200"),
    message_reference: maybe(fc.stringMatching(/^[A-Z0-9]{1,10}$/)),
  }),
  { nil: undefined },
);

const withoutSerials = (file: SsimFile) => ({ ...file, legs: file.legs.map((l) => ({ ...l, record_serial: 0 })) });

describe("schedule and movement telegrams round trip", () => {
  it("SSIM: a file written from any valid model reads back as that model, serial numbers in sequence", () => {
    fc.assert(
      fc.property(ssimFile, (file) => {
        const parsed = parseTelegram(generateTelegram("SSIM", file));
        expect(parsed.errors).toEqual([]);
        expect(parsed.type).toBe("SSIM");
        const read = parsed.message as SsimFile;
        expect(withoutSerials(read)).toEqual(file);
        const serials = read.legs.map((l) => l.record_serial);
        expect(serials).toEqual([...serials].sort((a, b) => a - b));
      }),
      { numRuns: 150 },
    );
  });

  it.each(["ASM", "SSM"] as const)("%s: written with or without a Type-B envelope, reads back as the model", (type) => {
    fc.assert(
      fc.property(scheduleMessage(type), envelope, (message, env) => {
        const parsed = parseTelegram(generateTelegram(type, message, { envelope: env }));
        expect(parsed.errors).toEqual([]);
        expect(parsed.type).toBe(type);
        expect(parsed.message).toEqual(message);
      }),
      { numRuns: 300 },
    );
  });

  it("MVT: written with or without a Type-B envelope, reads back as the model", () => {
    fc.assert(
      fc.property(movement, envelope, (message, env) => {
        const parsed = parseTelegram(generateTelegram("MVT", message, { envelope: env }));
        expect(parsed.errors).toEqual([]);
        expect(parsed.type).toBe("MVT");
        expect(parsed.message).toEqual(message);
      }),
      { numRuns: 300 },
    );
  });
});
