/**
 * An airline's message settings (spec 2 "Message setting"): which telegram goes out on which event, in which format,
 * to which addresses. The API and the BFF validate a setting with these rules, and the sender picks the settings of
 * an event with `settingsFor`, so what a form accepts is what the API stores and what the queue acts on.
 */

/** Telegram types each side may send (spec 2 §9): an airline's users, and platform staff on an airline's behalf. */
export const SENDABLE_TELEGRAM_TYPES = {
  airline: ["CSN", "FFM", "FSU", "FWB"],
  platform: ["CSN", "FFA", "FFM", "FFR", "FSU", "FWB"],
} as const;
export type SendingSide = keyof typeof SENDABLE_TELEGRAM_TYPES;
export type SendableTelegramType = (typeof SENDABLE_TELEGRAM_TYPES)["platform"][number];
export const ALL_SENDABLE_TYPES: readonly SendableTelegramType[] = SENDABLE_TELEGRAM_TYPES.platform;

/**
 * The events a type may be sent on (`source_type`): the change of the record the message reports, or "manual" (only
 * when a user presses send, e.g. send_fwb or the flight's FFM tab; the setting then gives the addresses).
 */
export const MESSAGE_EVENTS = {
  CSN: ["customs_status_changed", "manual"],
  FFA: ["booking_answered", "manual"],
  FFM: ["flight_departed", "manifest_changed", "manual"],
  FFR: ["booking_requested", "manual"],
  FSU: ["movement_added", "manual"],
  FWB: ["awb_created", "awb_changed", "manual"],
} as const satisfies Record<SendableTelegramType, readonly string[]>;
export type MessageEvent = (typeof MESSAGE_EVENTS)[SendableTelegramType][number];
export const ALL_MESSAGE_EVENTS: readonly MessageEvent[] = [...new Set(Object.values(MESSAGE_EVENTS).flat())];

/**
 * How the message is written: `cimp` is the Cargo-IMP text (what a SITA Type-B envelope, an e-mail and most airline
 * endpoints take); `json` is the parsed model in the product's field names, for an HTTP endpoint that wants data, not
 * text. Cargo-XML is not offered: no codec writes it, and a setting the sender cannot honour would fail every send.
 */
export const MESSAGE_FORMATS = ["cimp", "json"] as const;
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

export const MESSAGE_SETTING_LIMITS = {
  /** Addresses in one of message_to, message_cc, message_bcc (a distribution list is one address). */
  addresses: 20,
  /** An e-mail address (RFC 5321: 254 characters in a path). */
  email: 254,
  /** An endpoint URL. */
  url: 2000,
  subject: 200,
  description: 2000,
  /** sending_interval, minutes: at most a day between batches. */
  intervalMinutes: 1440,
} as const;

export type Channel = "email" | "sita" | "url";

// A local part without spaces or "@", a domain of dot-separated labels: each piece bounded and separated by a literal
// character, so the match is linear whatever the text (no nested quantifier can backtrack).
const EMAIL = /^[^\s@]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Type-B address: a 3-letter city or airport, a 2-character department, a 2-character airline designator (MOWFMS7). */
const SITA = /^[A-Z]{3}[A-Z0-9]{4}$/;
const IP_LITERAL = /^\[.*\]$|^\d{1,3}(?:\.\d{1,3}){3}$/;
/** Hosts the sender must never post to from inside the service (the server's own network). */
const INTERNAL_HOST = /(?:^|\.)(?:localhost|local|internal|localdomain)$/i;

/** The channel an address goes through, or why it is not an address: a refusal code of the API's catalogue. */
export type AddressCheck = { ok: true; channel: Channel; address: string } | { ok: false; code: "invalid_address" | "internal_url" };

/**
 * Reads one address: an e-mail address, a 7-character SITA Type-B address (upper-cased) or an https URL (without
 * credentials, not to an IP literal nor an internal host name; the sender checks the resolved address again).
 */
export function checkAddress(raw: string): AddressCheck {
  const text = raw.trim();
  if (text.length === 0 || text.length > MESSAGE_SETTING_LIMITS.url) return { ok: false, code: "invalid_address" };
  if (/^https:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { ok: false, code: "invalid_address" };
    }
    if (url.username || url.password) return { ok: false, code: "invalid_address" };
    if (IP_LITERAL.test(url.hostname) || INTERNAL_HOST.test(url.hostname) || !url.hostname.includes(".")) return { ok: false, code: "internal_url" };
    return { ok: true, channel: "url", address: url.href };
  }
  if (text.length === 7 && SITA.test(text.toUpperCase())) return { ok: true, channel: "sita", address: text.toUpperCase() };
  if (text.length <= MESSAGE_SETTING_LIMITS.email && EMAIL.test(text)) return { ok: true, channel: "email", address: text };
  return { ok: false, code: "invalid_address" };
}

/** A list of addresses typed in a form (one per line, or separated by commas, semicolons or spaces). */
export function splitAddresses(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** A setting as the sender reads it. */
export interface MessageSettingRule {
  station: string | null;
  message_type: string;
  source_type: string;
  active: boolean;
}

/**
 * The settings that send a message of `type` on `event` at `station`: active ones of that type and event, for that
 * station or for every station (station null). Linear in the settings.
 */
export function settingsFor<S extends MessageSettingRule>(settings: readonly S[], type: string, event: string, station: string | null): S[] {
  return settings.filter((s) => s.active && s.message_type === type && s.source_type === event && (s.station === null || s.station === station));
}

/** Whether `event` may trigger a message of `type`. */
export function isEventOf(type: string, event: string): boolean {
  return (MESSAGE_EVENTS as Record<string, readonly string[]>)[type]?.includes(event) ?? false;
}

/** Whether `side` may send telegrams of `type` (spec 2 §9). */
export function maySend(side: SendingSide, type: string): boolean {
  return (SENDABLE_TELEGRAM_TYPES[side] as readonly string[]).includes(type);
}

/** The parts of a setting whose rules tie fields together. */
export interface MessageSettingDraft {
  message_type: string;
  source_type: string;
  message_format: string;
  message_version: string | null | undefined;
  message_to: readonly string[];
  message_cc: readonly string[];
  message_bcc: readonly string[];
}

export type MessageSettingFaultCode =
  | "blank"
  | "too_many"
  | "invalid_address"
  | "internal_url"
  | "copies_by_email"
  | "message_type_not_sendable"
  | "event_not_for_type"
  | "format_needs_url"
  | "version_not_supported";

/** One broken rule: the field it stands beside and a refusal code of the API's catalogue with its parameters. */
export interface MessageSettingFault {
  field: keyof MessageSettingDraft;
  code: MessageSettingFaultCode;
  params: Record<string, string | number>;
}

/**
 * Every rule a setting breaks, for `side` (what it may send) and the versions a type's codec writes (none known: any
 * one- or two-digit version). The first fault of a field is enough for its form; the API answers them all.
 * Counts are checked before any address is read, so a hostile list costs at most `addresses` checks per field.
 */
export function messageSettingFaults(
  draft: MessageSettingDraft,
  side: SendingSide,
  versionsOf: (type: string) => readonly string[] = () => [],
): MessageSettingFault[] {
  const faults: MessageSettingFault[] = [];
  if (!maySend(side, draft.message_type)) {
    faults.push({ field: "message_type", code: "message_type_not_sendable", params: { type: draft.message_type } });
  } else if (!isEventOf(draft.message_type, draft.source_type)) {
    faults.push({ field: "source_type", code: "event_not_for_type", params: { event: draft.source_type, type: draft.message_type } });
  }
  const max = MESSAGE_SETTING_LIMITS.addresses;
  for (const field of ["message_to", "message_cc", "message_bcc"] as const) {
    const list = draft[field];
    if (field === "message_to" && list.length === 0) faults.push({ field, code: "blank", params: {} });
    if (list.length > max) {
      faults.push({ field, code: "too_many", params: { max } });
      continue;
    }
    for (const address of list) {
      const read = checkAddress(address);
      if (!read.ok) faults.push({ field, code: read.code, params: { address: address.slice(0, 100) } });
      else if (field !== "message_to" && read.channel !== "email") faults.push({ field, code: "copies_by_email", params: { address: read.address } });
      else if (field === "message_to" && draft.message_format === "json" && read.channel !== "url") {
        faults.push({ field, code: "format_needs_url", params: { address: read.address } });
      }
      if (faults.length > 0 && faults[faults.length - 1]!.field === field) break;
    }
  }
  const version = draft.message_version?.trim();
  if (version) {
    const versions = versionsOf(draft.message_type);
    if (versions.length > 0 ? !versions.includes(version) : !/^\d{1,2}$/.test(version)) {
      faults.push({ field: "message_version", code: "version_not_supported", params: { version: version.slice(0, 10), type: draft.message_type } });
    }
  }
  return faults;
}
