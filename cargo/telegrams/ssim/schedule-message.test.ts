import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTelegram } from "../parse-telegram";
import type { ScheduleMessage } from "./schedule-message";

const read = (dir: string, name: string) => parseTelegram(fs.readFileSync(path.resolve("tests/fixtures/telegrams", dir, name), "latin1"));

describe("ASM and SSM", () => {
  it("reads an ASM's action, flight and date, equipment, leg and segment lines and SI", () => {
    const { type, family, message, errors } = read("asm", "new-flight.txt");
    expect([type, family, errors]).toEqual(["ASM", "schedule_message", []]);
    const m = message as ScheduleMessage;
    expect(m.time_mode).toBe("utc");
    expect(m.message_reference).toBe("12MAR00001E001");
    expect(m.actions).toEqual([
      {
        action: "NEW", reasons: [], text: [],
        flights: [{ carrier: "S7", flight_number: 1001, operational_suffix: null, number: "S71001", dates: ["2027-03-15"] }],
        periods: [],
        equipment: { service_type: "J", aircraft_type: "320", prbd: "CY", aircraft_configuration: "C8Y150", additional: [] },
        legs: [{ origin_iata: "OVB", std: "01:30", passenger_std: null, departure_date_variation: 0, destination_iata: "DME", sta: "04:20", passenger_sta: null, arrival_date_variation: 0, additional: [] }],
        segments: [{ board_point: "OVB", off_point: "DME", data_element_identifier: 505, data: "ET" }],
        supplementary_info: ["EXTRA SECTION FOR SPRING HOLIDAYS"],
      },
    ]);
  });

  it("splits sub-messages at //, keeps a date without a year without one, reads date variations", () => {
    const m = read("asm", "cancel-and-retime.txt").message as ScheduleMessage;
    expect(m.time_mode).toBe("local");
    expect(m.actions.map((a) => a.action)).toEqual(["CNL", "TIM"]);
    expect(m.actions[0]!.flights[0]!.dates).toEqual(["--03-16", "--03-17"]);
    expect(m.actions[1]!.legs.map((l) => [l.origin_iata, l.departure_date_variation, l.destination_iata, l.arrival_date_variation])).toEqual([
      ["DME", 0, "OVB", 1],
      ["OVB", 1, "KJA", 1],
    ]);
  });

  it("reads an SSM's periods with days and frequency rate, inside a Type-B envelope", () => {
    const parsed = read("ssm", "type-b-fortnightly.txt");
    expect(parsed.envelope).toMatchObject({ priority: "QD", addresses: ["MOWRMS7"], origin: "OVBKKS7" });
    expect((parsed.message as ScheduleMessage).actions[0]!.periods).toEqual([{ period_from: "2026-11-02", period_to: "2027-03-22", days_of_week: "1", frequency_rate: 2 }]);
    const open = read("ssm", "cancel-open-period.txt").message as ScheduleMessage;
    expect(open.actions[0]!.periods[0]!.period_to).toBeNull();
  });

  it("names an unknown action and still reads the sub-messages after it", () => {
    const { message, errors } = read("asm", "unknown-action.txt");
    expect(errors).toEqual([expect.objectContaining({ line: 3, code: "unknown_action", params: { action: "XYZ" } })]);
    expect((message as ScheduleMessage).actions.map((a) => a.action)).toEqual(["CNL"]);
  });

  it("says which line holds a wrong period", () => {
    const { errors } = read("ssm", "bad-period.txt");
    expect(errors[0]).toMatchObject({ line: 5, code: "bad_field", params: { field: "period of operation to" } });
  });
});
