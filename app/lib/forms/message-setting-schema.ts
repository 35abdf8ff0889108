import { z } from "zod";
import { TEXT_MAX } from "../../../cargo";
import {
  ALL_MESSAGE_EVENTS,
  MESSAGE_FORMATS,
  MESSAGE_SETTING_LIMITS as LIMITS,
  messageSettingFaults,
  SENDABLE_TELEGRAM_TYPES,
  type SendingSide,
  splitAddresses,
} from "../../../cargo/telegrams/message-setting";
import type { MessageSetting, MessageSettingInput } from "../upstream/message-settings.server";
import { refusalMessage } from "../upstream/refusal-message";
import { carrierField } from "./airline-fields";
import { wholeNumberField } from "./decimal-field";
import { checked, flag, IATA, optionalText, orNull } from "./field-rules";

// The form of a message setting (spec 2 "Message setting"). The rules between its fields are cargo's
// (messageSettingFaults), the API's own: the form refuses, in the same words, what the API would.

/** Addresses as typed: one per line, or separated by commas; the whole text bounded before it is split. */
const ADDRESS_TEXT_MAX = LIMITS.addresses * (LIMITS.url + 1);
const addressText = () => z.string({ required_error: "errors:required" }).trim().max(ADDRESS_TEXT_MAX, `errors:max?max=${ADDRESS_TEXT_MAX}`);

/** The schema for `side`: an airline chooses among the types it may send (spec 2 §9), platform staff among theirs. */
export function messageSettingFormSchema(side: SendingSide) {
  return z
    .object({
      station: z.string().trim().toUpperCase().regex(IATA, "errors:unknownAirport").optional(),
      message_type: z.enum(SENDABLE_TELEGRAM_TYPES[side] as unknown as [string, ...string[]], { required_error: "errors:required", invalid_type_error: "errors:invalid" }),
      source_type: z.enum(ALL_MESSAGE_EVENTS as [string, ...string[]], { required_error: "errors:required" }),
      message_format: z.enum(MESSAGE_FORMATS).default("cimp"),
      message_to: addressText().min(1, "errors:required"),
      message_cc: addressText().optional(),
      message_bcc: addressText().optional(),
      message_subject: optionalText(LIMITS.subject),
      message_version: optionalText(TEXT_MAX.code),
      sending_interval: wholeNumberField(1, LIMITS.intervalMinutes, { min: `errors:refusal.too_small?min=1`, max: `errors:refusal.too_big?max=${LIMITS.intervalMinutes}` }).optional(),
      send_nil_data: flag(),
      active: flag(),
      description: optionalText(LIMITS.description),
      /** Create only, platform users on a host without an airline. */
      carrier: carrierField(),
    })
    .superRefine((v, ctx) => {
      const draft = {
        ...v,
        message_version: v.message_version ?? null,
        message_to: splitAddresses(v.message_to),
        message_cc: splitAddresses(v.message_cc ?? ""),
        message_bcc: splitAddresses(v.message_bcc ?? ""),
      };
      const seen = new Set<string>();
      for (const fault of messageSettingFaults(draft, side)) {
        if (seen.has(fault.field)) continue;
        seen.add(fault.field);
        ctx.addIssue({ code: "custom", path: [fault.field], message: refusalMessage(fault) });
      }
    });
}
export type MessageSettingForm = z.infer<ReturnType<typeof messageSettingFormSchema>>;

export const MESSAGE_SETTING_FIELDS = [
  "station", "message_type", "source_type", "message_format", "message_to", "message_cc", "message_bcc", "message_subject",
  "message_version", "sending_interval", "send_nil_data", "active", "description", "carrier",
] as const;

/** An API field error of one address ("message_cc.0") stands beside its list. */
export const messageSettingFieldOf = (name: string) => name.replace(/\.\d+$/, "");

/** Form values of a stored setting (a new one is active, Cargo-IMP, sent on each event). */
export function messageSettingDefaults(s?: MessageSetting | null): Record<string, string | undefined> {
  if (!s) return { active: "on", message_format: "cimp" };
  return {
    station: s.station ?? "",
    message_type: s.message_type,
    source_type: s.source_type,
    message_format: s.message_format,
    message_to: s.message_to.join("\n"),
    message_cc: s.message_cc.join("\n"),
    message_bcc: s.message_bcc.join("\n"),
    message_subject: s.message_subject ?? "",
    message_version: s.message_version ?? "",
    sending_interval: s.sending_interval == null ? "" : String(s.sending_interval),
    send_nil_data: checked(s.send_nil_data),
    active: checked(s.active),
    description: s.description ?? "",
  };
}

/** Every field sent: an emptied field or an unticked box is saved as such. */
export function messageSettingInput(v: MessageSettingForm): MessageSettingInput {
  return {
    station: orNull(v.station),
    message_type: v.message_type,
    source_type: v.source_type,
    message_format: v.message_format,
    message_to: splitAddresses(v.message_to),
    message_cc: splitAddresses(v.message_cc ?? ""),
    message_bcc: splitAddresses(v.message_bcc ?? ""),
    message_subject: orNull(v.message_subject),
    message_version: orNull(v.message_version),
    sending_interval: v.sending_interval ?? null,
    send_nil_data: Boolean(v.send_nil_data),
    active: Boolean(v.active),
    description: orNull(v.description),
  };
}
