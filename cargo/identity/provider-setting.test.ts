import { describe, expect, it } from "vitest";
import { claimNameFault, domainFault, emailDomainAllowed, issuerFault, roleFromClaims, roleMapFaults } from "./provider-setting";

describe("a tenant's identity provider setting", () => {
  it("takes an https issuer without query or fragment; http only on a loopback address where allowed", () => {
    expect(issuerFault("https://login.s7.ru")).toBeNull();
    expect(issuerFault("https://login.s7.ru/realms/cargo/")).toBeNull();
    expect(issuerFault("http://login.s7.ru")).toBe("issuer_not_https");
    expect(issuerFault("https://user:pw@login.s7.ru")).toBe("issuer_not_https");
    expect(issuerFault("not a url")).toBe("issuer_not_https");
    expect(issuerFault("https://login.s7.ru/?tenant=1")).toBe("issuer_with_query");
    expect(issuerFault("https://login.s7.ru/#x")).toBe("issuer_with_query");
    expect(issuerFault("http://127.0.0.1:4000")).toBe("issuer_not_https");
    expect(issuerFault("http://127.0.0.1:4000", true)).toBeNull();
    expect(issuerFault("http://localhost:4000", true)).toBe("issuer_not_https");
  });

  it("checks domains and claim names", () => {
    expect(domainFault("s7.ru")).toBeNull();
    expect(domainFault("cargo.s7-group.com")).toBeNull();
    for (const bad of ["s7", "S7.RU", "-s7.ru", "s7..ru", "s7.ru.", "a b.ru", `${"a".repeat(64)}.ru`]) expect(domainFault(bad)).toBe("not_a_domain");
    expect(claimNameFault("groups")).toBeNull();
    expect(claimNameFault("https://s7.ru/roles")).toBeNull();
    expect(claimNameFault("realm_access.roles")).toBeNull();
    expect(claimNameFault("gr oups")).toBe("not_a_claim_name");
    expect(claimNameFault("x".repeat(65))).toBe("not_a_claim_name");
  });

  it("refuses a role that is none of ours and a claim value given twice", () => {
    expect(roleMapFaults([{ value: "a", role: "manager" }, { value: "b", role: "root" }, { value: "a", role: "admin" }])).toEqual([null, "not_a_role", "duplicate_claim_value"]);
  });

  it("allows the listed e-mail domains only, or any when none is listed", () => {
    expect(emailDomainAllowed("anna@s7.ru", ["s7.ru"])).toBe(true);
    expect(emailDomainAllowed("anna@evil-s7.ru", ["s7.ru"])).toBe(false);
    expect(emailDomainAllowed("anna@s7.ru.evil.com", ["s7.ru"])).toBe(false);
    expect(emailDomainAllowed("anna@anything.com", [])).toBe(true);
  });

  it("maps the role claim by the table's first matching row, else the default role, else none", () => {
    const setting = { role_claim: "groups", role_map: [{ value: "cargo-admins", role: "admin" as const }, { value: "cargo-managers", role: "manager" as const }], default_role: null };
    expect(roleFromClaims({ groups: ["staff", "cargo-managers", "cargo-admins"] }, setting)).toBe("admin");
    expect(roleFromClaims({ groups: "cargo-managers" }, setting)).toBe("manager");
    expect(roleFromClaims({ groups: ["staff"] }, setting)).toBeNull();
    expect(roleFromClaims({}, { ...setting, default_role: "operator" })).toBe("operator");
    expect(roleFromClaims({ realm_access: { roles: ["cargo-managers"] } }, { ...setting, role_claim: "realm_access.roles" })).toBe("manager");
    // a prototype's property is no claim
    expect(roleFromClaims({}, { ...setting, role_claim: "constructor" })).toBeNull();
  });
});
