import dns from "node:dns";
import net from "node:net";
import { Agent, request } from "undici";
import type { OutgoingErrorCode } from "../../cargo/telegrams/outgoing-message";
import type { ApiConfig } from "../config";

// One POST of an outgoing message to a URL (issue 23), with undici. A URL of a message setting is somebody's input:
// cargo checkAddress refused IP literals and internal names when it was saved, but a public name may resolve to an
// address inside our network (or be re-pointed there later: DNS rebinding). So the address is checked where the
// socket is opened: the agent's own lookup resolves the name and refuses a private, loopback, link-local or reserved
// address, and the connection goes to the address it checked. Redirects are never followed (undici's request does
// not), a 3xx is a failure of its own; the whole exchange has a deadline and the answer is read 64 KiB at most.

/** The most of an answer read (only its status and a bounded piece of it are kept). */
const ANSWER_MAX_BYTES = 64 * 1024;

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24],
  ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) BLOCKED.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96], ["2001:db8::", 32]] as const) {
  BLOCKED.addSubnet(address, prefix, "ipv6");
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Whether a resolved address lies inside a network a message must never be posted to. */
export function isInternalAddress(ip: string): boolean {
  const mapped = MAPPED.exec(ip)?.[1];
  if (mapped) return BLOCKED.check(mapped, "ipv4");
  const family = net.isIP(ip);
  if (family === 0) return true;
  return BLOCKED.check(ip, family === 4 ? "ipv4" : "ipv6");
}

const isLoopback = (ip: string) => ip === "::1" || /^127\./.test(MAPPED.exec(ip)?.[1] ?? ip);

class InternalAddressError extends Error {
  readonly code = "EINTERNALADDRESS";
}

type LookupCallback = (err: Error | null, address?: string | dns.LookupAddress[], family?: number) => void;

/** net.connect's lookup: resolves as usual, and fails when any address the name has is internal. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    const internal = addresses.find((a) => isInternalAddress(a.address));
    if (internal) return callback(new InternalAddressError(`${hostname} resolves to ${internal.address}, inside our network`));
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** Connects only to public addresses (the name's every address checked where the socket opens); also the single sign-on's provider fetches (api/auth/oidc). */
export const guardedAgent = new Agent({ connect: { lookup: guardedLookup as never }, keepAliveTimeout: 4_000 });

export type PostOutcome = { ok: true; status: number } | { ok: false; code: OutgoingErrorCode; detail: string };

export interface PostOptions {
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** A URL of our own configuration (the SITA gateway's): posted to as it is. */
  trusted?: boolean;
  /** Tests: an http:// or https:// URL whose host is a loopback IP literal (127.0.0.1, [::1]) is allowed. */
  allowLoopback?: boolean;
}

/** Whether the API may call an http:// loopback IP literal (OUTGOING_URL_ALLOW_LOOPBACK): tests only, never in production. */
export const loopbackAllowed = (config: Pick<ApiConfig, "OUTGOING_URL_ALLOW_LOOPBACK" | "NODE_ENV">) =>
  config.OUTGOING_URL_ALLOW_LOOPBACK && config.NODE_ENV !== "production";

/** Where a URL may not go, before any connection: its scheme and an IP literal host. Null: go (the lookup checks names). */
export function refusedTarget(url: URL, allowLoopback: boolean): PostOutcome | null {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net.isIP(host) !== 0;
  const loopbackLiteral = allowLoopback && literal && isLoopback(host);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopbackLiteral)) return { ok: false, code: "url_private_address", detail: `${url.protocol} is not https` };
  if (url.username || url.password) return { ok: false, code: "url_private_address", detail: "credentials in the URL" };
  if (literal && !loopbackLiteral && isInternalAddress(host)) return { ok: false, code: "url_private_address", detail: `${host} is inside our network` };
  return null;
}

/** POSTs `body` to `target`; answers how it went, never throws. */
export async function postToUrl(target: string, o: PostOptions): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: false, code: "url_unreachable", detail: "not a URL" };
  }
  if (!o.trusted) {
    const refused = refusedTarget(url, o.allowLoopback ?? false);
    if (refused) return refused;
  }
  const signal = o.signal ? AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]) : AbortSignal.timeout(o.timeoutMs);
  try {
    const res = await request(url, {
      method: "POST",
      body: o.body,
      headers: o.headers,
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
      signal,
      ...(o.trusted ? {} : { dispatcher: guardedAgent }),
    });
    let read = 0;
    for await (const chunk of res.body) {
      read += (chunk as Buffer).length;
      if (read > ANSWER_MAX_BYTES) {
        res.body.destroy();
        break;
      }
    }
    if (res.statusCode >= 300 && res.statusCode < 400) return { ok: false, code: "url_redirect", detail: `answered ${res.statusCode} (redirects are not followed)` };
    if (res.statusCode >= 400) return { ok: false, code: "url_status", detail: `answered ${res.statusCode}` };
    return { ok: true, status: res.statusCode };
  } catch (err) {
    const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = e.cause?.code ?? e.code ?? e.name ?? "";
    if (code === "EINTERNALADDRESS") return { ok: false, code: "url_private_address", detail: e.cause?.message ?? e.message ?? code };
    if (signal.aborted || /TIMEOUT|AbortError|TimeoutError/i.test(code)) return { ok: false, code: "timeout", detail: `no answer within ${o.timeoutMs} ms` };
    return { ok: false, code: "url_unreachable", detail: (code || e.message || "error").slice(0, 200) };
  }
}
