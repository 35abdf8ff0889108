/**
 * `npm run bench`: the figures DESIGN §6 asks for, printed, never asserted (timed tests are flaky;
 * budgets are read by people). Runs the real API on a throwaway PGlite and the real BFF build in-process.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { startApi } from "../../api/start";
import { loadConfig } from "../../app/lib/config.server";
import { createAppHandler } from "../../app/lib/http/app-handler.server";
import { deriveTenant } from "../../app/lib/tenant";
import { canAccess } from "../../app/lib/access/can-access";
import { DEFAULT_AIRLINE_LISTS } from "../../app/lib/access/airline-lists";
import { ensureBuild } from "../../scripts/ensure-build";

const REQUESTS = 400;
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(count: number, concurrency: number, fn: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const start = performance.now();
        await fn();
        times.push(performance.now() - start);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main() {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cargo-bench-"));
  const api = await startApi({ port: 0, dataDir });
  try {
    const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
    const config = loadConfig({ UPSTREAM_URL: api.url, SESSION_SECRET: "bench-secret-".padEnd(40, "x"), NODE_ENV: "production" });
    const handle = createAppHandler(build, config);

    // pure modules on the hot path of every request
    const hosts = ["s7.localhost", "localhost", "staging-su.cargo.example", "cargo.localhost", "10.0.0.1"];
    let t0 = performance.now();
    for (let i = 0; i < 200_000; i++) deriveTenant(hosts[i % hosts.length], { appDomain: "localhost" });
    const tenantOps = 200_000 / ((performance.now() - t0) / 1000);
    const ctx = {
      user: { type: "airline" as const, role: "manager" as const },
      tenant: { code: "s7", type: "airline" as const, environment: "prod" as const },
      ui: {},
      lists: DEFAULT_AIRLINE_LISTS,
    };
    t0 = performance.now();
    for (let i = 0; i < 200_000; i++) canAccess("/dashboard/shipments/555-12345675/fwb", ctx);
    const accessOps = 200_000 / ((performance.now() - t0) / 1000);

    // sign in once through the real form, keep the cookie
    const signInPage = await handle(new Request("http://s7.localhost/signIn"));
    let cookie = signInPage.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const html = await signInPage.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const form = new URLSearchParams({ csrf, email: "s7.manager@cargodesk.test", password: "cargodesk-demo", website: "", redirect: "" });
    const posted = await handle(
      new Request("http://s7.localhost/signIn", { method: "POST", body: form, headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } }),
    );
    cookie = posted.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") || cookie;

    // the upstream call the profile page wraps, with a token of its own
    const token = (await (
      await fetch(`${api.url}/oauth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Carrier: "s7" },
        body: JSON.stringify({ grant_type: "password", username: "s7.manager@cargodesk.test", password: "cargodesk-demo" }),
      })
    ).json()) as { access_token: string };
    const upstream = await timed(REQUESTS, CONCURRENCY, async () => {
      await (await fetch(`${api.url}/api/v3/profiles/me`, { headers: { Authorization: `Bearer ${token.access_token}`, Carrier: "s7" } })).text();
    });
    const page = await timed(REQUESTS, CONCURRENCY, async () => {
      const res = await handle(new Request("http://s7.localhost/dashboard/profile", { headers: { Cookie: cookie } }));
      if (res.status !== 200) throw new Error(`profile answered ${res.status}`);
      await res.text();
    });

    // client JavaScript a first load of a page pulls in
    const jsBytes = async (pathname: string) => {
      const res = await handle(new Request(`http://s7.localhost${pathname}`, { headers: { Cookie: cookie } }));
      const doc = await res.text();
      const srcs = new Set([...doc.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]));
      let total = 0;
      for (const src of srcs) total += fs.statSync(path.join("public", src)).size;
      return { total, files: srcs.size };
    };
    const profileJs = await jsBytes("/dashboard/profile");
    const usersJs = await jsBytes("/dashboard/settings/users");

    console.log("Cargo Desk bench");
    console.log(`  tenant derivation          ${Math.round(tenantOps).toLocaleString("en-US")} ops/s`);
    console.log(`  route access check         ${Math.round(accessOps).toLocaleString("en-US")} ops/s`);
    console.log(`  upstream profiles/me       p50 ${fmt(percentile(upstream, 50))}  p99 ${fmt(percentile(upstream, 99))}  (${REQUESTS} req, ${CONCURRENCY} at once)`);
    console.log(`  SSR /dashboard/profile     p50 ${fmt(percentile(page, 50))}  p99 ${fmt(percentile(page, 99))}  (3 upstream calls per page)`);
    console.log(`  BFF/upstream ratio         p50 ${(percentile(page, 50) / percentile(upstream, 50)).toFixed(2)}  p99 ${(percentile(page, 99) / percentile(upstream, 99)).toFixed(2)}`);
    console.log(`  first-load JS profile      ${(profileJs.total / 1024).toFixed(1)} KiB in ${profileJs.files} files (uncompressed)`);
    console.log(`  first-load JS users        ${(usersJs.total / 1024).toFixed(1)} KiB in ${usersJs.files} files (uncompressed)`);
  } finally {
    await api.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
