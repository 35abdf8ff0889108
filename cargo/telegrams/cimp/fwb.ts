import type { TelegramCodec } from "../telegram-codec";
import type { LogicalLine, TelegramLine } from "../telegram-lines";
import { type ChargeDeclarations, readChargeDeclarations, writeChargeDeclarations } from "./charge-declarations";
import { amount, element, Faults, measure, orNull, readAmount, readCount, readDayMonthYear, readMeasure, writeDayMonthYear } from "./cimp-fields";
import { type ConsignmentDetail, readConsignment, type VolumeCode, type WeightCode, writeAwbIdentification, writeQuantity } from "./consignment";
import { type CustomsInformation, readCustomsInformation, writeCustomsInformation } from "./customs-information";
import { PARTY_LABELS, type PartyLine, readAgent, readParty, type TelegramAgent, type TelegramParty, writeAgent, writeParty } from "./party";
import { requireSegments, type SegmentRule, type WalkContext, walkSegments } from "./segmented-message";

/**
 * Cargo-IMP FWB, the air waybill as a message (issue 23), versions 16 and 17, read into the product's names
 * (api/db/tables/air-waybills.ts) so that processing is a mapping:
 *
 *   FWB/16
 *   006-96667465DFWFRA/T4K245            the consignment (mawb, origin_iata, destination_iata, pieces, weight, ...)
 *   FLT/DL8226E/08/DL014/09              flights booked: carrier + number / day, repeated
 *   RTG/ATLDL/FRADL                      routing: airport + carrier, repeated
 *   SHP, CNE, AGT, NFY                   party blocks (party.ts)
 *   SSR, ACC                             special service requests, accounting information
 *   CVD/USD/PP/PP/NVD/NCV/XXX            charge declarations (charge-declarations.ts)
 *   RTD/1/P4/K245/CQ/W245/R3/T735        a rating line, with /NG /NC /ND /NV /NU /NS /NO /NH sub-lines
 *   OTH/P/MYC196                         other charges: prepaid/collect, code, due agent/carrier, amount
 *   PPD/WT735/OC262.15/CT997.15, COL     charge summaries
 *   CER, ISU                             shipper's certification; carrier's execution (date, place, signature)
 *   OSI, REF, COR, ARD, SPH, NOM, SRI, OPI, OCI
 *
 * Versions 16 and 17 are read by one grammar: the segments this codec reads are written the same way in both
 * (the version is kept by parseTelegram and chosen by generateTelegram). Money (rates, totals, charges, declared
 * values) stays a decimal string as written.
 */
export interface FwbMessage extends ChargeDeclarations, Pick<ConsignmentDetail, "mawb" | "origin_iata" | "destination_iata" | "pieces" | "weight_code" | "weight" | "volume_code" | "volume" | "density_group"> {
  flights: FlightBooking[];
  routing: RoutingLeg[];
  shipper: TelegramParty | null;
  consignee: TelegramParty | null;
  issuing_agent: TelegramAgent | null;
  special_service_requests: string[];
  notify: TelegramParty | null;
  accounting_information: AccountingInformation[];
  rating: FwbRatingLine[];
  other_charges: FwbOtherCharge[];
  totals: { prepaid: ChargeSummary | null; collect: ChargeSummary | null };
  /** CER: the shipper's (or its agent's) signature. */
  shipper_certification: string | null;
  /** ISU: the carrier's execution: date (ISO), place, signature. */
  executed_on: string | null;
  executed_at: string | null;
  signature: string | null;
  other_service_information: string[];
  sender_reference: SenderReference | null;
  /** COR: customs origin code (e.g. T1). */
  customs_origin_code: string | null;
  /** ARD: the agent's own reference. */
  agent_reference: string | null;
  shcs: string[];
  nominated_handling_party: { name: string | null; place: string | null } | null;
  shipment_reference: { reference: string | null; supplementary_information: string[] } | null;
  other_participants: OtherParticipant[];
  customs_information: CustomsInformation[];
  /** From the rating lines, as the waybill keeps them: the first nature of goods, every HS code, every dimension row. */
  commodity: string | null;
  hs_codes: string[];
  dimensions: FwbDimension[];
}

export interface FlightBooking {
  carrier: string;
  flight_number: string;
  /** Day of month of the flight's departure. */
  day: number;
}

export interface RoutingLeg {
  airport_iata: string;
  carrier: string;
}

export interface AccountingInformation {
  /** GEN, CRN, GBL, MCO, RET, ... */
  identifier: string;
  text: string | null;
}

export interface FwbRatingLine {
  pieces: number | null;
  weight_code: WeightCode;
  gross_weight: number | null;
  /** M minimum, N normal, Q quantity, C specific commodity, R reduced, S surcharge, U/E/X/Y ULD rates, ... */
  rate_class_code: string | null;
  commodity_item_number: string | null;
  chargeable_weight: number | null;
  rate: string | null;
  total: string | null;
  nature_of_goods: string | null;
  /** NC instead of NG: the goods are a consolidation. */
  consolidation: boolean;
  dimensions: FwbDimension[];
  /** ND//NDA: the sender says there are no dimensions. */
  no_dimensions: boolean;
  volume_code: VolumeCode | null;
  volume: number | null;
  ulds: string[];
  slac: number | null;
  goods_origin_country: string | null;
  hs_codes: string[];
}

/** One dimensions row as the telegram gives it: a weight, a unit (CMT centimetres, INH inches) and the sizes. */
export interface FwbDimension {
  weight_code: WeightCode | null;
  weight: number | null;
  unit: "CMT" | "INH";
  length: number;
  width: number;
  height: number;
  pieces: number | null;
}

export interface FwbOtherCharge {
  /** Two letters: MY fuel, SC security, AW waybill fee, ... */
  code: string;
  due: "A" | "C";
  payment: "P" | "C";
  amount: string;
}

/** A charge summary (PPD prepaid, COL collect); product names of the waybill's totals. */
export interface ChargeSummary {
  weight_charge: string | null;
  valuation: string | null;
  tax: string | null;
  due_agent: string | null;
  due_carrier: string | null;
  total: string | null;
}

export interface SenderReference {
  office_message_address: string | null;
  file_reference: string | null;
  participant_identifier: string | null;
  participant_code: string | null;
  participant_airport: string | null;
}

export interface OtherParticipant {
  name: string | null;
  details: string[];
}

const SUMMARY_CODES: Readonly<Record<string, keyof ChargeSummary>> = { WT: "weight_charge", VC: "valuation", TX: "tax", OA: "due_agent", OC: "due_carrier", CT: "total" };
const SEGMENT_NAMES: Readonly<Record<string, string>> = { RTG: "routing", SHP: "shipper", CNE: "consignee", CVD: "charge declarations", RTD: "rate description", ISU: "carrier's execution" };
const REQUIRED = ["RTG", "SHP", "CNE", "CVD", "RTD", "ISU"] as const;
const FLIGHT = /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/;
const ROUTE = /^([A-Z]{3})([A-Z0-9]{2})$/;
const OTHER_CHARGE = /^([A-Z]{2})([AC])(\d{1,12}(?:\.\d{1,5})?)$/;
const DIMENSIONS = /^(CMT|INH)(\d{1,5}(?:\.\d{1,2})?)-(\d{1,5}(?:\.\d{1,2})?)-(\d{1,5}(?:\.\d{1,2})?)$/;
const WEIGHT = /^([KL])(\d{1,7}(?:\.\d{1,3})?)$/;
const VOLUME = /^(MC|CF|CI|CC)(\d{1,9}(?:\.\d{1,2})?)$/;

function emptyFwb(c: ConsignmentDetail): FwbMessage {
  return {
    mawb: c.mawb,
    origin_iata: c.origin_iata,
    destination_iata: c.destination_iata,
    pieces: c.pieces,
    weight_code: c.weight_code,
    weight: c.weight,
    volume_code: c.volume_code,
    volume: c.volume,
    density_group: c.density_group,
    flights: [],
    routing: [],
    shipper: null,
    consignee: null,
    issuing_agent: null,
    special_service_requests: [],
    notify: null,
    accounting_information: [],
    currency: null,
    chgs_code: null,
    wt_val: null,
    other_charges_payment: null,
    declared_value_carriage: null,
    declared_value_customs: null,
    insurance_amount: null,
    rating: [],
    other_charges: [],
    totals: { prepaid: null, collect: null },
    shipper_certification: null,
    executed_on: null,
    executed_at: null,
    signature: null,
    other_service_information: [],
    sender_reference: null,
    customs_origin_code: null,
    agent_reference: null,
    shcs: [],
    nominated_handling_party: null,
    shipment_reference: null,
    other_participants: [],
    customs_information: [],
    commodity: null,
    hs_codes: [],
    dimensions: [],
  };
}

export function emptyRatingLine(): FwbRatingLine {
  return {
    pieces: null,
    weight_code: "K",
    gross_weight: null,
    rate_class_code: null,
    commodity_item_number: null,
    chargeable_weight: null,
    rate: null,
    total: null,
    nature_of_goods: null,
    consolidation: false,
    dimensions: [],
    no_dimensions: false,
    volume_code: null,
    volume: null,
    ulds: [],
    slac: null,
    goods_origin_country: null,
    hs_codes: [],
  };
}

/** The waybill's own commodity, HS codes and dimensions, from its rating lines (what the product's columns keep). */
export function summariseRating(rating: readonly FwbRatingLine[]): Pick<FwbMessage, "commodity" | "hs_codes" | "dimensions"> {
  return {
    commodity: rating.find((r) => r.nature_of_goods)?.nature_of_goods ?? null,
    hs_codes: rating.flatMap((r) => r.hs_codes),
    dimensions: rating.flatMap((r) => r.dimensions),
  };
}

/** Reads an FWB body (the lines after "FWB/16"). Never throws. */
export function parseFwb(body: readonly TelegramLine[]): { message: FwbMessage | null; errors: Faults["list"] } {
  const faults = new Faults();
  const [first, ...rest] = body;
  if (!first) {
    faults.add(0, "cut_short", { what: "the air waybill line" });
    return { message: null, errors: faults.list };
  }
  const [identification, quantity, ...extra] = first.text.split("/");
  const consignment = readConsignment(first.no, identification!, quantity ?? "");
  faults.list.push(...consignment.errors);
  if (extra.length) faults.add(first.no, "bad_field", { field: "air waybill line", value: extra.join("/").slice(0, 40) });
  if (consignment.value && consignment.value.parts_code !== "T") faults.add(first.no, "bad_field", { field: "shipment description code (FWB carries the whole shipment: T)", value: consignment.value.parts_code });
  const fwb = emptyFwb(consignment.value ?? { mawb: "", origin_iata: null, destination_iata: null, parts_code: "T", pieces: 0, weight_code: "K", weight: 0, volume_code: null, volume: null, density_group: null, total_pieces: null });
  // the consignment line cannot be read: the rest is still read, for its faults, but there is no waybill to give
  const lines = consignment.value ? rest : body.slice(TAG_LIKE.test(first.text) ? 0 : 1);

  const context: FwbContext = { faults, fwb, party: null };
  const walk = walkSegments(context, lines, FWB_RULES, foldPartyLines);
  closeParty(context);
  requireSegments(faults, walk, FWB_RULES, REQUIRED, SEGMENT_NAMES);
  Object.assign(fwb, summariseRating(fwb.rating));
  return { message: consignment.value ? fwb : null, errors: faults.list };
}

/** What one FWB parse reads into: the waybill, its faults, and the party block still open (its lines may follow). */
interface FwbContext extends WalkContext {
  fwb: FwbMessage;
  party: { tag: string; header: LogicalLine; afterTag: string[]; lines: PartyLine[] } | null;
}

function closeParty(c: FwbContext): void {
  if (!c.party) return;
  const { tag, header, afterTag, lines } = c.party;
  c.party = null;
  if (tag === "AGT") {
    c.fwb.issuing_agent = readAgent(afterTag, lines);
    return;
  }
  const read = readParty(c.faults, header, afterTag, lines, tag === "NFY" ? "name_on_header" : "account_on_header");
  if (tag === "SHP") c.fwb.shipper = read;
  else if (tag === "CNE") c.fwb.consignee = read;
  else c.fwb.notify = read;
}

function openParty(c: FwbContext, line: LogicalLine, afterTag: string[]): void {
  closeParty(c);
  c.party = { tag: line.text.slice(0, 3), header: line, afterTag, lines: line.continuations };
}

/** A segment closes the party block before it; NAM/ADR/LOC lines (older senders) belong to the open party. */
function foldPartyLines(c: FwbContext, line: LogicalLine, tag: string): boolean {
  const labelled = PARTY_LABELS[tag];
  if (labelled !== undefined && c.party) {
    c.party.lines.push({ no: line.no, text: line.text.slice(4), slot: labelled });
    for (let i = 0; i < line.continuations.length; i++) c.party.lines.push({ ...line.continuations[i]!, slot: labelled === 2 ? 3 + i : undefined });
    return true;
  }
  closeParty(c);
  return false;
}

/** The elements of a line and of each continuation line, with their line numbers. */
function elementLines(line: LogicalLine, afterTag: string[]): Array<readonly [number, string[]]> {
  const out: Array<readonly [number, string[]]> = [[line.no, afterTag]];
  for (const c of line.continuations) out.push([c.no, c.text.split("/")]);
  return out;
}

function textLines(line: LogicalLine, afterTag: string[]): string[] {
  const out = [afterTag.join("/")];
  for (const c of line.continuations) out.push(c.text);
  return out;
}

const FWB_RULES: Readonly<Record<string, SegmentRule<FwbContext>>> = {
  FLT: { rank: 1, read: (c, line, after) => readFlights(c.faults, line, after, c.fwb.flights) },
  RTG: { rank: 2, read: (c, line, after) => readRouting(c.faults, line, after, c.fwb.routing) },
  SHP: { rank: 3, read: openParty },
  CNE: { rank: 4, read: openParty },
  AGT: { rank: 5, read: openParty },
  SSR: { rank: 6, read: (c, line, after) => c.fwb.special_service_requests.push(...textLines(line, after)) },
  NFY: { rank: 7, read: openParty },
  ACC: {
    rank: 8,
    read: (c, line, after) => {
      for (const [no, elements] of elementLines(line, after)) {
        if (!elements[0]) c.faults.add(no, "missing_field", { field: "accounting information identifier" });
        else c.fwb.accounting_information.push({ identifier: elements[0], text: orNull(elements.slice(1).join("/")) });
      }
    },
  },
  CVD: { rank: 9, read: (c, line, after) => Object.assign(c.fwb, readChargeDeclarations(c.faults, line, after)) },
  RTD: { rank: 10, repeats: true, read: (c, line, after) => readRating(c.faults, line, after, c.fwb.rating) },
  OTH: { rank: 11, read: (c, line, after) => readOtherCharges(c.faults, line, after, c.fwb.other_charges) },
  PPD: {
    rank: 12,
    read: (c, line, after) => {
      c.fwb.totals.prepaid = readSummary(c.faults, line, after);
    },
  },
  COL: {
    rank: 13,
    read: (c, line, after) => {
      c.fwb.totals.collect = readSummary(c.faults, line, after);
    },
  },
  CER: {
    rank: 14,
    read: (c, _line, after) => {
      c.fwb.shipper_certification = orNull(after.join("/"));
    },
  },
  ISU: {
    rank: 15,
    read: (c, line, after) => {
      c.fwb.executed_on = readDayMonthYear(c.faults, line.no, "date of execution", after[0]);
      c.fwb.executed_at = orNull(after[1]);
      c.fwb.signature = orNull(after.slice(2).join("/"));
    },
  },
  OSI: { rank: 16, read: (c, line, after) => c.fwb.other_service_information.push(...textLines(line, after)) },
  REF: {
    rank: 17,
    read: (c, _line, after) => {
      const [office, file, participant, code, airport] = after;
      c.fwb.sender_reference = { office_message_address: orNull(office), file_reference: orNull(file), participant_identifier: orNull(participant), participant_code: orNull(code), participant_airport: orNull(airport) };
    },
  },
  COR: {
    rank: 18,
    read: (c, _line, after) => {
      c.fwb.customs_origin_code = orNull(after[0]);
    },
  },
  ARD: {
    rank: 19,
    read: (c, _line, after) => {
      c.fwb.agent_reference = orNull(after.join("/"));
    },
  },
  SPH: {
    rank: 20,
    read: (c, line, after) => {
      for (const [no, codes] of elementLines(line, after)) {
        for (const code of codes) {
          if (/^[A-Z0-9]{3}$/.test(code)) c.fwb.shcs.push(code);
          else if (code) c.faults.add(no, "bad_field", { field: "special handling code", value: code.slice(0, 20) });
        }
      }
    },
  },
  NOM: {
    rank: 21,
    read: (c, _line, after) => {
      c.fwb.nominated_handling_party = { name: orNull(after[0]), place: orNull(after[1]) };
    },
  },
  SRI: {
    rank: 22,
    read: (c, _line, after) => {
      c.fwb.shipment_reference = { reference: orNull(after[0]), supplementary_information: after.slice(1).filter(Boolean) };
    },
  },
  OPI: { rank: 23, repeats: true, read: (c, line, after) => c.fwb.other_participants.push({ name: orNull(after.join("/")), details: line.continuations.map((l) => l.text) }) },
  OCI: { rank: 24, read: (c, line, after) => c.fwb.customs_information.push(...readCustomsInformation(c.faults, line, after)) },
};

/** A first line that is a segment, not a waybill number: the consignment line is missing, not unreadable. */
const TAG_LIKE = /^[A-Z]{3}(?:\/|$)/;

function readFlights(faults: Faults, line: LogicalLine, after: string[], into: FlightBooking[]): void {
  const elements = [...after, ...line.continuations.flatMap((c) => c.text.split("/"))];
  for (let i = 0; i < elements.length; i += 2) {
    const flight = FLIGHT.exec(elements[i]!);
    const day = readCount(faults, line.no, "flight day", elements[i + 1]);
    if (!flight) faults.add(line.no, "bad_field", { field: "flight", value: elements[i]!.slice(0, 20) });
    else if (day === null || day < 1 || day > 31) faults.add(line.no, "bad_field", { field: "flight day", value: elements[i + 1] ?? "" });
    else into.push({ carrier: flight[1]!, flight_number: flight[2]!, day });
  }
}

function readRouting(faults: Faults, line: LogicalLine, after: string[], into: RoutingLeg[]): void {
  for (const leg of [...after, ...line.continuations.flatMap((c) => c.text.split("/"))]) {
    const m = ROUTE.exec(leg);
    if (m) into.push({ airport_iata: m[1]!, carrier: m[2]! });
    else faults.add(line.no, "bad_field", { field: "routing", value: leg.slice(0, 20) });
  }
}

function readRating(faults: Faults, line: LogicalLine, after: string[], into: FwbRatingLine[]): void {
  let current = readRateElements(faults, line.no, after);
  into.push(current);
  for (const sub of line.continuations) {
    const elements = sub.text.split("/");
    if (/^\d{1,2}$/.test(elements[0]!)) elements.shift();
    // "/2/P3/K100/..." : a second rating line written as a continuation
    if (/^P\d/.test(elements[0] ?? "")) {
      current = readRateElements(faults, sub.no, elements);
      into.push(current);
      continue;
    }
    readRateSubLine(faults, sub.no, elements, current);
  }
}

function readRateElements(faults: Faults, no: number, after: string[]): FwbRatingLine {
  const rate = emptyRatingLine();
  const elements = /^\d{1,2}$/.test(after[0] ?? "") ? after.slice(1) : after;
  for (const e of elements) {
    const letter = e[0];
    const rest = e.slice(1);
    if (letter === "P") rate.pieces = readCount(faults, no, "pieces", rest);
    else if (letter === "K" || letter === "L") {
      rate.weight_code = letter;
      rate.gross_weight = readMeasure(faults, no, "gross weight", rest);
    } else if (letter === "C" && /^[A-Z]$/.test(rest)) rate.rate_class_code = rest;
    else if (letter === "S" && /^[A-Z0-9]{1,7}$/.test(rest)) rate.commodity_item_number = rest;
    else if (letter === "W") rate.chargeable_weight = readMeasure(faults, no, "chargeable weight", rest);
    else if (letter === "R") rate.rate = readAmount(faults, no, "rate", rest);
    else if (letter === "T") rate.total = readAmount(faults, no, "total charge", rest);
    else if (e) faults.add(no, "bad_field", { field: "rate description", value: e.slice(0, 20) });
  }
  if (rate.pieces === null) faults.add(no, "missing_field", { field: "pieces of the rating line" });
  if (rate.gross_weight === null) faults.add(no, "missing_field", { field: "gross weight of the rating line" });
  if (rate.rate_class_code === null) faults.add(no, "missing_field", { field: "rate class" });
  return rate;
}

function readRateSubLine(faults: Faults, no: number, elements: string[], rate: FwbRatingLine): void {
  const [code, ...rest] = elements;
  const text = rest.join("/");
  switch (code) {
    case "NG":
    case "NC":
      rate.nature_of_goods = rate.nature_of_goods ? `${rate.nature_of_goods} ${text}` : orNull(text);
      rate.consolidation ||= code === "NC";
      return;
    case "ND": {
      const [weightText, sizes, pieces] = rest;
      if (sizes === "NDA") {
        rate.no_dimensions = true;
        return;
      }
      const weight = weightText ? WEIGHT.exec(weightText) : null;
      const dims = sizes ? DIMENSIONS.exec(sizes) : null;
      if (weightText && !weight) faults.add(no, "bad_field", { field: "dimensions weight", value: weightText.slice(0, 20) });
      if (!dims) {
        faults.add(no, "bad_field", { field: "dimensions", value: (sizes ?? "").slice(0, 20) });
        return;
      }
      rate.dimensions.push({
        weight_code: (weight?.[1] as WeightCode | undefined) ?? null,
        weight: weight ? Number(weight[2]) : null,
        unit: dims[1] as "CMT" | "INH",
        length: Number(dims[2]),
        width: Number(dims[3]),
        height: Number(dims[4]),
        pieces: readCount(faults, no, "dimensions pieces", pieces),
      });
      return;
    }
    case "NV": {
      const volume = VOLUME.exec(text);
      if (!volume) faults.add(no, "bad_field", { field: "volume", value: text.slice(0, 20) });
      else {
        rate.volume_code = volume[1] as VolumeCode;
        rate.volume = Number(volume[2]);
      }
      return;
    }
    case "NU":
      if (text) rate.ulds.push(text);
      return;
    case "NS":
      rate.slac = readCount(faults, no, "SLAC", text);
      return;
    case "NO":
      rate.goods_origin_country = orNull(text);
      return;
    case "NH":
      if (/^[A-Z0-9]{6,18}$/.test(text)) rate.hs_codes.push(text);
      else faults.add(no, "bad_field", { field: "HS code", value: text.slice(0, 20) });
      return;
    default:
      faults.add(no, "bad_field", { field: "rate description line", value: elements.join("/").slice(0, 20) });
  }
}

function readOtherCharges(faults: Faults, line: LogicalLine, after: string[], into: FwbOtherCharge[]): void {
  for (const [no, elements] of [[line.no, after] as const, ...line.continuations.map((c) => [c.no, c.text.split("/")] as const)]) {
    let payment: "P" | "C" | null = null;
    for (const e of elements) {
      if (e === "P" || e === "C") payment = e;
      else {
        const m = OTHER_CHARGE.exec(e);
        if (!m || !payment) faults.add(no, "bad_field", { field: "other charge", value: e.slice(0, 20) });
        else into.push({ code: m[1]!, due: m[2] as "A" | "C", payment, amount: m[3]! });
      }
    }
  }
}

function readSummary(faults: Faults, line: LogicalLine, after: string[]): ChargeSummary {
  const summary: ChargeSummary = { weight_charge: null, valuation: null, tax: null, due_agent: null, due_carrier: null, total: null };
  for (const [no, elements] of [[line.no, after] as const, ...line.continuations.map((c) => [c.no, c.text.split("/")] as const)]) {
    for (const e of elements) {
      const key = SUMMARY_CODES[e.slice(0, 2)];
      if (key) summary[key] = readAmount(faults, no, key, e.slice(2));
      else if (e) faults.add(no, "bad_field", { field: "charge summary", value: e.slice(0, 20) });
    }
  }
  return summary;
}

/** Writes the FWB body (after "FWB/16") from its model. Throws RangeError on a model it cannot carry. */
export function generateFwb(fwb: FwbMessage): string {
  const out: string[] = [`${writeAwbIdentification(fwb)}/${writeQuantity({ ...fwb, parts_code: "T", total_pieces: null })}`];
  if (fwb.flights.length) out.push(["FLT", ...fwb.flights.flatMap((f) => [`${element("carrier", f.carrier)}${element("flight number", f.flight_number)}`, String(f.day).padStart(2, "0")])].join("/"));
  if (fwb.routing.length) out.push(["RTG", ...fwb.routing.map((r) => `${element("airport", r.airport_iata)}${element("carrier", r.carrier)}`)].join("/"));
  if (fwb.shipper) out.push(...writeParty("SHP", fwb.shipper, "account_on_header"));
  if (fwb.consignee) out.push(...writeParty("CNE", fwb.consignee, "account_on_header"));
  if (fwb.issuing_agent) out.push(...writeAgent(fwb.issuing_agent));
  out.push(...textSegment("SSR", fwb.special_service_requests));
  if (fwb.notify) out.push(...writeParty("NFY", fwb.notify, "name_on_header"));
  out.push(...fwb.accounting_information.map((a, i) => `${i === 0 ? "ACC/" : "/"}${element("accounting identifier", a.identifier)}${a.text ? `/${element("accounting information", a.text)}` : ""}`));
  out.push(writeChargeDeclarations(fwb));
  out.push(...fwb.rating.flatMap((r, i) => writeRating(r, i + 1)));
  out.push(...fwb.other_charges.map((c, i) => `${i === 0 ? "OTH/" : "/"}${c.payment}/${element("charge code", c.code)}${c.due}${amount("other charge", c.amount)}`));
  if (fwb.totals.prepaid) out.push(writeSummary("PPD", fwb.totals.prepaid));
  if (fwb.totals.collect) out.push(writeSummary("COL", fwb.totals.collect));
  if (fwb.shipper_certification) out.push(`CER/${element("shipper's certification", fwb.shipper_certification)}`);
  if (fwb.executed_on || fwb.executed_at || fwb.signature) {
    out.push(`ISU/${fwb.executed_on ? writeDayMonthYear(fwb.executed_on) : ""}/${element("place of execution", fwb.executed_at)}${fwb.signature ? `/${element("signature", fwb.signature)}` : ""}`);
  }
  out.push(...textSegment("OSI", fwb.other_service_information));
  if (fwb.sender_reference) {
    const r = fwb.sender_reference;
    out.push(trimmed(["REF", r.office_message_address, r.file_reference, r.participant_identifier, r.participant_code, r.participant_airport].map((v) => element("sender reference", v))));
  }
  if (fwb.customs_origin_code) out.push(`COR/${element("customs origin", fwb.customs_origin_code)}`);
  if (fwb.agent_reference) out.push(`ARD/${element("agent reference", fwb.agent_reference)}`);
  if (fwb.shcs.length) out.push(["SPH", ...fwb.shcs.map((s) => element("special handling code", s))].join("/"));
  if (fwb.nominated_handling_party) out.push(trimmed(["NOM", element("nominated party", fwb.nominated_handling_party.name), element("nominated party place", fwb.nominated_handling_party.place)]));
  if (fwb.shipment_reference) out.push(trimmed(["SRI", element("shipment reference", fwb.shipment_reference.reference), ...fwb.shipment_reference.supplementary_information.map((s) => element("shipment reference", s))]));
  for (const p of fwb.other_participants) out.push(`OPI/${element("participant", p.name)}`, ...p.details.map((d) => `/${element("participant detail", d)}`));
  if (fwb.customs_information.length) out.push(...writeCustomsInformation(fwb.customs_information));
  return out.join("\n");
}

function textSegment(tag: string, lines: readonly string[]): string[] {
  return lines.map((text, i) => `${i === 0 ? `${tag}/` : "/"}${element(tag, text)}`);
}

function trimmed(elements: string[]): string {
  while (elements.length > 1 && elements[elements.length - 1] === "") elements.pop();
  return elements.join("/");
}

/** NG lines carry 20 characters each in the manual; longer text goes on the next NG line at a word boundary. */
function natureLines(text: string): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > 20) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

function writeRating(r: FwbRatingLine, index: number): string[] {
  const head = ["RTD", String(index)];
  if (r.pieces !== null) head.push(`P${r.pieces}`);
  if (r.gross_weight !== null) head.push(`${r.weight_code}${measure(r.gross_weight)}`);
  if (r.rate_class_code) head.push(`C${element("rate class", r.rate_class_code)}`);
  if (r.commodity_item_number) head.push(`S${element("commodity item number", r.commodity_item_number)}`);
  if (r.chargeable_weight !== null) head.push(`W${measure(r.chargeable_weight)}`);
  if (r.rate !== null) head.push(`R${amount("rate", r.rate)}`);
  if (r.total !== null) head.push(`T${amount("total", r.total)}`);
  const subs: string[] = [];
  const goods = r.consolidation ? "NC" : "NG";
  if (r.nature_of_goods) subs.push(...natureLines(element("nature of goods", r.nature_of_goods)).map((t) => `${goods}/${t}`));
  else if (r.consolidation) subs.push("NC/");
  for (const d of r.dimensions) {
    const weight = d.weight !== null && d.weight_code ? `${d.weight_code}${measure(d.weight)}` : "";
    subs.push(`ND/${weight}/${d.unit}${measure(d.length)}-${measure(d.width)}-${measure(d.height)}${d.pieces !== null ? `/${d.pieces}` : ""}`);
  }
  if (r.no_dimensions) subs.push("ND//NDA");
  if (r.volume_code && r.volume !== null) subs.push(`NV/${r.volume_code}${measure(r.volume)}`);
  for (const uld of r.ulds) subs.push(`NU/${element("ULD", uld)}`);
  if (r.slac !== null) subs.push(`NS/${r.slac}`);
  if (r.goods_origin_country) subs.push(`NO/${element("goods origin", r.goods_origin_country)}`);
  for (const hs of r.hs_codes) subs.push(`NH/${element("HS code", hs)}`);
  return [head.join("/"), ...subs.map((s, i) => (i === 0 ? `/${s}` : `/${i + 1}/${s}`))];
}

function writeSummary(tag: string, s: ChargeSummary): string {
  const parts = Object.entries(SUMMARY_CODES)
    .filter(([, key]) => s[key] !== null)
    .map(([code, key]) => `${code}${amount(key, s[key])}`);
  return [tag, ...parts].join("/");
}

export const FWB_CODEC: TelegramCodec<FwbMessage> = {
  type: "FWB",
  family: "cimp",
  versions: ["16", "17"],
  parse: (body) => parseFwb(body),
  generate: (message) => generateFwb(message),
};
