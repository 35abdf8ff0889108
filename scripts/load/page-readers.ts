/**
 * What the BFF's pages tell a user, read from their server HTML: the notice at the bottom of the page (a created
 * waybill, an answered booking), the bookings a waybill page lists, the booking search's Book links, the flight a
 * flight page is about. Each reader names what it looks for, so a changed page fails the run instead of counting
 * nothing. Pure; unit-tested on snippets of the real markup.
 */
import { decodeEntities, linksOf, PageShapeError, textOf } from "./html-forms";
import type { ToldBooking } from "./told-ledger";

/** An air waybill number as pages print it: 421-10100005. */
export const MAWB = /\b\d{3}-\d{8}\b/;
/** A flight as pages name it: S70101/26NOV26. */
export const FLIGHT = /\b[A-Z0-9]{2}\d{3,4}[A-Z]?\/\d{2}[A-Z]{3}\d{2}\b/;

/** The text of the flashed notice (data-testid="notice"), or undefined when the page carries none. */
export function noticeOf(html: string): string | undefined {
  const notice = elementHolding(html, 'data-testid="notice"');
  return notice ? textOf(notice) : undefined;
}

/** The bookings table of a waybill page (data-testid="bookings-table"): each row's flight and status code. */
export function bookingsOfWaybillPage(html: string, mawb: string): ToldBooking[] {
  const at = html.indexOf('data-testid="bookings-table"');
  if (at < 0) return [];
  const table = html.slice(at, html.indexOf("</table>", at));
  const rows: ToldBooking[] = [];
  for (const row of table.split(/<tr\b/).slice(2)) {
    const flight = FLIGHT.exec(textOf(`<tr${row}`))?.[0];
    const status = /data-testid="booking-status-([A-Z]{2})"/.exec(row)?.[1];
    if (!flight && !status) continue; // the table's "no bookings" row
    if (!flight || !status) throw new PageShapeError(`a booking row of ${mawb} without its flight or status: ${textOf(row).slice(0, 120)}`);
    rows.push({ mawb, flight, status });
  }
  return rows;
}

/** The page's <title> text ("Flight S70101/26NOV26 | Cargo Desk"). */
export function titleOf(html: string): string {
  return decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
}

/** The flight a flight page is about, from its title; throws when the page names none. */
export function flightOfPage(html: string): string {
  const flight = FLIGHT.exec(titleOf(html))?.[0];
  if (!flight) throw new PageShapeError(`a flight page titled "${titleOf(html)}" names no flight`);
  return flight;
}

/** The booking search's Book links: the create page with route, date and trip chosen (`trip=` a segment id or ids). */
export function bookLinksOf(html: string): Array<{ href: string; trip: string }> {
  return linksOf(html)
    .filter((href) => href.startsWith("/dashboard/air-waybills/create?"))
    .map((href) => ({ href, trip: new URLSearchParams(href.split("?")[1]).get("trip") ?? "" }))
    .filter((link) => link.trip !== "");
}

/** Links to flight pages (/dashboard/flights/123) with the flight's segment id. */
export function flightLinksOf(html: string): Array<{ href: string; id: number }> {
  return linksOf(html)
    .map((href) => ({ href, m: /^\/dashboard\/flights\/(\d+)$/.exec(href) }))
    .filter((l) => l.m)
    .map((l) => ({ href: l.href, id: Number(l.m![1]) }));
}

/**
 * What a refused form says, short: the errors beside its fields and above it (Mantine's error elements, the form's
 * errors block), else an alert that is not one of the shell's global notifications. For the report's reasons, never
 * for deciding anything.
 */
export function refusalText(html: string): string {
  const texts = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => textOf(elementAt(html, m.index))).filter(Boolean))];
  let said = texts(/<[a-z]+\b[^>]*(?:id="[^"]*-error"|data-testid="form-errors")[^>]*>/g);
  if (said.length === 0) {
    const shell = textOf(elementHolding(html, 'data-testid="global-notifications"'));
    said = texts(/<[a-z]+\b[^>]*role="alert"[^>]*>/g).filter((t) => !shell.includes(t));
  }
  return (said.join("; ") || "(nothing said beside the form)").slice(0, 120);
}

/** The whole element (tag, content, closing tag) whose start tag holds `marker`; "" when there is none. */
export function elementHolding(html: string, marker: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? "" : elementAt(html, html.lastIndexOf("<", at));
}

/** The whole element whose start tag begins at `start`, found by counting its kind of tag in and out. */
function elementAt(html: string, start: number): string {
  const name = /^<([a-z0-9]+)/i.exec(html.slice(start))?.[1];
  if (!name) return "";
  const tags = new RegExp(`<(/?)${name}\\b[^>]*?(/?)>`, "gi");
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (m[2]) continue; // self-closing
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index + m[0].length);
  }
  return html.slice(start);
}

/** The free weight of each option the booking search lists ("free 1,212 kg, 6.94 m³"), in kg. */
export function freeWeightsOf(html: string): number[] {
  return [...textOf(html).matchAll(/\bfree (-?[\d,. ]+) kg/g)].map((m) => Number(m[1]!.replace(/[, ]/g, "")));
}
