import { rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { DocumentFonts } from "./fonts";

// Drawing on a PDF page in millimetres from the top-left corner, as forms are specified, with three layers that the
// air waybill's print options switch: the grid (box lines), the captions of the boxes, and the data. Pre-printed
// stock (no_layout) gets the data alone at the same places; exclude_headers leaves the captions out.

export const MM = 72 / 25.4;
const INK = rgb(0, 0, 0);
const CAPTION_INK = rgb(0.25, 0.25, 0.25);
/** The smallest size a value shrinks to before it is cut: still legible on a laser print. */
const MIN_SIZE = 4.5;

export interface Layers {
  /** Box lines and rules. */
  grid: boolean;
  /** Box captions ("Shipper's Name and Address"). */
  captions: boolean;
  /** The printed texts of the form itself (titles, the conditions and certification paragraphs). */
  formText: boolean;
}

/**
 * Width of `text` in points, from each character's advance width measured once per font: a waybill measures
 * thousands of candidate lines while wrapping, and pdf-lib lays out the whole string on every call (about 0.3 s per
 * page that way). Kerning is left out, which only ever overestimates a little.
 */
const advances = new WeakMap<PDFFont, Map<string, number>>();
export function widthOf(font: PDFFont, text: string, size: number): number {
  let known = advances.get(font);
  if (!known) advances.set(font, (known = new Map()));
  let width = 0;
  for (const ch of text) {
    let w = known.get(ch);
    if (w === undefined) known.set(ch, (w = font.widthOfTextAtSize(ch, 1)));
    width += w;
  }
  return width * size;
}

/** Collapses whitespace (tabs and line breaks of stored text would draw as missing glyphs). */
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();

export class Sheet {
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: DocumentFonts,
    readonly layers: Layers,
  ) {}

  private y(topMm: number): number {
    return this.page.getHeight() - topMm * MM;
  }

  /** A box outline. */
  rect(x: number, top: number, w: number, h: number): void {
    if (!this.layers.grid) return;
    this.page.drawRectangle({ x: x * MM, y: this.y(top + h), width: w * MM, height: h * MM, borderColor: INK, borderWidth: 0.5 });
  }

  /** A rule between two points. */
  line(x1: number, top1: number, x2: number, top2: number): void {
    if (!this.layers.grid) return;
    this.page.drawLine({ start: { x: x1 * MM, y: this.y(top1) }, end: { x: x2 * MM, y: this.y(top2) }, thickness: 0.5, color: INK });
  }

  /** A box's caption in its top-left corner. */
  caption(x: number, top: number, text: string, w?: number): void {
    if (!this.layers.captions) return;
    const width = w === undefined ? undefined : w - 1.6;
    // a narrow box's caption takes two lines rather than shrinking out of legibility
    const lines = width === undefined ? [text] : wrap(clean(text), this.fonts.regular, 4.5, width * MM);
    if (lines.length === 2 && widthOf(this.fonts.regular, text, 5) > (width ?? 0) * MM) {
      lines.forEach((line, i) => {
        this.draw(line, x + 0.8, top + 2.1 + i * 1.9, { size: 4.5, font: this.fonts.regular, width, color: CAPTION_INK });
      });
      return;
    }
    this.draw(text, x + 0.8, top + 2.3, { size: 5, font: this.fonts.regular, width, color: CAPTION_INK });
  }

  /** A box with its caption. */
  box(x: number, top: number, w: number, h: number, caption: string): void {
    this.rect(x, top, w, h);
    this.caption(x, top, caption, w);
  }

  /** One line of data, shrunk to `width` mm when given (and cut if it still does not fit). */
  text(text: string, x: number, baseline: number, opts: { size?: number; bold?: boolean; width?: number; align?: "left" | "right" | "center" } = {}): void {
    this.draw(text, x, baseline, { size: opts.size ?? 8, font: opts.bold ? this.fonts.bold : this.fonts.regular, width: opts.width, align: opts.align });
  }

  /** Printed text of the form (titles, legal paragraphs): drawn only when the layout is. */
  formText(text: string, x: number, baseline: number, opts: { size?: number; bold?: boolean; width?: number; align?: "left" | "right" | "center" } = {}): void {
    if (this.layers.formText) this.text(text, x, baseline, opts);
  }

  /** Wrapped data in a rectangle: as many lines as fit; the last one that fits ends with "…" when text is left over. */
  paragraph(text: string | string[], x: number, top: number, w: number, h: number, opts: { size?: number; bold?: boolean; form?: boolean } = {}): number {
    if (opts.form && !this.layers.formText) return 0;
    const size = opts.size ?? 8;
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const leading = size * 1.18;
    const maxLines = Math.max(1, Math.floor((h * MM) / leading));
    const lines = (Array.isArray(text) ? text : [text]).flatMap((t) => wrap(clean(t), font, size, w * MM));
    const shown = lines.slice(0, maxLines);
    if (lines.length > maxLines) shown[maxLines - 1] = `${shown[maxLines - 1]}…`;
    shown.forEach((line, i) => {
      this.draw(line, x, top + (size * 0.9 + i * leading) / MM, { size, font, width: w });
    });
    return shown.length;
  }

  private draw(raw: string, x: number, baseline: number, o: { size: number; font: PDFFont; width?: number; color?: ReturnType<typeof rgb>; align?: "left" | "right" | "center" }): void {
    let text = clean(raw);
    if (!text) return;
    let size = o.size;
    const limit = o.width === undefined ? Infinity : o.width * MM;
    while (size > MIN_SIZE && widthOf(o.font, text, size) > limit) size -= 0.5;
    while (text.length > 1 && widthOf(o.font, text, size) > limit) text = `${text.slice(0, -2)}…`;
    const width = widthOf(o.font, text, size);
    const room = o.width === undefined ? width : o.width * MM;
    const dx = o.align === "right" ? room - width : o.align === "center" ? (room - width) / 2 : 0;
    this.page.drawText(text, { x: x * MM + dx, y: this.y(baseline), size, font: o.font, color: o.color ?? INK });
  }
}

/** Breaks text into lines no wider than `width` points, at spaces where it can and inside a word where it must. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  if (!text) return [];
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(font, candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (widthOf(font, line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && widthOf(font, line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}
