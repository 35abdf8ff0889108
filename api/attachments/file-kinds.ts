import { loadFileType } from "../on-first-use";
import { cleanFileName, fileExtension, fileNameForKind } from "../../cargo/files/file-name";

// What an attachment may be (issue 11: PDF, images, office files), decided from the file's bytes: a name or a
// browser's content type is the uploader's word, the magic numbers are not. Plain text (CSV, TXT) has no magic number,
// so it is accepted only when it is valid UTF-8 without NUL bytes and its name says text. The stored name always ends
// in an extension of the kind found (issue 21 item 9): an uploader cannot make a PDF look like a web page or a program.

/** A kind of file we keep: the type we answer downloads with, and its file extensions (the usual one first). */
interface FileKind {
  contentType: string;
  extensions: readonly [string, ...string[]];
}

/** The detected types we keep. */
const ACCEPTED: Record<string, FileKind> = {
  "application/pdf": { contentType: "application/pdf", extensions: ["pdf"] },
  "image/jpeg": { contentType: "image/jpeg", extensions: ["jpg", "jpeg"] },
  "image/png": { contentType: "image/png", extensions: ["png"] },
  "image/gif": { contentType: "image/gif", extensions: ["gif"] },
  "image/webp": { contentType: "image/webp", extensions: ["webp"] },
  "image/tiff": { contentType: "image/tiff", extensions: ["tif", "tiff"] },
  "image/heic": { contentType: "image/heic", extensions: ["heic"] },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
  },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extensions: ["xlsx"],
  },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": {
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extensions: ["pptx"],
  },
  "application/vnd.oasis.opendocument.text": { contentType: "application/vnd.oasis.opendocument.text", extensions: ["odt"] },
  "application/vnd.oasis.opendocument.spreadsheet": { contentType: "application/vnd.oasis.opendocument.spreadsheet", extensions: ["ods"] },
};

// Word 97 and Excel 97 files are compound files, and so are installers (.msi) and Outlook mails (.msg): file-type
// names the container, not the program. Only the name can say which program, so a compound file is kept only when
// its name says one we accept, and keeps that extension.
const COMPOUND_FILE = "application/x-cfb";
const COMPOUND_EXTENSIONS = ["doc", "xls"] as const;

const TEXT_KINDS: Record<string, FileKind> = {
  txt: { contentType: "text/plain; charset=utf-8", extensions: ["txt"] },
  csv: { contentType: "text/csv; charset=utf-8", extensions: ["csv"] },
};

/** What the refusal says: the kinds people recognise. */
export const ACCEPTED_KINDS = "PDF, JPEG, PNG, GIF, WEBP, TIFF, HEIC, DOC, DOCX, XLS, XLSX, PPTX, ODT, ODS, CSV, TXT";

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function kindOf(detectedMime: string | undefined, name: string, bytes: Uint8Array): FileKind | null {
  const extension = fileExtension(name);
  if (detectedMime === COMPOUND_FILE) {
    const named = COMPOUND_EXTENSIONS.find((e) => e === extension);
    return named ? { contentType: "application/octet-stream", extensions: [named] } : null;
  }
  if (detectedMime) return ACCEPTED[detectedMime] ?? null;
  return extension && TEXT_KINDS[extension] && isUtf8Text(bytes) ? TEXT_KINDS[extension] : null;
}

export interface StoredFile {
  /** The content type to keep and serve the file with. */
  contentType: string;
  /**
   * The uploader's name cleaned (cargo/files/file-name.ts) and ending in an extension of the kind the bytes are:
   * a PDF sent as "a.pdf.html" is kept as "a.pdf", so the name never contradicts the content.
   */
  filename: string;
}

/** How to keep an upload, or null when its bytes are not a kind we accept. */
export async function storedFile(bytes: Uint8Array, uploadedName: string): Promise<StoredFile | null> {
  const name = cleanFileName(uploadedName);
  const detected = await (await loadFileType()).fileTypeFromBuffer(bytes);
  const kind = kindOf(detected?.mime, name, bytes);
  return kind ? { contentType: kind.contentType, filename: fileNameForKind(name, kind.extensions) } : null;
}
