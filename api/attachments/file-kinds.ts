import { fileTypeFromBuffer } from "file-type";

// What an attachment may be (issue 11: PDF, images, office files), decided from the file's bytes: a name or a
// browser's content type is the uploader's word, the magic numbers are not. Plain text (CSV, TXT) has no magic number,
// so it is accepted only when it is valid UTF-8 without NUL bytes and its name says text.

/** The detected types we keep, and the type we answer downloads with. */
const ACCEPTED: Record<string, string> = {
  "application/pdf": "application/pdf",
  "image/jpeg": "image/jpeg",
  "image/png": "image/png",
  "image/gif": "image/gif",
  "image/webp": "image/webp",
  "image/tiff": "image/tiff",
  "image/heic": "image/heic",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text": "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet": "application/vnd.oasis.opendocument.spreadsheet",
  // Word 97 and Excel 97 files are compound files; file-type names the container, not the program
  "application/x-cfb": "application/octet-stream",
};

/** What the refusal says: the kinds people recognise. */
export const ACCEPTED_KINDS = "PDF, JPEG, PNG, GIF, WEBP, TIFF, HEIC, DOC, DOCX, XLS, XLSX, PPTX, ODT, ODS, CSV, TXT";

const TEXT_NAME = /\.(txt|csv)$/i;

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The content type to keep and serve the file with, or null when it is not a kind we accept. */
export async function acceptedContentType(bytes: Uint8Array, filename: string): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return ACCEPTED[detected.mime] ?? null;
  if (TEXT_NAME.test(filename) && isUtf8Text(bytes)) return filename.toLowerCase().endsWith(".csv") ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8";
  return null;
}
