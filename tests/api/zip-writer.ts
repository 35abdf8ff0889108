import { constants, crc32, createDeflateRaw } from "node:zlib";
import yauzl from "yauzl";

// A hand-written zip container (PKWARE APPNOTE: local headers, data, central directory, end record) for tests that
// need archives no zip library would write: a sheet that unpacks to hundreds of megabytes without ever holding them,
// or a directory that lies about its sizes.

export interface ZipEntry {
  name: string;
  /** The entry's content, chunk by chunk (a generator keeps a 200 MB sheet out of memory). */
  chunks: Iterable<Buffer>;
  /** Declare this unpacked size in the directory instead of the true one. */
  declaredSize?: number;
}

async function deflate(chunks: Iterable<Buffer>): Promise<{ packed: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflater.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflater.on("end", resolve).on("error", reject));
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once("drain", resolve));
  }
  deflater.end();
  await done;
  return { packed: Buffer.concat(out), size, crc };
}

/** A zip archive of deflated entries. */
export async function writeZip(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { packed, size, crc } = await deflate(entry.chunks);
    const declared = entry.declaredSize ?? size;
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

/** The entries of a real archive (an ExcelJS workbook), to rebuild it with one part replaced. */
export async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith("/")) continue;
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}
