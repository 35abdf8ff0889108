/**
 * The HAProxy configuration of `npm run cluster`: one frontend for browsers in front of the BFF processes, one in
 * front of the API processes that every BFF calls. Kept-alive connections both ways (a BFF holds its pool to the
 * API frontend); a server that stops accepting connections is taken out after two failed checks a second apart.
 *
 * Retries: HAProxy resends a request only when it could not connect to a server, before a byte of it was sent
 * (`retry-on conn-failure`, with `option redispatch` to the other server), so a POST is never sent twice by the
 * balancer. A request in flight on a process that dies gets 502 and the BFF answers with its service-unavailable
 * notice; the Idempotency-Key makes the user's retry of that submission safe.
 */
export interface HaproxyPorts {
  web: number;
  api: number;
  bffs: number[];
  apis: number[];
}

/**
 * At most this many requests at once in one BFF process; the rest wait in HAProxy's queue, first come first served.
 * A page spends most of its time waiting for the API, so a few at once keep a process busy; a hundred at once only
 * interleave, each finishing as late as the last, and a burst opened new connections to the process, whose first
 * requests waited up to 10 s (tests/bench/ssr.ts, openConnections).
 */
export const BFF_MAXCONN = 8;

export function haproxyConfig(ports: HaproxyPorts): string {
  const servers = (prefix: string, list: number[], limit = "") =>
    list.map((port, i) => `  server ${prefix}${i + 1} 127.0.0.1:${port} check inter 1s fall 2 rise 2${limit}`).join("\n");
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 75s
  timeout server 70s
  timeout http-keep-alive 10s
  timeout queue 30s
  retries 3
  retry-on conn-failure
  option redispatch

frontend web
  bind 127.0.0.1:${ports.web}
  option forwardfor
  default_backend bffs

backend bffs
  balance leastconn
${servers("bff", ports.bffs, ` maxconn ${BFF_MAXCONN}`)}

frontend api
  bind 127.0.0.1:${ports.api}
  default_backend apis

backend apis
  balance leastconn
${servers("api", ports.apis)}
`;
}
