import { contentDisposition, dispositionType, fileNameFromContentDisposition } from "../../../cargo/files/content-disposition";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import type { SignedInUser } from "../auth/guard.server";
import type { UpstreamResult } from "../upstream/errors";
import { failureResponse } from "../upstream/failure-response.server";

/**
 * The upstream's file name, cleaned and encoded again (RFC 6266): an upstream that is an airline's own backend
 * (UPSTREAM_URL) is not trusted to send a name without control or bidi characters, or a well-formed header.
 */
function dispositionFor(upstream: string | null, defaultName: string): string {
  if (!upstream) return contentDisposition(defaultName);
  return contentDisposition(fileNameFromContentDisposition(upstream) ?? defaultName, dispositionType(upstream));
}

/**
 * Streams an upstream file answer to the browser. The file name comes from the upstream's
 * Content-Disposition; `defaultName` (spec 3 §9 default file names) applies when it sends none.
 * A download is a plain link, so a failed one would leave the user on a bare error answer outside the
 * product: it goes back to `backTo` (the list it was started from) with the translated message instead.
 * NotFound stays the not-found page.
 */
export function passDownload(result: UpstreamResult<Response>, defaultName: string, failed: { user: SignedInUser; backTo: string }): Response {
  if (!result.ok) {
    if (result.code === "NotFound") throw failureResponse(result);
    throw redirectWithNotice(failed.backTo, failed.user, { kind: "error", key: `errors:${result.code}` });
  }
  const upstream = result.data;
  const headers = new Headers({
    "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream",
    "Content-Disposition": dispositionFor(upstream.headers.get("content-disposition"), defaultName),
    "Cache-Control": "private, no-store",
  });
  const length = upstream.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}
