import { describe, expect, it } from "vitest";
import { deriveTenant, isValidHostName, type Tenant, type TenantConfig } from "~/lib/tenant";

const LOCAL: TenantConfig = {};
const PROD: TenantConfig = { appDomain: "cargo.example", forwarderDomain: "forwarder.example", productName: "Cargo Desk" };
const NESTED: TenantConfig = { appDomain: "cargo.example", forwarderDomain: "fwd.cargo.example" };

type Row = [host: string, cfg: TenantConfig, expected: Omit<Tenant, "productTitle"> & { productTitle?: string }];

const def = { code: "default", environment: "prod", type: null, carrierHeader: null, group: "default" } as const;
const airline = (code: string, environment: Tenant["environment"] = "prod", group = code) =>
  ({ code, environment, type: "airline", carrierHeader: code, group }) as const;

const rows: Row[] = [
  // base domain and ports
  ["localhost", LOCAL, { ...def, productTitle: "Cargo Desk" }],
  ["localhost:3000", LOCAL, def],
  ["s7.localhost", LOCAL, { ...airline("s7"), productTitle: "Cargo Desk" }],
  ["s7.localhost:3000", LOCAL, airline("s7")],
  ["su.localhost:8080", LOCAL, airline("su")],
  ["S7.LocalHost", LOCAL, airline("s7")],
  ["s7.localhost.", LOCAL, airline("s7")],
  // two-character and one-character labels
  ["c6.localhost", LOCAL, airline("c6")],
  ["v0.localhost", LOCAL, airline("v0")],
  ["x.localhost", LOCAL, airline("x")],
  // longer labels: forwarder type, default code, no carrier header
  ["cargo.localhost", LOCAL, { ...def, type: "forwarder" }],
  ["fwdone.localhost:3000", LOCAL, { ...def, type: "forwarder" }],
  // n4 / eo group
  ["n4.localhost", LOCAL, airline("n4")],
  ["eo.localhost", LOCAL, airline("eo", "prod", "n4")],
  // environment prefixes: prefix + one separator; separator optional
  ["staging-s7.localhost", LOCAL, { ...airline("s7", "staging"), productTitle: "Cargo Desk (staging)" }],
  ["sandbox-s7.localhost", LOCAL, { ...airline("s7", "sandbox"), productTitle: "Cargo Desk (sandbox)" }],
  ["stagings7.localhost", LOCAL, airline("s7", "staging")],
  ["sandboxu6.cargo.example", PROD, airline("u6", "sandbox")],
  ["qa-s7.localhost", LOCAL, { ...airline("s7", "staging"), productTitle: "Cargo Desk (staging)" }],
  ["staging-eo.localhost", LOCAL, airline("eo", "staging", "n4")],
  ["staging-cargo.localhost", LOCAL, { ...def, environment: "staging", type: "forwarder" }],
  // plain environment labels: no type
  ["staging.localhost", LOCAL, { ...def, environment: "staging" }],
  ["sandbox.cargo.example", PROD, { ...def, environment: "sandbox", productTitle: "Cargo Desk (sandbox)" }],
  ["qa.localhost", LOCAL, { ...def, environment: "staging" }],
  // multi-label app domain; only the first sub-domain label counts
  ["cargo.example", PROD, { ...def, productTitle: "Cargo Desk" }],
  ["s7.cargo.example", PROD, airline("s7")],
  ["staging-s7.cargo.example:443", PROD, airline("s7", "staging")],
  ["s7.eu.cargo.example", PROD, airline("s7")],
  ["longname.s7.cargo.example", PROD, { ...def, type: "forwarder" }],
  // forwarder product domain
  ["forwarder.example", PROD, { ...def, type: "forwarder", productTitle: "Cargo Desk Forwarder" }],
  ["fwdone.forwarder.example", PROD, { ...def, type: "forwarder", productTitle: "Cargo Desk Forwarder" }],
  ["s7.forwarder.example", PROD, { ...airline("s7"), type: "forwarder" }],
  ["staging.forwarder.example", PROD, { ...def, environment: "staging", type: "forwarder", productTitle: "Cargo Desk Forwarder (staging)" }],
  // the longer base wins when the forwarder domain is nested in the app domain
  ["s7.fwd.cargo.example", NESTED, { ...airline("s7"), type: "forwarder", productTitle: "Cargo Desk Forwarder" }],
  ["fwd.cargo.example", NESTED, { ...def, type: "forwarder" }],
  // product name
  ["staging-s7.localhost", { productName: "AirHub" }, { ...airline("s7", "staging"), productTitle: "AirHub (staging)" }],
  // not ours, IPs, invalid names: default tenant in prod
  ["s7.other.example", PROD, def],
  ["127.0.0.1", LOCAL, def],
  ["127.0.0.1:3000", LOCAL, def],
  ["[::1]:3000", LOCAL, def],
  ["::1", LOCAL, def],
  ["-s7.localhost", LOCAL, def],
  ["s_7.localhost", LOCAL, def],
  ["s7..localhost", LOCAL, def],
  [`${"a".repeat(64)}.localhost`, LOCAL, def],
  ["s7.cargo.123", { appDomain: "cargo.123" }, def],
  ["", LOCAL, def],
];

describe("deriveTenant", () => {
  it("covers at least 25 hosts", () => expect(rows.length).toBeGreaterThanOrEqual(25));

  it.each(rows)("%s %j", (host, cfg, expected) => {
    const tenant = deriveTenant(host, cfg);
    const { productTitle, ...rest } = expected;
    expect({ ...tenant, productTitle: undefined }).toEqual({ ...rest, productTitle: undefined });
    if (productTitle !== undefined) expect(tenant.productTitle).toBe(productTitle);
  });

  it("defaults appDomain to localhost and productName to Cargo Desk", () => {
    expect(deriveTenant("s7.localhost")).toMatchObject({ code: "s7", productTitle: "Cargo Desk" });
    expect(deriveTenant("s7.cargo.example").code).toBe("default");
  });

  it("normalises a configured domain written in upper case or with a leading dot", () => {
    expect(deriveTenant("s7.cargo.example", { appDomain: ".Cargo.Example" }).code).toBe("s7");
  });
});

describe("isValidHostName", () => {
  it.each([
    ["s7.localhost", true],
    ["a-b.c", true],
    [`${"a".repeat(63)}.localhost`, true],
    [`${"a".repeat(64)}.localhost`, false],
    ["bad-.localhost", false],
    ["1.2.3.4", false],
    ["s7.localhost.example.123", false],
  ])("%s → %s", (host, valid) => {
    expect(isValidHostName(host)).toBe(valid);
  });

  it("rejects names longer than 253 characters", () => {
    const name = `${"abcdefghi.".repeat(25)}abc`; // 253
    expect(isValidHostName(name)).toBe(true);
    expect(isValidHostName(`a${name}`)).toBe(false);
  });
});
