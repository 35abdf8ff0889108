/**
 * The real web server (server.ts's Express app around a BFF handler) on a free port, and a client that writes the
 * request line and headers byte for byte. fetch and http.request refuse or re-encode what an attacker sends (raw
 * non-ASCII, controls, a Host that is no host), and only Node's own header writing shows what a browser would get:
 * a Location Node cannot send failed there, after the handler had answered.
 */
import type { AddressInfo } from "node:net";
import net from "node:net";
import type { Server } from "node:http";
import type { AppConfig } from "~/lib/config.server";
import { type AppRequestHandler, createWebServer } from "~/lib/http/web-server.server";

export interface RunningWebServer {
  port: number;
  close(): Promise<void>;
}

export async function serveWeb(handle: AppRequestHandler, config: Pick<AppConfig, "env" | "showErrorDetails">): Promise<RunningWebServer> {
  const app = createWebServer(handle, config);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header's values joined with ", " (Set-Cookie: one per line, joined by "\n"). */
  headers: Map<string, string>;
  body: string;
}

/** One request on its own connection: `target` is written as it is (a Buffer for raw bytes), `headers` after Host. */
export function rawRequest(port: number, target: string | Buffer, opts: { host?: string; method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  const head = [`Host: ${opts.host ?? "s7.localhost"}`, "Connection: close", ...Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}`)];
  const bytes = Buffer.concat([
    Buffer.from(`${opts.method ?? "GET"} `, "latin1"),
    typeof target === "string" ? Buffer.from(target, "latin1") : target,
    Buffer.from(` HTTP/1.1\r\n${head.join("\r\n")}\r\n\r\n`, "latin1"),
  ]);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function parseAnswer(raw: Buffer): RawAnswer {
  const split = raw.indexOf("\r\n\r\n");
  if (split === -1) throw new Error(`no complete answer: ${JSON.stringify(raw.toString("latin1").slice(0, 200))}`);
  const [statusLine, ...lines] = raw.subarray(0, split).toString("latin1").split("\r\n");
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const before = headers.get(name);
    headers.set(name, before === undefined ? value : `${before}${name === "set-cookie" ? "\n" : ", "}${value}`);
  }
  let body = raw.subarray(split + 4);
  if (headers.get("transfer-encoding")?.includes("chunked")) body = dechunked(body);
  if (headers.get("content-encoding")) throw new Error("a compressed answer: send no Accept-Encoding");
  return { status: Number(statusLine!.split(" ")[1]), headers, body: body.toString("utf8") };
}

function dechunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
