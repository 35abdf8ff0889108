import { PDFDocument, PageSizes } from "pdf-lib";
import { formatLocalIso } from "../../cargo/time/zoned-time";
import type { Segment } from "../flights/common";
import type { SegmentTelegram } from "../flights/segment-messages";
import { embedFonts } from "./fonts";
import { Sheet } from "./sheet";

// A flight's FFM and FBL as documents (spec 3 §7 segments/{id}/ffm.pdf and /fbl.pdf; default name fbl.pdf, §9): the
// cargo manifest and the booked list the station prints, from the same model as the telegram (segment-messages.ts),
// so the paper and the message never disagree. A4 portrait: the header (airline, flight, route, times, aircraft),
// one table row per shipment, the totals under the last; the header and the table's captions on every page.

export interface FlightDocumentAirline {
  carrier: string;
  name: string;
}

const L = 10;
const W = 190;
const TOP_OF_TABLE = 58;
const ROW = 5.2;
const BOTTOM = 282;

interface Column {
  caption: string;
  width: number;
  align?: "right";
  value(s: SegmentTelegram["shipments"][number], n: number): string;
}

const COMMON: Column[] = [
  { caption: "No.", width: 9, align: "right", value: (_s, n) => String(n) },
  { caption: "Air waybill", width: 27, value: (s) => s.mawb },
  { caption: "Orig-Dest", width: 18, value: (s) => `${s.origin_iata ?? ""}-${s.destination_iata ?? ""}` },
  { caption: "Pieces", width: 16, align: "right", value: (s) => (s.total_pieces !== null ? `${s.pieces}/${s.total_pieces}` : String(s.pieces)) },
  { caption: "Weight", width: 20, align: "right", value: (s) => `${s.weight.toFixed(1)} ${s.weight_code === "L" ? "lb" : "kg"}` },
  { caption: "Volume, m3", width: 17, align: "right", value: (s) => (s.volume !== null ? s.volume.toFixed(2) : "") },
  { caption: "Nature of goods", width: 33, value: (s) => s.commodity },
  { caption: "SHC", width: 20, value: (s) => s.shcs.join(" ") },
];

const COLUMNS: Record<"FFM" | "FBL", Column[]> = {
  FFM: [...COMMON, { caption: "ULD", width: 20, value: (s) => s.uld_number ?? "BULK" }, { caption: "To", width: 10, value: (s) => s.unloading_iata }],
  FBL: [...COMMON, { caption: "Status", width: 14, value: (s) => s.response_status ?? "" }, { caption: "To", width: 16, value: (s) => s.unloading_iata }],
};

const TITLES = { FFM: "CARGO MANIFEST", FBL: "FREIGHT BOOKED LIST" } as const;

const local = (at: Date | null, zone: string) => (at ? formatLocalIso(at, zone).slice(0, 16).replace("T", " ") : "");

function header(s: Sheet, title: string, segment: Segment, airline: FlightDocumentAirline, page: number, pages: number, generatedAt: Date, to: string | null): void {
  s.text(title, L, 16, { size: 15, bold: true, width: 140 });
  s.text(`Page ${page} of ${pages}`, L + W - 40, 16, { size: 8, width: 40, align: "right" });
  s.text(`${airline.name} (${airline.carrier})`, L, 23, { size: 10, bold: true, width: to ? W / 2 : W });
  if (to) s.text(`To: ${to}`, L + W / 2, 23, { size: 9, width: W / 2, align: "right" });
  const boxes: Array<[string, string]> = [
    ["Flight", segment.number_with_date],
    ["Point of loading", segment.origin_iata],
    ["Point of unloading", segment.destination_iata],
    ["STD (local)", local(segment.std, segment.origin_time_zone)],
    ["STA (local)", local(segment.sta, segment.destination_time_zone)],
    ["Departed (ATOT)", local(segment.atot, segment.origin_time_zone)],
    ["Aircraft", [segment.aircraft_type, segment.aircraft_reg].filter(Boolean).join(" ")],
    ["Generated (UTC)", generatedAt.toISOString().slice(0, 16).replace("T", " ")],
  ];
  const w = W / 4;
  boxes.forEach(([caption, value], i) => {
    const x = L + (i % 4) * w;
    const top = 27 + Math.floor(i / 4) * 12;
    s.box(x, top, w, 12, caption);
    s.text(value, x + 1.5, top + 9.5, { size: 9, bold: i === 0, width: w - 3 });
  });
}

function tableHead(s: Sheet, columns: Column[]): void {
  let x = L;
  s.line(L, TOP_OF_TABLE - 5, L + W, TOP_OF_TABLE - 5);
  for (const c of columns) {
    s.text(c.caption, x + 0.8, TOP_OF_TABLE - 1.3, { size: 7, bold: true, width: c.width - 1.6, align: c.align });
    x += c.width;
  }
  s.line(L, TOP_OF_TABLE, L + W, TOP_OF_TABLE);
}

function row(s: Sheet, columns: Column[], values: string[], baseline: number, bold = false): void {
  let x = L;
  columns.forEach((c, i) => {
    s.text(values[i] ?? "", x + 0.8, baseline, { size: 8, bold, width: c.width - 1.6, align: c.align });
    x += c.width;
  });
}

/** A correspondence FBL's extra: the letter's addressee line and each shipment's remarks (by waybill number). */
export interface Correspondence {
  to: string;
  remarks: ReadonlyMap<string, string>;
}

type Line = { kind: "row"; shipment: SegmentTelegram["shipments"][number]; n: number } | { kind: "remark"; text: string };

/**
 * The document of an FFM or FBL built by segmentTelegram. With `correspondence`, the FBL as the airline's letter to the
 * handling station (fbl/correspondence.pdf): its addressee under the airline, and under each shipment a line of its
 * remarks (handling information, parties, the booking's reason), which the station needs to accept the cargo.
 */
export async function flightManifestPdf(
  telegram: SegmentTelegram & { type: "FFM" | "FBL" },
  segment: Segment,
  airline: FlightDocumentAirline,
  correspondence: Correspondence | null = null,
): Promise<Uint8Array> {
  const columns = COLUMNS[telegram.type];
  const perPage = Math.floor((BOTTOM - TOP_OF_TABLE - ROW * 2) / ROW);
  const shipments = telegram.shipments;
  const lines: Line[] = shipments.flatMap((shipment, i): Line[] => {
    const remark = correspondence?.remarks.get(shipment.mawb);
    return remark ? [{ kind: "row", shipment, n: i + 1 }, { kind: "remark", text: remark }] : [{ kind: "row", shipment, n: i + 1 }];
  });
  const pages = Math.max(1, Math.ceil((lines.length + 1) / perPage));
  const title = correspondence ? `${TITLES[telegram.type]} - CORRESPONDENCE` : TITLES[telegram.type];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${segment.number_with_date} ${segment.origin_iata}-${segment.destination_iata}`);
  pdf.setCreator("Cargo Desk");
  pdf.setProducer("Cargo Desk");
  const fonts = await embedFonts(pdf);
  const layers = { grid: true, captions: true, formText: true };
  for (let page = 0; page < pages; page++) {
    const s = new Sheet(pdf.addPage(PageSizes.A4), fonts, layers);
    header(s, title, segment, airline, page + 1, pages, telegram.generated_at, correspondence?.to ?? null);
    tableHead(s, columns);
    const first = page * perPage;
    lines.slice(first, first + perPage).forEach((line, i) => {
      const baseline = TOP_OF_TABLE + ROW * (i + 1) - 1.3;
      if (line.kind === "row") row(s, columns, columns.map((c) => c.value(line.shipment, line.n)), baseline);
      else s.text(line.text, L + columns[0]!.width + 0.8, baseline, { size: 7, width: W - columns[0]!.width - 1.6 });
    });
    if (page === pages - 1) {
      const at = TOP_OF_TABLE + ROW * (lines.length - first + 1);
      s.line(L, at - ROW + 0.6, L + W, at - ROW + 0.6);
      const t = telegram.totals;
      const totals = ["", `Total: ${t.shipments}`, "", String(t.pieces), `${t.weight.toFixed(1)} kg`, t.volume.toFixed(2)];
      row(s, columns, shipments.length ? totals : ["", "NIL"], at - 0.7, true);
    }
  }
  return pdf.save();
}
