import type { AirWaybillRow } from "../air-waybills/access";
import type { PartyBlock } from "../db/tables/air-waybills";

// What the terminal receives about a waybill (issue 11 "the waybill's data as JSON"): the number, the route and the
// flights it is booked on, the figures, what the cargo is and who ships it to whom. Never prices: the terminal
// handles the cargo, it does not bill the forwarder.

export interface TerminalLeg {
  number_with_date: string;
  origin_iata: string;
  destination_iata: string;
  std: Date;
}

const party = (p: PartyBlock | null | undefined) =>
  p ? { name: p.name ?? null, address: p.address ?? null, city: p.city ?? null, country_code: p.country_code ?? null, post_code: p.post_code ?? null } : null;

export function terminalPayload(awb: AirWaybillRow, forwarder: string, legs: TerminalLeg[], sentAt: Date) {
  return {
    air_waybill: {
      mawb: awb.mawb,
      carrier: awb.carrier,
      origin_iata: awb.origin_iata,
      destination_iata: awb.destination_iata,
      pieces: awb.pieces,
      weight: awb.weight,
      weight_code: awb.weight_code,
      volume: awb.volume,
      volume_code: awb.volume_code,
      commodity: awb.commodity,
      shcs: awb.shcs,
      hs_codes: awb.hs_codes,
      handling_information: awb.handling_information,
      shipper: party(awb.shipper),
      consignee: party(awb.consignee),
      forwarder,
      issued_at: awb.issued_at,
      flights: legs.map((l) => ({ number_with_date: l.number_with_date, origin_iata: l.origin_iata, destination_iata: l.destination_iata, std: l.std.toISOString() })),
    },
    sent_at: sentAt.toISOString(),
  };
}
