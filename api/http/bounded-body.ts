/**
 * An answer's text from a server we call (the cargo terminal, a tenant's identity provider), reading at most `max`
 * bytes: null when it is longer, and the rest is not read (the stream is destroyed). A server that streams without
 * end costs us `max` bytes, not memory without bound.
 */
export async function boundedBody(body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown }, max: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
