import { isIP } from "node:net";

/** What the Node server knows about the connection and Fetch's Request does not carry. */
export interface ClientConnection {
  /** The socket's peer address (server.ts: req.socket.remoteAddress). */
  remoteAddress?: string;
}

/** "::ffff:203.0.113.5" is an IPv4 client on a dual-stack socket: count it as 203.0.113.5. */
const normalised = (address: string) => {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
};

/**
 * The browser's address, for the API's sign-in throttling. X-Forwarded-For is anyone's to write, so
 * only the entries our own proxies appended count: with `trustProxy` proxies in front, the client is
 * the trustProxy-th address from the right of [...X-Forwarded-For, socket]. Undefined when unknown
 * (tests that call the handler without a connection): the API then counts its own peer.
 */
export function resolveClientAddress(forwardedFor: string | null, connection: ClientConnection, trustProxy: number): string | undefined {
  const chain = [...(forwardedFor ?? "").split(",").map((a) => a.trim()).filter(Boolean), connection.remoteAddress ?? ""];
  if (!chain[chain.length - 1]) return undefined;
  // a trusted proxy that wrote no address ("unknown") leaves the nearest address we do know: the socket's
  for (const candidate of [chain[Math.max(0, chain.length - 1 - trustProxy)]!, chain[chain.length - 1]!]) {
    const address = normalised(candidate);
    if (isIP(address)) return address;
  }
  return undefined;
}
