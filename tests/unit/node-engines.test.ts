import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * Issue 22 §18: `npm install` warned that two dependencies (file-type 22, @zxing/library 0.23) need Node 22 or 24
 * while the README promised Node 20+. The promise (README), `engines` and what the lock file installs must agree:
 * every package npm installs accepts the oldest Node our `engines` admits.
 */

// npm's own range logic (the semver package npm and Babel use), typed here for the two calls this test makes
const semver = createRequire(import.meta.url)("semver") as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };

describe("the Node version we promise", () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it("every installed package accepts the oldest Node that package.json's engines admits", () => {
    const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      // an optional package (a native build for one platform and Node) is skipped by npm where it does not fit
      if (!where || !range || entry.optional || semver.satisfies(oldest, range)) return [];
      return [`${where.replace(/^node_modules\//, "")}@${entry.version}: node ${range}`];
    });
    expect(refusing, `packages that refuse Node ${oldest}`).toEqual([]);
  });

  it("the lock file, package.json and the README say the same", () => {
    expect(lock.packages[""].engines).toEqual(pkg.engines);
    const [major, minor] = oldest.split(".");
    // the README's promise: "Node 20+" (the old one) or "Node 20.19 or later"
    const promised = /\bNode (\d+(?:\.\d+)?)(?:\+| or later)/.exec(fs.readFileSync("README.md", "utf8"))?.[1];
    expect(promised).toBe(`${major}.${minor}`);
  });
});
