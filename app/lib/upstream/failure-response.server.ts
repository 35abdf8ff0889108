import { json } from "@remix-run/node";
import type { UpstreamFailure } from "./errors";

/**
 * A loader that cannot render without its upstream data throws this; the error boundary shows the
 * translated message of the code ("Service connection error…" after the last retry, spec 1 §8). NotFound is a 404,
 * which the boundary shows as the not-found page: a record of another airline looks exactly like a missing one.
 */
export function failureResponse(failure: UpstreamFailure): Response {
  const status = failure.code === "NotFound" ? 404 : failure.code === "Network" || failure.code === "Timeout" ? 503 : 502;
  return json({ code: failure.code }, { status });
}
