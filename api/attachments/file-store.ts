import { randomUUID } from "node:crypto";

/**
 * Where attachment bytes live. Keys are made here (`newStorageKey`), never from anything a client sent, so no
 * name or path of an upload can reach the disk or the bucket. Two stores: a directory (disk-store.ts, the default,
 * under DATA_DIR) and an S3-compatible bucket (s3-store.ts, when ATTACHMENTS_S3_BUCKET is set).
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when the store has nothing under `key`. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the bytes; a key already gone is not an error. */
  delete(key: string): Promise<void>;
}

/** "attachments/2026/11/<uuid>": grouped by month so one directory never holds every file. */
export function newStorageKey(now: Date): string {
  const month = now.toISOString().slice(0, 7).replace("-", "/");
  return `attachments/${month}/${randomUUID()}`;
}
