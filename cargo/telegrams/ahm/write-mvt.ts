/**
 * Writes an MVT body (what parseMovementMessage reads; the "MVT" line is written by generateTelegram). Throws
 * RangeError on a model it cannot write: the caller built it.
 */
import { isCarrierDesignator, writeHhmm } from "../ssim/ssim-fields";
import type { MovementDelay, MovementMessage, MovementTime } from "./mvt";

export function writeMovementMessage(m: MovementMessage): string {
  if (!isCarrierDesignator(m.carrier)) throw new RangeError(`Not an airline designator: ${m.carrier}`);
  if (!Number.isInteger(m.day) || m.day < 1 || m.day > 31) throw new RangeError(`Not a day of month: ${m.day}`);
  if (!/^[A-Z0-9]{2,10}$/.test(m.registration)) throw new RangeError(`Not a registration: ${m.registration}`);
  const flight = `${m.carrier}${String(m.flight_number).padStart(3, "0")}${m.operational_suffix ?? ""}`;
  const lines = [`${flight}/${String(m.day).padStart(2, "0")}.${m.registration}.${m.station}`];
  const eta = m.eta_utc ? ` EA${time(m.eta_utc)} ${m.eta_station ?? ""}`.trimEnd() : "";
  if (m.eta_utc && !m.eta_station) throw new RangeError("An estimated arrival needs its station");
  if (m.atd_utc) lines.push(`AD${time(m.atd_utc)}${m.airborne_utc ? `/${time(m.airborne_utc)}` : ""}${eta}`);
  else if (m.airborne_utc) throw new RangeError("An airborne time is written after the off-blocks time");
  if (m.touchdown_utc) lines.push(`AA${time(m.touchdown_utc)}${m.ata_utc ? `/${time(m.ata_utc)}` : ""}`);
  else if (m.ata_utc) throw new RangeError("An on-blocks time is written after the touchdown time");
  if (m.eta_utc && !m.atd_utc) lines.push(eta.trim());
  if (m.etd_utc) lines.push(`ED${time(m.etd_utc)}`);
  if (m.next_information_utc) lines.push(`NI${time(m.next_information_utc)}`);
  if (m.delays.length) lines.push(`DL${delays(m.delays)}`);
  if (m.passengers !== null) lines.push(`PX${m.passengers}${m.infants === null ? "" : `/${m.infants}`}`);
  else if (m.infants !== null) throw new RangeError("Infants are written after the passengers");
  if (m.supplementary_info.length) {
    const [first, ...more] = m.supplementary_info;
    lines.push(`SI ${first}`, ...more);
  }
  return lines.join("\n");
}

function time(t: MovementTime): string {
  return `${t.day === null ? "" : String(t.day).padStart(2, "0")}${writeHhmm(t.time)}`;
}

/** Codes then durations, all or none of them timed: "72/15/0010/0005". */
function delays(list: readonly MovementDelay[]): string {
  const timed = list.filter((d) => d.minutes !== null).length;
  if (timed !== 0 && timed !== list.length) throw new RangeError("Either every delay code has its minutes or none has");
  const durations = list.map((d) => {
    const minutes = d.minutes ?? 0;
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > 99 * 60 + 59) throw new RangeError(`Not a delay duration: ${minutes}`);
    return `${String(Math.floor(minutes / 60)).padStart(2, "0")}${String(minutes % 60).padStart(2, "0")}`;
  });
  return [...list.map((d) => d.code), ...(timed ? durations : [])].join("/");
}
