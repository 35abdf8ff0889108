import { PDFDocument, PageSizes } from "pdf-lib";
import type { PartyBlock, RatingLine } from "../db/tables/air-waybills";
import type { AwbDocument } from "./awb-document";
import { type Decimal, decimalOfStored, formatAmount, formatRate } from "../../cargo/money/money";
import { chargesOf, type AwbCharges } from "./charges";
import { embedFonts } from "./fonts";
import { Sheet, type Layers } from "./sheet";

// The air waybill as a PDF in the IATA layout (Resolution 600a: the boxes of the paper air waybill, in their places),
// for GET api/v3/air_waybills/{id}/eap.pdf (spec 3 §7) and its print options. Positions are millimetres from the
// top-left corner of an A4 page with 8 mm margins: two half-width columns (97 mm) for the parties, the issuer and the
// accounting information; full-width rows for routing, handling, the rating block and the charges.

export interface EapOptions {
  /** Pieces, weights and volume left blank (the figures are written by hand at acceptance). */
  exclude_pcs_weight_volume: boolean;
  /** No box captions. */
  exclude_headers: boolean;
  /** The shipper's box left blank. */
  hide_shipper: boolean;
  /** Data only, for printing on pre-printed air waybill stock. */
  no_layout: boolean;
  /** A second page with the conditions of contract (the reverse side of the paper waybill). */
  reverse_side: boolean;
  /** Airports by their Russian city names and the airline by its Cyrillic code (domestic Russian waybills). */
  use_cyrillic_codes: boolean;
}

const L = 8; // left margin
const W = 194; // printable width
const HALF = 97;
const R = L + HALF; // the right column

const num = (v: number | null | undefined, digits = 1) => (v == null ? "" : Number(v.toFixed(digits)).toString());
const joined = (...parts: Array<string | null | undefined>) => parts.filter((p) => p && p.trim()).join(", ");

function partyLines(p: PartyBlock | null | undefined): string[] {
  if (!p) return [];
  const phones = (p.contacts ?? []).map((c) => `${c.type.toUpperCase()} ${c.value}`).join(" ");
  return [p.name ?? "", p.address ?? "", joined(p.city, p.state, p.post_code), p.country_code ?? "", p.tax_id ? `TAX ID ${p.tax_id}` : "", phones].filter(Boolean);
}

/** A rating line as printed: its rate and total as the currency writes them (each total rounded for its own cell). */
type PrintedLine = Omit<RatingLine, "rate" | "total"> & { rate: string; total: string };

/** The rating lines as printed: the stored block, or one line of the waybill's own figures when it has none. */
function ratingLines(doc: AwbDocument, charges: AwbCharges): PrintedLine[] {
  const { awb } = doc;
  const currency = charges.currency;
  if (awb.rating.length) {
    return awb.rating.map((r) => ({ ...r, rate: formatRate(decimalOfStored(r.rate), currency), total: formatAmount(decimalOfStored(r.total), currency) }));
  }
  return [{ pieces: awb.pieces, gross_weight: awb.weight, rate_class_code: "", chargeable_weight: awb.charge_weight, rate: "", total: formatAmount(charges.weightCharge, currency) }];
}

/** The nature and quantity of goods: commodity, goods items, HS codes, dimensions and volume. */
function natureOfGoods(doc: AwbDocument, o: EapOptions): string[] {
  const { awb } = doc;
  const lines = [awb.commodity, ...awb.goods_items.map((g) => joined(g.description, g.packing, g.marks))];
  for (const r of awb.rating) if (r.nature_of_goods && !lines.includes(r.nature_of_goods)) lines.push(r.nature_of_goods);
  if (awb.hs_codes.length) lines.push(`HS ${awb.hs_codes.join(" ")}`);
  if (!o.exclude_pcs_weight_volume) {
    for (const d of awb.dimensions) lines.push(`DIMS ${d.pieces}/${num(d.length, 0)}x${num(d.width, 0)}x${num(d.height, 0)} CM`);
    if (awb.volume) lines.push(`VOL ${awb.volume.toFixed(2)} MC`);
  }
  return lines.filter(Boolean);
}

export async function eapPdf(doc: AwbDocument, o: EapOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Air Waybill ${doc.awb.mawb}`);
  pdf.setCreator("Cargo Desk");
  pdf.setProducer("Cargo Desk");
  const fonts = await embedFonts(pdf);
  const layers: Layers = { grid: !o.no_layout, captions: !o.no_layout && !o.exclude_headers, formText: !o.no_layout };
  const face = new Sheet(pdf.addPage(PageSizes.A4), fonts, layers);
  drawFace(face, doc, o);
  if (o.reverse_side) drawReverse(new Sheet(pdf.addPage(PageSizes.A4), fonts, layers));
  return pdf.save();
}

function drawFace(s: Sheet, doc: AwbDocument, o: EapOptions): void {
  const { awb, airline, forwarder } = doc;
  const airport = (iata: string) => (o.use_cyrillic_codes ? (doc.cyrillicCity.get(iata) ?? iata) : iata);
  const carrierCode = (carrier: string) => (o.use_cyrillic_codes && carrier === airline.carrier ? (airline.cyrillic_code ?? carrier) : carrier);
  const charges = chargesOf(awb);
  const serial = awb.mawb.slice(awb.mawb.indexOf("-") + 1);

  // ---- the number strip: prefix, airport of departure, serial; the full number on the right ----
  s.text(awb.prefix, L, 12, { size: 12, bold: true });
  s.text(airport(awb.origin_iata), L + 14, 12, { size: 12, bold: true, width: 40 });
  s.text(`${serial.slice(0, 4)} ${serial.slice(4)}`, L + 56, 12, { size: 12, bold: true });
  s.text(awb.mawb, R, 12, { size: 12, bold: true, width: HALF, align: "right" });

  // ---- shipper and consignee, with account numbers ----
  const partyBox = (top: number, caption: string, accountCaption: string, party: PartyBlock | null | undefined, hidden: boolean) => {
    s.box(L, top, HALF, 26, caption);
    s.box(L + 57, top, 40, 8, accountCaption);
    if (hidden) return;
    s.text(party?.account_number ?? "", L + 58, top + 7, { width: 38 });
    s.paragraph(partyLines(party), L + 1, top + 8.5, 95, 17);
  };
  partyBox(16, "Shipper's Name and Address", "Shipper's Account Number", awb.shipper, o.hide_shipper);
  partyBox(42, "Consignee's Name and Address", "Consignee's Account Number", awb.consignee, false);

  // ---- the issuer: not negotiable, issued by the airline ----
  s.rect(R, 16, HALF, 26);
  s.formText("Not Negotiable", R + 1, 20, { size: 7 });
  s.formText("Air Waybill", R + 1, 25.5, { size: 12, bold: true });
  s.formText("Issued by", R + 1, 30, { size: 6 });
  s.text(`${airline.name} (${carrierCode(airline.carrier)})`, R + 12, 30.5, { size: 9, bold: true, width: HALF - 13 });
  s.paragraph(airline.address ?? "", R + 12, 32, HALF - 13, 9, { size: 6.5 });
  s.rect(R, 42, HALF, 26);
  s.paragraph(
    [
      "Copies 1, 2 and 3 of this Air Waybill are originals and have the same validity.",
      "It is agreed that the goods described herein are accepted in apparent good order and condition (except as noted) for carriage SUBJECT TO THE CONDITIONS OF CONTRACT ON THE REVERSE HEREOF. THE SHIPPER'S ATTENTION IS DRAWN TO THE NOTICE CONCERNING CARRIER'S LIMITATION OF LIABILITY. Shipper may increase such limitation of liability by declaring a higher value for carriage and paying a supplemental charge if required.",
    ],
    R + 1,
    43,
    HALF - 2,
    24,
    { size: 5.6, form: true },
  );

  // ---- the agent and the accounting information ----
  s.box(L, 68, HALF, 16, "Issuing Carrier's Agent Name and City");
  const agent = awb.issuing_agent;
  s.paragraph([joined(agent?.name ?? forwarder.name, agent?.city ?? forwarder.city)], L + 1, 72, 95, 11);
  s.box(L, 84, HALF / 2, 10, "Agent's IATA Code");
  s.box(L + HALF / 2, 84, HALF / 2, 10, "Account No.");
  s.text(agent?.iata_code ?? forwarder.forwarder_iata_code ?? "", L + 1, 92, { width: HALF / 2 - 2 });
  s.text(agent?.account_number ?? forwarder.account_number ?? forwarder.cass_codes[0] ?? "", L + HALF / 2 + 1, 92, { width: HALF / 2 - 2 });
  s.box(R, 68, HALF, 26, "Accounting Information");
  s.paragraph(awb.accounting_information ?? "", R + 1, 72, HALF - 2, 21);

  // ---- departure and routing ----
  const legs = doc.legs.length
    ? doc.legs.map((l) => ({ to: l.to, by: l.by }))
    : [...awb.manual_route, awb.destination_iata].filter((c, i, all) => c !== awb.origin_iata && all.indexOf(c) === i).map((to) => ({ to, by: awb.carrier }));
  s.box(L, 94, HALF, 10, "Airport of Departure (Addr. of First Carrier) and Requested Routing");
  s.text([airport(awb.origin_iata), ...legs.map((l) => airport(l.to))].join(" - "), L + 1, 102, { width: 95 });
  s.box(R, 94, 40, 10, "Reference Number");
  s.text(awb.postal_number ?? "", R + 1, 102, { width: 38 });
  s.box(R + 40, 94, HALF - 40, 10, "Optional Shipping Information");
  s.text(awb.product_code ? `PRODUCT ${awb.product_code}` : "", R + 41, 102, { width: HALF - 42 });

  const routing: Array<[number, string, string]> = [
    [12, "To", airport(legs[0]?.to ?? awb.destination_iata)],
    [33, "By First Carrier", legs[0] ? `${airline.carrier === legs[0].by ? airline.name : legs[0].by} (${carrierCode(legs[0].by)})` : airline.name],
    [13, "to", legs[1] ? airport(legs[1].to) : ""],
    [13, "by", legs[1] ? carrierCode(legs[1].by) : ""],
    [13, "to", legs[2] ? airport(legs[2].to) : ""],
    [13, "by", legs[2] ? carrierCode(legs[2].by) : ""],
  ];
  let x = L;
  for (const [w, caption, value] of routing) {
    s.box(x, 104, w, 10, caption);
    s.text(value, x + 1, 112, { width: w - 2 });
    x += w;
  }
  const mark = (on: boolean) => (on ? "X" : "");
  const terms: Array<[number, string, string]> = [
    [12, "Currency", charges.currency],
    [10, "CHGS Code", awb.chgs_code ?? ""],
    [8, "WT/VAL PPD", mark(awb.wt_val !== "C")],
    [8, "COLL", mark(awb.wt_val === "C")],
    [8, "Other PPD", mark(awb.other_charges_payment !== "C")],
    [8, "COLL", mark(awb.other_charges_payment === "C")],
    [22, "Declared Value for Carriage", awb.declared_value_carriage],
    [21, "Declared Value for Customs", awb.declared_value_customs],
  ];
  for (const [w, caption, value] of terms) {
    s.box(x, 104, w, 10, caption);
    s.text(value, x + 1, 112, { width: w - 2, align: w <= 8 ? "center" : "left" });
    x += w;
  }

  // ---- destination, flights, insurance ----
  s.box(L, 114, 35, 10, "Airport of Destination");
  s.text(airport(awb.destination_iata), L + 1, 122, { width: 33, bold: true });
  s.box(L + 35, 114, 31, 10, "Requested Flight/Date");
  s.box(L + 66, 114, 31, 10, "Requested Flight/Date");
  doc.legs.slice(0, 2).forEach((leg, i) => {
    s.text(leg.flight, L + 36 + i * 31, 122, { width: 29 });
  });
  s.box(R, 114, 25, 10, "Amount of Insurance");
  s.text(awb.insurance_amount, R + 1, 122, { width: 23 });
  s.rect(R + 25, 114, HALF - 25, 10);
  s.paragraph(
    "INSURANCE - If carrier offers insurance, and such insurance is requested in accordance with the conditions thereof, indicate amount to be insured in figures in box marked 'Amount of Insurance'.",
    R + 26,
    115,
    HALF - 27,
    8.5,
    { size: 5, form: true },
  );

  // ---- handling information ----
  s.box(L, 124, W - 22, 16, "Handling Information");
  s.paragraph([awb.handling_information ?? "", awb.shcs.length ? `SHC ${awb.shcs.join(" ")}` : ""].filter(Boolean), L + 1, 128, W - 24, 11);
  s.box(L + W - 22, 124, 22, 16, "SCI");
  s.text(awb.sci ?? "", L + W - 21, 134, { width: 20 });

  drawRating(s, doc, o, charges);
  drawCharges(s, doc, charges);
  drawExecution(s, doc);

  s.formText("ORIGINAL 3 (FOR SHIPPER)", L, 289, { size: 7, bold: true });
  s.text(awb.mawb, R, 289, { size: 10, bold: true, width: HALF, align: "right" });
}

/** The rating block: one row per rate line, a totals row, the nature of goods beside them. */
function drawRating(s: Sheet, doc: AwbDocument, o: EapOptions, charges: AwbCharges): void {
  const top = 140;
  const height = 72;
  const columns: Array<[number, string]> = [
    [14, "No. of Pieces RCP"],
    [18, "Gross Weight"],
    [6, "kg lb"],
    [8, "Rate Class"],
    [14, "Commodity Item No."],
    [18, "Chargeable Weight"],
    [18, "Rate / Charge"],
    [24, "Total"],
    [74, "Nature and Quantity of Goods (incl. Dimensions or Volume)"],
  ];
  const xs: number[] = [];
  let x = L;
  for (const [w, caption] of columns) {
    xs.push(x);
    s.rect(x, top, w, height);
    s.caption(x, top, caption, w);
    x += w;
  }
  s.line(L, top + 9, L + W - 74, top + 9);
  s.line(L, top + height - 8, L + W - 74, top + height - 8);

  const hideFigures = o.exclude_pcs_weight_volume;
  const lines = ratingLines(doc, charges);
  const cell = (col: number, value: string, baseline: number, align: "left" | "right" = "right") =>
    s.text(value, xs[col]! + 1, baseline, { width: columns[col]![0] - 2, align, size: 8 });
  lines.slice(0, 12).forEach((r, i) => {
    const baseline = top + 13 + i * 4.3;
    if (!hideFigures) {
      cell(0, String(r.pieces), baseline);
      cell(1, num(r.gross_weight), baseline);
      cell(2, doc.awb.weight_code, baseline, "left");
      cell(5, num(r.chargeable_weight), baseline);
    }
    cell(3, r.rate_class_code, baseline, "left");
    cell(4, r.commodity_item_number ?? "", baseline, "left");
    cell(6, r.rate, baseline);
    cell(7, r.total, baseline);
  });
  const totalsBaseline = top + height - 2.5;
  if (!hideFigures) {
    cell(0, String(lines.reduce((sum, r) => sum + r.pieces, 0)), totalsBaseline);
    cell(1, num(lines.reduce((sum, r) => sum + r.gross_weight, 0)), totalsBaseline);
  }
  cell(7, formatAmount(charges.weightCharge, charges.currency), totalsBaseline);
  s.paragraph(natureOfGoods(doc, o), xs[8]! + 1, top + 10, 72, height - 11);
}

/** Prepaid and collect charges (left) and the other charges (right). */
function drawCharges(s: Sheet, doc: AwbDocument, c: AwbCharges): void {
  const top = 212;
  const rowH = 7;
  const money = (amount: Decimal) => formatAmount(amount, c.currency);
  const both = (i: number, caption: string, prepaid: Decimal | null, collect: Decimal | null) => {
    const y = top + i * rowH;
    s.rect(L, y, HALF / 2, rowH);
    s.rect(L + HALF / 2, y, HALF / 2, rowH);
    s.caption(L, y, i === 0 ? `Prepaid   ${caption}` : caption, HALF / 2);
    if (i === 0) s.caption(L + HALF / 2, y, "Collect", HALF / 2);
    if (prepaid !== null) s.text(money(prepaid), L + 1, y + 6, { width: HALF / 2 - 2, align: "right" });
    if (collect !== null) s.text(money(collect), L + HALF / 2 + 1, y + 6, { width: HALF / 2 - 2, align: "right" });
  };
  const own = (amount: Decimal, on: "P" | "C") => (c.wtVal === on ? amount : null);
  both(0, "Weight Charge", own(c.weightCharge, "P"), own(c.weightCharge, "C"));
  both(1, "Valuation Charge", own(c.valuationCharge, "P"), own(c.valuationCharge, "C"));
  both(2, "Tax", own(c.tax, "P"), own(c.tax, "C"));
  both(3, "Total Other Charges Due Agent", c.dueAgent.prepaid, c.dueAgent.collect);
  both(4, "Total Other Charges Due Carrier", c.dueCarrier.prepaid, c.dueCarrier.collect);
  both(5, "", null, null);
  both(6, "Total Prepaid                Total Collect", c.totalPrepaid, c.totalCollect);
  both(7, "Currency Conversion Rates     CC Charges in Dest. Currency", null, null);
  both(8, "For Carrier's Use only at Destination     Charges at Destination", null, null);
  s.box(L, top + 9 * rowH, HALF, rowH, "Total Collect Charges");
  s.text(`${money(c.totalCollect)} ${c.currency}`, L + 1, top + 10 * rowH - 1, { width: HALF - 2, align: "right" });

  s.box(R, top, HALF, 20, "Other Charges");
  const others = doc.awb.other_charges.map((o) => `${o.code}${o.due} ${money(decimalOfStored(o.amount))} ${o.payment === "C" ? "CC" : "PP"}`);
  s.paragraph(others.join("   "), R + 1, top + 4, HALF - 2, 15);
}

/** The shipper's certification and the execution by the issuing carrier or its agent. */
function drawExecution(s: Sheet, doc: AwbDocument): void {
  const { awb, forwarder } = doc;
  const top = 232;
  s.rect(R, top, HALF, 22);
  s.paragraph(
    "Shipper certifies that the particulars on the face hereof are correct and that insofar as any part of the consignment contains dangerous goods, such part is properly described by name and is in proper condition for carriage by air according to the applicable Dangerous Goods Regulations.",
    R + 1,
    top + 1,
    HALF - 2,
    11,
    { size: 5.6, form: true },
  );
  s.text(awb.signature ?? "", R + 1, top + 17, { width: HALF - 2, align: "center" });
  s.line(R + 10, top + 18.5, R + HALF - 10, top + 18.5);
  s.formText("Signature of Shipper or his Agent", R, top + 21, { size: 5.5, width: HALF, align: "center" });

  const exec = top + 22;
  s.rect(R, exec, HALF, 28);
  s.text(awb.executed_on ?? "", R + 2, exec + 15, { width: 28 });
  s.text(awb.executed_at ?? "", R + 32, exec + 15, { width: 30 });
  s.text(awb.signature ?? forwarder.name, R + 64, exec + 15, { width: HALF - 66 });
  s.line(R + 2, exec + 16.5, R + HALF - 2, exec + 16.5);
  s.formText("Executed on (date)", R + 2, exec + 19.5, { size: 5.5, width: 28 });
  s.formText("at (place)", R + 32, exec + 19.5, { size: 5.5, width: 30 });
  s.formText("Signature of Issuing Carrier or its Agent", R + 64, exec + 19.5, { size: 5.5, width: HALF - 66 });
}

/** The reverse side: the notice on the limitation of liability and the conditions of contract, in brief. */
function drawReverse(s: Sheet): void {
  s.formText("NOTICE CONCERNING CARRIER'S LIMITATION OF LIABILITY", L, 16, { size: 10, bold: true });
  s.paragraph(
    "If the carriage involves an ultimate destination or stop in a country other than the country of departure, the Montreal Convention or the Warsaw Convention may be applicable to the liability of the Carrier for loss of, damage or delay to cargo. Unless a higher value is declared for carriage on the face of this Air Waybill and a supplemental charge paid where required, the liability of the Carrier is limited to the amount the applicable Convention provides per kilogramme.",
    L,
    20,
    W,
    22,
    { size: 7.5, form: true },
  );
  s.formText("CONDITIONS OF CONTRACT", L, 48, { size: 10, bold: true });
  const conditions = [
    "1. In this contract and the Notices appearing hereon: CARRIER includes the air carrier issuing this air waybill and all carriers that carry or undertake to carry the cargo or perform any other services related to such carriage.",
    "2. Carriage is subject to the rules relating to liability established by the applicable Convention, unless such carriage is not international carriage as defined by it. To the extent not in conflict with the foregoing, carriage and other related services are subject to applicable law and government regulations, the provisions herein set forth, and the Carrier's conditions of carriage, rules, regulations and timetables.",
    "3. The agreed stopping places are those places, except the place of departure and place of destination, set forth on the face hereof or shown in the Carrier's timetables as scheduled stopping places for the route.",
    "4. For carriage to which the Montreal Convention does not apply, the Carrier's liability limitation for cargo lost, damaged or delayed shall be 22 SDRs per kilogramme unless a greater per kilogramme monetary limit is provided in any applicable Convention or in the Carrier's tariffs or general conditions of carriage.",
    "5. In carriage to which neither the Warsaw Convention nor the Montreal Convention applies, the Carrier shall not be liable for damage to cargo caused by the nature or inherent vice of the cargo, defective packing, an act of war, or an act of public authority carried out in connection with the entry, exit or transit of the cargo.",
    "6. Any exclusion or limitation of liability applicable to the Carrier shall apply to the Carrier's agents, employees and representatives and to any person whose aircraft or equipment is used by the Carrier for carriage.",
    "7. The shipper guarantees payment of all charges for the carriage due in accordance with the Carrier's tariff, conditions of carriage and related regulations, applicable laws, government regulations, orders and requirements.",
    "8. Receipt by the person entitled to delivery of the cargo without complaint shall be prima facie evidence that the cargo has been delivered in good condition. A complaint must be made in writing to the Carrier within 14 days of receipt of the cargo in the case of damage, within 21 days of the date the cargo was placed at the disposal of the person entitled to delivery in the case of delay, and within 120 days from the date of issue of the air waybill in the case of non-delivery.",
    "9. The Carrier undertakes to complete the carriage with reasonable dispatch. Where permitted by applicable laws, the Carrier may use alternative carriers, aircraft or modes of transport without notice but with due regard to the interests of the shipper.",
    "10. No agent, employee or representative of the Carrier has authority to alter, modify or waive any provisions of this contract.",
  ];
  let top = 52;
  for (const paragraph of conditions) top += s.paragraph(paragraph, L, top, W, 30, { size: 7.5, form: true }) * 3.2 + 2;
}
