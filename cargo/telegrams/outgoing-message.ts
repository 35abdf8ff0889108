import { type Channel, checkAddress } from "./message-setting";

/**
 * An outgoing telegram's life (issue 23; spec 2 §3 "Outgoing message"; DESIGN §4b: one graph, enforced by the API with
 * a 422 naming the state, offered by the pages). A message is recorded `queued` with its send job; the job makes it
 * `sent`, or `failed` (with the code of its last error) once its last attempt failed or the failure cannot pass by
 * trying again. A person may send a sent or failed message again (resend); a queued one belongs to the queue.
 */
export const OUTGOING_STATUSES = ["queued", "sent", "failed"] as const;
export type OutgoingStatus = (typeof OUTGOING_STATUSES)[number];

export const OUTGOING_ACTIONS = ["resend"] as const;
export type OutgoingAction = (typeof OUTGOING_ACTIONS)[number];

export const OUTGOING_GRAPH: Readonly<Record<OutgoingStatus, readonly OutgoingAction[]>> = {
  queued: [],
  sent: ["resend"],
  failed: ["resend"],
};

export function outgoingAllows(status: OutgoingStatus, action: OutgoingAction): boolean {
  return OUTGOING_GRAPH[status].includes(action);
}

/** The refusal code of an action the message's state does not allow. */
export const OUTGOING_STATE_REFUSAL = "outgoing_state_forbids";

/** How a message leaves: e-mail (SMTP), an HTTP POST to a URL, a Type-B telegram through the SITA gateway. */
export const CHANNEL_TYPES = ["email", "url", "sita"] as const satisfies readonly Channel[];

/**
 * Why a send failed, as the message's page says it (one code per cause; the detail text is kept beside it):
 * the channel is not configured on this server, the receiving server refused or could not be reached, the URL
 * resolved to an address inside our own network, answered with a redirect or an error status, or took too long.
 */
export const OUTGOING_ERROR_CODES = [
  "channel_not_configured",
  "smtp_refused",
  "smtp_unreachable",
  "url_private_address",
  "url_redirect",
  "url_status",
  "url_unreachable",
  "timeout",
  "message_not_written",
] as const;
export type OutgoingErrorCode = (typeof OUTGOING_ERROR_CODES)[number];

/** Error codes after which trying again cannot help until somebody changes something (a setting, the server's configuration). */
export const PERMANENT_OUTGOING_ERRORS: ReadonlySet<OutgoingErrorCode> = new Set(["channel_not_configured", "url_private_address", "url_redirect", "message_not_written"]);

/** Addresses grouped by the channel they go through; what is not an address is listed apart with its refusal code. */
export interface AddressGroups {
  email: string[];
  sita: string[];
  url: string[];
  invalid: Array<{ address: string; code: "invalid_address" | "internal_url" }>;
}

/** An http(s) URL as it is, for a sender that checks where it leads when it connects. */
function anyUrl(raw: string): { ok: true; channel: "url"; address: string } | null {
  if (!/^https?:\/\//i.test(raw.trim())) return null;
  try {
    return { ok: true, channel: "url", address: new URL(raw.trim()).href };
  } catch {
    return null;
  }
}

/**
 * Reads each address (cargo checkAddress) and groups them by channel, each once, in the order given. `urls: "any"`
 * takes every http(s) URL as it is (stored settings, checked when saved; the sender checks the address it resolves to).
 */
export function groupAddresses(addresses: readonly string[], opts: { urls?: "checked" | "any" } = {}): AddressGroups {
  const groups: AddressGroups = { email: [], sita: [], url: [], invalid: [] };
  for (const raw of addresses) {
    const read = (opts.urls === "any" ? anyUrl(raw) : null) ?? checkAddress(raw);
    if (!read.ok) groups.invalid.push({ address: raw.slice(0, 100), code: read.code });
    else if (!groups[read.channel].includes(read.address)) groups[read.channel].push(read.address);
  }
  return groups;
}

// Cyrillic as ICAO Doc 9303 writes it in Latin letters: the same transliteration a Russian passport's MRZ uses.
const CYRILLIC: Readonly<Record<string, string>> = {
  А: "A", Б: "B", В: "V", Г: "G", Д: "D", Е: "E", Ё: "E", Ж: "ZH", З: "Z", И: "I", Й: "I", К: "K", Л: "L", М: "M", Н: "N",
  О: "O", П: "P", Р: "R", С: "S", Т: "T", У: "U", Ф: "F", Х: "KH", Ц: "TS", Ч: "CH", Ш: "SH", Щ: "SHCH", Ъ: "IE", Ы: "Y",
  Ь: "", Э: "E", Ю: "IU", Я: "IA", І: "I", Ї: "I", Є: "IE", Ґ: "G", Ў: "U", Қ: "K", Ғ: "G", Ҳ: "H", Ң: "NG", Ө: "O", Ү: "U", Ұ: "U", Ә: "A",
};
/** What a Cargo-IMP element may hold (cargo/telegrams/cimp/cimp-fields.ts `element`), "/" excepted: it separates elements. */
const NOT_TELEGRAM = /[^A-Z0-9 .,\-()'?:+=!"%&*;<>#@_\\]/g;

/**
 * A text of the product written so that a telegram can carry it: upper case, accents dropped, Cyrillic
 * transliterated, every other character (a "/", a line break) a space, spaces collapsed, at most `max` characters.
 * Null for a text that leaves nothing.
 */
export function telegramText(text: string | null | undefined, max = 35): string | null {
  if (!text) return null;
  const latin = [...text.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase()].map((c) => CYRILLIC[c] ?? c).join("");
  const out = latin.replace(NOT_TELEGRAM, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
  return out || null;
}
