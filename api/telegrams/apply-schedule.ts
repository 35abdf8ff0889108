import { and, eq, gt, gte, inArray, lte } from "drizzle-orm";
import { MAX_FLIGHT_HOURS } from "../../cargo/limits";
import { formatIataDate } from "../../cargo/time/iata-date";
import { addDays } from "../../cargo/time/local-date";
import { localToUtc } from "../../cargo/time/zoned-time";
import type { ScheduleAction, ScheduleLeg, ScheduleMessage } from "../../cargo/telegrams/ssim/schedule-message";
import { nearestDateOfDay, operatingDates, schedulePeriods, scheduleWindow, type ScheduledFlight } from "../../cargo/telegrams/ssim/schedule-periods";
import type { SsimFile, SsimLeg } from "../../cargo/telegrams/ssim/ssim-file";
import { asDb, type Tx } from "../bookings/space";
import { segments } from "../db/schema";
import { airportInfo, diff, writeChangeLog, type AirportInfo, type ChangeAuthor, type Segment } from "../flights/common";
import { insertSegments } from "../flights/segment-queries";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";
import { SSIM_LIMITS } from "../../cargo/telegrams/ssim/ssim-limits";

/**
 * A schedule applied to the airline's flights (issue 23): an SSIM file creates and changes the segments of every
 * dated flight its legs make (one segment per leg per date), an ASM or SSM changes single flights (NEW, RPL, CNL,
 * RIN, TIM, EQT). All in the transaction the job holds, so a file is applied whole or not at all.
 *
 * A segment is the same segment when its carrier, number_with_date and origin are (the table's unique key). What a
 * schedule sets: number, dates, leg number, service type, aircraft type, route, time zones and the UTC STD/STA. Flags
 * a person set on the flight (locked, sales closed, capacities, notes) are left alone; a cancellation is a CNL's,
 * and a flight is never deleted (its bookings stay, as the flight page's own cancel keeps them).
 *
 * Only the telegram's airline is touched: a leg of another designator is skipped and said so. Applying the same
 * schedule again finds every segment as it is, writes nothing and says "unchanged". Every write goes to the change
 * log the flight page reads, by the telegram (channel telegram/<list>, id telegram:<id>).
 *
 * The report is the telegram's processing notes: a summary first (counts), then one note per thing done or skipped,
 * at most MAX_DETAIL_NOTES of them (a file makes thousands; the counts stay whole).
 */

export interface TelegramContext {
  id: number;
  carrier: string;
  sender: string | null;
  received: Date;
  now: Date;
}

const MAX_DETAIL_NOTES = 200;

/** The columns a schedule keeps on a segment, and so the ones compared to tell a change. */
const SCHEDULED_FIELDS = ["destination_iata", "segment_number", "flight_type", "aircraft_type", "std", "sta", "days_of_week"] as const;
type ScheduledField = (typeof SCHEDULED_FIELDS)[number];

interface PlannedLeg {
  leg_sequence: number;
  origin_iata: string;
  destination_iata: string;
  std: Date;
  sta: Date;
  aircraft_type: string | null;
  flight_type: string | null;
  days_of_week: string | null;
}

interface PlannedFlight {
  number: string;
  /**
   * The flight's date as the schedule names it (local at the first origin, or UTC in a UTC-mode file or message):
   * the date of its number_with_date, so that the sender's later ASM (CNL, TIM...) for that date finds it.
   */
  flight_date: string;
  legs: PlannedLeg[];
}

class Report {
  flights_created = 0;
  segments_created = 0;
  segments_changed = 0;
  segments_unchanged = 0;
  segments_cancelled = 0;
  skipped = 0;
  refused = false;
  private details: ProcessingNote[] = [];
  private hidden = 0;

  note(code: string, params: Record<string, string | number>) {
    if (this.details.length < MAX_DETAIL_NOTES) this.details.push({ code, params });
    else this.hidden += 1;
  }

  skip(code: string, params: Record<string, string | number>, count = 1) {
    this.skipped += count;
    this.note(code, params);
  }

  outcome(extra: Partial<ProcessingOutcome> = {}): ProcessingOutcome {
    const summary: ProcessingNote = {
      code: "telegram_schedule_summary",
      params: {
        flights_created: this.flights_created,
        segments_created: this.segments_created,
        segments_changed: this.segments_changed,
        segments_unchanged: this.segments_unchanged,
        segments_cancelled: this.segments_cancelled,
        skipped: this.skipped,
      },
    };
    const more: ProcessingNote[] = this.hidden ? [{ code: "telegram_schedule_more_notes", params: { count: this.hidden } }] : [];
    return { status: this.refused ? "rejected" : "processed", notes: [summary, ...this.details, ...more], ...extra };
  }
}

const authorOf = (ctx: TelegramContext, list: string): ChangeAuthor => ({ channel: { source: "telegram", type: list, id: `telegram:${ctx.id}` } });

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? +a === +b : (a ?? null) === (b ?? null));

/** The segments of these flights already there (the airline's), by number_with_date and origin. */
async function existingSegments(tx: Tx, carrier: string, numbers: string[]): Promise<Map<string, Segment>> {
  const found = new Map<string, Segment>();
  const unique = [...new Set(numbers)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await tx
      .select()
      .from(segments)
      .where(and(eq(segments.carrier, carrier), inArray(segments.number_with_date, unique.slice(i, i + 1000))))
      .for("update");
    for (const row of rows) found.set(`${row.number_with_date}|${row.origin_iata}`, row);
  }
  return found;
}

/**
 * Sets `values` on a segment when they differ from what it holds: one UPDATE and one change-log entry, or nothing.
 * Answers the fields that changed.
 */
export async function patchSegment(tx: Tx, ctx: TelegramContext, by: ChangeAuthor, segment: Segment, values: Partial<Segment>, action: string): Promise<string[]> {
  const changed = Object.entries(values).filter(([field, value]) => !sameValue(segment[field as keyof Segment], value));
  if (!changed.length) return [];
  const set = Object.fromEntries(changed) as Partial<Segment>;
  const [row] = await tx
    .update(segments)
    .set({ ...set, updated_at: ctx.now })
    .where(eq(segments.id, segment.id))
    .returning();
  const changeSet = diff(segment as unknown as Record<string, unknown>, row as unknown as Record<string, unknown>);
  await writeChangeLog(asDb(tx), by, { carrier: segment.carrier, record_type: "Segment", record_id: segment.id, segment_id: segment.id, action, change_set: changeSet });
  Object.assign(segment, row);
  return changed.map(([field]) => field);
}

/**
 * Creates the segments of flights not there yet and changes those that differ, reporting each. A leg naming an
 * airport the product does not know, or landing before it leaves, is skipped; so is a second leg from the same
 * origin on the same flight and date (two itinerary variations claiming one segment: the first wins).
 */
async function upsertFlights(tx: Tx, ctx: TelegramContext, by: ChangeAuthor, flights: PlannedFlight[], report: Report, action: string): Promise<void> {
  const zones = await airportInfo(asDb(tx), flights.flatMap((f) => f.legs.flatMap((l) => [l.origin_iata, l.destination_iata])));
  const unknownReported = new Set<string>();
  const placed: Array<{ nwd: string; number: string; flightDate: string; leg: PlannedLeg }> = [];
  for (const flight of flights) {
    const flightDate = flight.flight_date;
    const nwd = `${flight.number}/${formatIataDate(flightDate)}`;
    for (const leg of flight.legs) {
      const unknown = [leg.origin_iata, leg.destination_iata].find((code) => !zones.has(code));
      if (unknown) {
        if (!unknownReported.has(`${flight.number}|${unknown}`)) report.note("telegram_schedule_unknown_airport", { flight: flight.number, station: unknown });
        unknownReported.add(`${flight.number}|${unknown}`);
        report.skipped += 1;
      } else if (+leg.sta <= +leg.std || +leg.sta - +leg.std > MAX_FLIGHT_HOURS * 3_600_000 || leg.origin_iata === leg.destination_iata) {
        report.skip("telegram_schedule_leg_times_invalid", { flight: nwd, origin: leg.origin_iata });
      } else placed.push({ nwd, number: flight.number, flightDate, leg });
    }
  }
  const existing = await existingSegments(tx, ctx.carrier, placed.map((p) => p.nwd));
  const seen = new Set<string>();
  const toInsert: Array<Record<string, unknown>> = [];
  const newFlights = new Set<string>();
  for (const { nwd, number, flightDate, leg } of placed) {
    const key = `${nwd}|${leg.origin_iata}`;
    if (seen.has(key)) {
      report.skip("telegram_schedule_duplicate_leg", { flight: nwd, origin: leg.origin_iata });
      continue;
    }
    seen.add(key);
    const o = zones.get(leg.origin_iata)!;
    const d = zones.get(leg.destination_iata)!;
    const scheduled: Pick<Segment, ScheduledField> = {
      destination_iata: leg.destination_iata,
      segment_number: leg.leg_sequence,
      flight_type: leg.flight_type ?? "J",
      aircraft_type: leg.aircraft_type,
      std: leg.std,
      sta: leg.sta,
      days_of_week: leg.days_of_week,
    };
    const segment = existing.get(key);
    if (!segment) {
      toInsert.push({
        carrier: ctx.carrier,
        number,
        flight_date: flightDate,
        number_with_date: nwd,
        origin_iata: leg.origin_iata,
        origin_country_code: o.country_code,
        destination_country_code: d.country_code,
        origin_time_zone: o.timezone,
        destination_time_zone: d.timezone,
        time_mode: "utc",
        created_at: ctx.now,
        updated_at: ctx.now,
        ...scheduled,
      });
      newFlights.add(nwd);
      continue;
    }
    // an existing flight keeps what a schedule does not set; a leaf of it that a person left null is filled
    // a flight the schedule lists operates: one cancelled before (by an earlier file that left it out) is reinstated
    const values: Partial<Segment> = { ...scheduled, canceled: false, destination_country_code: d.country_code, destination_time_zone: d.timezone };
    if (leg.aircraft_type === null) delete values.aircraft_type;
    if (leg.days_of_week === null) delete values.days_of_week;
    const fields = await patchSegment(tx, ctx, by, segment, values, action);
    const shown = fields.filter((f) => (SCHEDULED_FIELDS as readonly string[]).includes(f));
    if (fields.includes("canceled")) report.note("telegram_schedule_segment_reinstated", { flight: nwd, origin: leg.origin_iata });
    if (shown.length) {
      report.segments_changed += 1;
      report.note("telegram_schedule_segment_changed", { flight: nwd, origin: leg.origin_iata, fields: shown.join(", ") });
    } else report.segments_unchanged += 1;
  }
  if (toInsert.length) {
    const created = await insertSegments(asDb(tx), by, toInsert);
    report.segments_created += created.length;
    const legsOf = new Map<string, number>();
    for (const s of created) legsOf.set(s.number_with_date, (legsOf.get(s.number_with_date) ?? 0) + 1);
    for (const [nwd, legs] of legsOf) {
      if (!newFlights.has(nwd)) continue;
      report.flights_created += 1;
      report.note("telegram_schedule_flight_created", { flight: nwd, legs });
    }
  }
}

// ---- SSIM files ---------------------------------------------------------------------------------------------

const isoOf = (leg: ScheduledFlight["legs"][number]) => ({ std: new Date(leg.std), sta: new Date(leg.sta) });

/** An SSIM file's legs of the telegram's airline, as dated flights within the horizon, created or changed. */
export async function applySsimFile(tx: Tx, ctx: TelegramContext, file: SsimFile): Promise<ProcessingOutcome> {
  const report = new Report();
  const window = scheduleWindow(ctx.received);
  const others = new Map<string, number>();
  const own: SsimLeg[] = [];
  for (const leg of file.legs) {
    if (leg.carrier !== ctx.carrier) others.set(leg.carrier, (others.get(leg.carrier) ?? 0) + 1);
    else if ((leg.period_to !== null && leg.period_to < window.from) || leg.period_from > window.to) {
      report.skip("telegram_schedule_outside_horizon", { flight: leg.number, from: leg.period_from, to: leg.period_to ?? "", horizon_from: window.from, horizon_to: window.to });
    } else own.push(leg);
  }
  for (const [carrier, legs] of others) report.skip("telegram_schedule_other_airline", { carrier, legs }, legs);
  const { flights } = schedulePeriods(own, { from: window.from, to: window.to, maxFlights: SSIM_LIMITS.maxFlights });
  const legDays = new Map(own.map((l) => [`${l.number}|${l.itinerary_variation}|${l.leg_sequence}`, l.days_of_week]));
  const planned: PlannedFlight[] = flights.map((f) => ({
    number: f.number,
    flight_date: f.flight_date,
    legs: f.legs.map((leg) => ({
      leg_sequence: leg.leg_sequence,
      origin_iata: leg.origin_iata,
      destination_iata: leg.destination_iata,
      ...isoOf(leg),
      aircraft_type: leg.aircraft_type,
      flight_type: leg.service_type,
      days_of_week: legDays.get(`${f.number}|${f.itinerary_variation}|${leg.leg_sequence}`) ?? null,
    })),
  }));
  const by = authorOf(ctx, "ssim");
  await upsertFlights(tx, ctx, by, planned, report, "ssim");
  await cancelLeftOut(tx, ctx, by, own, planned, window, report);
  return report.outcome();
}

/**
 * A schedule file is the whole schedule of its flight numbers over its periods: a flight of one of those numbers,
 * dated within them (and the horizon), that the file no longer lists is cancelled, as an ASM CNL would. Only flights
 * that have not left yet: a departed one is history. A number the file does not name at all is not touched (flights
 * created by hand or by another file stay), and a cancelled flight keeps its bookings for the desk to move (the
 * flights list's "cancelled with bookings" attention).
 */
async function cancelLeftOut(tx: Tx, ctx: TelegramContext, by: ChangeAuthor, legs: SsimLeg[], planned: PlannedFlight[], window: { from: string; to: string }, report: Report): Promise<void> {
  if (!legs.length) return;
  const numbers = [...new Set(legs.map((l) => l.number))];
  const from = legs.reduce((min, l) => (l.period_from < min ? l.period_from : min), legs[0]!.period_from);
  const to = legs.some((l) => l.period_to === null) ? window.to : legs.reduce((max, l) => (l.period_to! > max ? l.period_to! : max), legs[0]!.period_to!);
  const listed = new Set(planned.flatMap((f) => f.legs.map((l) => `${f.number}/${formatIataDate(f.flight_date)}|${l.origin_iata}`)));
  const candidates = await tx
    .select()
    .from(segments)
    .where(
      and(
        eq(segments.carrier, ctx.carrier),
        inArray(segments.number, numbers),
        gte(segments.flight_date, from > window.from ? from : window.from),
        lte(segments.flight_date, to < window.to ? to : window.to),
        eq(segments.canceled, false),
        gt(segments.std, ctx.now),
      ),
    )
    .for("update");
  for (const segment of candidates) {
    if (listed.has(`${segment.number_with_date}|${segment.origin_iata}`)) continue;
    if (!(await patchSegment(tx, ctx, by, segment, { canceled: true }, "cancel")).length) continue;
    report.segments_cancelled += 1;
    report.note("telegram_schedule_segment_cancelled", { flight: segment.number_with_date, origin: segment.origin_iata });
  }
}

// ---- ASM and SSM ----------------------------------------------------------------------------------------------

/** What an action does to a flight's segments that are there; NEW and RPL build the flight from their legs instead. */
const FLIGHT_CHANGES: Partial<Record<ScheduleAction["action"], (action: ScheduleAction, segment: Segment, time: LegTimes) => Partial<Segment> | null>> = {
  CNL: () => ({ canceled: true }),
  RIN: () => ({ canceled: false }),
  EQT: (action) => (action.equipment ? { aircraft_type: action.equipment.aircraft_type, flight_type: action.equipment.service_type } : null),
  TIM: (action, segment, time) => {
    const leg = action.legs.find((l) => l.origin_iata === segment.origin_iata && l.destination_iata === segment.destination_iata);
    return leg ? time(leg) : null;
  },
};

/** Actions the product has no field or record for: read, listed, not applied (the report says so). */
const NOT_APPLIED = new Set(["CON", "FLT", "RRT", "ADM", "REV", "RSD", "SKD"]);
const REPLIES = new Set(["ACK", "NAC"]);

type LegTimes = (leg: ScheduleLeg) => { std: Date; sta: Date } | null;

/** The flight dates an action names: an ASM's dates (a year-less one placed nearest the telegram), an SSM's periods within the horizon. */
function datesOf(kind: "ASM" | "SSM", action: ScheduleAction, flight: ScheduleAction["flights"][number], ctx: TelegramContext): string[] {
  if (kind === "ASM") return flight.dates.flatMap((d) => (d.startsWith("--") ? (nearestDateOfDay(d, ctx.received) ?? []) : [d]));
  const window = scheduleWindow(ctx.received);
  return [...new Set(action.periods.flatMap((period) => operatingDates(period, window.from, window.to, SSIM_LIMITS.maxFlights)))];
}

/** A message leg's times on a flight date, UTC or local at each airport (the message's time mode). */
function legTimer(message: ScheduleMessage, flightDate: string, zones: Map<string, AirportInfo>): LegTimes {
  const at = (day: number, time: string, station: string): Date | null => {
    const local = `${addDays(flightDate, day)}T${time}`;
    if (message.time_mode === "utc") return new Date(`${local}:00Z`);
    const zone = zones.get(station);
    if (!zone) return null;
    try {
      return localToUtc(local, zone.timezone);
    } catch {
      return null;
    }
  };
  return (leg) => {
    const std = at(leg.departure_date_variation, leg.std, leg.origin_iata);
    const sta = at(leg.arrival_date_variation, leg.sta, leg.destination_iata);
    return std && sta ? { std, sta } : null;
  };
}

/**
 * An ASM or SSM applied action by action: NEW and RPL create or change the flight on each date from their legs and
 * equipment; CNL cancels and RIN reinstates its segments; TIM changes the times of the legs it lists; EQT the
 * aircraft and service type. A flight of another airline is skipped; one not there (CNL, RIN, TIM, EQT) is refused.
 */
export async function applyScheduleMessage(tx: Tx, ctx: TelegramContext, kind: "ASM" | "SSM", message: ScheduleMessage): Promise<ProcessingOutcome> {
  const report = new Report();
  const by = authorOf(ctx, "ssim");
  const zones = await airportInfo(
    asDb(tx),
    message.actions.flatMap((a) => a.legs.flatMap((l) => [l.origin_iata, l.destination_iata])),
  );
  for (const action of message.actions) {
    if (REPLIES.has(action.action)) {
      report.note("telegram_schedule_reply", { action: action.action });
      continue;
    }
    if (NOT_APPLIED.has(action.action)) {
      report.refused = true;
      report.note("telegram_schedule_action_not_applied", { action: action.action });
      continue;
    }
    for (const flight of action.flights) {
      if (flight.carrier !== ctx.carrier) {
        report.skip("telegram_schedule_other_airline", { carrier: flight.carrier, legs: 1 });
        continue;
      }
      for (const date of datesOf(kind, action, flight, ctx)) {
        const times = legTimer(message, date, zones);
        if (action.action === "NEW" || action.action === "RPL") {
          const legs: PlannedLeg[] = [];
          for (const [index, leg] of action.legs.entries()) {
            const at = times(leg);
            if (!at) {
              report.skip("telegram_schedule_unknown_airport", { flight: flight.number, station: leg.origin_iata });
              continue;
            }
            legs.push({
              leg_sequence: index + 1,
              origin_iata: leg.origin_iata,
              destination_iata: leg.destination_iata,
              ...at,
              aircraft_type: action.equipment?.aircraft_type ?? null,
              flight_type: action.equipment?.service_type ?? null,
              days_of_week: kind === "SSM" ? (action.periods[0]?.days_of_week ?? null) : null,
            });
          }
          await upsertFlights(tx, ctx, by, [{ number: flight.number, flight_date: date, legs }], report, action.action.toLowerCase());
          continue;
        }
        const nwd = `${flight.number}/${formatIataDate(date)}`;
        const found = await tx
          .select()
          .from(segments)
          .where(and(eq(segments.carrier, ctx.carrier), eq(segments.number_with_date, nwd)))
          .for("update");
        if (!found.length) {
          report.refused = true;
          report.skip("telegram_schedule_flight_not_found", { flight: nwd, action: action.action });
          continue;
        }
        const change = FLIGHT_CHANGES[action.action]!;
        for (const segment of found.sort((a, b) => a.segment_number - b.segment_number)) {
          const values = change(action, segment, times);
          if (!values) {
            report.segments_unchanged += 1;
            continue;
          }
          const fields = await patchSegment(tx, ctx, by, segment, values, action.action === "CNL" ? "cancel" : action.action.toLowerCase());
          if (fields.length) {
            report.segments_changed += 1;
            report.note("telegram_schedule_segment_changed", { flight: nwd, origin: segment.origin_iata, fields: fields.join(", ") });
          } else report.segments_unchanged += 1;
        }
      }
    }
  }
  return report.outcome();
}
