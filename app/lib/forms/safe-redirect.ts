/**
 * Where a user-supplied "go back to" address (`?redirect=`, a form's `redirectTo`) may send the browser: a path of
 * this site, judged by what a browser will do with it, not by how it looks. A browser's URL parser drops every tab,
 * CR and LF, trims C0 controls and spaces, reads `\` as `/`, and resolves `.`/`..` segments, so `/\t/evil.example`,
 * `/\evil.example` and `/.//evil.example` all name another host once parsed. Anything a browser would rewrite is
 * refused outright; what is left is parsed against a placeholder origin and accepted only when it stays there.
 *
 * A refused target falls back to the caller's default instead of answering 400: the target comes from a link
 * someone else may have written (`/signIn?redirect=...`), and refusing the whole request would let any link break
 * the sign-in page for the person following it. Sending them to their start page is safe and loses nothing of theirs.
 */

/** Never a real host (RFC 2606): a target that leaves it would leave ours. */
const PLACEHOLDER_ORIGIN = "http://redirect-check.invalid";

/** The longest request URL the BFF accepts (request-limits): a target longer than that never came from our pages. */
const MAX_TARGET_CHARS = 8 * 1024;

/**
 * Controls a browser strips or trips on (C0, DEL, C1), and the backslash it reads as a slash. Other whitespace
 * (U+2028, full-width forms, ...) is not stripped by URL parsing: it is percent-encoded with the rest of the path.
 */
const REWRITTEN_BY_BROWSERS = /[\u0000-\u001f\u007f-\u009f\\]/;

/** How many layers of percent-encoding are looked through: a proxy or a server that decodes once more still sees a path. */
const DECODE_LAYERS = 3;

/** `target` when it is a path of this site, else `fallback`; an accepted path comes back percent-encoded (a valid Location). */
export function safeRedirect(target: unknown, fallback: string): string {
  return (typeof target === "string" && sameOriginPath(target)) || fallback;
}

/**
 * The path (with its query and fragment) a browser would open for `target` on this site, normalised and
 * percent-encoded (non-ASCII as UTF-8), or null when the browser could leave the site with it.
 */
export function sameOriginPath(target: string): string | null {
  if (target.length > MAX_TARGET_CHARS || REWRITTEN_BY_BROWSERS.test(target)) return null;
  const resolved = resolvedPath(target);
  if (!resolved) return null;
  // a second look at the path part after each layer of decoding: `/%2F/evil`, `/%5Cevil`, `/%09/evil`
  let path = pathPart(target);
  for (let layer = 0; layer < DECODE_LAYERS; layer++) {
    const decoded = decodedOnce(path);
    if (decoded === path) break;
    if (REWRITTEN_BY_BROWSERS.test(decoded) || !resolvedPath(decoded)) return null;
    path = decoded;
  }
  return resolved;
}

/** `candidate` resolved as a browser resolves a Location, when it stays on this site as a path. */
function resolvedPath(candidate: string): string | null {
  if (!candidate.startsWith("/") || candidate.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(candidate, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  // `/.//evil` and `/a/..//evil` resolve to `//evil`: sent on as they are, the next parse reads a host
  if (url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The part a server routes by: before the query and the fragment. */
function pathPart(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/**
 * One layer of percent-decoding as the most lenient decoder does it: a run of escapes that is not UTF-8
 * (`%2F%FF`) still has its ASCII escapes decoded, because some decoder will.
 */
function decodedOnce(path: string): string {
  return path.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%[0-7][0-9a-f]/gi, (byte) => String.fromCharCode(Number.parseInt(byte.slice(1), 16)));
    }
  });
}
