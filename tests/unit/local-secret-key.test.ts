import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { localSecretKey } from "../../api/auth/local-secret-key";

/** Issue 26: the embedded default's sealing key is made once, kept for this user alone, and the same after a restart. */
describe("the embedded default's sealing key", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is made on first start, readable by its owner only, and read back on the next", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cargo-key-"));
    dirs.push(dir);
    const dataDir = path.join(dir, "data");
    const first = localSecretKey(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, "identity-secret.key")).mode & 0o777).toBe(0o600);
    expect(localSecretKey(dataDir)).toBe(first);
    expect(localSecretKey(path.join(dir, "other"))).not.toBe(first);
  });
});
