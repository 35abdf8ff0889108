/**
 * Content-Disposition for a download (RFC 6266) carrying any file name: the API writes it for a stored
 * attachment, the BFF reads the upstream's and writes its own, so a name reaches the browser only through
 * this encoding, whatever the upstream sent. Pure, no dependencies (cargo/).
 */
import { cleanFileName } from "./file-name";

export type DispositionType = "attachment" | "inline";

// RFC 8187 attr-char is narrower than what encodeURIComponent leaves alone: ' ( ) * must be escaped too
// (an unescaped ' ends the charset part for a strict reader).
const NOT_ATTR_CHAR = /['()*]/g;
const percentEncoded = (name: string) =>
  encodeURIComponent(name).replace(NOT_ATTR_CHAR, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

// For readers that know only filename="...": printable ASCII without the quote and the backslash.
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, "_");

/**
 * `attachment; filename="invoice 42.pdf"`, or for a name beyond printable ASCII
 * `attachment; filename="invoice_42.pdf"; filename*=UTF-8''invoice%E2%84%9642.pdf`: the name cleaned (cleanFileName),
 * as ASCII for old readers and exactly in UTF-8 for every current browser, which prefers filename*.
 */
export function contentDisposition(name: string, type: DispositionType = "attachment"): string {
  const clean = cleanFileName(name);
  const ascii = asciiFallback(clean);
  return ascii === clean ? `${type}; filename="${clean}"` : `${type}; filename="${ascii}"; filename*=UTF-8''${percentEncoded(clean)}`;
}

/** The disposition type, or attachment for anything but a plain inline (a download is the safe reading). */
export function dispositionType(header: string): DispositionType {
  return header.trim().split(";")[0]?.trim().toLowerCase() === "inline" ? "inline" : "attachment";
}

// parameters of a header value: name=token or name="quoted \" string"
const PARAMETER = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;

function decodeExtValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value.trim());
  if (!match) return null;
  const [, charset, encoded] = match as unknown as [string, string, string];
  try {
    if (charset.toLowerCase() === "utf-8") return decodeURIComponent(encoded);
    // each escaped byte is the character of that code
    if (charset.toLowerCase() === "iso-8859-1") return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  } catch {
    // malformed escapes: fall back to filename=
  }
  return null;
}

/**
 * The file name a Content-Disposition header carries (filename* before filename, RFC 6266 §4.3), as sent:
 * the caller cleans it. Null when the header names none.
 */
export function fileNameFromContentDisposition(header: string): string | null {
  let plain: string | null = null;
  let extended: string | null = null;
  for (const [, rawName, rawValue] of header.matchAll(PARAMETER)) {
    const key = rawName!.toLowerCase();
    const value = rawValue!.trim();
    if (key === "filename*") extended ??= decodeExtValue(value);
    else if (key === "filename") plain ??= value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
  }
  return extended ?? plain;
}
