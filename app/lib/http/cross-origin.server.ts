const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The host the browser addressed: what Remix compares Origin with (X-Forwarded-Host first, then the URL's). */
function addressedHost(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  return (forwarded || new URL(request.url).host).toLowerCase();
}

/**
 * A form posted from another origin, typically a sibling tenant (su.localhost posting to s7.localhost:
 * the same site, so SameSite=Lax sends the cookie). Remix refuses these itself but answers a blank 500;
 * we answer first, with the access-denied page. A request without Origin (old browsers, curl) is left
 * to the CSRF token every action checks.
 */
export function isCrossOriginMutation(request: Request): boolean {
  if (!MUTATING_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return true; // "null" (sandboxed frames, privacy redirects) or garbage: not us
  }
  return host !== addressedHost(request);
}

/** What a cross-origin mutation gets instead: the access-denied page (403), without running any action. */
export function accessDeniedRequest(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of ["Origin", "Content-Type", "Content-Length"]) headers.delete(name);
  return new Request(new URL("/accessDenied", request.url), { method: "GET", headers, signal: request.signal });
}
