import { z } from "zod";
import type { Upstream } from "./client.server";
import { LooseCodes as Codes, LooseNumber as Num, LooseText as Text, NumberLike } from "./schemas";
import type { SegmentDocumentTab, SegmentMessageTab } from "../flights/segment-message-values";

// The flight's own telegrams (spec 3 §7 "Segments": segments/{id}/fbl, /ffm, /uws.json and the documents /fbl.pdf,
// /ffm.pdf): what the flight page's FBL, FFM and UWS tabs show and download. Read loosely, as every upstream answer.

/** The API's path of each tab's message. */
const PATHS: Record<SegmentMessageTab, string> = { fbl: "fbl", ffm: "ffm", uws: "uws.json" };

const ShipmentSchema = z.object({
  mawb: z.string(),
  origin_iata: Text,
  destination_iata: Text,
  unloading_iata: Text,
  parts_code: Text,
  pieces: NumberLike,
  total_pieces: Num,
  weight: NumberLike,
  weight_code: Text,
  volume: Num,
  commodity: Text,
  shcs: Codes,
  uld_number: Text,
  response_status: Text,
});
export type MessageShipment = z.infer<typeof ShipmentSchema>;

const LoadSchema = z.object({ uld_number: z.string().nullish(), destination_iata: z.string(), weight: NumberLike, load_category: Text, shcs: Codes });
export type UwsLoad = z.infer<typeof LoadSchema>;

export const SegmentTelegramSchema = z.object({
  type: z.string(),
  text: z.string(),
  parts: z.array(z.string()),
  /** Only the UWS's loads are read from the model (its summary); the rest of the model stays the API's. */
  message: z.object({ ulds: z.array(LoadSchema).catch([]).optional(), bulk: z.array(LoadSchema).catch([]).optional() }).passthrough(),
  shipments: z.array(ShipmentSchema),
  totals: z.object({ shipments: NumberLike, pieces: NumberLike, weight: NumberLike, volume: NumberLike }),
  generated_at: z.string(),
});
export type SegmentTelegram = z.infer<typeof SegmentTelegramSchema>;

export function getSegmentTelegram(api: Upstream, id: number, tab: SegmentMessageTab) {
  return api.get(`api/v3/segments/${id}/${PATHS[tab]}`, { schema: SegmentTelegramSchema });
}

/** The document (spec 3 §9 default names fbl.pdf, ffm.pdf). */
export function downloadSegmentDocument(api: Upstream, id: number, tab: SegmentDocumentTab) {
  return api.download(`api/v3/segments/${id}/${tab}.pdf`);
}

/** Where each type is sent (spec 3 §7: POST segments/{id}/fbl, /ffm, /send_uws). */
const SEND_PATHS: Record<SegmentMessageTab, string> = { fbl: "fbl", ffm: "ffm", uws: "send_uws" };

/** Sends the flight's telegram to the addresses typed (or, for an FFM, none: the airline's settings for it). */
export function sendSegmentTelegram(api: Upstream, id: number, tab: SegmentMessageTab, addresses: string[]) {
  return api.post(`api/v3/segments/${id}/${SEND_PATHS[tab]}`, { json: { message: { addresses } }, schema: z.object({ data: z.array(z.unknown()) }) });
}
