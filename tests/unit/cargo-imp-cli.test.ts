import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The `cargo-imp` command (issue 23) as a user runs it: spawned, on the fixtures, judged by its exit code and output.
 * 0 clean, 1 a telegram with errors (the JSON still printed) or a model that cannot be written, 2 wrong usage.
 */
const fixture = (type: string, name: string) => path.resolve("tests/fixtures/telegrams", type, name);
const run = (args: string[], input?: string) => spawnSync(process.execPath, [path.resolve("bin/cargo-imp.mjs"), ...args], { input, encoding: "utf8", timeout: 60_000 });

/** The same, several at once (each start costs a second of tsx). */
function runAsync(args: string[], input?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve("bin/cargo-imp.mjs"), ...args]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input ?? "");
  });
}

describe("cargo-imp", () => {
  // `npx cargo-imp` runs the root package's own bin (checked by hand: npm exec finds it from package.json); npx itself
  // spends ~15 s reading the dependency tree before it starts the command, so the tests spawn the bin's file directly
  it("is the package's bin", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(pkg.bin).toEqual({ "cargo-imp": "bin/cargo-imp.mjs" });
    expect(fs.readFileSync(pkg.bin["cargo-imp"], "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it("parses a clean telegram from a file: JSON on stdout, exit 0", () => {
    const out = run(["parse", fixture("fhl", "fhl4-two-houses.txt")]);
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout).message.house_waybills).toHaveLength(2);
  });

  it("parses from stdin, and a telegram with errors still prints its JSON and exits 1", () => {
    const out = run(["parse", "-"], fs.readFileSync(fixture("fwb", "fwb16-cut-short.txt"), "utf8"));
    expect(out.status).toBe(1);
    expect(JSON.parse(out.stdout).errors.map((e: { code: string }) => e.code)).toEqual(["missing_field", "cut_short"]);
  });

  it("generates a telegram from a model, and exits 1 when the model cannot be written", () => {
    const parsed = JSON.parse(run(["parse", fixture("fwb", "fwb16-consolidation.txt")]).stdout);
    const written = run(["generate", "fwb", "-"], JSON.stringify(parsed.message));
    expect(written.status).toBe(0);
    expect(written.stdout.split("\r\n").slice(0, 2)).toEqual(["FWB/16", "555-20001236LEDFRA/T6K312.5MC1.8"]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cargo-imp-"));
    fs.writeFileSync(path.join(dir, "bad.json"), JSON.stringify({ ...parsed.message, currency: "E/R" }));
    const refused = run(["generate", "FWB", path.join(dir, "bad.json")]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/cannot be written/);
  });

  it("exits 2 with its usage on wrong usage: no command, an unknown type, JSON that does not parse, a missing file", async () => {
    const cases = [[[]], [["parse"]], [["generate", "XYZ", "-"], "{}"], [["generate", "FWB", "-"], "{not json"], [["parse", "/nonexistent/telegram.txt"]]] as Array<[string[], string?]>;
    const outs = await Promise.all(cases.map(([args, input]) => runAsync(args, input)));
    outs.forEach((out, i) => {
      expect(out.status, cases[i]![0].join(" ")).toBe(2);
      expect(out.stderr).toMatch(/usage:/);
      expect(out.stdout).toBe("");
    });
  });
});
