import bwipjs from "bwip-js/node";
import { asPDFNumber, fill, PDFDocument, PDFOperator, PDFOperatorNames, popGraphicsState, pushGraphicsState, setFillingRgbColor, type PDFPage } from "pdf-lib";
import { MAX_LABELS_PER_FILE } from "../../cargo/limits";
import type { AwbDocument } from "./awb-document";
import { embedFonts } from "./fonts";
import { MM, Sheet } from "./sheet";

// Cargo labels for GET api/v3/air_waybills/{id}/mawb_labels (spec 3 §7): one 102 × 85 mm label per piece with the
// airline, the air waybill number, destination, origin and station, piece n of N, the total weight, and a Code 128
// barcode of the number's 11 digits followed by the piece's 5-digit serial (IATA Recommended Practice 1600t). bwip-js
// encodes the barcode; its bars are drawn as PDF rectangles, so they stay sharp at any printer resolution and a
// label costs no image.
//
// A waybill may count 100 000 pieces: one file holds at most MAX_LABELS_PER_FILE labels (pieces from `first_piece`
// on), so a request's work is bounded whatever the waybill; the answer says where the next file starts.

export const LABEL_WIDTH_MM = 102;
export const LABEL_HEIGHT_MM = 85;
const QUIET_MODULES = 10;

/** The barcode's content: the number's 11 digits and the piece serial, 5 digits. */
export function labelBarcodeText(mawb: string, piece: number): string {
  return `${mawb.replace(/\D/g, "")}${String(piece).padStart(5, "0")}`;
}

/**
 * Code 128 bars of `text` in a box (x, bottom and sizes in points), as one filled path of rectangles: drawn bar by
 * bar through pdf-lib's drawRectangle, 500 labels took four times as long.
 */
function drawCode128(page: PDFPage, text: string, x: number, bottom: number, width: number, height: number): void {
  const [symbol] = bwipjs.raw("code128", text, {}) as Array<{ sbs: number[] }>;
  const widths = symbol!.sbs;
  const modules = widths.reduce((sum, w) => sum + w, 0) + 2 * QUIET_MODULES;
  const module = width / modules;
  const bars: PDFOperator[] = [];
  let at = x + QUIET_MODULES * module;
  widths.forEach((w, i) => {
    // bar, space, bar, space …
    if (i % 2 === 0) bars.push(PDFOperator.of(PDFOperatorNames.AppendRectangle, [at, bottom, w * module, height].map(asPDFNumber)));
    at += w * module;
  });
  page.pushOperators(pushGraphicsState(), setFillingRgbColor(0, 0, 0), ...bars, fill(), popGraphicsState());
}

export interface LabelOptions {
  station: string | null;
  firstPiece: number;
}

/** What every label of the waybill shares: drawn once, then placed on each page as one form XObject. */
function drawCommon(s: Sheet, doc: AwbDocument, station: string | null): void {
  const { awb, airline } = doc;
  const x = 4;
  const w = LABEL_WIDTH_MM - 8;
  const weight = `${Number(awb.weight.toFixed(1))} ${awb.weight_code === "L" ? "LB" : "KG"}`;
  // the frame holds the text only: a line beside the bars would eat into the barcode's quiet zone, and readers then
  // take it for the first bar
  s.rect(2, 2, LABEL_WIDTH_MM - 4, 46);
  s.text(`${airline.name} (${airline.carrier})`, x, 9, { size: 12, bold: true, width: w });
  s.line(2, 11, LABEL_WIDTH_MM - 2, 11);
  s.caption(x - 1, 11, "Air Waybill No.");
  s.text(awb.mawb, x, 20, { size: 20, bold: true, width: w });
  s.line(2, 22, LABEL_WIDTH_MM - 2, 22);
  s.caption(x - 1, 22, "Destination");
  s.text(awb.destination_iata, x, 35, { size: 32, bold: true, width: 45 });
  s.caption(52, 22, "Total No. of Pieces");
  s.text(String(awb.pieces), 53, 29, { size: 12, bold: true, width: 44 });
  s.caption(52, 30, "Total Weight");
  s.text(weight, 53, 37, { size: 12, bold: true, width: 44 });
  s.line(51, 22, 51, 39);
  s.line(2, 39, LABEL_WIDTH_MM - 2, 39);
  s.caption(x - 1, 39, "Origin");
  s.text(awb.origin_iata, x, 46, { size: 12, bold: true, width: 20 });
  s.caption(25, 39, "Station");
  s.text(station ?? awb.origin_iata, 26, 46, { size: 12, bold: true, width: 20 });
  s.caption(52, 39, "Piece");
}

export async function mawbLabelsPdf(doc: AwbDocument, o: LabelOptions): Promise<{ pdf: Uint8Array; first: number; last: number }> {
  const { awb } = doc;
  const total = awb.pieces;
  const first = o.firstPiece;
  const last = Math.min(total, first + MAX_LABELS_PER_FILE - 1);
  const size: [number, number] = [LABEL_WIDTH_MM * MM, LABEL_HEIGHT_MM * MM];
  const layers = { grid: true, captions: true, formText: true };

  const shared = await PDFDocument.create();
  const sharedPage = shared.addPage(size);
  drawCommon(new Sheet(sharedPage, await embedFonts(shared), layers), doc, o.station);
  // writes the subset fonts into the shared document: embedPage copies objects, and unwritten fonts would be lost
  await shared.flush();

  const pdf = await PDFDocument.create();
  pdf.setTitle(`Labels ${awb.mawb} ${first}-${last} of ${total}`);
  pdf.setCreator("Cargo Desk");
  pdf.setProducer("Cargo Desk");
  const common = await pdf.embedPage(sharedPage);
  const fonts = await embedFonts(pdf);
  for (let piece = first; piece <= last; piece++) {
    const page = pdf.addPage(size);
    page.drawPage(common);
    const s = new Sheet(page, fonts, layers);
    s.text(`${piece} of ${total}`, 53, 46, { size: 12, bold: true, width: 44 });
    const code = labelBarcodeText(awb.mawb, piece);
    drawCode128(page, code, 4 * MM, (LABEL_HEIGHT_MM - 74) * MM, (LABEL_WIDTH_MM - 8) * MM, 22 * MM);
    s.text(code, 4, 79, { size: 9, width: LABEL_WIDTH_MM - 8, align: "center" });
  }
  return { pdf: await pdf.save(), first, last };
}
