import { request } from "undici";
import { boundedBody } from "../http/bounded-body";

// One POST of JSON to the cargo terminal's handler (issue 11: POST air_waybills/{mawb}/moscow_cargo), with undici: a
// deadline for the whole exchange and a bound on the answer's size, so a terminal that hangs or streams without end
// costs the API a few seconds and 64 KiB at most. Redirects are not followed (undici's request never does): the
// configured URL is the one trusted address.

/** The most of the terminal's answer read; anything longer is cut off and the exchange called oversized. */
export const TERMINAL_ANSWER_MAX_BYTES = 64 * 1024;

export type TerminalOutcome =
  | { kind: "answered"; status: number; body: unknown }
  | { kind: "timeout" }
  | { kind: "unreachable"; reason: string }
  | { kind: "oversized"; status: number };

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function postToTerminal(url: string, payload: unknown, timeoutMs: number): Promise<TerminalOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(url, {
      method: "POST",
      body: JSON.stringify(payload),
      headers: { "content-type": "application/json", accept: "application/json" },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal,
    });
    const text = await boundedBody(res.body, TERMINAL_ANSWER_MAX_BYTES);
    if (text === null) return { kind: "oversized", status: res.statusCode };
    return { kind: "answered", status: res.statusCode, body: parsed(text) };
  } catch (err) {
    const code = (err as { code?: string; name?: string }).code ?? (err as { name?: string }).name ?? "";
    if (signal.aborted || /TIMEOUT|AbortError|TimeoutError/i.test(code)) return { kind: "timeout" };
    return { kind: "unreachable", reason: code || "error" };
  }
}
