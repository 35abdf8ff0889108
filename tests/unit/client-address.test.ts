import { describe, expect, it } from "vitest";
import { resolveClientAddress } from "~/lib/http/client-address.server";

describe("resolveClientAddress (the address sign-in throttling counts against)", () => {
  it("without trusted proxies is the socket's address, whatever X-Forwarded-For claims", () => {
    expect(resolveClientAddress("198.51.100.1", { remoteAddress: "203.0.113.5" }, 0)).toBe("203.0.113.5");
    expect(resolveClientAddress(null, { remoteAddress: "::ffff:203.0.113.5" }, 0)).toBe("203.0.113.5");
    expect(resolveClientAddress(null, { remoteAddress: "2001:DB8::1" }, 0)).toBe("2001:db8::1");
  });

  it("with N trusted proxies is the Nth address from the right", () => {
    const chain = "192.0.2.1, 198.51.100.1, 10.0.0.1";
    expect(resolveClientAddress(chain, { remoteAddress: "10.0.0.2" }, 1)).toBe("10.0.0.1");
    expect(resolveClientAddress(chain, { remoteAddress: "10.0.0.2" }, 2)).toBe("198.51.100.1");
    // more proxies configured than the request passed: the leftmost address there is
    expect(resolveClientAddress("198.51.100.1", { remoteAddress: "10.0.0.2" }, 3)).toBe("198.51.100.1");
  });

  it("falls back to the socket when the trusted entry is not an address, and is unknown without a socket", () => {
    expect(resolveClientAddress("unknown", { remoteAddress: "10.0.0.2" }, 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("198.51.100.1", {}, 1)).toBeUndefined();
    expect(resolveClientAddress(null, {}, 0)).toBeUndefined();
  });
});
