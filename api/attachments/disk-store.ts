import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileStore } from "./file-store";

/**
 * Attachments in a directory (ATTACHMENTS_DIR, default DATA_DIR/attachments). A file is written beside its final
 * name and renamed into place, so a reader never sees half a file and a crash leaves no truncated document.
 */
export function diskStore(root: string): FileStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, key);
    // keys are ours (newStorageKey), but a key that escaped the root would be a defect worth failing on loudly
    if (!file.startsWith(base + path.sep)) throw new Error(`storage key outside the attachments directory: ${key}`);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
