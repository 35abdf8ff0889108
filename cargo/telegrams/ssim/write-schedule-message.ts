/**
 * Writes an ASM or SSM body (what parseScheduleMessage reads; the type line is written by generateTelegram). Throws
 * RangeError on a model it cannot write: the caller built it.
 */
import { formatIataDate, IATA_MONTHS } from "../../time/iata-date";
import type { ScheduleAction, ScheduleFlight, ScheduleLeg, ScheduleMessage } from "./schedule-message";
import { isCarrierDesignator, writeDateVariation, writeDaysOfOperation, writeHhmm, writeSsimDate } from "./ssim-fields";

export function writeScheduleMessage(message: ScheduleMessage): string {
  if (!message.actions.length) throw new RangeError("A schedule message needs at least one action");
  const lines = [message.time_mode === "utc" ? "UTC" : "LT"];
  if (message.message_reference) lines.push(message.message_reference);
  message.actions.forEach((action, index) => {
    if (index > 0) lines.push("//");
    lines.push(...actionLines(action));
  });
  return lines.join("\n");
}

function actionLines(action: ScheduleAction): string[] {
  const lines = [[action.action, ...action.reasons].join(" ")];
  if (action.action === "ACK" || action.action === "NAC") return [...lines, ...action.text];
  for (const flight of action.flights) lines.push(flightLine(flight));
  for (const p of action.periods) {
    const rate = p.frequency_rate === null ? "" : `/W${p.frequency_rate}`;
    lines.push(`${writeSsimDate(p.period_from)} ${writeSsimDate(p.period_to)} ${writeDaysOfOperation(p.days_of_week, false)}${rate}`);
  }
  if (action.equipment) {
    const e = action.equipment;
    const classes = e.prbd !== null && e.aircraft_configuration !== null ? `${e.prbd}.${e.aircraft_configuration}` : e.prbd !== null ? e.prbd : (e.aircraft_configuration ?? "");
    if (e.prbd === null && e.aircraft_configuration === null && e.additional.length) {
      throw new RangeError("Equipment details need the booking designators or the configuration before them");
    }
    lines.push([e.service_type, e.aircraft_type, classes, ...e.additional].filter(Boolean).join(" "));
  }
  for (const leg of action.legs) lines.push(legLine(leg));
  for (const s of action.segments) lines.push(`${s.board_point}${s.off_point} ${s.data_element_identifier}/${s.data}`);
  if (action.supplementary_info.length) {
    const [first, ...more] = action.supplementary_info;
    lines.push(`SI ${first}`, ...more);
  }
  return lines;
}

/** Three digits at least, as SSIM writes flight numbers in messages ("XX012"). */
function flightLine(flight: ScheduleFlight): string {
  if (!isCarrierDesignator(flight.carrier)) throw new RangeError(`Not an airline designator: ${flight.carrier}`);
  const designator = `${flight.carrier}${String(flight.flight_number).padStart(3, "0")}${flight.operational_suffix ?? ""}`;
  if (!flight.dates.length) return designator;
  return `${designator}/${flight.dates.map(messageDate).join(" ")}`;
}

function messageDate(date: string): string {
  const noYear = /^--(\d{2})-(\d{2})$/.exec(date);
  if (noYear) return `${noYear[2]}${IATA_MONTHS[Number(noYear[1]) - 1]}`;
  return formatIataDate(date);
}

function stationTime(station: string, time: string, passenger: string | null, variation: number): string {
  const extras = [passenger === null ? null : writeHhmm(passenger), variation === 0 ? null : writeDateVariation(variation, "message")];
  return [`${station}${writeHhmm(time)}`, ...extras.filter((x) => x !== null)].join("/");
}

function legLine(leg: ScheduleLeg): string {
  return [
    stationTime(leg.origin_iata, leg.std, leg.passenger_std, leg.departure_date_variation),
    stationTime(leg.destination_iata, leg.sta, leg.passenger_sta, leg.arrival_date_variation),
    ...leg.additional,
  ].join(" ");
}
