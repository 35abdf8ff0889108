import { type IncomingMessage, type ServerResponse, validateHeaderName, validateHeaderValue } from "node:http";
import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";

/** A request the bridge cannot turn into a URL; `status` is what Express's error handlers answer (see last-resort-error). */
export class UnreadableRequestError extends Error {
  readonly status = 400;
}

/** `name`, `name:port`, `[v6]` or `[v6]:port`: anything else would change how the URL around it is parsed. */
const HOST_HEADER = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Node request → Fetch Request, aborted when the client goes away (so upstream calls stop too). */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse): Request {
  const url = requestUrl(req);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    body: hasBody ? createReadableStreamFromReadable(req) : undefined,
    // Node's fetch needs duplex for streamed bodies
    duplex: hasBody ? "half" : undefined,
  });
}

/**
 * The authority always comes from Host and the path from the request line: `new URL("//evil.example/x", base)`
 * would read the path `//evil.example/x` as another host. A Host that is no host, or a target that is no path
 * (`*`, a proxy's absolute form), is a 400.
 */
function requestUrl(req: IncomingMessage): URL {
  const host = req.headers.host ?? "localhost";
  const target = req.url ?? "/";
  if (!HOST_HEADER.test(host) || !target.startsWith("/")) throw new UnreadableRequestError("request target or Host header not readable");
  try {
    return new URL(`http://${host}${target}`);
  } catch {
    throw new UnreadableRequestError("request target or Host header not readable");
  }
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  // every header is checked before any is set: an answer Node cannot send fails whole, to the error handler,
  // never half-written (redirect.ts keeps redirect targets sendable)
  const headers = [...response.headers].filter(([name]) => name !== "set-cookie");
  for (const [name, value] of headers) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
  }
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  for (const [name, value] of headers) res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as never)
      .on("error", reject)
      .pipe(res)
      .on("finish", resolve)
      .on("error", reject);
  });
}
