import { z } from "zod";
import { MESSAGE_SETTING_LIMITS, splitAddresses } from "../../cargo/telegrams/message-setting";
import { CHANNEL_TYPES, OUTGOING_ACTIONS, OUTGOING_ERROR_CODES, OUTGOING_STATUSES } from "../../cargo/telegrams/outgoing-message";
import { MawbStart, COUNT_CAP } from "../air-waybills/list-query";
import { PageQuerySchema, refuseBeyondRow } from "../http/pagination";
import { Id, Text, TEXT_MAX } from "../http/input";
import { said } from "../http/refusals";
import { IsoDateTime, StampsShape } from "../http/schemas";
import { BLANK, isoDate, wrapped } from "../settings/common";

// The wire shapes of outgoing telegrams (spec 2 §3 "Outgoing message"; spec 3 §7 air waybills' send_fwb, fhl, fwb_list,
// /{id}/outgoing_messages, outgoing_messages, sita_messages).

/** The most waybills one fwb_list sends: each is a query and a message per address. */
export const FWB_LIST_MAX = 50;
/** The longest raw Type-B text platform staff send (a Type-B telegram is at most 3 840 characters; some room for more). */
export const SITA_TEXT_MAX = 10_000;

const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const opt = <T extends z.ZodTypeAny>(s: T) => z.preprocess(blankIsAbsent, s.optional());

/** Addresses as a JSON list or a form's text (one a line, or separated by commas); bounded before any is read. */
export const AddressList = z.preprocess(
  (v) => (typeof v === "string" ? splitAddresses(v) : v == null ? [] : v),
  z.array(Text(MESSAGE_SETTING_LIMITS.url)).max(MESSAGE_SETTING_LIMITS.addresses, said("too_many", { max: MESSAGE_SETTING_LIMITS.addresses })),
);

const Channel = opt(z.enum(CHANNEL_TYPES, { message: `must be one of ${CHANNEL_TYPES.join(", ")}` }));

/** send_fwb and fhl: the channel and addresses, or nothing (the airline's active message settings for manual sending). */
export const SendMessageBody = z.preprocess(
  (v) => (v == null ? {} : v),
  wrapped("message", z.object({ channel: Channel, addresses: AddressList.optional() })),
);

/** A list of waybills to send a message for (spec 3 §7: body mawbs, channel, addresses; also wrapped in `name`), bounded. */
const waybillListBody = (name: string, max: number) =>
  wrapped(
    name,
    z.object({
      mawbs: z
        .array(z.string().max(TEXT_MAX.code * 2))
        .min(1, said("blank"))
        .max(max, said("too_many", { max })),
      channel: Channel,
      addresses: AddressList.optional(),
    }),
  );

export const FwbListBody = waybillListBody("fwb_list", FWB_LIST_MAX);

/** The most waybills one csn_list names: a wide-body freighter's manifest, in CSN parts of about twenty each. */
export const CSN_LIST_MAX = 500;

/** csn_list: the waybills of a flight whose CSN is sent. */
export const CsnListBody = waybillListBody("csn_list", CSN_LIST_MAX);

export const SitaMessageBody = wrapped(
  "sita_message",
  z.object({
    text: z.preprocess((v) => (v === null ? undefined : v), z.string({ required_error: BLANK }).trim().min(1, BLANK).max(SITA_TEXT_MAX, said("too_long", { max: SITA_TEXT_MAX }))),
    addresses: AddressList,
    carrier: opt(z.string().max(TEXT_MAX.code)),
  }),
);

export const OutgoingListQuery = PageQuerySchema.extend({
  message_type: opt(z.string().regex(/^[A-Za-z]{3,5}$/, "must be a message type of three to five letters (FWB, PLACI)").transform((v) => v.toUpperCase())),
  channel_type: Channel,
  status: opt(z.enum(OUTGOING_STATUSES, { message: `must be one of ${OUTGOING_STATUSES.join(", ")}` })),
  mawb: opt(MawbStart),
  segment_id: opt(Id()),
  date_from: opt(isoDate()).describe("created on or after this day (00:00 UTC)"),
  date_to: opt(isoDate()).describe("created on or before this day (24:00 UTC)"),
}).superRefine(refuseBeyondRow(COUNT_CAP));

export const OutgoingMessageSchema = z.object({
  id: z.number().int(),
  ...StampsShape,
  carrier: z.string(),
  uuid: z.string(),
  channel_type: z.enum(CHANNEL_TYPES),
  event_identifier: z.string(),
  message_type: z.string().nullable(),
  message_format: z.string(),
  message_setting_id: z.number().int().nullable(),
  segment_id: z.number().int().nullable(),
  mawb: z.string().nullable(),
  meta_tags: z.array(z.string()),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  message_id: z.string().nullable(),
  sender: z.string().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string().nullable(),
  request_method: z.string().nullable(),
  url: z.string().nullable(),
  status: z.enum(OUTGOING_STATUSES),
  attempts: z.number().int(),
  last_error_code: z.enum(OUTGOING_ERROR_CODES).nullable(),
  sent_at: IsoDateTime.nullable(),
  actions: z.record(z.enum(OUTGOING_ACTIONS), z.boolean()).describe("what the caller may do with it now"),
});

export const OutgoingMessageDetailSchema = OutgoingMessageSchema.extend({
  body: z.string(),
  request_headers: z.record(z.string()).nullable(),
  last_error: z.string().nullable(),
  /** The send job: its state, the next retry. */
  delivery: z
    .object({ state: z.string(), attempts: z.number().int(), max_attempts: z.number().int(), run_at: IsoDateTime, last_error: z.string().nullable() })
    .nullable(),
});

export const SentAnswer = z.object({ data: z.array(OutgoingMessageSchema) });

/** A waybill's FWB or FHL as it would be sent now (GET air_waybills/{id}/fwb, /fhl): the Cargo-IMP text, CRLF line ends. */
export const WaybillTelegramAnswer = z.object({
  type: z.enum(["FWB", "FHL"]),
  mawb: z.string(),
  text: z.string(),
  generated_at: IsoDateTime,
});

export const FwbListAnswer = z.object({
  data: z.array(OutgoingMessageSchema),
  sent: z.array(z.string()).describe("the waybills an FWB was recorded for"),
  not_found: z
    .array(z.string())
    .describe("numbers not sent: not a number, not the caller's to see, or (no addresses given) no message setting sends their FWB by hand"),
});
