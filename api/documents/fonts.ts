import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

// The fonts of every document the API draws: DejaVu Sans Condensed from the dejavu-fonts-ttf npm package, because
// the waybill's parties are often written in Cyrillic and the PDF standard fonts carry Latin-1 only. The files are
// read once per process from node_modules (nothing is fetched at run time) and subset into each PDF, so a document
// carries only the glyphs it uses (about 20 KB instead of 680 KB per face).

const require = createRequire(import.meta.url);
const FILES = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf",
} as const;

/** Left-to-right Latin and Cyrillic need no shaping; fontkit's kerning and ligature passes made each drawn string cost ~2 ms. */
const NO_SHAPING = { kern: false, liga: false, clig: false, calt: false, rlig: false, mark: false, mkmk: false, ccmp: false, locl: false };

let bytes: Record<keyof typeof FILES, Buffer> | null = null;

function fontBytes(): Record<keyof typeof FILES, Buffer> {
  bytes ??= { regular: readFileSync(require.resolve(FILES.regular)), bold: readFileSync(require.resolve(FILES.bold)) };
  return bytes;
}

export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Embeds the regular and bold faces (subset) into `pdf`. */
export async function embedFonts(pdf: PDFDocument): Promise<DocumentFonts> {
  pdf.registerFontkit(fontkit);
  const files = fontBytes();
  const [regular, bold] = await Promise.all([pdf.embedFont(files.regular, { subset: true, features: NO_SHAPING }), pdf.embedFont(files.bold, { subset: true, features: NO_SHAPING })]);
  return { regular, bold };
}
