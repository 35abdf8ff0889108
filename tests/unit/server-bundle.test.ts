import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureServerBundle, serverBundlePath } from "../../scripts/build-server";
import { ensureBuild } from "../../scripts/ensure-build";

/**
 * What `npm start`'s two processes load when they start (docs/memory.md): the packages imported by a bundle and by
 * the chunks it imports statically. Modules imported on first use (`await import(...)`) are left out, as at run time.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

function packagesAtStart(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  for (const match of source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)";?$|^import\s+"([^"]+)";?$/gms)) {
    const specifier = match[1] ?? match[2];
    if (!specifier) continue;
    if (specifier.startsWith(".")) {
      for (const p of packagesAtStart(path.resolve(path.dirname(file), specifier), seen)) packages.add(p);
    } else if (!specifier.startsWith("node:")) {
      packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!);
    }
  }
  return packages;
}

describe("npm start's bundles", () => {
  beforeAll(async () => {
    ensureBuild(ROOT);
    await ensureServerBundle(ROOT);
  }, 300_000);

  it("serve pages from a Remix build that carries the icons it uses, not the whole icon package (67 MB)", () => {
    const build = packagesAtStart(path.join(ROOT, "build/index.js"));
    expect(build).toContain("react");
    expect(build).not.toContain("@tabler/icons-react");
  });

  it("start the web server without the API's packages (it runs in a process of its own)", () => {
    const bff = packagesAtStart(serverBundlePath(ROOT, "server"));
    expect(bff).toContain("@remix-run/node");
    for (const apiOnly of ["fastify", "@electric-sql/pglite", "drizzle-orm", "pg"]) expect(bff).not.toContain(apiOnly);
  });

  it("start the API without the packages only documents, workbooks, attachments and mail need", () => {
    const api = packagesAtStart(serverBundlePath(ROOT, "api-process"));
    expect(api).toContain("fastify");
    expect(api).toContain("@electric-sql/pglite");
    for (const onFirstUse of ["exceljs", "pdf-lib", "@pdf-lib/fontkit", "bwip-js", "file-type", "nodemailer"]) expect(api).not.toContain(onFirstUse);
  });
});
