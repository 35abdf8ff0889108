import { Transform } from "node:stream";

/**
 * A pass-through for the server-rendered HTML that drops NUL bytes. React 18.3's streaming renderer (react-dom/server,
 * writeStringChunk) flushes its whole 2 KiB buffer when the next character does not fit in what is left of it, so the
 * unused bytes go out as NULs: a multi-byte character (all of Cyrillic) at a buffer boundary put a NUL inside a word
 * ("раньш\0е"), shown by browsers as "�". HTML never carries a real NUL (every value is JSON- or entity-escaped and
 * the request guards refuse NUL input), so dropping them restores exactly the bytes React meant to write.
 */
export function dropNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk);
    },
  });
}
