import { checkAwbNumber } from "../../awb/awb-number";
import { telegramError, type TelegramError } from "../telegram-error";

/**
 * The consignment detail most Cargo-IMP messages open a shipment with (FWB, FSU, FFM, FBL, FHL's MBI, FFR, ...):
 *
 *   157-12345675LHRJFK/T2K50.0MC0.5           the whole shipment: 2 pieces, 50 kg, 0.5 m³
 *   157-12345675LHRJFK/P1K20MC0.2T2           part of it: 1 of 2 pieces
 *   15712345675LHRJFK/T2K50                   the number without its hyphen (real traffic)
 *
 * In the product's names (issue 23): `mawb` "157-12345675", `origin_iata`, `destination_iata`, `parts_code` (T the
 * total, P part, S split, D divided), `pieces`, `weight_code` (K kilograms, L pounds), `weight`, `volume_code` (MC m³,
 * CF ft³, CI in³, CC cm³), `volume`, `density_group`, and `total_pieces` for a part.
 */
export interface ConsignmentDetail {
  mawb: string;
  origin_iata: string | null;
  destination_iata: string | null;
  parts_code: PartsCode;
  pieces: number;
  weight_code: WeightCode;
  weight: number;
  volume_code: VolumeCode | null;
  volume: number | null;
  density_group: number | null;
  total_pieces: number | null;
}

export const PARTS_CODES = ["T", "P", "S", "D"] as const;
export type PartsCode = (typeof PARTS_CODES)[number];
export const WEIGHT_CODES = ["K", "L"] as const;
export type WeightCode = (typeof WEIGHT_CODES)[number];
export const VOLUME_CODES = ["MC", "CF", "CI", "CC"] as const;
export type VolumeCode = (typeof VOLUME_CODES)[number];

const AWB_IDENTIFICATION = /^(\d{3})-?(\d{8})([A-Z]{3})?([A-Z]{3})?$/;
const QUANTITY = /^([TPSD])(\d{1,4})([KL])(\d{1,7}(?:\.\d)?)(?:(MC|CF|CI|CC)(\d{1,9}(?:\.\d{1,2})?))?(?:DG(\d{1,2}))?(?:T(\d{1,4}))?$/;

export interface ReadConsignment {
  /** Null when the waybill number itself cannot be read: nothing else about the shipment is worth keeping then. */
  value: ConsignmentDetail | null;
  errors: TelegramError[];
}

/**
 * Reads "AWB+origin+destination" and, when given, the quantity detail (the next "/" element). `needsRoute`: the
 * message requires origin and destination here (FWB, FSU, FFM do; FHL's MBI and some FSU forms may omit them).
 */
export function readConsignment(lineNo: number, identification: string, quantity: string | undefined, needsRoute = true): ReadConsignment {
  const errors: TelegramError[] = [];
  const id = AWB_IDENTIFICATION.exec(identification.trim());
  if (!id) return { value: null, errors: [telegramError(lineNo, "bad_awb_number", { value: identification })] };
  const checked = checkAwbNumber(`${id[1]}${id[2]}`);
  if (!checked.valid) return { value: null, errors: [telegramError(lineNo, "bad_awb_number", { value: `${id[1]}-${id[2]}` })] };
  if (needsRoute && !(id[3] && id[4])) errors.push(telegramError(lineNo, "missing_field", { field: "origin and destination" }));
  const value: ConsignmentDetail = {
    mawb: checked.mawb,
    origin_iata: id[3] ?? null,
    destination_iata: id[4] ?? null,
    parts_code: "T",
    pieces: 0,
    weight_code: "K",
    weight: 0,
    volume_code: null,
    volume: null,
    density_group: null,
    total_pieces: null,
  };
  if (quantity === undefined) return { value, errors };
  const q = QUANTITY.exec(quantity.trim());
  if (!q) {
    errors.push(telegramError(lineNo, "bad_field", { field: "quantity detail", value: quantity }));
    return { value, errors };
  }
  value.parts_code = q[1] as PartsCode;
  value.pieces = Number(q[2]);
  value.weight_code = q[3] as WeightCode;
  value.weight = Number(q[4]);
  value.volume_code = (q[5] as VolumeCode | undefined) ?? null;
  value.volume = q[6] !== undefined ? Number(q[6]) : null;
  value.density_group = q[7] !== undefined ? Number(q[7]) : null;
  value.total_pieces = q[8] !== undefined ? Number(q[8]) : null;
  if (value.parts_code !== "T" && value.total_pieces === null) errors.push(telegramError(lineNo, "missing_field", { field: "total pieces of a part shipment" }));
  return { value, errors };
}

/** "157-12345675LHRJFK": the identification element as the generators write it (origin and destination when known). */
export function writeAwbIdentification(c: Pick<ConsignmentDetail, "mawb" | "origin_iata" | "destination_iata">): string {
  return `${c.mawb}${c.origin_iata ?? ""}${c.origin_iata ? (c.destination_iata ?? "") : ""}`;
}

/** "T2K50.0MC0.5" or "P1K20.0MC0.2T2": weights with one decimal, volumes with up to two, as Cargo-IMP allows. */
export function writeQuantity(c: Omit<ConsignmentDetail, "mawb" | "origin_iata" | "destination_iata">): string {
  const weight = c.weight.toFixed(1);
  const volume = c.volume_code && c.volume !== null ? `${c.volume_code}${trimDecimals(c.volume.toFixed(2))}` : "";
  const density = c.density_group !== null ? `DG${c.density_group}` : "";
  const total = c.parts_code !== "T" && c.total_pieces !== null ? `T${c.total_pieces}` : "";
  return `${c.parts_code}${c.pieces}${c.weight_code}${weight}${volume}${density}${total}`;
}

function trimDecimals(text: string): string {
  return text.replace(/\.?0+$/, "") || "0";
}
