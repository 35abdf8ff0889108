import fs from "node:fs";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeLogs, segments, telegrams } from "../../api/db/schema";
import { SSIM_LIMITS } from "../../cargo/telegrams/ssim/ssim-limits";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import type { SsimFile, SsimLeg } from "../../cargo/telegrams/ssim/ssim-file";
import { writeSsimFile } from "../../cargo/telegrams/ssim/write-ssim-file";
import { formatIataDate } from "../../cargo/time/iata-date";
import { addDays } from "../../cargo/time/local-date";
import { call, callsOn, multipartFile, useTestApi } from "./helpers";

// SSIM and AHM telegrams received (issue 23; spec 3 §7 ssim_telegrams, ahm_telegrams): a schedule creates and changes
// the airline's flights in one go and says what it did; applied again it changes nothing; another airline's legs and
// another tenant's telegrams are left alone; an MVT sets the actual times. Schedules are the fixture file's legs
// moved to dates after the API's clock, each test on flight numbers of its own (never by position or today's date).

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Comcor", "c6Manager", "platform"] });
const s7 = callsOn(t, "s7");
const c6 = callsOn(t, "c6");
const anyHost = callsOn(t);
const db = () => t.database.db;

const fixture = parseTelegram(fs.readFileSync(path.resolve("tests/fixtures/telegrams/ssim/winter-two-airlines.txt"), "latin1")).message as SsimFile;
const today = () => t.clock().toISOString().slice(0, 10);

/** The fixture's S7 1001 (OVB-DME, daily, local times +0700/+0300) and SU 100 (SVO-LED), renumbered and moved `from` days ahead for `days` days. */
function schedule(opts: { number: number; su?: number; from?: number; days?: number; edit?: (leg: SsimLeg) => void; more?: SsimLeg[] }): string {
  const from = addDays(today(), opts.from ?? 10);
  const to = addDays(from, (opts.days ?? 7) - 1);
  const moved = (leg: SsimLeg, number: number): SsimLeg => {
    const copy: SsimLeg = { ...structuredClone(leg), flight_number: number, number: `${leg.carrier}${String(number).padStart(4, "0")}`, period_from: from, period_to: to, days_of_week: "1234567", frequency_rate: null, segment_data: [] };
    opts.edit?.(copy);
    return copy;
  };
  const s7Leg = fixture.legs.find((l) => l.number === "S71001" && l.itinerary_variation === 1)!;
  const suLeg = fixture.legs.find((l) => l.carrier === "SU")!;
  const legs = [moved(s7Leg, opts.number), ...(opts.more ?? []), ...(opts.su ? [moved(suLeg, opts.su)] : [])];
  const carriers = fixture.carriers.map((c) => ({ ...c, leg_count: legs.filter((l) => l.carrier === c.carrier).length }));
  return writeSsimFile({ header: fixture.header, carriers, legs });
}

const receive = (ssim_text: string, extra: object = {}) => s7(accounts.s7Manager, "POST", "/api/v3/ssim_telegrams", { ssim_text, ...extra });
/** POSTs and lets the queue apply it; the telegram as its page reads it. */
async function applied(text: string, extra: object = {}) {
  const res = await receive(text, extra);
  expect(res.statusCode, res.body).toBe(201);
  await t.app.jobs.drain();
  return (await s7(accounts.s7Manager, "GET", `/api/v3/ssim_telegrams/${res.json().id}`)).json();
}
const flightsOf = (number: string) => db().select().from(segments).where(and(eq(segments.carrier, "S7"), like(segments.number_with_date, `${number}/%`)));
const summaryOf = (telegram: { processing_notes: Array<{ code: string; params: Record<string, unknown> }> }) => telegram.processing_notes.find((n) => n.code === "telegram_schedule_summary")!.params;

describe("an SSIM file applied to the airline's flights", () => {
  it("creates a segment per leg per date with the UTC times the offsets written on the legs give, and reports it", async () => {
    const telegram = await applied(schedule({ number: 7101, days: 3 }));
    expect(telegram).toMatchObject({ message_type: "SSIM", state: "processed", error_count: 0 });
    expect(summaryOf(telegram)).toEqual({ flights_created: 3, segments_created: 3, segments_changed: 0, segments_unchanged: 0, segments_cancelled: 0, skipped: 0 });
    const first = addDays(today(), 10);
    const flight = `S77101/${formatIataDate(first)}`;
    expect(telegram.processing_notes).toContainEqual({ code: "telegram_schedule_flight_created", params: { flight, legs: 1 } });
    const rows = await flightsOf("S77101");
    expect(rows).toHaveLength(3);
    const one = rows.find((r) => r.number_with_date === flight)!;
    // 08:30 at OVB (+0700) and 09:20 at DME (+0300)
    expect(one).toMatchObject({ origin_iata: "OVB", destination_iata: "DME", flight_date: first, segment_number: 1, flight_type: "J", aircraft_type: "320", days_of_week: "1234567", canceled: false });
    expect(one.std.toISOString()).toBe(`${first}T01:30:00.000Z`);
    expect(one.sta.toISOString()).toBe(`${first}T06:20:00.000Z`);
    const [log] = await db().select().from(changeLogs).where(eq(changeLogs.record_id, one.id));
    expect(log).toMatchObject({ record_type: "Segment", action: "create", channel_source: "telegram", channel_type: "ssim", channel_id: `telegram:${telegram.id}` });
  });

  it("applied twice changes nothing the second time", async () => {
    const text = schedule({ number: 7102, days: 4 });
    await applied(text);
    const before = await flightsOf("S77102");
    const logs = (await db().select().from(changeLogs)).length;
    const again = await applied(text);
    expect(again.state).toBe("processed");
    expect(summaryOf(again)).toEqual({ flights_created: 0, segments_created: 0, segments_changed: 0, segments_unchanged: 4, segments_cancelled: 0, skipped: 0 });
    expect(await flightsOf("S77102")).toEqual(before);
    expect((await db().select().from(changeLogs)).length).toBe(logs);
  });

  it("reports and applies a changed time and aircraft, leaving what a person set on the flight", async () => {
    await applied(schedule({ number: 7103, days: 2 }));
    const [locked] = await flightsOf("S77103");
    await db().update(segments).set({ locked: true, notes: "kept" }).where(eq(segments.id, locked!.id));
    const changed = await applied(
      schedule({
        number: 7103,
        days: 2,
        edit: (leg) => {
          leg.std = "09:00";
          leg.aircraft_type = "321";
        },
      }),
    );
    expect(summaryOf(changed)).toMatchObject({ flights_created: 0, segments_changed: 2, segments_unchanged: 0 });
    expect(changed.processing_notes).toContainEqual({ code: "telegram_schedule_segment_changed", params: { flight: locked!.number_with_date, origin: "OVB", fields: "aircraft_type, std" } });
    const after = (await flightsOf("S77103")).find((r) => r.id === locked!.id)!;
    expect(after.std.toISOString()).toBe(`${locked!.flight_date}T02:00:00.000Z`);
    expect(after).toMatchObject({ aircraft_type: "321", locked: true, notes: "kept" });
    const [log] = await db().select().from(changeLogs).where(and(eq(changeLogs.record_id, locked!.id), eq(changeLogs.action, "ssim")));
    expect(Object.keys(log!.change_set).sort()).toEqual(["aircraft_type", "std"]);
  });

  it("skips another airline's legs and legs outside the year it is applied to, saying why", async () => {
    const past = fixture.legs.find((l) => l.number === "S71002")!;
    const old = { ...structuredClone(past), flight_number: 7105, number: "S77105", period_from: addDays(today(), -40), period_to: addDays(today(), -30), segment_data: [] };
    const telegram = await applied(schedule({ number: 7104, su: 7104, days: 2, more: [old] }));
    expect(telegram.processing_notes).toContainEqual({ code: "telegram_schedule_other_airline", params: { carrier: "SU", legs: 1 } });
    expect(telegram.processing_notes).toContainEqual(expect.objectContaining({ code: "telegram_schedule_outside_horizon", params: expect.objectContaining({ flight: "S77105" }) }));
    expect(summaryOf(telegram)).toMatchObject({ flights_created: 2, skipped: 2 });
    expect(await db().select().from(segments).where(like(segments.number_with_date, "SU7104/%"))).toEqual([]);
    expect(await flightsOf("S77105")).toEqual([]);
  });

  it("cancels the flights of its numbers it no longer lists within its period, and reinstates them when listed again", async () => {
    await applied(schedule({ number: 7107, days: 4 }));
    await applied(schedule({ number: 7108, days: 4 }));
    // the next season's file keeps 7107 on the first two days only and does not name 7108
    const shorter = await applied(schedule({ number: 7107, days: 2 }));
    expect(summaryOf(shorter)).toMatchObject({ segments_unchanged: 2, segments_cancelled: 0 });
    // its period is the two days it lists: nothing after it is cancelled
    expect((await flightsOf("S77107")).filter((r) => r.canceled)).toEqual([]);

    // the same four days, on Mondays and Tuesdays only
    const sameSpan = await applied(schedule({ number: 7107, days: 4, edit: (leg) => (leg.days_of_week = "12") }));
    const operating = (await flightsOf("S77107")).filter((r) => !r.canceled).map((r) => r.number_with_date);
    const cancelled = (await flightsOf("S77107")).filter((r) => r.canceled).map((r) => r.number_with_date);
    expect(summaryOf(sameSpan).segments_cancelled).toBe(cancelled.length);
    // four days in a row hold at most two of Monday and Tuesday
    expect(cancelled.length).toBeGreaterThanOrEqual(2);
    expect(cancelled.length + operating.length).toBe(4);
    for (const flight of cancelled) expect(sameSpan.processing_notes).toContainEqual({ code: "telegram_schedule_segment_cancelled", params: { flight, origin: "OVB" } });
    expect((await flightsOf("S77108")).every((r) => !r.canceled)).toBe(true);
    const [log] = await db().select().from(changeLogs).where(and(eq(changeLogs.action, "cancel"), eq(changeLogs.channel_id, `telegram:${sameSpan.id}`)));
    expect(log?.change_set).toMatchObject({ canceled: [false, true] });

    const again = await applied(schedule({ number: 7107, days: 4 }));
    expect((await flightsOf("S77107")).every((r) => !r.canceled)).toBe(true);
    for (const flight of cancelled) expect(again.processing_notes).toContainEqual({ code: "telegram_schedule_segment_reinstated", params: { flight, origin: "OVB" } });
  });

  it("takes the file as a file form too", async () => {
    const form = await multipartFile("file", "winter.ssim", schedule({ number: 7106, days: 1 }), "text/plain");
    const res = await call(t.app, accounts.s7Manager, "POST", "/api/v3/ssim_telegrams", { carrier: "s7", payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ source: "upload", message_type: "SSIM", state: "queued" });
    await t.app.jobs.drain();
    expect(await flightsOf("S77106")).toHaveLength(1);
  });
});

describe("limits before work", () => {
  const leg = () => fixture.legs.find((l) => l.number === "S71001" && l.itinerary_variation === 1)!;

  it("refuses a file of too many legs, too many dated flights, or too many bytes, with a code, storing nothing", async () => {
    const count = async () => (await db().select().from(telegrams).where(eq(telegrams.family, "ssim"))).length;
    const before = await count();
    const many = Array.from({ length: SSIM_LIMITS.maxLegs }, (_, i) => ({ ...structuredClone(leg()), flight_number: 1 + (i % 9000), itinerary_variation: 1 + Math.floor(i / 9000), number: `S7${String(1 + (i % 9000)).padStart(4, "0")}`, segment_data: [] }));
    const tooMany = await receive(schedule({ number: 9999, more: many }));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error_codes.ssim_text[0]).toEqual({ code: "ssim_too_many_legs", params: { max: SSIM_LIMITS.maxLegs, count: SSIM_LIMITS.maxLegs + 1 } });

    // every day for a year: 366 flights a leg
    const legs = Math.ceil(SSIM_LIMITS.maxFlights / 366) + 1;
    const daily = Array.from({ length: legs }, (_, i) => ({ ...structuredClone(leg()), flight_number: 8000 + i, number: `S7${8000 + i}`, period_from: today(), period_to: addDays(today(), 400), segment_data: [] }));
    const year = await receive(schedule({ number: 7999, more: daily }));
    expect(year.statusCode).toBe(422);
    expect(year.json().error_codes.ssim_text[0]).toEqual({ code: "ssim_too_many_flights", params: { max: SSIM_LIMITS.maxFlights } });

    const big = await multipartFile("file", "big.ssim", "1".repeat(SSIM_LIMITS.maxFileBytes + 1), "text/plain");
    const tooBig = await call(t.app, accounts.s7Manager, "POST", "/api/v3/ssim_telegrams", { carrier: "s7", payload: big.payload, headers: big.headers });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error_codes.file[0].code).toBe("ssim_file_too_large");
    expect(await count()).toBe(before);
  });

  it("refuses a Cargo-IMP text sent as a schedule, naming its list", async () => {
    const res = await receive("FSU/14\n421-10100006DMEOVB/T3K30.0\n");
    expect(res.statusCode).toBe(422);
    expect(res.json().error_codes.ssim_text[0]).toMatchObject({ code: "telegram_wrong_list", params: { type: "FSU", list: "cimp" } });
  });
});

describe("ASM and SSM change single flights", () => {
  const asm = (...lines: string[]) => `ASM\nUTC\n${lines.join("\n")}\n`;
  const date = (days: number) => formatIataDate(addDays(today(), days));

  it("NEW creates, TIM retimes, EQT re-equips, CNL cancels without deleting, RIN reinstates", async () => {
    const created = await applied(asm("NEW", `S77201/${date(12)}`, "F 74Y", "DME2330 OVB0610/1"));
    expect(created.state).toBe("processed");
    const [segment] = await flightsOf("S77201");
    expect(segment).toMatchObject({ origin_iata: "DME", destination_iata: "OVB", aircraft_type: "74Y", flight_type: "F" });
    expect(segment!.std.toISOString()).toBe(`${addDays(today(), 12)}T23:30:00.000Z`);
    expect(segment!.sta.toISOString()).toBe(`${addDays(today(), 13)}T06:10:00.000Z`);

    const retimed = await applied(asm("TIM", `S77201/${date(12)}`, "DME2345 OVB0625/1", "//", "EQT", `S77201/${date(12)}`, "F 77X"));
    expect(retimed.processing_notes).toContainEqual({ code: "telegram_schedule_segment_changed", params: { flight: segment!.number_with_date, origin: "DME", fields: "std, sta" } });
    expect(retimed.processing_notes).toContainEqual({ code: "telegram_schedule_segment_changed", params: { flight: segment!.number_with_date, origin: "DME", fields: "aircraft_type" } });

    const canceled = await applied(asm("CNL", `S77201/${date(12)}`));
    expect(canceled.processing_notes).toContainEqual({ code: "telegram_schedule_segment_changed", params: { flight: segment!.number_with_date, origin: "DME", fields: "canceled" } });
    const [after] = await flightsOf("S77201");
    expect(after).toMatchObject({ id: segment!.id, canceled: true, aircraft_type: "77X" });
    expect(after!.std.toISOString()).toBe(`${addDays(today(), 12)}T23:45:00.000Z`);
    await applied(asm("RIN", `S77201/${date(12)}`));
    expect((await flightsOf("S77201"))[0]!.canceled).toBe(false);
  });

  it("refuses a change to a flight that is not there, and leaves the actions it has no field for", async () => {
    const telegram = await applied(asm("CNL", `S77299/${date(12)}`, "//", "CON", `S77201/${date(12)}`, "F 74Y C0Y0"));
    expect(telegram.state).toBe("rejected");
    expect(telegram.processing_notes).toContainEqual({ code: "telegram_schedule_flight_not_found", params: { flight: `S77299/${date(12)}`, action: "CNL" } });
    expect(telegram.processing_notes).toContainEqual({ code: "telegram_schedule_action_not_applied", params: { action: "CON" } });
  });

  it("an SSM creates the flights of its period", async () => {
    const from = addDays(today(), 20);
    const ssm = `SSM\nLT\nNEW\nS77301\n${formatIataDate(from)} ${formatIataDate(addDays(from, 6))} 1234567\nJ 320\nOVB0830 DME0920\n`;
    const telegram = await applied(ssm);
    expect(summaryOf(telegram)).toMatchObject({ flights_created: 7, segments_created: 7 });
    const rows = await flightsOf("S77301");
    expect(rows.find((r) => r.flight_date === from)!.std.toISOString()).toBe(`${from}T01:30:00.000Z`);
  });
});

describe("who sees what", () => {
  it("another airline and the platform elsewhere get 404; a role outside the lists is refused", async () => {
    const id = (await receive(schedule({ number: 7401, days: 1 }))).json().id;
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/ssim_telegrams/${id}`)).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "POST", `/api/v3/ssim_telegrams/${id}/restart`)).statusCode).toBe(404);
    // the platform on the default host sees every airline's
    expect((await anyHost(accounts.platform, "GET", `/api/v3/ssim_telegrams/${id}`)).statusCode).toBe(200);
    const list = (await c6(accounts.c6Manager, "GET", "/api/v3/ssim_telegrams")).json();
    expect(list.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await s7(accounts.s7Comcor, "POST", "/api/v3/ssim_telegrams", { ssim_text: "x" })).statusCode).toBe(403);
  });

  it("lists by type, state, day received and a flight the telegram names", async () => {
    const id = (await applied(schedule({ number: 7402, days: 1 }))).id;
    const ids = async (query: string) => (await s7(accounts.s7Manager, "GET", `/api/v3/ssim_telegrams?${query}`)).json().data.map((r: { id: number }) => r.id);
    expect(await ids("number=S77402")).toEqual([id]);
    // "S7402" is S7's flight 402, not the beginning of 7402
    expect(await ids("number=S7402")).toEqual([]);
    expect(await ids("number=S7&message_type=ssim&state=processed&per_page=100")).toContain(id);
    expect(await ids(`number=S77402&date_from=${today()}&date_to=${today()}`)).toEqual([id]);
    expect(await ids(`number=S77402&date_from=${addDays(today(), 1)}`)).toEqual([]);
    expect(await ids("number=S77402&message_type=ASM")).toEqual([]);
  });
});

describe("an MVT sets the flight's actual times", () => {
  const mvt = (...lines: string[]) => s7(accounts.s7Manager, "POST", "/api/v3/ahm_telegrams", { ahm_text: `MVT\n${lines.join("\n")}\n` });
  const appliedMvt = async (...lines: string[]) => {
    const res = await mvt(...lines);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.drain();
    return (await s7(accounts.s7Manager, "GET", `/api/v3/ahm_telegrams/${res.json().id}`)).json();
  };

  it("AD sets the take-off and estimated arrival, AA the landing, once; another airline's flight is not found", async () => {
    // a flight leaving today, so the message's day of month names it
    await applied(schedule({ number: 7501, from: 0, days: 1 }));
    const [segment] = await flightsOf("S77501");
    const day = segment!.std.getUTCDate();
    const departed = await appliedMvt(`S77501/${String(day).padStart(2, "0")}.RA73415.OVB`, "AD0135/0148 EA0625 DME", "DL72/0010");
    expect(departed).toMatchObject({ state: "processed", segment_id: segment!.id, message_type: "MVT" });
    expect(departed.processing_notes).toEqual([{ code: "telegram_movement_applied", params: { flight: segment!.number_with_date, origin: "OVB", fields: "atot, eta" } }]);
    const landed = await appliedMvt(`S77501/${day}.RA73415.DME`, "AA0619/0627");
    expect(landed.processing_notes[0].code).toBe("telegram_movement_applied");
    const [after] = await flightsOf("S77501");
    const date = segment!.std.toISOString().slice(0, 10);
    expect(after!.atot!.toISOString()).toBe(`${date}T01:48:00.000Z`);
    expect(after!.eta!.toISOString()).toBe(`${date}T06:25:00.000Z`);
    expect(after!.atl!.toISOString()).toBe(`${date}T06:19:00.000Z`);

    const again = await appliedMvt(`S77501/${day}.RA73415.DME`, "AA0619/0627");
    expect(again.processing_notes).toEqual([{ code: "telegram_movement_unchanged", params: { flight: segment!.number_with_date, origin: "OVB" } }]);
    const other = await appliedMvt(`SU7501/${day}.RA73415.DME`, "AA0619/0627");
    expect(other).toMatchObject({ state: "rejected", processing_notes: [{ code: "telegram_movement_other_airline", params: { carrier: "SU" } }] });
  });

  it("keeps AHM telegrams per airline: another tenant gets 404, and an SSIM file is not an MVT", async () => {
    const res = await mvt("S77599/01.RA73415.OVB", "AD0135/0148");
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/ahm_telegrams/${res.json().id}`)).statusCode).toBe(404);
    const wrong = await s7(accounts.s7Manager, "POST", "/api/v3/ahm_telegrams", { ahm_text: "ASM\nUTC\nCNL\nS70001/01JAN\n" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error_codes.ahm_text[0].code).toBe("telegram_wrong_list");
  });
});
