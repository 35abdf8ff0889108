import { inchToCm, lbToKg, roundHalfUp, roundVolume, roundWeight } from "../../cargo/units";
import type { VolumeCode, WeightCode } from "../../cargo/telegrams/cimp/consignment";
import type { ChargeSummary, FwbDimension, FwbMessage } from "../../cargo/telegrams/cimp/fwb";
import type { TelegramAgent, TelegramParty } from "../../cargo/telegrams/cimp/party";
import { Decimal, parseAmount } from "../../cargo/money/money";
import type { AwbTotals, DimensionRow, OtherCharge, PartyBlock, RatingLine } from "../db/tables/air-waybills";

/**
 * The waybill an FWB describes, in the air_waybills columns (issue 23): the codec already reads the telegram into the
 * product's names, so this is the units (the product keeps kg, cm and m3; a telegram may say pounds, inches or cubic
 * feet) and the shapes of the columns. Only what the telegram carries is returned, so that an update leaves the
 * waybill's other fields as they are.
 *
 * Amounts (rates, totals, other charges) stay decimal text, as the telegram wrote them (issue 24).
 */
export interface FwbWaybill {
  /** null only in a telegram cut short: the waybill's rules refuse it as blank. */
  origin_iata: string | null;
  destination_iata: string | null;
  pieces: number;
  weight: number;
  volume: number | null;
  density_group: number | null;
  manual_route: string[];
  shcs: string[];
  commodity: string | null;
  hs_codes: string[];
  dimensions: DimensionRow[];
  shipper: PartyBlock;
  consignee: PartyBlock;
  notify: PartyBlock | null;
  issuing_agent: PartyBlock | null;
  accounting_information: string | null;
  handling_information: string | null;
  sci: string | null;
  currency: string | null;
  chgs_code: string | null;
  wt_val: "P" | "C";
  other_charges_payment: "P" | "C";
  declared_value_carriage: string;
  declared_value_customs: string;
  insurance_amount: string;
  rating: RatingLine[];
  other_charges: OtherCharge[];
  totals: AwbTotals;
  executed_on: string | null;
  executed_at: string | null;
  signature: string | null;
}

const M3_PER: Readonly<Record<VolumeCode, number>> = { MC: 1, CF: 0.028316846592, CI: 0.000016387064, CC: 0.000001 };

export const kgOf = (code: WeightCode | null, weight: number): number => roundWeight(code === "L" ? lbToKg(weight) : weight);
export const m3Of = (code: VolumeCode | null, volume: number): number => roundVolume(volume * M3_PER[code ?? "MC"]);
const cmOf = (unit: FwbDimension["unit"], size: number): number => roundHalfUp(unit === "INH" ? inchToCm(size) : size, 1);
/**
 * A telegram's amount (cimp-fields AMOUNT: digits, at most 12 + 5) as the waybill keeps it: its own text, or its
 * plain decimal when the telegram wrote leading zeros ("007.50" is 7.5), which the money module's text does not have.
 */
const money = (text: string | null | undefined): string | null =>
  text === null || text === undefined || text === "" ? null : parseAmount(text).ok ? text : new Decimal(text).toFixed();

/** A telegram's party block (SHP, CNE, NFY) as the waybill's and the house's party columns keep it. */
export function partyOf(p: TelegramParty | null): PartyBlock | null {
  if (!p) return null;
  const { account_number, name, address, city, state, country_code, post_code, contacts } = p;
  return { name, account_number, address, city, state, country_code, post_code, contacts };
}

function agentOf(a: TelegramAgent | null): PartyBlock | null {
  if (!a) return null;
  return { name: a.name, account_number: a.account_number, iata_code: [a.iata_code, a.cass_address].filter(Boolean).join("/") || null, city: a.city };
}

function dimensionOf(d: FwbDimension): DimensionRow {
  return {
    pieces: d.pieces ?? 1,
    weight: d.weight === null ? null : kgOf(d.weight_code, d.weight),
    length: cmOf(d.unit, d.length),
    width: cmOf(d.unit, d.width),
    height: cmOf(d.unit, d.height),
  };
}

/** The waybill keeps one set of totals, on the side its weight charge is paid: prepaid, else collect. */
function totalsOf(prepaid: ChargeSummary | null, collect: ChargeSummary | null): AwbTotals {
  const side = prepaid ?? collect;
  if (!side) return {};
  return {
    weight_charge: money(side.weight_charge),
    valuation_charge: money(side.valuation),
    tax: money(side.tax),
    due_agent: money(side.due_agent),
    due_carrier: money(side.due_carrier),
    total: money(side.total),
  };
}

export function waybillOfFwb(m: FwbMessage): FwbWaybill {
  // routing: each airport the shipment is carried to; those before the destination are its transfer points
  const transfers = m.routing.map((r) => r.airport_iata).filter((iata, i, all) => i < all.length - 1 && iata !== m.destination_iata);
  const lines = m.rating.map(
    (r): RatingLine => ({
      pieces: r.pieces ?? 0,
      gross_weight: r.gross_weight === null ? 0 : kgOf(r.weight_code, r.gross_weight),
      rate_class_code: r.rate_class_code ?? "",
      commodity_item_number: r.commodity_item_number,
      chargeable_weight: r.chargeable_weight === null ? 0 : kgOf(r.weight_code, r.chargeable_weight),
      rate: money(r.rate) ?? "0",
      total: money(r.total) ?? "0",
      nature_of_goods: r.nature_of_goods,
    }),
  );
  return {
    origin_iata: m.origin_iata,
    destination_iata: m.destination_iata,
    pieces: m.pieces,
    weight: kgOf(m.weight_code, m.weight),
    volume: m.volume === null ? null : m3Of(m.volume_code, m.volume),
    density_group: m.density_group,
    manual_route: transfers,
    shcs: m.shcs,
    commodity: m.commodity ?? m.rating.find((r) => r.nature_of_goods)?.nature_of_goods ?? null,
    hs_codes: m.hs_codes,
    dimensions: m.dimensions.map(dimensionOf),
    shipper: partyOf(m.shipper) ?? {},
    consignee: partyOf(m.consignee) ?? {},
    notify: partyOf(m.notify),
    issuing_agent: agentOf(m.issuing_agent),
    accounting_information: m.accounting_information.map((a) => (a.text ? `${a.identifier}/${a.text}` : a.identifier)).join("\n") || null,
    handling_information: m.special_service_requests.join("\n") || null,
    sci: m.customs_origin_code,
    currency: m.currency,
    chgs_code: m.chgs_code,
    wt_val: m.wt_val ?? "P",
    other_charges_payment: m.other_charges_payment ?? "P",
    declared_value_carriage: m.declared_value_carriage ?? "NVD",
    declared_value_customs: m.declared_value_customs ?? "NCV",
    insurance_amount: m.insurance_amount ?? "XXX",
    rating: lines,
    other_charges: m.other_charges.map((o) => ({ code: o.code, due: o.due, payment: o.payment, amount: money(o.amount) ?? "0" })),
    totals: totalsOf(m.totals.prepaid, m.totals.collect),
    executed_on: m.executed_on,
    executed_at: m.executed_at,
    signature: m.signature,
  };
}
