import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";

/** The BFF names the browser's address here; the API believes it only with the shared secret below. */
export const CLIENT_ADDRESS_HEADER = "x-cargo-client-address";
export const CLIENT_SECRET_HEADER = "x-cargo-client-secret";

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The address sign-in throttling counts against. Behind the BFF every request comes from 127.0.0.1,
 * so the BFF forwards the browser's address; anyone else could send that header too, so it counts
 * only with the secret the BFF and the API share (CLIENT_ADDRESS_SECRET). Otherwise the API's own
 * view: the socket, or X-Forwarded-For as far as its TRUST_PROXY allows (Fastify's request.ip).
 */
export function clientAddressOf(request: FastifyRequest, secret: string | undefined): string {
  const sentSecret = request.headers[CLIENT_SECRET_HEADER];
  const sentAddress = request.headers[CLIENT_ADDRESS_HEADER];
  if (
    secret &&
    typeof sentSecret === "string" &&
    typeof sentAddress === "string" &&
    sameSecret(sentSecret, secret) &&
    isIP(sentAddress.trim()) !== 0
  ) {
    return sentAddress.trim().toLowerCase();
  }
  return request.ip;
}
