import { describe, expect, it } from "vitest";
import { createSealer } from "~/lib/session/encrypted-cookie.server";

const SECRET_A = "a".repeat(40);
const SECRET_B = "b".repeat(40);

describe("session cookie sealing", () => {
  it("round-trips and hides the content", () => {
    const sealer = createSealer([SECRET_A]);
    const sealed = sealer.seal({ auth: { accessToken: "secret-token-value" } });
    expect(sealed).not.toContain("secret-token-value");
    expect(Buffer.from(sealed.split(".")[1], "base64url").toString("latin1")).not.toContain("accessToken");
    expect(sealer.open(sealed)).toEqual({ auth: { accessToken: "secret-token-value" } });
  });

  it("refuses tampered and foreign values", () => {
    const sealer = createSealer([SECRET_A]);
    const sealed = sealer.seal({ x: 1 });
    const flipped = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(sealer.open(flipped)).toBeNull();
    expect(createSealer([SECRET_B]).open(sealed)).toBeNull();
    expect(sealer.open("eyJhdXRoIjp7fX0")).toBeNull();
  });

  it("opens cookies sealed with an older key during rotation and seals with the first", () => {
    const old = createSealer([SECRET_A]).seal({ v: "old" });
    const rotated = createSealer([SECRET_B, SECRET_A]);
    expect(rotated.open(old)).toEqual({ v: "old" });
    expect(createSealer([SECRET_A]).open(rotated.seal({ v: "new" }))).toBeNull();
  });
});
