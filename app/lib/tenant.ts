/**
 * Tenant and environment from the request host (spec 1 §4 "Tenant derivation").
 *
 * Pure: the server derives the tenant once per request, the sidebar and the tests call the same function.
 *
 * Interpretations (the spec is terse, so each reading is written down and unit-tested):
 * - The sub-domain is what stands before the configured base domain (`appDomain`, or `forwarderDomain`
 *   when the host is under it; the longer base wins when one is nested in the other). Only its first
 *   (left-most) label counts: "s7.eu.cargo.example" is tenant s7.
 * - A host that is not under a configured base domain, an IP address, or a host name that breaks the
 *   host rules of spec 2 §5 is the default tenant in prod with no type: we never guess a tenant from a
 *   name we do not own.
 * - "sandbox"/"staging" are 7 letters and "qa" 2, so "the part after the first 8 (3) characters" means the
 *   prefix plus one separator: "staging-s7", "sandbox-s7", "qa-s7". We accept the separator as optional
 *   ("stagings7" is also s7) instead of literally cutting 8 characters, which would give "7".
 * - After the prefix is removed, the rest follows the same rule as a plain label: 1–2 characters is an
 *   airline code; longer is a forwarder host whose code stays "default". So "staging-cargo" is the staging
 *   twin of "cargo" and never sends `Carrier: cargo` upstream.
 * - "qa" is not one of the three environments; a qa host is a staging environment.
 * - The prefix rules come before the two-character rule, so a bare "qa" label is the plain qa host.
 * - The carrier header value is the lower-case tenant code (DESIGN §4 "Carrier: <tenant code>").
 * - productTitle = productName, plus " Forwarder" on the forwarder product domain, plus " (staging)" or
 *   " (sandbox)" outside prod: "Cargo Desk Forwarder (staging)".
 */

import { tenantGroup } from "../../cargo/access/tenant-group";
import type { Environment, TenantType } from "../../cargo/access/types";

export { tenantGroup };
export type { Environment, TenantType };

export interface Tenant {
  /** "default" or the lower-case company code, e.g. "s7". */
  code: string;
  environment: Environment;
  type: TenantType | null;
  /** Value of the carrier header; null on the default tenant (no header is sent). */
  carrierHeader: string | null;
  /** The n4 and eo companies are one group; every other code is its own group. */
  group: string;
  productTitle: string;
}

export interface TenantConfig {
  /** Base domain of the product, e.g. "cargo.example". Default "localhost". */
  appDomain?: string;
  /** Base domain of the forwarder product, when it has one. */
  forwarderDomain?: string;
  /** Default "Cargo Desk". */
  productName?: string;
}

export const DEFAULT_TENANT_CODE = "default";
export const DEFAULT_PRODUCT_NAME = "Cargo Desk";


const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Host-name rules of spec 2 §5: labels 1–63, total ≤ 253, LDH only, no edge hyphen, last label not all digits. */
export function isValidHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split(".");
  if (!labels.every((l) => LABEL.test(l))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]!);
}

/** Lower-cases and removes the port and a trailing dot; null for IP literals. */
function normaliseHost(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  if (host.startsWith("[")) return null; // [v6]:port
  const colons = host.split(":").length - 1;
  if (colons > 1) return null; // bare IPv6
  if (colons === 1) host = host.slice(0, host.indexOf(":"));
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (IPV4.test(host)) return null;
  return host;
}

function normaliseDomain(domain: string | undefined): string | undefined {
  if (!domain) return undefined;
  const d = domain.trim().toLowerCase().replace(/:\d+$/, "").replace(/^\.+|\.+$/g, "");
  return d || undefined;
}

/** The sub-domain part before `base`, "" for the bare base, null when the host is not under it. */
function subdomainOf(host: string, base: string): string | null {
  if (host === base) return "";
  return host.endsWith(`.${base}`) ? host.slice(0, -(base.length + 1)) : null;
}

const ENV_PREFIXES: ReadonlyArray<{ prefix: string; environment: Environment }> = [
  { prefix: "sandbox", environment: "sandbox" },
  { prefix: "staging", environment: "staging" },
  { prefix: "qa", environment: "staging" },
];

export function deriveTenant(host: string, cfg: TenantConfig = {}): Tenant {
  const appDomain = normaliseDomain(cfg.appDomain) ?? "localhost";
  const forwarderDomain = normaliseDomain(cfg.forwarderDomain);
  const productName = cfg.productName ?? DEFAULT_PRODUCT_NAME;

  const build = (code: string, environment: Environment, type: TenantType | null, forwarderProduct: boolean): Tenant => ({
    code,
    environment,
    type,
    carrierHeader: code === DEFAULT_TENANT_CODE ? null : code,
    group: code === DEFAULT_TENANT_CODE ? code : tenantGroup(code),
    productTitle:
      productName + (forwarderProduct ? " Forwarder" : "") + (environment === "prod" ? "" : ` (${environment})`),
  });
  const fallback = () => build(DEFAULT_TENANT_CODE, "prod", null, false);

  const name = normaliseHost(host);
  if (name === null || !isValidHostName(name)) return fallback();

  // Longest matching base domain wins, so a forwarder domain nested in the app domain is recognised.
  const bases = [
    { base: appDomain, forwarderProduct: false },
    ...(forwarderDomain ? [{ base: forwarderDomain, forwarderProduct: true }] : []),
  ].sort((a, b) => b.base.length - a.base.length);
  let sub: string | null = null;
  let forwarderProduct = false;
  for (const b of bases) {
    sub = subdomainOf(name, b.base);
    if (sub !== null) {
      forwarderProduct = b.forwarderProduct;
      break;
    }
  }
  if (sub === null) return fallback();

  const productType: TenantType | null = forwarderProduct ? "forwarder" : null;
  if (sub === "") return build(DEFAULT_TENANT_CODE, "prod", productType, forwarderProduct);

  const label = sub.split(".")[0]!;
  let rest = label;
  let environment: Environment = "prod";
  const env = ENV_PREFIXES.find((p) => label.startsWith(p.prefix));
  if (env) {
    environment = env.environment;
    rest = label.slice(env.prefix.length);
    if (rest.startsWith("-")) rest = rest.slice(1);
    // A plain sandbox/staging/qa label: no company and no type (unless the domain itself says forwarder).
    if (rest === "") return build(DEFAULT_TENANT_CODE, environment, productType, forwarderProduct);
  }

  const airlineCode = rest.length <= 2 && /^[a-z0-9]+$/.test(rest);
  const code = airlineCode ? rest : DEFAULT_TENANT_CODE;
  const type: TenantType = forwarderProduct ? "forwarder" : airlineCode ? "airline" : "forwarder";
  return build(code, environment, type, forwarderProduct);
}
