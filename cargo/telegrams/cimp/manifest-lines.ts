import { telegramError, type TelegramError } from "../telegram-error";
import type { LogicalLine } from "../telegram-lines";
import { readConsignment, writeAwbIdentification, writeQuantity, type ConsignmentDetail } from "./consignment";

/**
 * The lines FFM and FBL share: a shipment on the flight ("157-12345675DMELED/T2K50.0MC0.5/CONSOLIDATION") with its
 * special handling codes on the continuation line ("/EAP/SPX") and the lines that belong to it (DIM, SSR, OSI, OCI,
 * SCI); a point of unloading ("LED", "LED/29NOV0100", "LED/NIL"); the part's ending ("CONT" or "LAST").
 *
 * DIM, SSR, OSI and OCI are kept as the text after their tag, one entry per line (continuation lines are entries of
 * their own), so that a manifest passes them on unchanged; the product reads none of them for its own data yet.
 */
export interface ManifestItem extends ConsignmentDetail {
  /** Nature of goods, at most 15 characters (Cargo-IMP's field), "" when the line has none. */
  commodity: string;
  shcs: string[];
  dims: string[];
  ssr: string[];
  osi: string[];
  oci: string[];
  /** The customs origin code (SCI), e.g. "T1", "X". */
  sci: string | null;
}

export const MAX_COMMODITY_LENGTH = 15;
/**
 * A stored nature of goods as a manifest line carries it: upper case, only the characters Type-B lines carry (others
 * become spaces, "/" too, which would open another element), at most MAX_COMMODITY_LENGTH characters, trimmed.
 */
export function natureOfGoods(text: string | null | undefined): string {
  const plain = (text ?? "").toUpperCase().replace(/[^A-Z0-9 .,\-]+/g, " ").replace(/\s+/g, " ").trim();
  return plain.slice(0, MAX_COMMODITY_LENGTH).trimEnd();
}

/** The codes of a stored list that a manifest line can carry (three letters or digits), upper case, each once. */
export function manifestShcs(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => c.trim().toUpperCase()).filter((c) => SHC.test(c)))];
}

/** A free-text entry (SSR, OSI, ...) on one line: Type-B lines are at most 69 characters, the tag takes four. */
export const MAX_REMARK_LENGTH = 65;

const AWB_START = /^\d{3}-?\d{8}/;
const SHC = /^[A-Z0-9]{3}$/;
/** The tags of lines that belong to the shipment before them. */
export const ITEM_TAGS = ["DIM", "SSR", "OSI", "OCI", "SCI"] as const;
type ItemTag = (typeof ITEM_TAGS)[number];
const LIST_FIELD: Record<Exclude<ItemTag, "SCI">, "dims" | "ssr" | "osi" | "oci"> = { DIM: "dims", SSR: "ssr", OSI: "osi", OCI: "oci" };

/** The first element of a line, short, for unexpected_line's `tag`. */
export function tagOf(text: string): string {
  return text.split("/")[0]!.slice(0, 12);
}

export function isConsignmentLine(text: string): boolean {
  return AWB_START.test(text);
}

/**
 * Reads a shipment line and its continuation lines. Null when the waybill number cannot be read (the error says
 * why); a wrong quantity or commodity is reported and the rest kept.
 */
export function readManifestItem(line: LogicalLine, errors: TelegramError[]): ManifestItem | null {
  const [identification, quantity, commodity, ...rest] = line.text.split("/");
  const read = readConsignment(line.no, identification!, quantity);
  errors.push(...read.errors);
  if (!read.value) return null;
  if (quantity === undefined) errors.push(telegramError(line.no, "missing_field", { field: "quantity detail" }));
  const nature = (commodity ?? "").trim();
  if (nature.length > MAX_COMMODITY_LENGTH) errors.push(telegramError(line.no, "bad_field", { field: "nature of goods", value: nature }));
  if (rest.length) errors.push(telegramError(line.no, "unexpected_line", { tag: rest.join("/").slice(0, 12) }));
  const shcs: string[] = [];
  for (const continuation of line.continuations) {
    for (const code of continuation.text.split("/")) {
      if (SHC.test(code)) shcs.push(code);
      else errors.push(telegramError(continuation.no, "bad_field", { field: "special handling code", value: code }));
    }
  }
  return { ...read.value, commodity: nature, shcs, dims: [], ssr: [], osi: [], oci: [], sci: null };
}

/** Whether a line is one of the shipment's own (DIM/…, SSR/…, …). "OSI" alone is Osijek's point of unloading. */
export function itemTagOf(text: string): ItemTag | null {
  const tag = text.slice(0, 3);
  return text[3] === "/" && (ITEM_TAGS as readonly string[]).includes(tag) && !POINT_LINE.test(text) ? (tag as ItemTag) : null;
}

/** Adds a DIM/SSR/OSI/OCI/SCI line (and its continuations) to the shipment it follows. */
export function addItemLine(item: ManifestItem, tag: ItemTag, line: LogicalLine, errors: TelegramError[]): void {
  const first = line.text.slice(4);
  if (tag === "SCI") {
    if (item.sci !== null) errors.push(telegramError(line.no, "unexpected_line", { tag }));
    if (!/^[A-Z0-9]{1,2}$/.test(first)) errors.push(telegramError(line.no, "bad_field", { field: "customs origin code", value: first }));
    else item.sci = first;
    for (const extra of line.continuations) errors.push(telegramError(extra.no, "unexpected_line", { tag: `/${tagOf(extra.text)}` }));
    return;
  }
  const list = item[LIST_FIELD[tag]];
  for (const entry of [{ no: line.no, text: first }, ...line.continuations]) {
    if (entry.text.length > MAX_REMARK_LENGTH) errors.push(telegramError(entry.no, "bad_field", { field: tag, value: entry.text.slice(0, 20) }));
    list.push(entry.text);
  }
}

/** The shipment's lines as FFM and FBL write them. Throws RangeError for a model that cannot be written. */
export function writeManifestItem(item: ManifestItem): string[] {
  const nature = item.commodity;
  if (nature.length > MAX_COMMODITY_LENGTH || nature.includes("/") || nature !== nature.trim()) throw new RangeError(`Nature of goods cannot be written: ${JSON.stringify(nature)}`);
  for (const code of item.shcs) if (!SHC.test(code)) throw new RangeError(`Not a special handling code: ${code}`);
  const lines = [`${writeAwbIdentification(item)}/${writeQuantity(item)}${nature ? `/${nature}` : ""}`];
  if (item.shcs.length) lines.push(`/${item.shcs.join("/")}`);
  for (const [tag, field] of Object.entries(LIST_FIELD)) {
    item[field].forEach((entry, index) => {
      checkRemark(entry, tag);
      const line = index === 0 ? `${tag}/${entry}` : `/${entry}`;
      // "OSI/NIL" would read back as the point of unloading OSI (Osijek) with nothing for it.
      if (POINT_LINE.test(line)) throw new RangeError(`${tag} ${JSON.stringify(entry)} would read as a point of unloading`);
      lines.push(line);
    });
  }
  if (item.sci !== null) {
    if (!/^[A-Z0-9]{1,2}$/.test(item.sci)) throw new RangeError(`Not a customs origin code: ${item.sci}`);
    lines.push(`SCI/${item.sci}`);
  }
  return lines;
}

/** Characters a Type-B line carries, nothing that the reader would change (trailing spaces, lower case). */
const REMARK = /^[A-Z0-9 .,\-/()'?:+=]*$/;

export function checkRemark(text: string, what: string): void {
  if (text.length > MAX_REMARK_LENGTH || !REMARK.test(text) || text !== text.trimEnd()) throw new RangeError(`${what} cannot be written: ${JSON.stringify(text)}`);
}

/** A point of unloading: "LED", "LED/29NOV0100" (scheduled arrival), "LED/NIL" (nothing for it on this flight). */
export const POINT_LINE = /^([A-Z]{3})(?:\/(NIL|\d{2}[A-Z]{3}(?:\d{4})?))?$/;

export interface PointLine {
  destination_iata: string;
  /** "29NOV0100" or "29NOV" as sent, or null. */
  scheduled_arrival: string | null;
  nil: boolean;
}

export function readPointLine(text: string): PointLine | null {
  const m = POINT_LINE.exec(text);
  if (!m) return null;
  return { destination_iata: m[1]!, scheduled_arrival: m[2] && m[2] !== "NIL" ? m[2] : null, nil: m[2] === "NIL" };
}

export function writePointLine(destination: string, scheduledArrival: string | null, empty: boolean): string {
  if (!/^[A-Z]{3}$/.test(destination)) throw new RangeError(`Not an airport code: ${destination}`);
  if (scheduledArrival !== null && !/^\d{2}[A-Z]{3}(?:\d{4})?$/.test(scheduledArrival)) throw new RangeError(`Not an arrival day and time: ${scheduledArrival}`);
  // A point with nothing for it says so (NIL); a scheduled arrival is written only for a point with shipments.
  if (empty) return `${destination}/NIL`;
  return scheduledArrival ? `${destination}/${scheduledArrival}` : destination;
}

/** "CONT" (more parts follow) or "LAST". */
export function readPartEnding(text: string): boolean | null {
  return text === "LAST" ? true : text === "CONT" ? false : null;
}

/** What a message does with the lines of a part's body that FFM and FBL read alike. */
export interface PartBodyReader<Point> {
  newPoint(line: PointLine): Point;
  addItem(point: Point, item: ManifestItem): void;
  /** A line of the message's own (FFM: ULD, BULK); true when it was read. */
  otherLine?(line: LogicalLine, point: Point): boolean;
}

/**
 * Reads the lines after the flight line: points of unloading, shipments and their lines, the CONT/LAST ending.
 * Reports lines out of place, a part without a point of unloading, a part cut short before CONT/LAST (on its last
 * line). `ending` is null when the part has none.
 */
export function readPartBody<Point>(lines: readonly LogicalLine[], fallbackLine: number, reader: PartBodyReader<Point>, errors: TelegramError[]): { points: Point[]; last: boolean | null } {
  const points: Point[] = [];
  let point: Point | null = null;
  let item: ManifestItem | null = null;
  let ending: boolean | null = null;
  for (const line of lines) {
    const text = line.text;
    const tag = ending === null ? itemTagOf(text) : null;
    if (ending !== null) errors.push(telegramError(line.no, "unexpected_line", { tag: tagOf(text) }));
    else if (tag && item) addItemLine(item, tag, line, errors);
    else if (tag) errors.push(telegramError(line.no, "unexpected_line", { tag }));
    else if (isConsignmentLine(text)) {
      item = point !== null ? readManifestItem(line, errors) : null;
      if (point === null) errors.push(telegramError(line.no, "missing_line", { what: "point of unloading" }));
      else if (item) reader.addItem(point, item);
    } else {
      item = null;
      noContinuations(line, errors);
      const end = readPartEnding(text);
      const unloading = end === null ? readPointLine(text) : null;
      if (end !== null) ending = end;
      else if (unloading) points.push((point = reader.newPoint(unloading)));
      else if (point === null || !reader.otherLine?.(line, point)) errors.push(telegramError(line.no, "unexpected_line", { tag: tagOf(text) }));
    }
  }
  const lastLine = lines.at(-1)?.no ?? fallbackLine;
  if (!points.length) errors.push(telegramError(lastLine, "missing_line", { what: "point of unloading" }));
  if (ending === null) errors.push(telegramError(lastLine, "cut_short", { what: "CONT or LAST" }));
  return { points, last: ending };
}

/** A "/" line only continues a shipment or its DIM/SSR/OSI/OCI; anywhere else it is out of place. */
export function noContinuations(line: LogicalLine, errors: TelegramError[]): void {
  for (const extra of line.continuations) errors.push(telegramError(extra.no, "unexpected_line", { tag: `/${tagOf(extra.text)}` }));
}
