import { z } from "zod";
import { MESSAGE_SETTING_LIMITS } from "../../../cargo/telegrams/message-setting";
import { tooLong } from "./field-rules";

// The platform's SITA form (issue 23; spec 1 §2 "Messaging: sita (send)"): a Type-B text and the SITA addresses it
// goes to, for an airline. Checked in the browser and in the action; the API checks each address again.

/** The longest text the API takes (api/outgoing/schemas.ts SITA_TEXT_MAX). */
export const SITA_TEXT_MAX = 10_000;
const ADDRESSES_MAX_CHARS = MESSAGE_SETTING_LIMITS.addresses * 8;

export const SitaMessageFormSchema = z.object({
  text: z.string({ required_error: "errors:required" }).trim().min(1, "errors:required").max(SITA_TEXT_MAX, tooLong(SITA_TEXT_MAX)),
  addresses: z.string({ required_error: "errors:required" }).trim().min(1, "errors:required").max(ADDRESSES_MAX_CHARS, tooLong(ADDRESSES_MAX_CHARS)),
  carrier: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/, "errors:invalid")
    .optional(),
});
export type SitaMessageForm = z.infer<typeof SitaMessageFormSchema>;
