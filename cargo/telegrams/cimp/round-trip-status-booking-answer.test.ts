import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISCREPANCY_CODES } from "../../awb/movement-codes";
import { BOOKING_STATUSES } from "../../bookings/booking-status";
import { awbCheckDigit } from "../../awb/awb-number";
import { formatFlightNumber } from "../../flights/flight-number";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import type { AnswerMessage } from "./answer-message";
import type { BookingMessage, BookingSide } from "./booking-message";
import { PARTS_CODES, VOLUME_CODES, WEIGHT_CODES } from "./consignment";
import type { DayMonth, DayMonthTime } from "./day-time";
import { emptyMovement, STATUS_CODES, STATUS_LAYOUTS, type StatusMessage, type StatusMovement } from "./status-message";

/**
 * Issue 23: generators write what the parsers read. For FSU, FSA, FFR, FFA, FNA and FMA: a random valid model →
 * generateTelegram → parseTelegram gives the same model and no errors; and whatever is done to a written telegram
 * (characters cut, doubled, replaced), parsing it returns errors instead of throwing.
 */
const RUNS = 150;

const airport = fc.stringMatching(/^[A-Z]{3}$/);
const mawb = fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9_999_999 })).map(([prefix, serial]) => `${String(prefix).padStart(3, "0")}-${String(serial).padStart(7, "0")}${awbCheckDigit(serial)}`);
const text = (max: number) => fc.stringMatching(new RegExp(`^[A-Z0-9](?:[A-Z0-9 .,\\-]{0,${max - 2}}[A-Z0-9])?$`));
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const LONGEST = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const dayMonth: fc.Arbitrary<DayMonth> = fc.integer({ min: 1, max: 12 }).chain((month) => fc.record({ day: fc.integer({ min: 1, max: LONGEST[month - 1]! }), month: fc.constant(month) }));
const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}${String(m).padStart(2, "0")}`);
const dayTime: fc.Arbitrary<DayMonthTime> = fc.tuple(dayMonth, nullable(clock), fc.constantFrom(null, "local" as const, "utc" as const)).map(([d, time, zone]) => ({ ...d, time, time_zone: time === null ? null : zone }));
const flight = fc.tuple(fc.stringMatching(/^[A-Z][A-Z0-9]$/), fc.integer({ min: 1, max: 9999 }), fc.constantFrom(null, "A", "Z")).map(([carrier, number, suffix]) => ({ carrier, flight_number: formatFlightNumber({ carrier, number, suffix }) }));

/** A quantity as the consignment line writes it (weights in tenths, volumes in hundredths). */
const quantity = (partTotal: "required" | "optional") =>
  fc
    .record({
      parts_code: fc.constantFrom(...PARTS_CODES),
      pieces: fc.integer({ min: 0, max: 9999 }),
      weight_code: fc.constantFrom(...WEIGHT_CODES),
      weight: fc.integer({ min: 0, max: 9_999_999 }).map((n) => n / 10),
      volume: nullable(fc.tuple(fc.constantFrom(...VOLUME_CODES), fc.integer({ min: 0, max: 9_999_999 }).map((n) => n / 100))),
      density_group: nullable(fc.integer({ min: 0, max: 99 })),
      total: fc.integer({ min: 1, max: 9999 }),
      totalGiven: partTotal === "required" ? fc.constant(true) : fc.boolean(),
    })
    .map(({ volume, total, totalGiven, ...q }) => ({ ...q, volume_code: volume?.[0] ?? null, volume: volume?.[1] ?? null, total_pieces: q.parts_code !== "T" && totalGiven ? total : null }));

const movement: fc.Arbitrary<StatusMovement> = fc
  .record({
    code: fc.constantFrom(...STATUS_CODES),
    flight,
    flight_day: dayMonth,
    time: dayTime,
    location: airport,
    arrival: airport,
    carrier: fc.stringMatching(/^[A-Z][A-Z0-9]$/),
    discrepancy: fc.constantFrom(...DISCREPANCY_CODES),
    quantity: nullable(quantity("optional")),
    departure_time: nullable(fc.record({ kind: fc.constantFrom("S" as const, "E" as const, "A" as const), time: clock })),
    arrival_time: nullable(fc.record({ kind: fc.constantFrom("S" as const, "E" as const, "A" as const), time: clock })),
    name: nullable(text(35)),
    reference: nullable(fc.stringMatching(/^[A-Z0-9]{1,15}$/)),
    ulds: fc.array(fc.stringMatching(/^[A-Z]{3}\d{5}[A-Z0-9]{2}$/), { maxLength: 3 }),
    osi: fc.array(text(60), { maxLength: 2 }),
  })
  .map((r) => {
    const m = emptyMovement(r.code, r.location);
    for (const element of STATUS_LAYOUTS[r.code].elements) {
      if (element === "flight") Object.assign(m, r.flight);
      if (element === "day") m.flight_day = r.flight_day;
      if (element === "day_time") m.time = r.time;
      if (element === "airport_pair") m.arrival_iata = r.arrival;
      if (element === "carrier") m.carrier = r.carrier;
      if (element === "discrepancy") m.discrepancy_code = r.discrepancy;
      if (element === "quantity" && r.quantity) Object.assign(m, r.quantity);
      if (element === "departure_time") m.departure_time = r.departure_time;
      if (element === "arrival_time") m.arrival_time = r.arrival_time;
      if (element === "name") m.name = r.name;
      if (element === "reference") m.reference = r.reference;
    }
    return { ...m, ulds: r.ulds, osi: r.osi };
  });

const route = fc.option(fc.tuple(airport, airport), { nil: null }).map((pair) => ({ origin_iata: pair?.[0] ?? null, destination_iata: pair?.[1] ?? null }));

const statusMessage: fc.Arbitrary<StatusMessage> = fc
  .record({
    mawb,
    route,
    quantity: quantity("required"),
    movements: fc.array(movement, { minLength: 1, maxLength: 6 }),
    customs: fc.array(fc.record({ country_code: nullable(fc.stringMatching(/^[A-Z]{2}$/)), information_identifier: nullable(fc.stringMatching(/^[A-Z]{3}$/)), customs_identifier: nullable(fc.stringMatching(/^[A-Z]{2}$/)), supplementary_information: nullable(text(35)) }), { maxLength: 3 }),
  })
  .map(({ route, quantity, ...m }) => ({ ...m, ...route, ...quantity }));

const party = fc.record({ account_number: nullable(fc.stringMatching(/^[A-Z0-9]{1,14}$/)), iata_code: nullable(fc.stringMatching(/^\d{7}$/)), name: nullable(text(35)), city: nullable(text(35)) });

const bookingMessage = (side: BookingSide): fc.Arbitrary<BookingMessage> =>
  fc
    .record({
      mawb,
      origin_iata: airport,
      destination_iata: airport,
      quantity: quantity("required"),
      commodity: nullable(text(20)),
      bookings: fc.array(fc.record({ flight, flight_day: dayMonth, origin_iata: airport, destination_iata: airport, status: fc.constantFrom(...BOOKING_STATUSES) }), { minLength: 1, maxLength: 4 }),
      dimensions: fc.array(fc.record({ pieces: fc.integer({ min: 1, max: 9999 }), weight: nullable(fc.integer({ min: 0, max: 9_999_999 }).map((n) => n / 10)), length: fc.integer({ min: 1, max: 9999 }), width: fc.integer({ min: 1, max: 9999 }), height: fc.integer({ min: 1, max: 9999 }) }), { maxLength: 3 }),
      shcs: fc.array(fc.stringMatching(/^[A-Z]{3}$/), { maxLength: 4 }),
      product_code: nullable(fc.stringMatching(/^[A-Z0-9]{1,12}$/)),
      ssr: fc.array(text(60), { maxLength: 2 }),
      osi: fc.array(text(60), { maxLength: 2 }),
      customer: nullable(party),
      agent: nullable(party),
      reference: nullable(fc.record({ address: nullable(fc.stringMatching(/^[A-Z0-9]{7}$/)), file_reference: nullable(fc.stringMatching(/^[A-Z0-9\-.]{1,15}$/)) })),
    })
    .map(({ quantity, bookings, ...m }) => ({
      ...m,
      ...quantity,
      bookings: bookings.map(({ flight, status, ...leg }) => ({ ...flight, ...leg, request_status: side === "request_status" ? status : null, response_status: side === "response_status" ? status : null })),
    }));

const answerMessage = (needsOriginal: boolean): fc.Arbitrary<AnswerMessage> =>
  fc
    .record({
      reason: fc.array(text(60), { minLength: 1, maxLength: 3 }),
      original: fc.option(fc.record({ type: fc.stringMatching(/^[A-Z]{3}$/), version: nullable(fc.integer({ min: 1, max: 99 }).map(String)), lines: fc.array(fc.stringMatching(/^[A-Z0-9/][A-Z0-9 /.\-]{0,40}[A-Z0-9]$/), { maxLength: 4 }) }), { nil: null, freq: needsOriginal ? 1_000_000 : 2 }),
    })
    .filter(({ original }) => !needsOriginal || original !== null)
    .map(({ reason, original }) => ({
      reason,
      original_type: original?.type ?? null,
      original_version: original?.version ?? null,
      original_content: original ? [`${original.type}${original.version ? `/${original.version}` : ""}`, ...original.lines].join("\n") : null,
    }));

const MODELS: Array<[string, fc.Arbitrary<unknown>]> = [
  ["FSU", statusMessage],
  ["FSA", statusMessage],
  ["FFR", bookingMessage("request_status")],
  ["FFA", bookingMessage("response_status")],
  ["FNA", answerMessage(true)],
  ["FMA", answerMessage(false)],
];

describe("round trips", () => {
  it.each(MODELS)("%s: a random valid model is written and read back the same, without errors", (type, model) => {
    fc.assert(
      fc.property(model, (message) => {
        const parsed = parseTelegram(generateTelegram(type, message));
        expect(parsed.errors).toEqual([]);
        expect(parsed.type).toBe(type);
        expect(parsed.message).toEqual(message);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(MODELS)("%s: a damaged telegram gives errors, never an exception", (type, model) => {
    const damage = fc.array(fc.tuple(fc.nat(), fc.constantFrom("", "/", "\n", "X", "9", "//", "\r\n/", "\u0003")), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(model, damage, (message, cuts) => {
        let text = generateTelegram(type, message);
        for (const [at, insert] of cuts) {
          const i = at % (text.length + 1);
          text = `${text.slice(0, i)}${insert}${text.slice(i + (insert === "" ? 1 : 0))}`;
        }
        const parsed = parseTelegram(text);
        expect(Array.isArray(parsed.errors)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
