import { describe, expect, it } from "vitest";
import {
  formatLocalIso,
  formatOffset,
  isValidTimeZone,
  localDayWindow,
  localToUtc,
  offsetMinutesAt,
  resolveLocalTime,
  utcToLocal,
  ZonedTimeError,
} from "./zoned-time";

const utc = (iso: string) => new Date(iso);

describe("localToUtc / utcToLocal round trip on ordinary times", () => {
  it.each([
    // local, zone, UTC
    ["2026-11-22T10:00", "Europe/Moscow", "2026-11-22T07:00:00Z"],
    ["2026-06-22T10:00", "Europe/Moscow", "2026-06-22T07:00:00Z"], // Moscow keeps +3 all year
    ["2026-07-01T12:00", "Asia/Kathmandu", "2026-07-01T06:15:00Z"], // +5:45
    ["2026-01-01T00:00", "Asia/Kolkata", "2025-12-31T18:30:00Z"], // +5:30, previous UTC day and year
    ["2026-07-10T08:00", "Pacific/Kiritimati", "2026-07-09T18:00:00Z"], // +14
    ["2026-07-10T08:00", "Pacific/Pago_Pago", "2026-07-10T19:00:00Z"], // -11
    ["2026-01-15T09:00", "Pacific/Auckland", "2026-01-14T20:00:00Z"], // NZDT +13
    ["2026-07-15T09:00", "Pacific/Auckland", "2026-07-14T21:00:00Z"], // NZST +12
    ["2026-07-15T09:00", "America/Los_Angeles", "2026-07-15T16:00:00Z"], // PDT -7
    ["2026-01-15T09:00", "America/Los_Angeles", "2026-01-15T17:00:00Z"], // PST -8
    ["2026-02-01T23:59", "Asia/Novosibirsk", "2026-02-01T16:59:00Z"], // +7
    ["2026-02-01T12:00", "UTC", "2026-02-01T12:00:00Z"],
  ])("%s in %s is %s", (local, zone, expected) => {
    const instant = localToUtc(local, zone);
    expect(instant.toISOString()).toBe(new Date(expected).toISOString());
    const back = utcToLocal(instant, zone);
    expect(`${back.date}T${back.time}`).toBe(local);
  });
});

describe("offsets", () => {
  it.each([
    ["2026-07-01T00:00:00Z", "Asia/Kathmandu", 345],
    ["2026-07-01T00:00:00Z", "Asia/Kolkata", 330],
    ["2026-07-01T00:00:00Z", "Australia/Eucla", 525], // +8:45
    ["2026-07-01T00:00:00Z", "Pacific/Chatham", 765], // +12:45 (winter)
    ["2026-07-01T00:00:00Z", "Pacific/Kiritimati", 840],
    ["2026-07-01T00:00:00Z", "Pacific/Pago_Pago", -660],
    ["2026-07-01T00:00:00Z", "Europe/Moscow", 180],
    ["2026-01-01T00:00:00Z", "Europe/Moscow", 180],
    ["2026-01-01T00:00:00Z", "Europe/London", 0],
    ["2026-07-01T00:00:00Z", "Europe/London", 60],
    ["2026-07-01T00:00:00Z", "America/New_York", -240],
    ["2026-01-01T00:00:00Z", "America/New_York", -300],
    ["2026-07-01T00:00:00Z", "America/St_Johns", -150], // -2:30 (NDT)
    ["2026-07-01T00:00:00Z", "UTC", 0],
  ])("at %s %s is %i minutes", (instant, zone, minutes) => {
    expect(offsetMinutesAt(utc(instant), zone)).toBe(minutes);
    expect(utcToLocal(utc(instant), zone).offsetMinutes).toBe(minutes);
  });

  it("Moscow had DST before 2011 and +4 in 2011-2014, so the zone database is really consulted", () => {
    expect(offsetMinutesAt(utc("2010-07-01T00:00:00Z"), "Europe/Moscow")).toBe(240); // MSD
    expect(offsetMinutesAt(utc("2010-01-01T00:00:00Z"), "Europe/Moscow")).toBe(180);
    expect(offsetMinutesAt(utc("2013-01-01T00:00:00Z"), "Europe/Moscow")).toBe(240);
  });

  it("changes exactly at the transition instant", () => {
    // London springs forward at 01:00 UTC on 2026-03-29.
    expect(offsetMinutesAt(utc("2026-03-29T00:59:59Z"), "Europe/London")).toBe(0);
    expect(offsetMinutesAt(utc("2026-03-29T01:00:00Z"), "Europe/London")).toBe(60);
    // New York falls back at 06:00 UTC on 2026-11-01.
    expect(offsetMinutesAt(utc("2026-11-01T05:59:59Z"), "America/New_York")).toBe(-240);
    expect(offsetMinutesAt(utc("2026-11-01T06:00:00Z"), "America/New_York")).toBe(-300);
  });

  it("accepts a number of milliseconds as well as a Date", () => {
    expect(offsetMinutesAt(Date.UTC(2026, 6, 1), "Asia/Kathmandu")).toBe(345);
  });
});

describe("formatOffset", () => {
  it.each([
    [0, "+00:00"],
    [180, "+03:00"],
    [345, "+05:45"],
    [-660, "-11:00"],
    [-150, "-02:30"],
    [840, "+14:00"],
    [-30, "-00:30"],
  ])("%i -> %s", (minutes, text) => {
    expect(formatOffset(minutes)).toBe(text);
  });

  it("formatLocalIso keeps the offset", () => {
    expect(formatLocalIso(utc("2026-07-01T06:15:00Z"), "Asia/Kathmandu")).toBe("2026-07-01T12:00+05:45");
    expect(formatLocalIso(utc("2026-07-10T19:00:00Z"), "Pacific/Pago_Pago")).toBe("2026-07-10T08:00-11:00");
  });
});

describe("DST gaps: a local time that does not exist moves forward by the gap", () => {
  it.each([
    // zone, local that does not exist, UTC instant, local it lands on
    ["Europe/London", "2026-03-29T01:00", "2026-03-29T01:00:00Z", "02:00"],
    ["Europe/London", "2026-03-29T01:30", "2026-03-29T01:30:00Z", "02:30"],
    ["Europe/London", "2026-03-29T01:59", "2026-03-29T01:59:00Z", "02:59"],
    ["America/New_York", "2026-03-08T02:00", "2026-03-08T07:00:00Z", "03:00"],
    ["America/New_York", "2026-03-08T02:30", "2026-03-08T07:30:00Z", "03:30"],
    ["Pacific/Auckland", "2026-09-27T02:30", "2026-09-26T14:30:00Z", "03:30"],
  ])("%s %s -> %s (%s local)", (zone, local, expected, landed) => {
    const r = resolveLocalTime(local, zone);
    expect(r.kind).toBe("gap");
    expect(r.shiftedMinutes).toBe(60);
    expect(r.instant.toISOString()).toBe(new Date(expected).toISOString());
    expect(utcToLocal(r.instant, zone).time).toBe(landed);
    expect(localToUtc(local, zone).toISOString()).toBe(r.instant.toISOString());
  });

  it("the minutes just around a gap are ordinary", () => {
    expect(resolveLocalTime("2026-03-29T00:59", "Europe/London")).toMatchObject({ kind: "unique", offsetMinutes: 0 });
    expect(resolveLocalTime("2026-03-29T02:00", "Europe/London")).toMatchObject({ kind: "unique", offsetMinutes: 60 });
    expect(localToUtc("2026-03-29T02:00", "Europe/London").toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });

  it("a whole skipped day (Samoa crossed the date line in 2011) moves forward by 24 hours", () => {
    const r = resolveLocalTime("2011-12-30T12:00", "Pacific/Apia");
    expect(r.kind).toBe("gap");
    expect(r.shiftedMinutes).toBe(24 * 60);
    expect(utcToLocal(r.instant, "Pacific/Apia")).toEqual({ date: "2011-12-31", time: "12:00", offsetMinutes: 840 });
  });
});

describe("DST overlaps: a local time that happens twice takes the earlier instant", () => {
  it.each([
    ["Europe/London", "2026-10-25T01:30", "2026-10-25T00:30:00Z", 60],
    ["Europe/London", "2026-10-25T01:00", "2026-10-25T00:00:00Z", 60],
    ["America/New_York", "2026-11-01T01:30", "2026-11-01T05:30:00Z", -240],
    ["America/Los_Angeles", "2026-11-01T01:15", "2026-11-01T08:15:00Z", -420],
    ["Pacific/Auckland", "2026-04-05T02:30", "2026-04-04T13:30:00Z", 780],
  ])("%s %s -> %s", (zone, local, expected, offset) => {
    const r = resolveLocalTime(local, zone);
    expect(r.kind).toBe("overlap");
    expect(r.shiftedMinutes).toBe(0);
    expect(r.offsetMinutes).toBe(offset);
    expect(r.instant.toISOString()).toBe(new Date(expected).toISOString());
    // The later reading would be one hour after: make sure it also shows the same wall time.
    const later = new Date(r.instant.getTime() + 3_600_000);
    const l = utcToLocal(later, zone);
    expect(`${l.date}T${l.time}`).toBe(local);
  });

  it("02:00 after the London fall-back is unique again", () => {
    expect(resolveLocalTime("2026-10-25T02:00", "Europe/London")).toMatchObject({ kind: "unique", offsetMinutes: 0 });
  });
});

describe("across the date line", () => {
  it("Auckland and Los Angeles: the same instant is two different local dates", () => {
    const instant = localToUtc("2026-07-11T10:00", "Pacific/Auckland");
    expect(instant.toISOString()).toBe("2026-07-10T22:00:00.000Z");
    expect(utcToLocal(instant, "America/Los_Angeles")).toEqual({ date: "2026-07-10", time: "15:00", offsetMinutes: -420 });
  });

  it("Kiritimati (+14) and Pago Pago (-11) are 25 hours apart: same wall clock, different days", () => {
    const instant = utc("2026-07-10T10:00:00Z");
    expect(utcToLocal(instant, "Pacific/Kiritimati")).toEqual({ date: "2026-07-11", time: "00:00", offsetMinutes: 840 });
    expect(utcToLocal(instant, "Pacific/Pago_Pago")).toEqual({ date: "2026-07-09", time: "23:00", offsetMinutes: -660 });
  });

  it("a flight departs on one local date and arrives on the previous local date", () => {
    // Kiritimati -> Honolulu, 3 h block: leaves Saturday morning, lands Friday morning.
    const std = localToUtc("2026-07-11T08:00", "Pacific/Kiritimati");
    const sta = new Date(std.getTime() + 3 * 3_600_000);
    expect(utcToLocal(std, "Pacific/Kiritimati").date).toBe("2026-07-11");
    expect(utcToLocal(sta, "Pacific/Honolulu")).toEqual({ date: "2026-07-10", time: "11:00", offsetMinutes: -600 });
    // Auckland -> Pago Pago, 4 h block.
    const std2 = localToUtc("2026-07-11T10:00", "Pacific/Auckland");
    const sta2 = new Date(std2.getTime() + 4 * 3_600_000);
    expect(utcToLocal(sta2, "Pacific/Pago_Pago")).toEqual({ date: "2026-07-10", time: "15:00", offsetMinutes: -660 });
  });

  it("Los Angeles -> Auckland skips a calendar day", () => {
    const std = localToUtc("2026-07-10T21:30", "America/Los_Angeles");
    const sta = new Date(std.getTime() + (13 * 60 + 15) * 60_000);
    expect(utcToLocal(sta, "Pacific/Auckland")).toEqual({ date: "2026-07-12", time: "05:45", offsetMinutes: 720 });
  });
});

describe("localDayWindow", () => {
  it.each([
    ["2026-11-22", "Europe/Moscow", "2026-11-21T21:00:00Z", "2026-11-22T21:00:00Z", 24],
    ["2026-03-29", "Europe/London", "2026-03-29T00:00:00Z", "2026-03-29T23:00:00Z", 23],
    ["2026-10-25", "Europe/London", "2026-10-24T23:00:00Z", "2026-10-26T00:00:00Z", 25],
    ["2026-07-11", "Pacific/Kiritimati", "2026-07-10T10:00:00Z", "2026-07-11T10:00:00Z", 24],
    // Santiago springs forward at midnight: the day begins at 01:00.
    ["2026-09-06", "America/Santiago", "2026-09-06T04:00:00Z", "2026-09-07T03:00:00Z", 23],
  ])("%s at %s", (date, zone, from, to, hours) => {
    const w = localDayWindow(date, zone);
    expect(w.from.toISOString()).toBe(new Date(from).toISOString());
    expect(w.to.toISOString()).toBe(new Date(to).toISOString());
    expect((w.to.getTime() - w.from.getTime()) / 3_600_000).toBe(hours);
  });
});

describe("bad input", () => {
  it.each([
    ["2026-02-29T10:00", "invalid_date"],
    ["2026-13-01T10:00", "invalid_date"],
    ["22NOV26 10:00", "invalid_date"],
    ["", "invalid_date"],
    ["2026-11-22T24:00", "invalid_time"],
    ["2026-11-22T10:60", "invalid_time"],
    ["2026-11-22T9:30", "invalid_time"],
    ["2026-11-22", "invalid_time"],
  ])("%s -> %s", (local, code) => {
    expect(() => localToUtc(local, "Europe/Moscow")).toThrow(ZonedTimeError);
    try {
      localToUtc(local, "Europe/Moscow");
    } catch (e) {
      expect((e as ZonedTimeError).code).toBe(code);
    }
  });

  it("an unknown zone is reported as a zone error", () => {
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("Asia/Kathmandu")).toBe(true);
    expect(() => localToUtc("2026-11-22T10:00", "Mars/Olympus_Mons")).toThrow(/time zone/);
    expect(() => utcToLocal(new Date(), "Mars/Olympus_Mons")).toThrow(ZonedTimeError);
  });

  it("an invalid Date is refused", () => {
    expect(() => utcToLocal(new Date(NaN), "UTC")).toThrow(RangeError);
  });

  it("accepts seconds and a space separator", () => {
    expect(localToUtc("2026-11-22 10:00:30", "Europe/Moscow").toISOString()).toBe("2026-11-22T07:00:30.000Z");
  });
});
