import { describe, expect, it } from "vitest";
import { expandSchedule, MAX_SCHEDULE_DAYS, type ScheduleInput } from "./schedule";

const base: ScheduleInput = {
  periodFrom: "2026-11-02",
  periodTo: "2026-11-15",
  daysOfWeek: "1234567",
  originTimeZone: "Europe/Moscow",
  destinationTimeZone: "Asia/Novosibirsk",
  departureTime: "22:00",
  blockMinutes: 240,
};

function ok(input: ScheduleInput) {
  const r = expandSchedule(input);
  if (!r.ok) throw new Error(`expected a schedule, got ${JSON.stringify(r.errors)}`);
  return r.segments;
}

const iso = (d: Date) => d.toISOString().slice(0, 16) + "Z";

describe("expandSchedule: weekdays and period", () => {
  it("daily over two weeks gives 14 segments, one per local date", () => {
    const s = ok(base);
    expect(s).toHaveLength(14);
    expect(s[0]!.flightDate).toBe("2026-11-02");
    expect(s[13]!.flightDate).toBe("2026-11-15");
  });

  it("1.3.5.7 picks Mondays, Wednesdays, Fridays and Sundays (SSIM numbering, 1 = Monday)", () => {
    const s = ok({ ...base, daysOfWeek: "1.3.5.7" });
    expect(s.map((x) => x.flightDate)).toEqual([
      "2026-11-02", "2026-11-04", "2026-11-06", "2026-11-08",
      "2026-11-09", "2026-11-11", "2026-11-13", "2026-11-15",
    ]);
    expect(s.map((x) => x.weekday)).toEqual([1, 3, 5, 7, 1, 3, 5, 7]);
  });

  it("accepts a weekday list", () => {
    expect(ok({ ...base, daysOfWeek: [6] }).map((x) => x.flightDate)).toEqual(["2026-11-07", "2026-11-14"]);
  });

  it("a one-day period", () => {
    expect(ok({ ...base, periodFrom: "2026-11-05", periodTo: "2026-11-05" })).toHaveLength(1);
  });

  it("366 days (a leap year) is allowed, 367 is not", () => {
    expect(ok({ ...base, periodFrom: "2028-01-01", periodTo: "2028-12-31" })).toHaveLength(MAX_SCHEDULE_DAYS);
    expect(expandSchedule({ ...base, periodFrom: "2026-01-01", periodTo: "2027-01-02" })).toEqual({
      ok: false,
      errors: [{ code: "period_too_long", field: "periodTo" }],
    });
  });
});

describe("expandSchedule: times", () => {
  it("local departure + block time: Moscow 22:00 to Novosibirsk next morning", () => {
    const [first] = ok(base);
    expect(iso(first!.std)).toBe("2026-11-02T19:00Z");
    expect(iso(first!.sta)).toBe("2026-11-02T23:00Z");
    expect(first!.departureLocal).toEqual({ date: "2026-11-02", time: "22:00", offsetMinutes: 180 });
    expect(first!.arrivalLocal).toEqual({ date: "2026-11-03", time: "06:00", offsetMinutes: 420 });
    expect(first!.blockMinutes).toBe(240);
  });

  it("keeps the local departure time across a DST change; the UTC time moves", () => {
    const s = ok({
      periodFrom: "2026-10-23",
      periodTo: "2026-10-26",
      daysOfWeek: "1234567",
      originTimeZone: "Europe/London",
      destinationTimeZone: "America/New_York",
      departureTime: "10:00",
      blockMinutes: 480,
    });
    expect(s.map((x) => x.departureLocal.time)).toEqual(["10:00", "10:00", "10:00", "10:00"]);
    expect(s.map((x) => iso(x.std))).toEqual(["2026-10-23T09:00Z", "2026-10-24T09:00Z", "2026-10-25T10:00Z", "2026-10-26T10:00Z"]);
    expect(s.every((x) => x.sta.getTime() - x.std.getTime() === 480 * 60_000)).toBe(true);
  });

  it("local arrival time: block time follows the two zones' different DST weeks", () => {
    // London leaves summer time on 25 Oct, New York on 1 Nov: for one week the gap is 4 h, not 5.
    const s = ok({
      periodFrom: "2026-10-24",
      periodTo: "2026-11-01",
      daysOfWeek: "1234567",
      originTimeZone: "Europe/London",
      destinationTimeZone: "America/New_York",
      departureTime: "10:00",
      arrivalTime: "13:00",
    });
    const byDate = Object.fromEntries(s.map((x) => [x.flightDate, x]));
    expect(byDate["2026-10-24"]!.blockMinutes).toBe(8 * 60); // BST -> EDT
    expect(byDate["2026-10-25"]!.blockMinutes).toBe(7 * 60); // GMT -> EDT
    expect(byDate["2026-10-31"]!.blockMinutes).toBe(7 * 60);
    expect(byDate["2026-11-01"]!.blockMinutes).toBe(8 * 60); // GMT -> EST
    expect(s.every((x) => x.arrivalLocal.time === "13:00" && x.arrivalLocal.date === x.flightDate)).toBe(true);
    expect(iso(byDate["2026-11-01"]!.sta)).toBe("2026-11-01T18:00Z");
  });

  it("a departure in the spring-forward gap moves forward by the gap and says so", () => {
    const s = ok({
      periodFrom: "2026-03-28",
      periodTo: "2026-03-30",
      daysOfWeek: "1234567",
      originTimeZone: "Europe/London",
      destinationTimeZone: "Europe/Moscow",
      departureTime: "01:30",
      blockMinutes: 240,
    });
    expect(s.map((x) => iso(x.std))).toEqual(["2026-03-28T01:30Z", "2026-03-29T01:30Z", "2026-03-30T00:30Z"]);
    expect(s.map((x) => x.departureLocal.time)).toEqual(["01:30", "02:30", "01:30"]);
    expect(s.map((x) => x.departureShiftedMinutes)).toEqual([0, 60, 0]);
  });

  it("a departure in the fall-back overlap takes the earlier instant", () => {
    const [s] = ok({
      periodFrom: "2026-11-01",
      periodTo: "2026-11-01",
      daysOfWeek: "7",
      originTimeZone: "America/New_York",
      destinationTimeZone: "America/Chicago",
      departureTime: "01:30",
      blockMinutes: 150,
    });
    expect(iso(s!.std)).toBe("2026-11-01T05:30Z");
    expect(s!.departureLocal.offsetMinutes).toBe(-240);
  });

  it("across the date line: Auckland -> Honolulu lands on the previous local date", () => {
    const [s] = ok({
      periodFrom: "2026-07-10",
      periodTo: "2026-07-10",
      daysOfWeek: "1234567",
      originTimeZone: "Pacific/Auckland",
      destinationTimeZone: "Pacific/Honolulu",
      departureTime: "22:00",
      arrivalTime: "09:30",
    });
    expect(iso(s!.std)).toBe("2026-07-10T10:00Z");
    expect(iso(s!.sta)).toBe("2026-07-10T19:30Z");
    expect(s!.arrivalLocal.date).toBe("2026-07-10");
    expect(s!.blockMinutes).toBe(570);
  });

  it("an arrival time on the previous local date is found without a date variation (Kiritimati -> Honolulu)", () => {
    const [s] = ok({
      periodFrom: "2026-07-11",
      periodTo: "2026-07-11",
      daysOfWeek: "1234567",
      originTimeZone: "Pacific/Kiritimati",
      destinationTimeZone: "Pacific/Honolulu",
      departureTime: "08:00",
      arrivalTime: "11:00",
    });
    expect(s!.departureLocal.date).toBe("2026-07-11");
    expect(s!.arrivalLocal).toEqual({ date: "2026-07-10", time: "11:00", offsetMinutes: -600 });
    expect(s!.blockMinutes).toBe(180);
  });

  it("across the date line eastwards: Pago Pago (-11) -> Kiritimati (+14) lands two dates later", () => {
    const [s] = ok({
      periodFrom: "2026-07-10",
      periodTo: "2026-07-10",
      daysOfWeek: "1234567",
      originTimeZone: "Pacific/Pago_Pago",
      destinationTimeZone: "Pacific/Kiritimati",
      departureTime: "22:00",
      blockMinutes: 180,
    });
    expect(s!.departureLocal.date).toBe("2026-07-10");
    expect(s!.arrivalLocal).toEqual({ date: "2026-07-12", time: "02:00", offsetMinutes: 840 }); // 09:00Z on the 11th + 3 h
  });

  it("an explicit date variation is honoured", () => {
    const [s] = ok({ ...base, periodFrom: "2026-11-02", periodTo: "2026-11-02", blockMinutes: undefined, arrivalTime: "06:00", arrivalDateVariation: 1 });
    expect(iso(s!.sta)).toBe("2026-11-02T23:00Z");
    const r = expandSchedule({ ...base, periodFrom: "2026-11-02", periodTo: "2026-11-02", blockMinutes: undefined, arrivalTime: "06:00", arrivalDateVariation: 0 });
    expect(r).toEqual({ ok: false, errors: [{ code: "arrival_not_after_departure", field: "arrivalTime" }] });
  });

  it("utc mode reads the period and times as UTC and still shows local times", () => {
    const [s] = ok({ ...base, timeMode: "utc", periodFrom: "2026-11-02", periodTo: "2026-11-02", departureTime: "22:00" });
    expect(iso(s!.std)).toBe("2026-11-02T22:00Z");
    expect(s!.departureLocal).toEqual({ date: "2026-11-03", time: "01:00", offsetMinutes: 180 });
    expect(s!.flightDate).toBe("2026-11-02");
  });

  it("utc mode weekdays are UTC weekdays", () => {
    // 2026-11-02 is a Monday in UTC; 01:00 Moscow local on Tuesday would be Monday 22:00 UTC.
    const s = ok({ ...base, timeMode: "utc", daysOfWeek: "1", periodFrom: "2026-11-02", periodTo: "2026-11-08" });
    expect(s.map((x) => x.flightDate)).toEqual(["2026-11-02"]);
  });
});

describe("expandSchedule: validation", () => {
  it.each<[string, Partial<ScheduleInput>, { code: string; field: string }[]]>([
    ["end before start", { periodFrom: "2026-11-10", periodTo: "2026-11-09" }, [{ code: "period_end_before_start", field: "periodTo" }]],
    ["no weekday", { daysOfWeek: "......." }, [{ code: "no_weekday", field: "daysOfWeek" }]],
    ["empty weekdays", { daysOfWeek: "" }, [{ code: "no_weekday", field: "daysOfWeek" }]],
    ["bad weekdays", { daysOfWeek: "189" }, [{ code: "invalid_days_of_week", field: "daysOfWeek" }]],
    ["impossible date", { periodFrom: "2026-02-30" }, [{ code: "invalid_date", field: "periodFrom" }]],
    ["bad time", { departureTime: "24:00" }, [{ code: "invalid_time", field: "departureTime" }]],
    ["short time", { departureTime: "9:30" }, [{ code: "invalid_time", field: "departureTime" }]],
    ["bad zone", { originTimeZone: "Europe/Atlantis" }, [{ code: "invalid_time_zone", field: "originTimeZone" }]],
    ["no arrival", { blockMinutes: undefined }, [{ code: "arrival_required", field: "arrivalTime" }]],
    ["both arrival forms", { arrivalTime: "06:00" }, [{ code: "arrival_conflict", field: "blockMinutes" }]],
    ["zero block", { blockMinutes: 0 }, [{ code: "invalid_block_time", field: "blockMinutes" }]],
    ["day-long block", { blockMinutes: 1440 }, [{ code: "invalid_block_time", field: "blockMinutes" }]],
    ["fractional block", { blockMinutes: 90.5 }, [{ code: "invalid_block_time", field: "blockMinutes" }]],
    ["bad arrival time", { blockMinutes: undefined, arrivalTime: "6" }, [{ code: "invalid_time", field: "arrivalTime" }]],
    ["bad variation", { blockMinutes: undefined, arrivalTime: "06:00", arrivalDateVariation: 3 }, [{ code: "invalid_date_variation", field: "arrivalDateVariation" }]],
    ["no operating day in the period", { periodFrom: "2026-11-02", periodTo: "2026-11-03", daysOfWeek: "5" }, [{ code: "no_operating_day", field: "daysOfWeek" }]],
  ])("%s", (_name, patch, errors) => {
    expect(expandSchedule({ ...base, ...patch })).toEqual({ ok: false, errors });
  });

  it("reports every problem at once", () => {
    const r = expandSchedule({ ...base, periodTo: "2026-10-01", daysOfWeek: "", departureTime: "25:00" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code).sort()).toEqual(["invalid_time", "no_weekday", "period_end_before_start"]);
  });
});
