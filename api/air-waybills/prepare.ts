import { and, eq, inArray } from "drizzle-orm";
import { checkShipment, MAX_VOLUME_M3, type ShipmentCheck, type ShipmentError } from "../../cargo";
import type { Db } from "../db/open";
import { airlineCustomers, productCodes, specialHandlingCodes } from "../db/schema";
import type { DimensionRow } from "../db/tables/air-waybills";
import { checkShcs } from "../settings/product-codes";
import { addFieldError, checkAirports, type FieldErrors } from "../settings/common";
import { derivedFigures, volumeOf, type AirlineRow } from "./figures";
import { AWB_WEIGHT_RESTRICTION_SETTING } from "./warnings";
import { addRefusal } from "../http/errors";
import { type Refusal } from "../http/refusals";

// The form rules and business checks of a waybill (spec 2 §5) on the values it will have after a create or an edit:
// what is required, what must exist in the reference data, and cargo/'s business checks. Errors are field errors
// (422); warnings are returned for the caller to ask the user's consent (409) and to store.

/** Spec 2 §9 currencies. */
export const CURRENCIES = ["RUB", "USD", "EUR", "KZT", "KGS", "CNY", "BYN", "AMD", "INR", "UZS", "THB"] as const;

/** Spec 2 §5 "onlyLatin": the commodity goes into Cargo-IMP messages, which carry Latin letters only. */
const LATIN = /^[A-Za-z0-9 .,;:\-/()'&+#%*]+$/;

/** Spec 3 §8's text for heavy cargo booked without its dimensions (the BFF translates it). */
export const HEA_DIMENSIONS_MISSING = "dimensions for HEA cargo missing";
/** The airline setting listing products that travel on paper blanks (BSO); another number asks to confirm. */
export const BSO_PRODUCTS_SETTING = "bso_products";

export interface AwbValues {
  origin_iata?: string | null;
  destination_iata?: string | null;
  manual_route?: string[];
  pieces?: number | null;
  weight?: number | null;
  volume?: number | null;
  shcs?: string[];
  commodity?: string | null;
  hs_codes?: string[];
  product_code?: string | null;
  currency?: string | null;
  airline_customer_id?: number | null;
  airline_defined_cw?: number | null;
}

const ERROR_FIELDS: Record<ShipmentError["code"], [string, (e: ShipmentError) => Refusal]> = {
  forbidden_shc: ["shcs", (e) => ({ code: "forbidden_shc", params: { shcs: e.shcs?.join(", ") ?? "" } })],
  incompatible_shc: ["shcs", (e) => ({ code: "incompatible_shc", params: { shcs: e.shcs?.join(", ") ?? "" } })],
  heavy_cargo_without_dimensions: ["dimensions", () => ({ code: "hea_dimensions_missing", params: {} })],
  consignor_certification: ["consignor_certified", () => ({ code: "consignor_certification", params: {} })],
};

/** Pairs of the waybill's SHCs that the reference table says must not travel together. */
export async function incompatiblePairs(db: Pick<Db, "select">, shcs: string[]): Promise<Array<[string, string]>> {
  if (shcs.length < 2) return [];
  const rows = await db.select({ code: specialHandlingCodes.code, incompatible: specialHandlingCodes.incompatible_codes }).from(specialHandlingCodes).where(inArray(specialHandlingCodes.code, shcs));
  return rows.flatMap((r) => r.incompatible.map((other) => [r.code, other] as [string, string]));
}

/** cargo/'s business-check errors as field errors, in the texts spec 3 §8 and the BFF know (booking uses them too). */
export function addShipmentErrors(errors: FieldErrors, found: readonly ShipmentError[]): FieldErrors {
  for (const e of found) {
    const [field, refusalOf] = ERROR_FIELDS[e.code];
    (errors[field] ??= []).push(refusalOf(e));
  }
  return errors;
}

export interface Prepared {
  errors: FieldErrors;
  check: ShipmentCheck;
  volume: number;
  figures: ReturnType<typeof derivedFigures>;
}

export async function prepareAwb(
  db: Db,
  airline: AirlineRow,
  v: AwbValues,
  dimensions: readonly DimensionRow[],
  opts: { booking: boolean; certified: boolean },
): Promise<Prepared> {
  const errors: FieldErrors = {};
  for (const field of ["origin_iata", "destination_iata", "pieces", "weight", "commodity"] as const) {
    if (v[field] === undefined || v[field] === null || v[field] === "") addRefusal(errors, field, "blank");
  }
  if (!v.hs_codes?.length) addRefusal(errors, "hs_codes", "hs_code_required");
  if (v.origin_iata && v.origin_iata === v.destination_iata) addRefusal(errors, "destination_iata", "same_as_origin");
  if (v.commodity && !LATIN.test(v.commodity)) addRefusal(errors, "commodity", "only_latin");
  if (v.currency && !(CURRENCIES as readonly string[]).includes(v.currency.toUpperCase())) addFieldError(errors, "currency", "currency_unknown", { currencies: CURRENCIES.join(", ") });
  const rowPieces = dimensions.reduce((n, r) => n + r.pieces, 0);
  if (dimensions.length && v.pieces && rowPieces > v.pieces) addFieldError(errors, "dimensions", "dimension_pieces_over_awb", { rows: rowPieces, pieces: v.pieces });
  await checkAirports(db, { origin_iata: v.origin_iata ?? undefined, destination_iata: v.destination_iata ?? undefined, manual_route: v.manual_route }, errors);
  await checkShcs(db, "shcs", v.shcs, errors);
  if (v.product_code) {
    const [p] = await db.select({ id: productCodes.id }).from(productCodes).where(and(eq(productCodes.carrier, airline.carrier), eq(productCodes.code, v.product_code.toUpperCase()))).limit(1);
    if (!p) addFieldError(errors, "product_code", "unknown_product", { carrier: airline.carrier });
  }
  if (v.airline_customer_id) {
    const [c] = await db.select({ id: airlineCustomers.id }).from(airlineCustomers).where(and(eq(airlineCustomers.id, v.airline_customer_id), eq(airlineCustomers.carrier, airline.carrier))).limit(1);
    if (!c) addRefusal(errors, "airline_customer_id", "unknown_airline_customer");
  }

  const volume = volumeOf(dimensions, v.volume);
  // each side and count has its limit, their product does not: a hundred 30 m cubes are no shipment
  if (volume > MAX_VOLUME_M3) addFieldError(errors, "dimensions", "volume_too_large", { volume, max: MAX_VOLUME_M3 });
  const weight = v.weight ?? 0;
  const settings = airline.settings as Record<string, unknown>;
  const check = checkShipment({
    totals: { pieces: v.pieces ?? 0, weightKg: weight, volumeM3: volume },
    shcs: v.shcs ?? [],
    hasDimensions: dimensions.length > 0,
    forbiddenShcs: airline.forbidden_shcs,
    incompatibleShcs: await incompatiblePairs(db, v.shcs ?? []),
    airlineWeightRestriction: settings[AWB_WEIGHT_RESTRICTION_SETTING] === true,
    booking: opts.booking,
    certificationAccepted: opts.certified,
  });
  addShipmentErrors(errors, check.errors);
  return { errors, check, volume, figures: derivedFigures(airline, { weight, volume, airline_defined_cw: v.airline_defined_cw ?? null }) };
}

/** Whether the number's kind (paper blank or electronic) differs from what the product travels on. */
export function bsoMismatch(airline: AirlineRow, productCode: string | null | undefined, bso: boolean): boolean {
  const list = (airline.settings as Record<string, unknown>)[BSO_PRODUCTS_SETTING];
  const paperProducts = Array.isArray(list) ? list.map(String) : [];
  if (!productCode || !paperProducts.length) return false;
  return paperProducts.includes(productCode.toUpperCase()) !== bso;
}
