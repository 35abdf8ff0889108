/**
 * Issue 21 §5/§6: a body that cannot be accepted is refused from its headers, before a byte of it is read, and the
 * connection it came on is closed, so the client's next request never waits behind the unread rest of it.
 */
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebServer } from "~/lib/http/web-server.server";
import { SESSION_COOKIE_NAME, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
const host = "s7.localhost";

/** A request body that counts what the server pulls from it (nothing is pulled before the server reads). */
function countedBody(totalBytes: number, fill = 0x61) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= totalBytes) return controller.close();
        const n = Math.min(64 * 1024, totalBytes - pulled);
        pulled += n;
        controller.enqueue(new Uint8Array(n).fill(fill));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

async function postCounted(path: string, opts: { cookie?: string; contentType: string; bytes: number; acceptLanguage?: string }) {
  const body = countedBody(opts.bytes);
  const headers = new Headers({ "Content-Type": opts.contentType });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  if (opts.acceptLanguage) headers.set("Accept-Language", opts.acceptLanguage);
  const response = await bff.handle(new Request(`http://${host}${path}`, { method: "POST", headers, body: body.stream, duplex: "half" } as RequestInit));
  return { status: response.status, text: textOf(await response.text()), pulled: body.pulled() };
}

const urlencoded = "application/x-www-form-urlencoded";
const multipart = "multipart/form-data; boundary=----x";

describe("a body that cannot carry a valid form token is refused unread", () => {
  it("without a session cookie: 403 'The form has expired', no byte read, nobody signed in", async () => {
    for (const path of ["/signIn", "/restore", "/login", "/users/password/edit?reset_password_token=x"]) {
      const answer = await postCounted(path, { contentType: urlencoded, bytes: 200 * 1024 });
      expect(answer.status, path).toBe(403);
      expect(answer.pulled, path).toBe(0);
      expect(answer.text, path).toContain("The form has expired or was not sent from this site");
    }
    // a page behind sign-in sends the visitor to sign in, the body still unread
    const inside = await postCounted("/dashboard/settings/baggage-averages?index", { contentType: urlencoded, bytes: 200 * 1024 });
    expect(inside.status).toBe(302);
    expect(inside.pulled).toBe(0);
  });

  it("with a cookie this server did not make (or from an old secret): the same", async () => {
    const answer = await postCounted("/signIn", { cookie: `${SESSION_COOKIE_NAME}=forged.value`, contentType: urlencoded, bytes: 200 * 1024 });
    expect(answer.status).toBe(403);
    expect(answer.pulled).toBe(0);
  });

  it("in Russian for a Russian browser", async () => {
    const answer = await postCounted("/signIn", { contentType: urlencoded, bytes: 1024, acceptLanguage: "ru" });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain("Форма устарела");
  });

  it("a multipart body from a visitor who is not signed in is refused unread, even with the sign-in page's token", async () => {
    const browser = bff.browser();
    await browser.signInForm(host);
    const answer = await postCounted("/signIn", { cookie: browser.cookieHeader(host), contentType: multipart, bytes: 10 * 1024 * 1024 });
    expect(answer.status).toBe(403);
    expect(answer.pulled).toBe(0);
    expect(answer.text).toContain("Access denied");
  });

  it("a signed-in user's form is still read and checked (its own token passes the gate)", async () => {
    const browser: Browser = await bff.signedIn(host, "s7.manager@cargodesk.test");
    const answer = await postCounted("/dashboard/settings/baggage-averages?index", { cookie: browser.cookieHeader(host), contentType: multipart, bytes: 64 * 1024 });
    // read in full, then refused by what it is (zeros are no multipart body), not by who sent it
    expect(answer.pulled).toBe(64 * 1024);
    expect(answer.status).toBe(400);
  });
});

describe("the connection a refused body came on", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = await new Promise((resolve) => {
      const s = createWebServer(bff.handle, bff.config).listen(0, "127.0.0.1", () => resolve(s));
    });
    server.keepAliveTimeout = 65_000;
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /**
   * Sends `head` and the first `sendBytes` of a body on a raw socket, then waits for the answer's head and, for up to
   * `graceMs`, for the server to close. Resolves with the status, the headers and whether the server closed.
   */
  function rawExchange(head: string, sendBytes: number, graceMs = 2000) {
    return new Promise<{ status: number; headers: string; closed: boolean; socket: net.Socket }>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      let answered: { status: number; headers: string } | undefined;
      let closed = false;
      const finish = () => resolve({ ...answered!, closed, socket });
      socket.on("error", () => {}); // a reset after the answer is the close we are waiting for
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
        const end = received.indexOf("\r\n\r\n");
        if (!answered && end >= 0) {
          const headers = received.slice(0, end);
          answered = { status: Number(headers.split(" ")[1]), headers: headers.toLowerCase() };
          setTimeout(finish, graceMs);
        }
      });
      socket.on("close", () => {
        closed = true;
        if (answered) finish();
        else reject(new Error(`closed before answering: ${received.slice(0, 200)}`));
      });
      socket.write(head);
      if (sendBytes) socket.write(Buffer.alloc(sendBytes, 0x61));
    });
  }

  const post = (path: string, headers: Record<string, string>) =>
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("")}\r\n`;

  it("is closed after every refusal that left the body unread: declared too large, no form token, cross-origin", async () => {
    const refusals = [
      { name: "declared 10 MB form", head: post("/signIn", { "Content-Type": urlencoded, "Content-Length": String(10 * 1024 * 1024) }), status: 413 },
      { name: "no session cookie", head: post("/signIn", { "Content-Type": urlencoded, "Content-Length": String(200 * 1024) }), status: 403 },
      { name: "cross-origin", head: post("/signIn", { "Content-Type": urlencoded, "Content-Length": String(200 * 1024), Origin: "http://su.localhost" }), status: 403 },
    ];
    for (const refusal of refusals) {
      const started = performance.now();
      const answer = await rawExchange(refusal.head, 16 * 1024);
      answer.socket.destroy();
      expect(answer.status, refusal.name).toBe(refusal.status);
      expect(answer.headers, refusal.name).toContain("connection: close");
      expect(answer.closed, refusal.name).toBe(true);
      expect(performance.now() - started, refusal.name).toBeLessThan(2000 + 1000);
    }
  });

  it("stays open for the next request when the refused body had arrived in full", async () => {
    const answer = await rawExchange(`${post("/signIn", { "Content-Type": urlencoded, "Content-Length": "3" })}a=1`, 0, 300);
    expect(answer.status).toBe(403);
    expect(answer.closed).toBe(false);
    const next = new Promise<string>((resolve) => {
      let text = "";
      answer.socket.removeAllListeners("data");
      answer.socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
        if (text.includes("\r\n\r\n")) resolve(text);
      });
    });
    answer.socket.write(`GET /signIn HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect((await next).split(" ")[1]).toBe("200");
    answer.socket.destroy();
  });
});
