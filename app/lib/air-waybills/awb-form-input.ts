import { chargeableWeight, readDecimalText, volumeFromDimensions, type CwRoundingRule } from "../../../cargo";
import type { AirWaybill, Party } from "../upstream/air-waybills.server";
import { AWB_VOLUME, PARTY_FIELDS, tripSegments, type AwbForm, type PartyForm } from "./awb-form-schema";

// The air waybill form and the API's shapes: what a valid form sends (POST/PATCH api/v3/air_waybills), what a stored
// waybill fills the edit form with, and the live figures the cargo block shows (cargo/'s arithmetic).

/** A party block for the API: blank fields left out, phone and e-mail as contacts; nothing typed → undefined. */
export function partyInput(p: PartyForm | undefined): Record<string, unknown> | undefined {
  if (!p) return undefined;
  const { phone, email, ...rest } = p;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== "") out[k] = v;
  const contacts = [phone && { type: "phone", value: phone }, email && { type: "email", value: email }].filter(Boolean);
  if (contacts.length) out.contacts = contacts;
  return Object.keys(out).length ? out : undefined;
}

/** The editable fields of the waybill from a valid form (create and edit share them). */
export function awbFields(v: AwbForm): Record<string, unknown> {
  return {
    origin_iata: v.origin_iata,
    destination_iata: v.destination_iata,
    pieces: v.pieces,
    weight: v.weight,
    // the rows' volume wins in the API; a typed volume only counts without rows
    ...(v.volume !== undefined && !v.dimensions?.length ? { volume: v.volume } : {}),
    shcs: v.shcs,
    commodity: v.commodity,
    hs_codes: v.hs_codes,
    product_code: v.product_code ?? null,
    mrn: v.mrn || null,
    shipper: partyInput(v.shipper) ?? {},
    consignee: partyInput(v.consignee) ?? {},
    notify: partyInput(v.notify) ?? null,
    airline_customer_id: v.airline_customer_id ?? null,
    accounting_information: v.accounting_information ?? null,
    handling_information: v.handling_information ?? null,
    postal: v.postal === true,
    postal_number: v.postal ? (v.postal_number ?? null) : null,
  };
}

export const dimensionsInput = (v: AwbForm) =>
  (v.dimensions ?? []).map((d) => ({ pieces: d.pieces, length: d.length, width: d.width, height: d.height, ...(d.weight !== undefined ? { weight: d.weight } : {}) }));

/**
 * The create call's body. `typedNumber`: the tenant lets forwarders type the number (c6, su); elsewhere the form has
 * no number field and a number posted anyway is dropped: the waybill takes the next number of the stock.
 */
export function createInput(v: AwbForm, acceptWarnings: boolean, typedNumber: boolean) {
  return {
    air_waybill: {
      ...awbFields(v),
      ...(typedNumber && v.mawb ? { mawb: v.mawb } : {}),
      ...(v.carrier ? { carrier: v.carrier } : {}),
      ...(v.forwarder_short_name ? { forwarder_short_name: v.forwarder_short_name } : {}),
    },
    dimensions: dimensionsInput(v),
    segments: tripSegments(v.trip),
    consignor_certified: v.consignor_certified === true,
    accept_warnings: acceptWarnings,
  };
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? undefined : String(v));

export function partyValues(p: Party | null): Record<string, string | undefined> | undefined {
  if (!p) return undefined;
  const contact = (type: string) => p.contacts.find((c) => c.type === type)?.value;
  return { name: text(p.name), address: text(p.address), city: text(p.city), state: text(p.state), country_code: text(p.country_code), post_code: text(p.post_code), tax_id: text(p.tax_id), phone: contact("phone"), email: contact("email") };
}

/** The edit form's values from the stored waybill. */
export function awbFormValues(awb: AirWaybill): Record<string, unknown> {
  return {
    pieces: text(awb.pieces),
    weight: text(awb.weight),
    volume: awb.dimensions.length ? undefined : text(awb.volume),
    dimensions: awb.dimensions.map((d) => ({ pieces: text(d.pieces), length: text(d.length), width: text(d.width), height: text(d.height), weight: text(d.weight) })),
    shcs: awb.shcs.join(", "),
    commodity: text(awb.commodity),
    hs_codes: awb.hs_codes.join(", "),
    product_code: text(awb.product_code),
    mrn: text(awb.mrn),
    origin_iata: awb.origin_iata,
    destination_iata: awb.destination_iata,
    shipper: partyValues(awb.shipper),
    consignee: partyValues(awb.consignee),
    notify: partyValues(awb.notify),
    airline_customer_id: text(awb.airline_customer_id),
    accounting_information: text(awb.accounting_information),
    handling_information: text(awb.handling_information),
    postal: awb.postal ? "on" : undefined,
    postal_number: text(awb.postal_number),
  };
}

/** A party picked from a list, as the form's party fields. */
export function pickedPartyValues(p: Partial<Record<(typeof PARTY_FIELDS)[number], string | null | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of PARTY_FIELDS) {
    const v = p[f];
    if (v) out[f] = v;
  }
  return out;
}

/** The airline's chargeable-weight settings the live figures use (GET api/v3/airlines/{carrier}). */
export interface CwSettings {
  cm3PerKg?: number;
  minChargeableKg?: number;
  rounding?: CwRoundingRule;
}

/** An airline's cw_rounding_rule as cargo/ reads it: whole kilograms, else the next half kilogram. */
export const roundingOf = (rule: string | null | undefined): CwRoundingRule => (rule === "1" || rule === "whole_kg" ? "1" : "0.5");

/** Any figure of the cargo block (pieces, sides, weight, volume) fits in this: each field's own range is the form's. */
const LIVE_FIGURE = { ...AWB_VOLUME, max: 1_000_000 };

/** A figure as typed, read as the form reads it (no "0x10" shown as 16 beside a field that refuses it); null otherwise. */
const numberOf = (value: unknown): number | null => {
  if (typeof value !== "string") return null;
  const read = readDecimalText(value, LIVE_FIGURE);
  return read.ok ? read.value : null;
};

export interface LiveFigures {
  /** Each row's volume (m3), null where the row is incomplete. */
  rows: Array<number | null>;
  volume: number | null;
  chargeable: number | null;
  volumeWeight: number | null;
}

/**
 * The cargo block's figures from the values as typed (text, "1,5" too): each dimension row's volume, the total volume
 * (the rows', else the typed one) and the chargeable weight by the airline's settings. Rows half typed count as none.
 */
export function liveFigures(values: { weight?: unknown; volume?: unknown; dimensions?: Array<Record<string, unknown> | undefined> }, settings: CwSettings): LiveFigures {
  const rows = (values.dimensions ?? []).map((r) => {
    const [pieces, lengthCm, widthCm, heightCm] = [r?.pieces, r?.length, r?.width, r?.height].map(numberOf);
    if (!pieces || !lengthCm || !widthCm || !heightCm || pieces < 0 || lengthCm < 0 || widthCm < 0 || heightCm < 0) return null;
    return { pieces, lengthCm, widthCm, heightCm };
  });
  const complete = rows.filter((r): r is NonNullable<typeof r> => r !== null);
  const volume = complete.length ? volumeFromDimensions(complete) : numberOf(values.volume);
  const weight = numberOf(values.weight);
  let chargeable: number | null = null;
  let volumeWeight: number | null = null;
  if (weight !== null && weight >= 0 && (volume ?? 0) >= 0) {
    const cw = chargeableWeight({ grossWeightKg: weight, volumeM3: volume ?? 0, ...settings });
    chargeable = cw.chargeableWeightKg;
    volumeWeight = cw.volumeWeightKg;
  }
  return { rows: rows.map((r) => (r ? volumeFromDimensions(r) : null)), volume, chargeable, volumeWeight };
}
