/**
 * One clock for the service (issue 8 §1): CARGO_NOW, validated by both the BFF's and the API's configuration,
 * starts a clock that runs on from that instant, so a whole run can happen on any date.
 */
import { describe, expect, it } from "vitest";
import { loadConfig as loadApiConfig } from "../../api/config";
import { configuredClock } from "../../api/clock";
import { ConfigError, loadConfig } from "~/lib/config.server";
import { isExpired } from "~/lib/auth/renewal.server";

const BFF_ENV = { SESSION_SECRET: "unit-test-session-secret-0123456789-abcdef", NODE_ENV: "test" } as const;

describe("CARGO_NOW", () => {
  it("moves the BFF's and the API's clocks to the same instant, and time runs on from there", async () => {
    const bff = loadConfig({ ...BFF_ENV, CARGO_NOW: "2028-02-29T10:00:00Z" }).clock;
    const api = configuredClock(loadApiConfig({ CARGO_NOW: "2028-02-29T10:00:00Z" }));
    const first = bff();
    expect(Math.abs(first.getTime() - Date.parse("2028-02-29T10:00:00Z"))).toBeLessThan(1000);
    expect(Math.abs(api().getTime() - first.getTime())).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 30));
    expect(bff().getTime()).toBeGreaterThan(first.getTime());
  });

  it("accepts an offset, and unset or empty means the system clock", () => {
    expect(loadConfig({ ...BFF_ENV, CARGO_NOW: "2027-10-31T03:30:00+02:00" }).clock().toISOString().slice(0, 16)).toBe("2027-10-31T01:30");
    for (const unset of [{}, { CARGO_NOW: "" }]) {
      expect(Math.abs(loadConfig({ ...BFF_ENV, ...unset }).clock().getTime() - Date.now())).toBeLessThan(1000);
      expect(Math.abs(configuredClock(loadApiConfig(unset))().getTime() - Date.now())).toBeLessThan(1000);
    }
  });

  it("refuses what is not an ISO instant, naming the variable", () => {
    for (const bad of ["tomorrow", "2028-02-30T10:00:00Z", "2028-02-29"]) {
      expect(() => loadConfig({ ...BFF_ENV, CARGO_NOW: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ...BFF_ENV, CARGO_NOW: bad }), bad).toThrow(/CARGO_NOW/);
      expect(() => loadApiConfig({ CARGO_NOW: bad }), bad).toThrow(/CARGO_NOW/);
    }
  });

  it("a token is expired by the service's clock, not the machine's", () => {
    const createdAt = Date.parse("2028-02-29T08:00:00Z") / 1000; // the API's created_at, on the shifted clock
    const tokens = { createdAt, expiresIn: 7200 };
    expect(isExpired(tokens, new Date("2028-02-29T09:00:00Z"))).toBe(false);
    expect(isExpired(tokens, new Date("2028-02-29T10:00:01Z"))).toBe(true);
  });
});
