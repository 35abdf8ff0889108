/**
 * Whether a request's path names something no page can have: a control character (C0, DEL, C1) once decoded as
 * the router decodes it, segment by segment. Route parameters arrive decoded, so `/dashboard/shipments/%0A` would
 * hand a loader a newline to build its next address with, and a Location with a newline cannot be sent (a thrown
 * error, a 500). No address of ours has one: such a request is a 400 before any loader runs (request-limits).
 * Query values may (a tab pasted into a search field): they reach the API encoded and are never a path.
 */
export function pathHasControlCharacters(pathname: string): boolean {
  return pathname.split("/").some((segment) => CONTROL.test(decodedSegment(segment)));
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** As the router decodes a segment; one that is not valid UTF-8 stays as written, where only its ASCII escapes could matter. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment.replace(/%[0-7][0-9a-f]/gi, (byte) => String.fromCharCode(Number.parseInt(byte.slice(1), 16)));
  }
}
