import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";

// Reading the PDFs the documents API draws, as a person would: the words on each page with their places (pdf.js's
// text extraction), and each page as a PNG (pdf.js drawing on @napi-rs/canvas, pure npm packages, no poppler).

export interface PlacedText {
  str: string;
  /** Millimetres from the page's left and top edges (the baseline). */
  x: number;
  top: number;
}

const PT_TO_MM = 25.4 / 72;

async function open(bytes: Uint8Array) {
  return getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise;
}

/** Every text run of every page, in drawing order, with its position. */
export async function pdfText(bytes: Uint8Array): Promise<PlacedText[][]> {
  const doc = await open(bytes);
  const pages: PlacedText[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const height = page.getViewport({ scale: 1 }).height;
    const content = await page.getTextContent();
    pages.push(
      (content.items as TextItem[])
        .filter((i) => "str" in i && i.str.trim())
        .map((i) => ({ str: i.str, x: i.transform[4] * PT_TO_MM, top: (height - i.transform[5]) * PT_TO_MM })),
    );
  }
  await doc.destroy();
  return pages;
}

/** A page drawn on a white canvas at `scale` (1 = 72 dpi). */
async function drawnPage(bytes: Uint8Array, pageNumber: number, scale: number) {
  const doc = await open(bytes);
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  await doc.destroy();
  return { canvas, context };
}

/** A page drawn to PNG. */
export async function pdfPagePng(bytes: Uint8Array, pageNumber = 1, scale = 2): Promise<Buffer> {
  return (await drawnPage(bytes, pageNumber, scale)).canvas.encode("png");
}

/** The page drawn to grey levels (0 black … 255 white), for a barcode reader. */
export async function pdfPageLuminance(bytes: Uint8Array, pageNumber = 1, scale = 4): Promise<{ width: number; height: number; luminance: Uint8ClampedArray }> {
  const { canvas, context } = await drawnPage(bytes, pageNumber, scale);
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i++) luminance[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
  return { width, height, luminance };
}
