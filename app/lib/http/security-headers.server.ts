import crypto from "node:crypto";

/** A fresh nonce per document: only scripts that carry it (Remix's and Mantine's own inline ones) run. */
export const cspNonce = () => crypto.randomBytes(16).toString("base64");

/**
 * The Content-Security-Policy of every answer. Scripts only from our origin or with this answer's
 * nonce (no 'unsafe-inline': an injected <script> does not run). Styles keep 'unsafe-inline' because
 * Mantine writes style attributes and <style> tags at run time. Nobody may frame us (clickjacking),
 * no plugins, no <base> pointing elsewhere, and forms post only to us.
 */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export interface SecurityHeaderOptions {
  /** The nonce the document's inline scripts carry; static files have none. */
  nonce?: string;
  /** HSTS only in production: on http://localhost it would pin a developer's browser to https. */
  production: boolean;
}

export function securityHeaders({ nonce, production }: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    ...(production ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Sets every security header the answer does not already choose itself. */
export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  for (const [name, value] of Object.entries(securityHeaders(options))) if (!headers.has(name)) headers.set(name, value);
}
