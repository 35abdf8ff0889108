/**
 * The name a stored file keeps: what the uploader called it, minus what would let the name lie about the file or
 * escape where it is saved (issue 21 item 9). Pure, so the API (which names what it stores) and the BFF (which
 * passes the name on in a download) clean names by one rule.
 */

/** Longest stored file name, in characters (code points), extension included. */
export const FILE_NAME_MAX = 255;

/** The name of a file whose own name has nothing left. */
export const FALLBACK_FILE_NAME = "document";

// C0 controls, DEL and C1 controls: a tab or a newline becomes a space, so words stay apart.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// Invisible characters that reorder or hide what is shown: bidi marks, embeddings and overrides (U+202E makes
// "invoice\u202Efdp.exe" read as "invoiceexe.pdf"), isolates, the Arabic letter mark, line and paragraph
// separators, the zero-width space and the byte order mark.
const INVISIBLE = /[\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
// What a browser or a shell would read as a directory: only the last segment is the file's name.
const PATH_SEPARATORS = /[\\/]/;
// An extension is a short run of letters and digits after the last dot ("pdf", "v2"); "No. 5" has none.
const EXTENSION = /\.([\p{L}\p{N}]{1,10})$/u;

// Half of a surrogate pair on its own is no character: it cannot be encoded (encodeURIComponent throws on it).
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const EDGE_SPACES_AND_DOTS = /^[\s.]+|[\s.]+$/gu;

/** The first `max` characters (code points: never half an emoji). */
const firstChars = (text: string, max: number) => Array.from(text).slice(0, max).join("");

/** `base.extension` within FILE_NAME_MAX: the base is shortened, never the extension. */
function joined(base: string, extension: string | null): string {
  if (!extension) return firstChars(base, FILE_NAME_MAX).replace(EDGE_SPACES_AND_DOTS, "") || FALLBACK_FILE_NAME;
  const shortened = firstChars(base, FILE_NAME_MAX - extension.length - 1).replace(EDGE_SPACES_AND_DOTS, "");
  return `${shortened || FALLBACK_FILE_NAME}.${extension}`;
}

/** The extension after the last dot, as written ("a.PDF" → "PDF", "notes" → null). */
const extensionOf = (name: string): string | null => EXTENSION.exec(name)?.[1] ?? null;

/** The extension after the last dot, lower case, or null ("a.PDF" → "pdf", "notes" → null). */
export const fileExtension = (name: string): string | null => extensionOf(name)?.toLowerCase() ?? null;

/** The name before its extension ("a.pdf.html" → "a.pdf"). */
const baseOf = (name: string) => {
  const extension = extensionOf(name);
  return extension ? name.slice(0, -(extension.length + 1)) : name;
};

/**
 * The file name without a path, control or invisible characters, surrounding spaces or dots, at most
 * FILE_NAME_MAX characters (the extension kept); FALLBACK_FILE_NAME when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const last = raw.replace(LONE_SURROGATES, "").split(PATH_SEPARATORS).pop() ?? "";
  const clean = last
    .normalize("NFC")
    .replace(CONTROLS, " ")
    .replace(INVISIBLE, "")
    .replace(/\s+/gu, " ")
    .replace(EDGE_SPACES_AND_DOTS, "");
  if (!clean) return FALLBACK_FILE_NAME;
  return joined(baseOf(clean), extensionOf(clean));
}

/**
 * The cleaned name ending in an extension of the file's real kind: `extensions` lists the kind's extensions, the
 * usual one first. A name that already ends in one keeps it ("scan.JPEG" for a JPEG); any other extension gives way
 * ("a.pdf.html" holding a PDF → "a.pdf", "photo.png" holding a JPEG → "photo.jpg"); a name without one gains the
 * usual one.
 */
export function fileNameForKind(raw: string, extensions: readonly [string, ...string[]]): string {
  const name = cleanFileName(raw);
  const isKind = (extension: string | null) => extension !== null && extensions.includes(extension);
  if (isKind(fileExtension(name))) return name;
  const base = baseOf(name);
  // "a.pdf.html" was a PDF all along: its base already says so
  if (isKind(fileExtension(base))) return joined(baseOf(base), extensionOf(base));
  return joined(base, extensions[0]);
}
