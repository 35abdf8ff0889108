import type { UpstreamResult } from "../upstream/errors";
import { failureResponse } from "../upstream/failure-response.server";

/**
 * Streams an upstream file answer to the browser. The file name comes from the upstream's
 * Content-Disposition; `defaultName` (spec 3 §9 default file names) applies when it sends none.
 */
export function passDownload(result: UpstreamResult<Response>, defaultName: string): Response {
  if (!result.ok) throw failureResponse(result);
  const upstream = result.data;
  const headers = new Headers({
    "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream",
    "Content-Disposition": upstream.headers.get("content-disposition") ?? `attachment; filename="${defaultName}"`,
    "Cache-Control": "private, no-store",
  });
  const length = upstream.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}
