// biome-ignore lint/style/noRestrictedImports: the one wrapper every other module redirects with
import { redirect as remixRedirect } from "@remix-run/node";

/**
 * Where the BFF sends a browser: every redirect is made here (`redirect` from @remix-run/node is refused by the
 * linter, biome.jsonc), and every answer's Location and X-Remix-Redirect pass `encodeLocation` once more on the
 * way out (app-handler.server.ts), for whatever Remix itself redirects to.
 *
 * A route builds targets from decoded URL parts (`/dashboard/shipments/${params.mawb}`), which may hold any
 * character: Fetch's Headers refuses one above U+00FF, Node's setHeader one below U+0020 or DEL (a thrown error, a
 * 500), and a browser reads raw bytes above 0x7F in a Location as it pleases. Here each character a header cannot
 * carry as it is becomes its UTF-8 percent-escapes, which every server and browser decode to the same path;
 * escapes already there are kept, so encoding twice changes nothing. A target that comes from the user (a
 * `?redirect=`) is checked first by safeRedirect (app/lib/forms/safe-redirect.ts).
 */

/** Printable ASCII but space, which ends a URL in some readers, and the backslash, which browsers read as a slash. */
const UNSAFE_IN_LOCATION = /[^\u0021-\u005b\u005d-\u007e]+/g;

const utf8 = new TextEncoder();

/** `value` with every unsafe character percent-encoded, and never a protocol-relative (`//host`) reference. */
export function encodeLocation(value: string): string {
  const encoded = value.replace(UNSAFE_IN_LOCATION, (run) => [...utf8.encode(run)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""));
  // A target built from a request's path (`//dashboard/x` is a path to us) would start with `//`, which a browser
  // reads as another host: the same path with one slash is what the router matched.
  return encoded.replace(/^\/{2,}/, "/");
}

/** Remix's redirect, with the target encoded: the only way a route or helper of ours makes one. */
export function redirect(url: string, init?: number | ResponseInit): Response {
  return remixRedirect(encodeLocation(url), init);
}
