import { SHIPMENT_STATE_REFUSAL, SHIPMENT_STATES, SHIPMENT_ACTIONS } from "../../../cargo/awb/shipment-state";
import { DEPARTURE_TOO_EARLY } from "../../../cargo/flights/departure";
import type { UpstreamFailure } from "./errors";

// Refusals the API gives with a stable code and params beside its English sentence (DESIGN §4b): worded here by the
// code, in the reader's language (`handling:refusals.<code>`), never by matching the sentence. Pure: the handling forms
// and the shipment page's notices both use it.

export interface Refusal {
  key: `handling:refusals.${string}`;
  params: Record<string, string>;
}

/** "2026-11-28T17:00+07:00" → "2026-11-28 17:00 (UTC+07:00)": the origin's wall time as its schedule shows it. */
export const wallTime = (iso: unknown) => {
  const m = typeof iso === "string" ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?([+-]\d{2}:\d{2}|Z)$/.exec(iso) : null;
  return m ? `${m[1]} ${m[2]} (UTC${m[3] === "Z" ? "" : m[3]})` : null;
};

const oneOf = <T extends string>(list: readonly T[], v: unknown): T | null => (typeof v === "string" && (list as readonly string[]).includes(v) ? (v as T) : null);

/** The params of each code we word, checked (an unknown value words nothing: the caller falls back to its own text). */
const WORDED: Record<string, (p: Record<string, unknown>) => Record<string, string> | null> = {
  [SHIPMENT_STATE_REFUSAL]: (p) => {
    const state = oneOf(SHIPMENT_STATES, p.state);
    const action = oneOf(SHIPMENT_ACTIONS, p.action);
    return state && action ? { state, action } : null;
  },
  [DEPARTURE_TOO_EARLY]: (p) => {
    const std = wallTime(p.std_local);
    const earliest = wallTime(p.earliest_local);
    return std && earliest ? { std, earliest, minutes: String(Number(p.tolerance_minutes) || 0) } : null;
  },
};

/** The refusal a failed call carries by code, as a translation key and its params; null when it carries none we word. */
export function refusalOf(failure: Pick<UpstreamFailure, "body">): Refusal | null {
  const body = failure.body;
  if (!body || typeof body !== "object") return null;
  const { code, params } = body as { code?: unknown; params?: unknown };
  if (typeof code !== "string" || !Object.hasOwn(WORDED, code)) return null;
  const worded = WORDED[code]!(params && typeof params === "object" ? (params as Record<string, unknown>) : {});
  return worded ? { key: `handling:refusals.${code}`, params: worded } : null;
}

/** A refusal as one message of a form's error list, in the "key?param=value" form those lists carry. */
export const refusalMessage = (r: Refusal) => `${r.key}?${new URLSearchParams(r.params).toString()}`;

/** Reads such a message back into the arguments of `t` (a plain key has no params). */
export function messageArgs(message: string): [string, Record<string, string>] {
  const at = message.indexOf("?");
  return at < 0 ? [message, {}] : [message.slice(0, at), Object.fromEntries(new URLSearchParams(message.slice(at + 1)))];
}
