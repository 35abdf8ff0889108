import { z } from "zod";
import { mapCodes, RECORD_NOT_FOUND } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";

// Message settings (spec 3 §7 "Other standard resources"): what an airline sends on which event, how and to whom.

export const MessageSettingSchema = z.object({
  id: z.number(),
  carrier: z.string(),
  station: z.string().nullish(),
  message_to: z.array(z.string()).default([]),
  message_cc: z.array(z.string()).default([]),
  message_bcc: z.array(z.string()).default([]),
  message_format: z.string(),
  message_subject: z.string().nullish(),
  message_type: z.string(),
  message_version: z.string().nullish(),
  send_nil_data: z.boolean().default(false),
  sending_interval: z.number().nullish(),
  source_type: z.string(),
  active: z.boolean().default(true),
  description: z.string().nullish(),
});
export type MessageSetting = z.infer<typeof MessageSettingSchema>;

export interface MessageSettingInput {
  /** Create only: a platform user's airline (else the tenant's). */
  carrier?: string;
  station: string | null;
  message_to: string[];
  message_cc: string[];
  message_bcc: string[];
  message_format: string;
  message_subject: string | null;
  message_type: string;
  message_version: string | null;
  send_nil_data: boolean;
  sending_interval: number | null;
  source_type: string;
  active: boolean;
  description: string | null;
}

export type MessageSettingQuery = PageQuery & { message_type?: string; source_type?: string; station?: string; active?: boolean; q?: string };

export const {
  list: listMessageSettings,
  get: getMessageSetting,
  create: createMessageSetting,
  update: updateMessageSetting,
  delete: deleteMessageSetting,
} = resourceClient<MessageSetting, MessageSettingQuery, MessageSettingInput>({
  path: "api/v3/message_settings",
  schema: MessageSettingSchema,
  bodyKey: "message_setting",
  errors: mapCodes([RECORD_NOT_FOUND]),
  createOnly: "carrier",
});
