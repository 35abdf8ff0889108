import { PageSizes, PDFDocument } from "pdf-lib";
import { embedFonts } from "../documents/fonts";
import { Sheet } from "../documents/sheet";
import type { OfferAnswer } from "./schemas";

// The offer as the document the forwarder hands its customer (spec 3 §7 "offers (plus .pdf ...)", default name
// offer.pdf, §9): who it is for, the route and the shipment, the flights when chosen, one row per price line with
// the customer's price (the outgoing amount: the forwarder's own cost and margin are not the customer's business),
// the totals per currency and how long the price stands. A4 portrait, in millimetres from the top (api/documents/sheet).
// An offer holds at most 50 lines (api/offers/schemas.ts), so it always fits on one or two pages.

const L = 12;
const W = 186;
const ROW = 5.4;
const BOTTOM = 280;

interface Column {
  caption: string;
  width: number;
  align?: "right";
  value(r: OfferAnswer["rates"][number]): string;
}

const BASIS = { weight: "per kg gross", charge: "per kg chargeable", fixed_value: "fixed" } as const;

const COLUMNS: Column[] = [
  { caption: "Code", width: 16, value: (r) => r.code },
  { caption: "Description", width: 58, value: (r) => r.description ?? (r.type === "airfreight" ? "Airfreight" : "Charge") },
  { caption: "Class", width: 12, value: (r) => r.rate_class_code ?? "" },
  { caption: "Basis", width: 30, value: (r) => BASIS[r.basis] },
  { caption: "Quantity", width: 20, align: "right", value: (r) => r.base_value },
  { caption: "VAT %", width: 14, align: "right", value: (r) => r.vat_percent ?? "" },
  { caption: "Amount", width: 36, align: "right", value: (r) => `${r.outgoing_amount} ${r.currency}` },
];

const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "—" : String(v));
const joined = (...parts: Array<string | null | undefined>) => parts.filter((p) => p && p.trim()).join(", ");

function boxes(s: Sheet, top: number, items: Array<[string, string]>, perRow: number, h = 11): number {
  const w = W / perRow;
  items.forEach(([caption, value], i) => {
    const x = L + (i % perRow) * w;
    const y = top + Math.floor(i / perRow) * h;
    s.box(x, y, w, h, caption);
    s.text(value, x + 1.5, y + h - 2.2, { size: 9, width: w - 3 });
  });
  return top + Math.ceil(items.length / perRow) * h;
}

function tableHead(s: Sheet, top: number): number {
  let x = L;
  s.line(L, top, L + W, top);
  for (const c of COLUMNS) {
    s.text(c.caption, x + 0.8, top + 3.8, { size: 7.5, bold: true, width: c.width - 1.6, align: c.align });
    x += c.width;
  }
  s.line(L, top + 5, L + W, top + 5);
  return top + 5;
}

/** The PDF of an offer as GET offers/{id} answers it; `generatedAt` is printed in the footer. */
export async function offerPdf(offer: OfferAnswer, generatedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Offer ${offer.number}`);
  pdf.setCreator("Cargo Desk");
  pdf.setProducer("Cargo Desk");
  const fonts = await embedFonts(pdf);
  const layers = { grid: true, captions: true, formText: true };
  let s = new Sheet(pdf.addPage(PageSizes.A4), fonts, layers);

  s.text(`OFFER ${offer.number}`, L, 18, { size: 16, bold: true, width: 120 });
  s.text(offer.forwarder_short_name, L + W - 60, 18, { size: 10, bold: true, width: 60, align: "right" });
  const validity = offer.valid_until ? `Valid until ${offer.valid_until}` : "Valid until further notice";
  s.text(validity, L, 25, { size: 10, width: W });

  const c = offer.customer;
  let top = boxes(s, 30, [["Customer", orDash(c.name ?? offer.customer_name)], ["Address", orDash(joined(c.address, c.city, c.post_code, c.country_code))], ["Tax id", orDash(c.tax_id)]], 3);
  top = boxes(
    s,
    top + 2,
    [
      ["Route", `${offer.origin_iata} → ${offer.destination_iata}`],
      ["Airline", orDash(offer.carrier)],
      ["Departure date", orDash(offer.date_toa)],
      ["Pieces", String(offer.pieces)],
      ["Weight, kg", String(offer.weight)],
      ["Volume, m3", String(offer.volume)],
      ["Chargeable weight, kg", String(offer.chargeable_weight)],
      ["Commodity", orDash(offer.commodity)],
      ["SHC", orDash(offer.shcs.join(" "))],
      ["Pick-up", orDash(joined(offer.pickup_address, offer.pickup_city, offer.pickup_post_code))],
      ["Delivery", orDash(joined(offer.delivery_address, offer.delivery_city, offer.delivery_post_code))],
      ["Flights", orDash(offer.segments.map((l) => `${l.number_with_date} ${l.origin_iata}-${l.destination_iata}`).join(", "))],
    ],
    3,
  );

  let y = tableHead(s, top + 6);
  for (const rate of offer.rates) {
    if (y + ROW > BOTTOM) {
      s = new Sheet(pdf.addPage(PageSizes.A4), fonts, layers);
      s.text(`OFFER ${offer.number} (continued)`, L, 18, { size: 11, bold: true, width: W });
      y = tableHead(s, 24);
    }
    let x = L;
    for (const col of COLUMNS) {
      s.text(col.value(rate), x + 0.8, y + ROW - 1.4, { size: 8.5, width: col.width - 1.6, align: col.align });
      x += col.width;
    }
    y += ROW;
  }
  if (!offer.rates.length) {
    s.text("No rates yet", L + 0.8, y + ROW - 1.4, { size: 8.5, width: W });
    y += ROW;
  }
  s.line(L, y, L + W, y);
  for (const total of offer.totals) {
    y += ROW;
    s.text(`Total ${total.currency}`, L + W - 90, y, { size: 9.5, bold: true, width: 50, align: "right" });
    s.text(`${total.outgoing_amount} ${total.currency}`, L + W - 36, y, { size: 9.5, bold: true, width: 35, align: "right" });
  }
  if (offer.comment) s.paragraph(offer.comment, L, y + 6, W, 20, { size: 9 });
  s.text(`Generated ${generatedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`, L, 290, { size: 7, width: W });
  return pdf.save();
}
