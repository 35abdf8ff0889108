/**
 * The one encoder every redirect target the BFF sends passes through (`Location`, and `X-Remix-Redirect` on data
 * requests; app-handler.server.ts applies it to every answer). A route builds targets from decoded URL parts
 * (`/dashboard/shipments/${params.mawb}`), which may hold any character: Node refuses to send a header with a
 * character above U+00FF (a thrown error, a 500), and a browser reads raw bytes above 0x7F in a Location as it
 * pleases. Here each character a header cannot carry as it is becomes its UTF-8 percent-escapes, which every
 * server and browser decode to the same path; escapes already there are kept, so encoding twice changes nothing.
 */

/** Printable ASCII but space, which ends a URL in some readers, and the backslash, which browsers read as a slash. */
const UNSAFE_IN_LOCATION = /[^\u0021-\u005b\u005d-\u007e]+/g;

const utf8 = new TextEncoder();

/** `value` with every unsafe character percent-encoded, and never a protocol-relative (`//host`) reference. */
export function encodeLocation(value: string): string {
  const encoded = value.replace(UNSAFE_IN_LOCATION, (run) => [...utf8.encode(run)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""));
  // The router matches `//dashboard/x` as `/dashboard/x` (it collapses leading slashes), so a target built from
  // that request's path would start with `//`, which a browser reads as another host: answer the path it matched.
  return encoded.replace(/^\/{2,}/, "/");
}
