import { xmlDocument, type XmlValue } from "../files/xml";

/**
 * The advance cargo information a flight's airline files with customs (spec 3 §7 POST segments/{id}/aci, /placi):
 *
 * - ACI, the pre-arrival information (the entry summary of the EU's ICS2, the Russian customs' advance information):
 *   what the flight carries into the customs territory of its destination, one consignment per air waybill on the
 *   flight's manifest, with what customs risk-assesses: the parties, the goods (description, HS codes), the pieces and
 *   weight loaded, the ULD, the security status, the MRN of a declaration the goods already move under, and each house
 *   waybill of a consolidation with its own parties and goods.
 * - PLACI, the pre-loading information (ICS2's "7+1" data set): filed before loading at the last point of departure, so
 *   it covers what is booked on the flight, at the lowest level of transport document: each house waybill, or the
 *   master itself when it has no houses. Customs answers per house (assessment complete, a request for information or
 *   screening, do not load): those answers are the houses' and bookings' placi_status and placi_comment.
 *
 * Both are XML documents (no Cargo-IMP message carries them), written by cargo's XML writer, so whatever the parties'
 * texts hold the document parses. Each carries its name (`documentName`), which its ACI status records (spec 2 "ACI
 * status: direction, generated_at, name") and customs quotes back.
 */

export const CUSTOMS_FILINGS = ["ACI", "PLACI"] as const;
export type CustomsFiling = (typeof CUSTOMS_FILINGS)[number];

/** The ACI status of a filing sent (out) or an answer received (in). */
export const ACI_DIRECTIONS = ["out", "in"] as const;
export type AciDirection = (typeof ACI_DIRECTIONS)[number];

export interface CustomsParty {
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  post_code: string | null;
  country_code: string | null;
  tax_id: string | null;
}

export interface CustomsAirport {
  airport: string;
  country_code: string | null;
  /** ISO, UTC. */
  scheduled_utc: string;
  /** ISO with the airport's offset. */
  scheduled_local: string;
}

export interface CustomsFlight {
  carrier: string;
  flight_number: string;
  number_with_date: string;
  /** The flight's day, YYYY-MM-DD. */
  flight_date: string;
  departure: CustomsAirport;
  arrival: CustomsAirport;
  aircraft_type: string | null;
  aircraft_registration: string | null;
}

/** What a transport document declares to customs: its route, its pieces and weight, its goods, its parties. */
export interface CustomsGoods {
  origin_iata: string;
  destination_iata: string;
  pieces: number;
  weight_kg: number;
  goods_description: string;
  hs_codes: string[];
  shipper: CustomsParty;
  consignee: CustomsParty;
}

export interface CustomsHouse extends CustomsGoods {
  house_number: string;
}

export interface AciConsignment {
  mawb: string;
  origin_iata: string;
  destination_iata: string;
  /** Loaded on this flight (a part of a split shipment is less than the waybill's). */
  pieces: number;
  total_pieces: number;
  weight_kg: number;
  volume_m3: number | null;
  goods_description: string;
  hs_codes: string[];
  shcs: string[];
  uld_number: string | null;
  /** The MRN of the declaration the goods already move under, if any. */
  mrn: string | null;
  security_status: string | null;
  shipper: CustomsParty;
  consignee: CustomsParty;
  notify: CustomsParty | null;
  house_waybills: CustomsHouse[];
}

export interface PlaciEntry extends CustomsGoods {
  mawb: string;
  /** The house waybill, or null for a master without houses (then the master is the transport document). */
  house_number: string | null;
}

interface CustomsDocument {
  /** The document's name (documentName): its identity for customs and its ACI status. */
  name: string;
  generated_at: Date;
  flight: CustomsFlight;
}

export interface AciDocument extends CustomsDocument {
  consignments: AciConsignment[];
}

export interface PlaciDocument extends CustomsDocument {
  entries: PlaciEntry[];
}

const stamp = (at: Date) => at.toISOString().slice(0, 16).replace(/[-:]/g, "");

/** "ACI-S70101-28NOV-OVBDME-20261128T0950": the filing, the flight, its leg and the minute it was written (UTC). */
export function documentName(filing: CustomsFiling, flight: { number_with_date: string; origin_iata: string; destination_iata: string }, at: Date): string {
  return `${filing}-${flight.number_with_date.replace(/[^A-Z0-9]+/gi, "-")}-${flight.origin_iata}${flight.destination_iata}-${stamp(at)}`;
}

const sum = (values: number[]) => Math.round(values.reduce((n, v) => n + v, 0) * 10) / 10;

/** The ACI as XML (root advance_cargo_information, its name and generation time as attributes). */
export function aciXml(doc: AciDocument): string {
  const totals = { consignments: doc.consignments.length, house_waybills: doc.consignments.reduce((n, c) => n + c.house_waybills.length, 0), pieces: doc.consignments.reduce((n, c) => n + c.pieces, 0), weight_kg: sum(doc.consignments.map((c) => c.weight_kg)) };
  const body = { flight: doc.flight, totals, consignments: doc.consignments } as unknown as XmlValue;
  return xmlDocument("advance_cargo_information", body, { type: "ACI", name: doc.name, generated_at: doc.generated_at.toISOString() });
}

/** The PLACI as XML (root pre_loading_advance_cargo_information; one entry per house, or master without houses). */
export function placiXml(doc: PlaciDocument): string {
  const totals = { entries: doc.entries.length, pieces: doc.entries.reduce((n, e) => n + e.pieces, 0), weight_kg: sum(doc.entries.map((e) => e.weight_kg)) };
  const body = { flight: doc.flight, totals, entries: doc.entries } as unknown as XmlValue;
  return xmlDocument("pre_loading_advance_cargo_information", body, { type: "PLACI", name: doc.name, generated_at: doc.generated_at.toISOString() });
}
