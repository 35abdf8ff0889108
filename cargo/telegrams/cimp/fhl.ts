import type { TelegramCodec } from "../telegram-codec";
import type { TelegramLine } from "../telegram-lines";
import { type ChargeDeclarations, readChargeDeclarations, writeChargeDeclarations } from "./charge-declarations";
import { element, Faults, measure, orNull, readCount, readMeasure } from "./cimp-fields";
import { type ConsignmentDetail, readConsignment, type WeightCode, writeAwbIdentification } from "./consignment";
import { type CustomsInformation, readCustomsInformation, writeCustomsInformation } from "./customs-information";
import { readParty, type TelegramParty, writeParty } from "./party";
import { requireSegments, type SegmentRule, type WalkContext, walkSegments } from "./segmented-message";

/**
 * Cargo-IMP FHL, the consolidation list (issue 23), versions 4 and 5: the master waybill and its house waybills, in
 * the names of the product's house_waybills (api/db/tables/house-waybills.ts):
 *
 *   FHL/4
 *   MBI/006-96667465DFWFRA/T4K245                         the master: mawb, origin, destination, pieces, weight
 *   HBS/CVGA00176739/DFWFRA/4/K245/4/WILD CHERRY BAR      a house: serial / origin+destination / pieces / weight /
 *   /NSC/EAW                                              SLAC / nature of goods; its special handling codes
 *   TXT/free text  HTS/293890  OCI/...  SHP/...  CNE/...  CVD/...   belong to the house above them
 *
 * One FHL may carry several houses, each opened by its HBS. Versions 4 and 5 are read by one grammar.
 */
/** The master (MBI) in the consignment detail's names; FHL carries no volume for it. */
export interface FhlMessage extends Pick<ConsignmentDetail, "mawb" | "origin_iata" | "destination_iata" | "pieces" | "weight_code" | "weight"> {
  house_waybills: FhlHouseWaybill[];
}

export interface FhlHouseWaybill {
  serial_number: string;
  origin_iata: string | null;
  destination_iata: string | null;
  pieces: number | null;
  weight_code: WeightCode;
  weight: number | null;
  /** Shipper's load and count: the pieces inside the house's packages. */
  slac: number | null;
  manifest_description_of_goods: string | null;
  shcs: string[];
  /** TXT: the goods' free text, one line per telegram line. */
  free_text: string | null;
  hs_codes: string[];
  customs_information: CustomsInformation[];
  shipper: TelegramParty | null;
  consignee: TelegramParty | null;
  charge_declarations: ChargeDeclarations | null;
}

const HOUSE_SERIAL = /^[A-Z0-9]{1,12}$/;
const ROUTE = /^([A-Z]{3})([A-Z]{3})$/;
const WEIGHT = /^([KL])(.*)$/;
const SEGMENT_NAMES: Readonly<Record<string, string>> = { MBI: "master waybill", HBS: "house waybill summary" };

export function emptyHouse(serial: string): FhlHouseWaybill {
  return {
    serial_number: serial,
    origin_iata: null,
    destination_iata: null,
    pieces: null,
    weight_code: "K",
    weight: null,
    slac: null,
    manifest_description_of_goods: null,
    shcs: [],
    free_text: null,
    hs_codes: [],
    customs_information: [],
    shipper: null,
    consignee: null,
    charge_declarations: null,
  };
}

/** Reads an FHL body (the lines after "FHL/4"). Never throws. */
export function parseFhl(body: readonly TelegramLine[]): { message: FhlMessage | null; errors: Faults["list"] } {
  const faults = new Faults();
  let fhl: FhlMessage | null = null;
  let house: FhlHouseWaybill | null = null;
  /** A house line before any HBS has no house to go to: a fault, once per line. */
  const inHouse = (no: number, tag: string): FhlHouseWaybill | null => {
    if (!house) faults.add(no, "misplaced_line", { tag });
    return house;
  };
  // FHL is read far less often than FWB: its rules close over the parse (simpler than a context, fast enough)
  const rules: Record<string, SegmentRule<WalkContext>> = {
    MBI: {
      rank: 0,
      read: (_context, line, after) => {
        const [identification, quantity] = after;
        const read = readConsignment(line.no, identification ?? "", quantity, false);
        faults.list.push(...read.errors);
        if (read.value) fhl = { mawb: read.value.mawb, origin_iata: read.value.origin_iata, destination_iata: read.value.destination_iata, pieces: read.value.pieces, weight_code: read.value.weight_code, weight: read.value.weight, house_waybills: [] };
      },
    },
    HBS: {
      rank: 1,
      repeats: true,
      opensGroup: true,
      read: (_context, line, after) => {
        const [serial, route, pieces, weight, slac, ...description] = after;
        if (!serial || !HOUSE_SERIAL.test(serial)) faults.add(line.no, "bad_field", { field: "house waybill number", value: (serial ?? "").slice(0, 20) });
        house = emptyHouse(serial ?? "");
        const od = route ? ROUTE.exec(route) : null;
        if (!od) faults.add(line.no, route ? "bad_field" : "missing_field", { field: "house origin and destination", value: (route ?? "").slice(0, 20) });
        house.origin_iata = od?.[1] ?? null;
        house.destination_iata = od?.[2] ?? null;
        house.pieces = readCount(faults, line.no, "house pieces", pieces);
        const w = weight ? WEIGHT.exec(weight) : null;
        if (weight && !w) faults.add(line.no, "bad_field", { field: "house weight", value: weight.slice(0, 20) });
        house.weight_code = (w?.[1] as WeightCode | undefined) ?? "K";
        house.weight = w ? readMeasure(faults, line.no, "house weight", w[2]) : null;
        if (house.pieces === null || house.weight === null) faults.add(line.no, "missing_field", { field: "house pieces and weight" });
        house.slac = readCount(faults, line.no, "SLAC", slac);
        house.manifest_description_of_goods = orNull(description.join("/"));
        for (const more of line.continuations) {
          for (const code of more.text.split("/")) {
            if (/^[A-Z0-9]{3}$/.test(code)) house.shcs.push(code);
            else if (code) faults.add(more.no, "bad_field", { field: "special handling code", value: code.slice(0, 20) });
          }
        }
        // the product keeps one house per serial under a master: a second one is reported and left out
        if (fhl?.house_waybills.some((h) => h.serial_number === house!.serial_number)) faults.add(line.no, "repeated_line", { tag: `HBS/${house.serial_number}` });
        else fhl?.house_waybills.push(house);
      },
    },
    TXT: {
      rank: 2,
      read: (_context, line, after) => {
        const target = inHouse(line.no, "TXT");
        if (target) target.free_text = [after.join("/"), ...line.continuations.map((c) => c.text)].join("\n");
      },
    },
    HTS: {
      rank: 3,
      read: (_context, line, after) => {
        const target = inHouse(line.no, "HTS");
        if (!target) return;
        for (const [no, codes] of [[line.no, after] as const, ...line.continuations.map((c) => [c.no, c.text.split("/")] as const)]) {
          for (const code of codes) {
            if (/^[A-Z0-9]{6,18}$/.test(code)) target.hs_codes.push(code);
            else if (code) faults.add(no, "bad_field", { field: "HS code", value: code.slice(0, 20) });
          }
        }
      },
    },
    OCI: { rank: 4, read: (_context, line, after) => inHouse(line.no, "OCI")?.customs_information.push(...readCustomsInformation(faults, line, after)) },
    SHP: {
      rank: 5,
      read: (_context, line, after) => {
        const target = inHouse(line.no, "SHP");
        if (target) target.shipper = readParty(faults, line, after, line.continuations, "name_on_header");
      },
    },
    CNE: {
      rank: 6,
      read: (_context, line, after) => {
        const target = inHouse(line.no, "CNE");
        if (target) target.consignee = readParty(faults, line, after, line.continuations, "name_on_header");
      },
    },
    CVD: {
      rank: 7,
      read: (_context, line, after) => {
        const target = inHouse(line.no, "CVD");
        if (target) target.charge_declarations = readChargeDeclarations(faults, line, after);
      },
    },
  };
  const walk = walkSegments({ faults }, body, rules);
  requireSegments(faults, walk, rules, ["MBI", "HBS"], SEGMENT_NAMES);
  return { message: fhl, errors: faults.list };
}

/** Writes the FHL body (after "FHL/4"). Throws RangeError on a model it cannot carry. */
export function generateFhl(fhl: FhlMessage): string {
  const out = [`MBI/${writeAwbIdentification(fhl)}/T${fhl.pieces}${fhl.weight_code}${measure(fhl.weight)}`];
  for (const h of fhl.house_waybills) {
    if (!HOUSE_SERIAL.test(h.serial_number)) throw new RangeError(`Not a house waybill number: ${JSON.stringify(h.serial_number)}`);
    const route = h.origin_iata && h.destination_iata ? `${element("origin", h.origin_iata)}${element("destination", h.destination_iata)}` : "";
    const hbs = ["HBS", h.serial_number, route, h.pieces === null ? "" : String(h.pieces), h.weight === null ? "" : `${h.weight_code}${measure(h.weight)}`, h.slac === null ? "" : String(h.slac)];
    if (h.manifest_description_of_goods) hbs.push(element("nature of goods", h.manifest_description_of_goods));
    out.push(hbs.join("/"));
    if (h.shcs.length) out.push(`/${h.shcs.map((s) => element("special handling code", s)).join("/")}`);
    if (h.free_text !== null) out.push(...h.free_text.split("\n").map((t, i) => `${i === 0 ? "TXT/" : "/"}${element("free text", t)}`));
    if (h.hs_codes.length) out.push(`HTS/${h.hs_codes.map((c) => element("HS code", c)).join("/")}`);
    if (h.customs_information.length) out.push(...writeCustomsInformation(h.customs_information));
    if (h.shipper) out.push(...writeParty("SHP", h.shipper, "name_on_header"));
    if (h.consignee) out.push(...writeParty("CNE", h.consignee, "name_on_header"));
    if (h.charge_declarations) out.push(writeChargeDeclarations(h.charge_declarations));
  }
  return out.join("\n");
}

export const FHL_CODEC: TelegramCodec<FhlMessage> = {
  type: "FHL",
  family: "cimp",
  versions: ["4", "5"],
  parse: (body) => parseFhl(body),
  generate: (message) => generateFhl(message),
};
