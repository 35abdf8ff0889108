import { z } from "zod";
import { Text, TEXT_MAX } from "../http/input";
import { FormBoolean, IsoDateTime } from "../http/schemas";
import { BLANK, wrapped } from "../settings/common";

// The wire shapes of the shipper's letter of instruction (spec 2 §3 air waybill "SLI fields": barcode, accepted,
// answered_at, info; spec 3 §7 POST /{id}/send_shipper_letter). Bodies come flat or wrapped in `shipper_letter`.

/** The longest answer the airline may give (a paragraph, as a void request's reason). */
export const SLI_INFO_MAX = TEXT_MAX.text;

/** not_sent; sent (waiting for the airline); accepted; declined (the forwarder may send it again). */
export const SLI_STATES = ["not_sent", "sent", "accepted", "declined"] as const;
export type SliState = (typeof SLI_STATES)[number];

export const ShipperLetterSchema = z.object({
  mawb: z.string(),
  status: z.enum(SLI_STATES),
  barcode: z.string().nullable().describe("what the letter's barcode encodes: SLI, the number's 11 digits and the send count"),
  sends: z.number().int().describe("how many times the forwarder has sent it"),
  sent_at: IsoDateTime.nullable(),
  sent_by: z.string().nullable().describe("e-mail of who sent it"),
  accepted: z.boolean().nullable().describe("null until the airline answers"),
  answered_at: IsoDateTime.nullable(),
  answered_by: z.string().nullable(),
  info: z.string().nullable().describe("the airline's words with its answer"),
  actions: z.object({ send: z.boolean(), answer: z.boolean() }).describe("what the caller may do now (can_send_sli)"),
});
export type ShipperLetterAnswer = z.input<typeof ShipperLetterSchema>;

/** The airline's answer: accepted, or declined with the reason (info) the forwarder needs to correct it. */
export const AnswerShipperLetterBody = wrapped(
  "shipper_letter",
  z
    .object({
      accepted: FormBoolean,
      info: z.preprocess((v) => (v === null || v === "" ? undefined : v), Text(SLI_INFO_MAX).trim().optional()),
    })
    .superRefine((v, ctx) => {
      if (!v.accepted && !v.info) ctx.addIssue({ code: "custom", path: ["info"], message: BLANK });
    }),
);
