import yauzl from "yauzl";
import { HttpError } from "../http/errors";
import { uploadRefusal } from "./upload-refusals";

/**
 * What an uploaded XLSX (a zip archive) may unpack to. An upload template unpacks to a few KB, and a sheet of the
 * longest allowed list (20 000 rows) to about 6 MB; a zip bomb of a few hundred KB unpacks to gigabytes.
 */
export const ARCHIVE_LIMITS = {
  maxEntries: 100,
  maxUnpackedBytes: 20 * 1024 * 1024,
  /** Sheet XML packs 10-50:1 (a column of one repeated value packs best); far above that is a bomb of one repeated pattern. */
  maxRatio: 200,
  /** Small entries (styles, themes) may pack better than maxRatio without costing anything. */
  ratioCheckedFromBytes: 1024 * 1024,
} as const;

const notAnXlsx = () => uploadRefusal("file_unreadable", { format: "xlsx" });

/**
 * Refuses an XLSX whose zip directory promises more than ARCHIVE_LIMITS, before anything unpacks it; then unpacks
 * each entry into nothing with yauzl's size check on, so that an archive whose directory lies about its sizes is
 * refused too (the parser later trusts the same directory). Unpacking runs on zlib's thread pool, off the event loop.
 */
export async function checkXlsxArchive(buffer: Buffer): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw notAnXlsx();
  }
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) {
      throw uploadRefusal("archive_too_many_entries", { found: zip.entryCount, max: ARCHIVE_LIMITS.maxEntries });
    }
    const entries: yauzl.Entry[] = [];
    let unpacked = 0;
    for await (const entry of zip.eachEntry()) {
      unpacked += entry.uncompressedSize;
      if (unpacked > ARCHIVE_LIMITS.maxUnpackedBytes) {
        throw uploadRefusal("archive_unpacks_too_large", { max_mb: Math.round(ARCHIVE_LIMITS.maxUnpackedBytes / (1024 * 1024)) });
      }
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize >= ARCHIVE_LIMITS.ratioCheckedFromBytes && ratio > ARCHIVE_LIMITS.maxRatio) {
        throw uploadRefusal("archive_packed_too_densely", { ratio: Math.round(ratio), max: ARCHIVE_LIMITS.maxRatio });
      }
      if (entry.uncompressedSize > 0) entries.push(entry);
    }
    for (const entry of entries) await drain(zip, entry);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw notAnXlsx();
  } finally {
    zip.close();
  }
}

/** Unpacks one entry and drops the bytes; yauzl errors as soon as it yields more than the directory declared. */
async function drain(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  const stream = await zip.openReadStreamPromise(entry);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  for await (const _chunk of stream);
}
