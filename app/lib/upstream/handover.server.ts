import { z } from "zod";
import { SLI_STATES, TERMINAL_REASONS } from "../handover/sli-states";
import type { Upstream } from "./client.server";
import { LooseActions, LooseFlag as Flag, LooseNumber as Num, LooseText as Text, NumberLike } from "./schemas";

// The waybill's handover calls (spec 3 §7 "Air waybills"; issue 11): the shipper's letter of instruction
// (send_shipper_letter and the airline's answer), declared against received figures (verification_movement_difference)
// and the terminal request (moscow_cargo). Read loosely, as every upstream answer.

const path = (mawb: string, tail: string) => `api/v3/air_waybills/${encodeURIComponent(mawb)}/${tail}`;

export const ShipperLetterSchema = z.object({
  status: z.enum(SLI_STATES).catch("not_sent"),
  barcode: Text,
  sends: Num,
  sent_at: Text,
  sent_by: Text,
  accepted: z.boolean().nullish().transform((v) => v ?? null),
  answered_at: Text,
  answered_by: Text,
  info: Text,
  actions: LooseActions("send", "answer"),
});
export type ShipperLetter = z.infer<typeof ShipperLetterSchema>;

export const getShipperLetter = (api: Upstream, mawb: string) => api.get(path(mawb, "shipper_letter"), { schema: ShipperLetterSchema });
export const sendShipperLetter = (api: Upstream, mawb: string) => api.post(path(mawb, "send_shipper_letter"), { schema: ShipperLetterSchema });
export const answerShipperLetter = (api: Upstream, mawb: string, input: { accepted: boolean; info?: string }) =>
  api.patch(path(mawb, "shipper_letter"), { json: { shipper_letter: input }, schema: ShipperLetterSchema });

const FiguresSchema = z.object({ pieces: NumberLike, weight: NumberLike, volume: Num });
export const MovementDifferenceSchema = z.object({
  weight_code: z.string().nullish().transform((v) => v ?? "K"),
  volume_code: z.string().nullish().transform((v) => v ?? "MC"),
  declared: FiguresSchema,
  stations: z.array(z.object({ location_iata: z.string(), received: FiguresSchema, difference: FiguresSchema, differs: Flag })).max(100),
  has_difference: Flag,
});
export type MovementDifference = z.infer<typeof MovementDifferenceSchema>;

export const getMovementDifference = (api: Upstream, mawb: string) => api.get(path(mawb, "verification_movement_difference"), { schema: MovementDifferenceSchema });

export const TerminalStatusSchema = z.object({ available: Flag, reason: z.enum(TERMINAL_REASONS).nullish().catch(null) });
export const getTerminalStatus = (api: Upstream, mawb: string) => api.get(path(mawb, "moscow_cargo"), { schema: TerminalStatusSchema });

/**
 * Spec 3 §8 "Moscow-cargo request, 422 or 500: EmptyFields" — the terminal (or the airline's backend for it) refused
 * the waybill. Our API names the cases it can tell apart (error): not configured, timed out, unreachable.
 */
export function sendToTerminal(api: Upstream, mawb: string) {
  return api.post(path(mawb, "moscow_cargo"), {
    schema: z.object({ terminal_status: NumberLike.nullish(), message: Text }),
    errors: (status, _messages, body) => {
      const error = body && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
      if (error === "terminal_timeout") return "Timeout";
      if (error === "terminal_not_configured" || error === "terminal_unreachable" || error === "not_applicable") return "Undefined";
      return status === 422 || status === 500 ? "EmptyFields" : undefined;
    },
  });
}
