import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { canonicalFlightNumber, clockOf, flightServerMessage, scheduleFieldName, scheduleInputs, singleDefaults, singleInput } from "~/lib/flights/flight-form-input";
import { withoutLines } from "~/lib/flights/flight-form-lines";
import { flightFormModeOf, parseWeekdays, ScheduleFormSchema, SingleFlightFormSchema } from "~/lib/flights/flight-form-schema";
import type { Segment } from "~/lib/upstream/segments.server";
import { formOf } from "./form-data";

/** A FormData as the browser posts it (repeated names for ticked weekday boxes). */
/** The field errors of a parsed form (none for a valid one). */
const errorsOf = (s: { reply(): { error?: Record<string, string[] | null> | null } }) => s.reply().error ?? {};

const schedule = (lines: Array<Array<[string, string]>>, extra: Array<[string, string]> = []) =>
  formOf([
    ["number", "s7 7001"],
    ["origin_iata", "dme"],
    ["destination_iata", "OVB"],
    ["period_from", "2026-12-01"],
    ["period_to", "2026-12-14"],
    ["time_mode", "local"],
    ...lines.flatMap((line, i) => line.map(([k, v]) => [`lines[${i}].${k}`, v] as [string, string])),
    ...extra,
  ]);

describe("weekday picker", () => {
  it("reads ticked boxes (one value, several, none) as sorted unique ISO weekdays", () => {
    expect(parseWeekdays(["5", "1", "3", "3"])).toEqual([1, 3, 5]);
    expect(parseWeekdays("6")).toEqual([6]); // one ticked box posts a single value
    expect(parseWeekdays(undefined)).toEqual([]);
    expect(parseWeekdays(["0", "8", "7"])).toEqual([7]);
    expect(parseWeekdays("135")).toEqual([1, 3, 5]);
  });

  it("a Regular line without a weekday is refused beside the weekday picker", () => {
    const s = parseWithZod(schedule([[["departure_time", "22:00"], ["arrival_time", "06:00"], ["arrival_date_variation", "1"]]]), { schema: ScheduleFormSchema });
    expect(s.status).toBe("error");
    expect(errorsOf(s)["lines[0].days_of_week"]).toEqual(["flight-form:errors.noWeekday"]);
  });

  it("two lines may not share a weekday (the second would repeat the first one's flights)", () => {
    const s = parseWithZod(
      schedule([
        [["days_of_week", "1"], ["days_of_week", "3"], ["departure_time", "22:00"], ["arrival_time", "06:00"], ["arrival_date_variation", "1"]],
        [["days_of_week", "3"], ["days_of_week", "6"], ["departure_time", "23:30"], ["arrival_time", "07:30"], ["arrival_date_variation", "1"]],
      ]),
      { schema: ScheduleFormSchema },
    );
    expect(s.status).toBe("error");
    expect(errorsOf(s)["lines[1].days_of_week"]).toEqual(["flight-form:errors.weekdayTwice"]);
    expect(errorsOf(s)["lines[0].days_of_week"]).toBeUndefined();
  });
});

describe("schedule lines → POST schedules bodies", () => {
  it("one body per line with its weekdays, times, day variation and aircraft; the number without spaces", () => {
    const s = parseWithZod(
      schedule([
        [["days_of_week", "1"], ["days_of_week", "3"], ["days_of_week", "5"], ["departure_time", "22:00"], ["arrival_time", "06:00"], ["arrival_date_variation", "1"], ["aircraft_type", "32n"]],
        [["days_of_week", "6"], ["departure_time", "23:30"], ["arrival_time", "07:30"], ["arrival_date_variation", "1"], ["aircraft_type", "73H"]],
      ]),
      { schema: ScheduleFormSchema },
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    const bodies = scheduleInputs(s.value);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({
      number: "S77001",
      origin_iata: "DME",
      destination_iata: "OVB",
      days_of_week: "135",
      departure_time: "22:00",
      arrival_time: "06:00",
      arrival_date_variation: 1,
      aircraft_type: "32N",
      time_mode: "local",
    });
    expect(bodies[1]).toMatchObject({ days_of_week: "6", departure_time: "23:30", aircraft_type: "73H" });
  });

  it("times: a same-day arrival before departure, a wrong clock and a backwards period are refused", () => {
    const s = parseWithZod(
      formOf([
        ["number", "7001"],
        ["origin_iata", "DME"],
        ["destination_iata", "OVB"],
        ["period_from", "2026-12-10"],
        ["period_to", "2026-12-01"],
        ["lines[0].days_of_week", "2"],
        ["lines[0].departure_time", "22:00"],
        ["lines[0].arrival_time", "06:00"],
        ["lines[0].arrival_date_variation", "0"],
      ]),
      { schema: ScheduleFormSchema },
    );
    expect(errorsOf(s)["period_to"]).toEqual(["flight-form:errors.periodOrder"]);
    expect(errorsOf(s)["lines[0].arrival_time"]).toEqual(["flight-form:errors.arrivalBeforeDeparture"]);

    const wrongClock = parseWithZod(schedule([[["days_of_week", "2"], ["departure_time", "25:00"], ["arrival_time", "06:00"]]]), { schema: ScheduleFormSchema });
    expect(errorsOf(wrongClock)["lines[0].departure_time"]).toEqual(["flight-form:errors.time"]);
  });

  it("a period longer than a year is refused beside its end", () => {
    const form = schedule([[["days_of_week", "2"], ["departure_time", "10:00"], ["arrival_time", "12:00"]]]);
    form.set("period_to", "2027-12-02");
    expect(errorsOf(parseWithZod(form, { schema: ScheduleFormSchema }))["period_to"]).toEqual(["flight-form:errors.periodTooLong"]);
  });

  it("the flight number as stored, for the list filter the user lands on", () => {
    expect(canonicalFlightNumber("S7701", "S7")).toBe("S70701");
    expect(canonicalFlightNumber("7102", "S7")).toBe("S77102");
    expect(canonicalFlightNumber("S77102A", "S7")).toBe("S77102A");
    expect(canonicalFlightNumber("SU26", "S7")).toBe("SU0026");
  });

  it("schedule API field names land on the line that failed", () => {
    expect(scheduleFieldName("days_of_week", 1)).toBe("lines[1].days_of_week");
    expect(scheduleFieldName("block_minutes", 0)).toBe("lines[0].arrival_time");
    expect(scheduleFieldName("period_to", 2)).toBe("period_to");
    expect(scheduleFieldName("schedule_id", 0)).toBeNull();
  });
});

describe("withoutLines: stored lines leave the form after a partial save", () => {
  it("drops the stored lines and renumbers the rest, keeping every other value", () => {
    const form = schedule([
      [["days_of_week", "1"], ["departure_time", "22:00"]],
      [["days_of_week", "3"], ["departure_time", "10:00"]],
      [["days_of_week", "6"], ["days_of_week", "7"], ["departure_time", "23:30"]],
    ]);
    const rest = withoutLines(form, new Set([0]));
    expect(rest.getAll("lines[0].days_of_week")).toEqual(["3"]);
    expect(rest.getAll("lines[1].days_of_week")).toEqual(["6", "7"]);
    expect(rest.get("lines[1].departure_time")).toBe("23:30");
    expect(rest.has("lines[2].departure_time")).toBe(false);
    expect(rest.get("number")).toBe("s7 7001");
  });
});

describe("Single: form ↔ segment", () => {
  const single = (extra: Array<[string, string]> = []) =>
    formOf([
      ["number", "S7 7100"],
      ["flight_date", "2026-12-05"],
      ["origin_iata", "DME"],
      ["destination_iata", "OVB"],
      ["std", "22:00"],
      ["sta", "06:00"],
      ["sta_day", "1"],
      ["time_mode", "local"],
      ["forbidden_shc", "rrw, avi"],
      ...extra,
    ]);

  it("STD is the departure date's clock, STA the clock on the arrival day; codes upper-cased", () => {
    const s = parseWithZod(single([["charter", "on"], ["payload", "12000"]]), { schema: SingleFlightFormSchema });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    const { segment, timeMode } = singleInput(s.value);
    expect(timeMode).toBe("local");
    expect(segment).toMatchObject({ number: "S77100", std: "2026-12-05T22:00", sta: "2026-12-06T06:00", forbidden_shc: ["RRW", "AVI"], charter: true, aci_required: false, payload: 12000 });
  });

  it("a same-day arrival must be later than the departure; origin and destination must differ", () => {
    const form = single([["destination_iata", "DME"]]);
    form.set("sta_day", "0");
    form.set("destination_iata", "DME");
    const s = parseWithZod(form, { schema: SingleFlightFormSchema });
    expect(errorsOf(s)["sta"]).toEqual(["flight-form:errors.arrivalBeforeDeparture"]);
    expect(errorsOf(s)["destination_iata"]).toEqual(["flight-form:errors.sameAirports"]);
  });

  it("a stored segment shows its times as the airports' clocks or in UTC, with the arrival day", () => {
    const segment = {
      number: "S70101",
      flight_date: "2026-12-05",
      origin_iata: "DME",
      destination_iata: "OVB",
      std: "2026-12-05T19:00:00.000Z",
      std_local: "2026-12-05T22:00:00+03:00",
      sta: "2026-12-05T23:00:00.000Z",
      sta_local: "2026-12-06T06:00:00+07:00",
      etd: null,
      etd_local: null,
      eta: null,
      eta_local: null,
      forbidden_shc: ["AVI"],
      charter: true,
      aci_required: false,
      estimated_weight: 0,
      estimated_volume: 0,
    } as unknown as Segment;
    expect(singleDefaults(segment, "local")).toMatchObject({ flight_date: "2026-12-05", std: "22:00", sta: "06:00", sta_day: "1", time_mode: "local", forbidden_shc: "AVI", charter: "on" });
    expect(singleDefaults(segment, "utc")).toMatchObject({ flight_date: "2026-12-05", std: "19:00", sta: "23:00", sta_day: "0", time_mode: "utc" });
    expect(clockOf("2026-12-05T23:30:00Z", null, "local")).toEqual({ date: "2026-12-05", time: "23:30" });
  });

  it("the API's texts become this form's messages", () => {
    // by code, never by the sentence (which says something else here on purpose)
    expect(flightServerMessage({ code: "must_be_after", params: { field: "std" }, message: "x" })).toBe("flight-form:errors.arrivalBeforeDeparture");
    expect(flightServerMessage({ code: "unknown_airport", params: { code: "XXX" }, message: "x" })).toBe("flight-form:errors.airport");
    expect(flightServerMessage({ code: "schedule_invalid", params: { detail: "no_operating_day" }, message: "x" })).toBe("flight-form:errors.noOperatingDay");
    expect(flightServerMessage({ code: "flight_full", params: { free_kg: 1 }, message: "Flight is full" })).toBe("errors:refusal.flight_full?free_kg=1&defaultValue=Flight+is+full");
  });

  it("?mode= picks the mode; anything else is Single", () => {
    expect(flightFormModeOf("regular")).toBe("regular");
    expect(flightFormModeOf("schedule")).toBe("schedule");
    expect(flightFormModeOf("weird")).toBe("single");
    expect(flightFormModeOf(null)).toBe("single");
  });
});
