import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { settings, S_MOST } from "../../cargo/access/rules";
import { TELEGRAM_CODECS } from "../../cargo/telegrams/codecs";
import {
  ALL_MESSAGE_EVENTS,
  ALL_SENDABLE_TYPES,
  checkAddress,
  MESSAGE_FORMATS,
  MESSAGE_SETTING_LIMITS as LIMITS,
  messageSettingFaults,
  splitAddresses,
} from "../../cargo/telegrams/message-setting";
import { messageSettings } from "../db/schema";
import { addRefusal } from "../http/errors";
import { Text, TEXT_MAX } from "../http/input";
import { said } from "../http/refusals";
import { FormBoolean, StampsShape } from "../http/schemas";
import { isPlatform } from "./access";
import { carrierResource } from "./carrier-resource";
import { BLANK, checkAirports, iataCode, optBool, optInt, optText, sortColumns, throwIfErrors, type FieldErrors } from "./common";

// An airline's message settings (spec 2 "Message setting", spec 3 "Other standard resources"): which telegram goes
// out on which event, in which format, to which addresses. The rules between fields live in cargo/ so that the BFF's
// form refuses what the API refuses; this module adds what needs the database (airports) or the caller (its side).

export const MessageSettingSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  station: z.string().nullable().describe("IATA code; null: every station"),
  message_to: z.array(z.string()).describe("e-mail addresses, 7-character SITA Type-B addresses or https URLs"),
  message_cc: z.array(z.string()).describe("e-mail addresses"),
  message_bcc: z.array(z.string()).describe("e-mail addresses"),
  message_format: z.enum(MESSAGE_FORMATS),
  message_subject: z.string().nullable(),
  message_type: z.string().describe(`one of ${ALL_SENDABLE_TYPES.join(", ")} (an airline sends CSN, FFM, FSU, FWB)`),
  message_version: z.string().nullable().describe("Cargo-IMP version; null: the current one"),
  send_nil_data: z.boolean().describe("also send when there is nothing to report"),
  sending_interval: z.number().int().nullable().describe("minutes between batches; null: each event as it happens"),
  source_type: z.string().describe("the event that sends it"),
  active: z.boolean(),
  description: z.string().nullable(),
  ...StampsShape,
});

/** Addresses from JSON (array) or a form (one text, split); the count and each length are bounded before any is read. */
const addressList = (required: boolean) =>
  z.preprocess(
    (v) => (typeof v === "string" ? splitAddresses(v) : v === null ? [] : v),
    z
      .array(Text(LIMITS.url), required ? { required_error: BLANK } : undefined)
      .max(LIMITS.addresses, said("too_many", { max: LIMITS.addresses })),
  );

const upper = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v);
const lower = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v);

const Fields = z.object({
  station: z.preprocess((v) => (v === "" ? null : v), iataCode().nullish()),
  message_to: addressList(true),
  message_cc: addressList(false).optional(),
  message_bcc: addressList(false).optional(),
  message_format: z.preprocess(lower, z.enum(MESSAGE_FORMATS)).optional(),
  message_subject: optText(LIMITS.subject),
  message_type: z.preprocess(upper, z.enum(ALL_SENDABLE_TYPES as [string, ...string[]], { required_error: BLANK })),
  message_version: optText(TEXT_MAX.code),
  send_nil_data: optBool(),
  sending_interval: optInt()
    .refine((v) => v == null || v >= 1, said("too_small", { min: 1 }))
    .refine((v) => v == null || v <= LIMITS.intervalMinutes, said("too_big", { max: LIMITS.intervalMinutes }))
    .describe("minutes"),
  source_type: z.preprocess(lower, z.enum(ALL_MESSAGE_EVENTS as [string, ...string[]], { required_error: BLANK })),
  active: optBool(),
  description: optText(LIMITS.description),
});

const Filters = {
  message_type: z.preprocess(upper, z.enum(ALL_SENDABLE_TYPES as [string, ...string[]])).optional(),
  source_type: z.preprocess(lower, z.enum(ALL_MESSAGE_EVENTS as [string, ...string[]])).optional(),
  station: iataCode().optional(),
  active: FormBoolean.optional(),
};

const versionsOf = (type: string) => TELEGRAM_CODECS[type]?.versions ?? [];
const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

export const messageSettingRoutes: FastifyPluginAsyncZod = carrierResource({
  path: "message_settings",
  record: "message_setting",
  tag: "message settings",
  table: messageSettings,
  answer: MessageSettingSchema,
  fields: Fields,
  // behind one page, settings → messaging: the page's rule (platform or airline Manager)
  access: { rule: settings(S_MOST), action: "message_settings" },
  filters: Filters,
  where: (q) => [
    q.message_type ? eq(messageSettings.message_type, q.message_type) : undefined,
    q.source_type ? eq(messageSettings.source_type, q.source_type) : undefined,
    q.station ? eq(messageSettings.station, q.station) : undefined,
    q.active !== undefined ? eq(messageSettings.active, q.active) : undefined,
  ],
  search: [messageSettings.message_type, messageSettings.station, messageSettings.message_subject, messageSettings.description],
  orderBy: [messageSettings.message_type, messageSettings.station],
  sortable: sortColumns(messageSettings, ["carrier", "station", "message_type", "message_format", "source_type", "sending_interval", "active", "created_at", "updated_at"]),
  prepare: async (db, values, { existing, request }) => {
    const draft = {
      message_type: String(values.message_type),
      source_type: String(values.source_type),
      message_format: String(values.message_format ?? "cimp"),
      message_version: (values.message_version as string | null | undefined) ?? null,
      message_to: list(values.message_to),
      message_cc: list(values.message_cc),
      message_bcc: list(values.message_bcc),
    };
    // An airline sends what spec 2 §9 lets it; platform staff may also set up FFR and FFA for it. A setting kept at
    // the type platform staff gave it stays editable by the airline.
    const kept = existing?.message_type === draft.message_type;
    const side = isPlatform(request.auth.profile) || kept ? "platform" : "airline";
    const errors: FieldErrors = await checkAirports(db, { station: values.station as string | null | undefined });
    for (const f of messageSettingFaults(draft, side, versionsOf)) addRefusal(errors, f.field, f.code, f.params);
    throwIfErrors(errors);
    // Stored as the sender uses them: SITA addresses upper-cased, URLs normalised.
    const normal = (a: readonly string[]) => a.map((x) => { const read = checkAddress(x); return read.ok ? read.address : x; });
    return {
      ...values,
      message_to: normal(draft.message_to),
      message_cc: normal(draft.message_cc),
      message_bcc: normal(draft.message_bcc),
      message_version: draft.message_version?.trim() || null,
    };
  },
});
