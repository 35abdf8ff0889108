import { z } from "zod";
import type { Upstream } from "./client.server";
import { LooseNumber as Num, NumberLike, pageOf } from "./schemas";

// A flight's customs filings (spec 3 §7 "Segments": GET segments/{id}/aci_statuses, /mrn_list.xlsx; POST /aci,
// /placi, /csn_list): what the flight page's ACI and CSN tabs read and send. Read loosely, as every upstream answer.

/** spec 2 "ACI status: direction, generated_at, name" (with what it is and how many shipments it covered). */
export const AciStatusSchema = z.object({
  id: NumberLike,
  message_type: z.string(),
  direction: z.string(),
  name: z.string(),
  generated_at: z.string(),
  shipments: Num,
});
export type AciStatus = z.infer<typeof AciStatusSchema>;

export function listAciStatuses(api: Upstream, id: number, query: { page: number; per_page: number }) {
  return api.get(`api/v3/segments/${id}/aci_statuses`, { query, schema: pageOf(AciStatusSchema) });
}

const Sent = z.object({ data: z.array(z.unknown()) });

/** Files the flight's ACI or PLACI (an XML document) with the addresses typed. */
export function fileCustomsDocument(api: Upstream, id: number, filing: "aci" | "placi", addresses: string[]) {
  return api.post(`api/v3/segments/${id}/${filing}`, { json: { message: { addresses } }, schema: Sent });
}

/** Files the waybill's own PLACI (for its first flight that requires ACI) with the addresses typed. */
export function fileWaybillPlaci(api: Upstream, mawb: string, addresses: string[]) {
  return api.post(`api/v3/air_waybills/${encodeURIComponent(mawb)}/placi`, { json: { message: { addresses } }, schema: Sent });
}

/** Sends the CSN of the selected waybills (each must be on the flight with an MRN), to the addresses or the airline's settings. */
export function sendCsnList(api: Upstream, id: number, mawbs: string[], addresses: string[]) {
  return api.post(`api/v3/segments/${id}/csn_list`, { json: { mawbs, addresses }, schema: Sent });
}

/** The flight's files beside its telegrams (spec 3 §9 default names mrn_list.xlsx, correspondence.pdf; uws.xml). */
export const FLIGHT_FILES = {
  "mrn_list.xlsx": "mrn_list.xlsx",
  "uws.xml": "uws.xml",
  "correspondence.pdf": "fbl/correspondence.pdf",
} as const;
export type FlightFile = keyof typeof FLIGHT_FILES;

export function downloadFlightFile(api: Upstream, id: number, file: FlightFile) {
  return api.download(`api/v3/segments/${id}/${FLIGHT_FILES[file]}`);
}
