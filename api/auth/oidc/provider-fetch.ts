import { request } from "undici";
import { boundedBody } from "../../http/bounded-body";
import { guardedAgent, refusedTarget } from "../../outgoing/post-url";

// Every request the API makes to a tenant's identity provider (issue 26). The provider's address is somebody's input
// (a company admin sets the issuer), so it goes out as an outgoing message's URL does (api/outgoing/post-url.ts):
// https only, no credentials in the URL, no address inside our network (checked where the socket opens), no
// redirects followed, a deadline for the whole exchange, and at most 64 KiB of the answer read.

/** Why a provider could not be asked: unreachable, or it answered something that is not what OIDC says. */
export type ProviderFetchFault = "provider_unreachable" | "provider_refused_address" | "provider_bad_answer";

export class ProviderFetchError extends Error {
  constructor(
    readonly code: ProviderFetchFault,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface ProviderFetchOptions {
  /** Tests and a developer's own machine: a provider on a loopback IP literal over http (never in production). */
  allowLoopback: boolean;
  timeoutMs?: number;
}

/** The most of a provider's answer read: discovery documents, key sets and token answers are a few KiB. */
export const PROVIDER_ANSWER_MAX_BYTES = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 5_000;

/** Whether the API may send a request to `url` at all (before any connection). */
export function providerUrlRefusal(url: URL, allowLoopback: boolean): string | null {
  const refused = refusedTarget(url, allowLoopback);
  return refused && !refused.ok ? refused.detail : null;
}

/** A GET or a form POST to the provider; its status and JSON answer (a JSON object, or the fetch fails). */
export async function providerJson(
  target: string,
  o: ProviderFetchOptions & { form?: URLSearchParams; authorization?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ProviderFetchError("provider_refused_address", "not a URL");
  }
  const refused = providerUrlRefusal(url, o.allowLoopback);
  if (refused) throw new ProviderFetchError("provider_refused_address", refused);
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number;
  let text: string;
  try {
    const res = await request(url, {
      method: o.form ? "POST" : "GET",
      body: o.form?.toString(),
      headers: {
        accept: "application/json",
        ...(o.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...(o.authorization ? { authorization: o.authorization } : {}),
      },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal,
      dispatcher: guardedAgent,
    });
    status = res.statusCode;
    const read = await boundedBody(res.body, PROVIDER_ANSWER_MAX_BYTES);
    if (read === null) throw new ProviderFetchError("provider_bad_answer", `answer over ${PROVIDER_ANSWER_MAX_BYTES} bytes`);
    text = read;
  } catch (error) {
    if (error instanceof ProviderFetchError) throw error;
    const e = error as { code?: string; name?: string; cause?: { code?: string } };
    const code = e.cause?.code ?? e.code ?? e.name ?? "error";
    if (code === "EINTERNALADDRESS") throw new ProviderFetchError("provider_refused_address", `${url.hostname} is inside our network`);
    throw new ProviderFetchError("provider_unreachable", signal.aborted ? `no answer within ${timeoutMs} ms` : code);
  }
  if (status >= 300 && status < 400) throw new ProviderFetchError("provider_bad_answer", `answered ${status} (redirects are not followed)`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderFetchError("provider_bad_answer", `answered ${status} with something that is not JSON`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ProviderFetchError("provider_bad_answer", `answered ${status} without a JSON object`);
  return { status, body: body as Record<string, unknown> };
}
