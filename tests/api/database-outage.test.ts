/**
 * Issue 12 "Faults, mid-load": PostgreSQL restarted under the API. Requests during the gap answer 503
 * `service_unavailable` with Retry-After, never a 500 and never a hang past the pool's timeouts; an interrupted
 * transaction leaves nothing behind and its connection goes back; the next request after the gap succeeds without
 * restarting the API. Two API processes starting on one empty database seed it once.
 *
 * The machine's PostgreSQL is shared with other work, so it is never restarted here: a restart is played by
 * terminating every backend of the test's own database (pg_terminate_backend, the 57P01 a fast shutdown sends), and
 * by a TCP relay between the API and the server that can close its port (connections refused, as while the server
 * is down), open it again, or stop passing bytes (a server that went silent).
 */
import net from "node:net";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApi } from "../../api/app";
import { databaseOutage } from "../../api/db/outage";
import { openDatabase, type Database, type PoolTimeouts } from "../../api/db/open";
import { handlers } from "../../api/db/schema";
import { DEMO_PASSWORD, DEMO_USERS } from "../../api/seed-data";
import { startApi } from "../../api/start";
import { call, seedToday, signIn, TEST_ATTACHMENTS_DIR, type Tokens } from "./helpers";
import { createPreparedPostgres } from "../prepared-database";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

const serverUrl = process.env.DATABASE_URL;

describe("which errors are an outage of the database", () => {
  const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code, severity: "FATAL" });
  const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

  it("a dropped or refused connection, a server shutting down or starting up: unreachable", () => {
    expect(databaseOutage(wrapped(pgError("57P01", "terminating connection due to administrator command")))).toBe("unreachable");
    expect(databaseOutage(pgError("57P03", "the database system is starting up"))).toBe("unreachable");
    expect(databaseOutage(pgError("08006"))).toBe("unreachable");
    expect(databaseOutage(wrapped(new Error("Connection terminated unexpectedly")))).toBe("unreachable");
    expect(databaseOutage(new Error("timeout exceeded when trying to connect"))).toBe("unreachable");
    // localhost has two addresses: node tries both and reports both refusals
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" });
    expect(databaseOutage(new AggregateError([refused, refused]))).toBe("unreachable");
  });

  it("a statement stopped by its timeout, a server gone silent: timeout", () => {
    expect(databaseOutage(wrapped(pgError("57014", "canceling statement due to statement timeout")))).toBe("timeout");
    expect(databaseOutage(new Error("Query read timeout"))).toBe("timeout");
  });

  it("anything about the request itself is not: a unique violation, a syntax error, a plain bug", () => {
    expect(databaseOutage(wrapped(pgError("23505")))).toBeNull();
    expect(databaseOutage(pgError("42601"))).toBeNull();
    expect(databaseOutage(new TypeError("Cannot read properties of undefined"))).toBeNull();
    expect(databaseOutage(undefined)).toBeNull();
  });
});

async function admin(text: string, values: unknown[] = [], database?: string) {
  const url = new URL(serverUrl!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Ends every session on `database` but the caller's own, as a fast shutdown of the server does (57P01). */
const terminateBackends = (database: string) =>
  admin("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);

/**
 * A TCP relay in front of the server: `stop` closes its port and cuts every connection through it, `start` opens
 * the same port again, `freeze` keeps connections open but passes no byte until `thaw`.
 */
class Relay {
  private readonly server = net.createServer((socket) => this.accept(socket));
  private readonly sockets = new Set<net.Socket>();
  private held: Array<[net.Socket, Buffer]> = [];
  private frozen = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  private accept(downstream: net.Socket) {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const [from, to] of [[downstream, upstream], [upstream, downstream]] as const) {
      this.sockets.add(from);
      from.on("data", (chunk: Buffer) => (this.frozen ? this.held.push([to, chunk]) : to.write(chunk)));
      from.on("error", () => {});
      from.on("close", () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }

  start(): Promise<void> {
    return new Promise((resolve) => this.server.listen(this.port, "127.0.0.1", () => {
      this.port = (this.server.address() as net.AddressInfo).port;
      resolve();
    }));
  }

  stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  freeze() {
    this.frozen = true;
  }

  thaw() {
    this.frozen = false;
    for (const [to, chunk] of this.held) if (!to.destroyed) to.write(chunk);
    this.held = [];
  }

  urlFor(database: string): string {
    const url = new URL(serverUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    url.pathname = `/${database}`;
    return url.toString();
  }
}

/** Short waits, so the test sees each bound fire in seconds; production's are POOL_TIMEOUTS (10 s, 30 s, 35 s). */
const TIMEOUTS: PoolTimeouts = { connectMs: 1_000, statementMs: 2_000, queryMs: 3_000 };

/** A 503 of a database outage, as the contract promises it: the error shape of spec 3 §7 and when to try again. */
function expectOutageAnswer(res: LightMyRequestResponse, description: { code: string; sentence: RegExp }) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers["retry-after"]).toBe("5");
  expect(res.json()).toEqual({ error: "service_unavailable", error_description: expect.stringMatching(description.sentence), code: description.code, params: {} });
}

const UNREACHABLE = { code: "database_unreachable", sentence: /cannot reach its database/ };
const TOO_SLOW = { code: "database_timeout", sentence: /took too long/ };

describe.runIf(serverUrl)("PostgreSQL going away under the API", () => {
  /** The test's own database, a copy of the prepared seeded one (tests/prepared-database.ts). */
  let copy: Awaited<ReturnType<typeof createPreparedPostgres>>;
  let name: string;
  let relay: Relay;
  let database: Database;
  let app: FastifyInstance;
  let operator: Tokens;

  beforeAll(async () => {
    copy = await createPreparedPostgres(serverUrl!, { kind: "seeded", today: seedToday() });
    name = copy.name;
    const target = new URL(serverUrl!);
    relay = new Relay({ host: target.hostname || "127.0.0.1", port: Number(target.port || 5432) });
    await relay.start();
    database = await openDatabase({ databaseUrl: relay.urlFor(name), timeouts: TIMEOUTS });
    await database.db.execute(sql`create table outage_probe (id int)`);
    app = await buildApi({ database, config: { SMTP_URL: undefined, NODE_ENV: "test", ATTACHMENTS_DIR: TEST_ATTACHMENTS_DIR } });
    // A write that holds its transaction open for `seconds`: something to interrupt half-way.
    app.post<{ Querystring: { seconds: string } }>("/test/outage-probe", async (request) => {
      await app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`insert into outage_probe values (1)`);
        await tx.execute(sql`select pg_sleep(${Number(request.query.seconds)})`);
      });
      return { stored: true };
    });
    operator = await signIn(app, "s7.operator@cargodesk.test", { carrier: "s7" });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.stop();
    await copy?.drop();
  });

  const me = () => call(app, operator, "GET", "/api/v3/profiles/me", { carrier: "s7" });
  const probeRows = async () => Number((await admin("select count(*)::int as n from outage_probe", [], name)).rows[0].n);
  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client;

  it("a transaction whose session is terminated half-way: 503, nothing stored, its connection back, the next request fine", async () => {
    const started = performance.now();
    const probe = app.inject({ method: "POST", url: "/test/outage-probe?seconds=1.5" });
    await new Promise((r) => setTimeout(r, 400));
    expect((await terminateBackends(name)).rows[0].n).toBeGreaterThan(0);
    expectOutageAnswer(await probe, UNREACHABLE);
    expect(performance.now() - started).toBeLessThan(1_500); // answered when the session died, not when the sleep ended
    expect(await probeRows()).toBe(0);
    expect(pool().totalCount - pool().idleCount).toBe(0); // no client left checked out
    expect((await me()).statusCode).toBe(200);
  });

  it("a statement running past statement_timeout: 503 after it, nothing stored", async () => {
    const started = performance.now();
    expectOutageAnswer(await app.inject({ method: "POST", url: "/test/outage-probe?seconds=10" }), TOO_SLOW);
    expect(performance.now() - started).toBeLessThan(TIMEOUTS.statementMs + 1_000);
    expect(await probeRows()).toBe(0);
    expect((await me()).statusCode).toBe(200);
  });

  it("real routes while every session is terminated again and again: 200 or a clean 503, never a 500", async () => {
    const statuses: number[] = [];
    let killing = true;
    const killer = (async () => {
      while (killing) {
        await terminateBackends(name);
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    const worker = async () => {
      for (let i = 0; i < 15; i++) {
        const res = i % 2 ? await me() : await call(app, operator, "GET", "/api/v3/handlers?per_page=50", { carrier: "s7" });
        if (res.statusCode !== 200) expectOutageAnswer(res, UNREACHABLE);
        statuses.push(res.statusCode);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    killing = false;
    await killer;
    expect(statuses).toHaveLength(120);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await me()).statusCode).toBe(200);
  });

  it("the server's port closed (restarting): reads and writes answer 503 at once; once it is back, the same calls succeed", async () => {
    await relay.stop();
    try {
      const started = performance.now();
      expectOutageAnswer(await me(), UNREACHABLE);
      const handler = { handler: { location: "aer", latest_acceptance_time: "90", note: "during the gap" } };
      expectOutageAnswer(await call(app, operator, "POST", "/api/v3/handlers", { carrier: "s7", payload: handler }), UNREACHABLE);
      expect(performance.now() - started).toBeLessThan(TIMEOUTS.connectMs);
    } finally {
      await relay.start();
    }
    expect((await me()).statusCode).toBe(200);
    const handler = { handler: { location: "aer", latest_acceptance_time: "90", note: "after the gap" } };
    expect((await call(app, operator, "POST", "/api/v3/handlers", { carrier: "s7", payload: handler })).statusCode).toBe(201);
    const aer = await database.db.select({ note: handlers.note }).from(handlers).where(and(eq(handlers.carrier, "S7"), eq(handlers.location, "AER")));
    expect(aer).toEqual([{ note: "after the gap" }]);
  });

  it("a server that stops answering: 503 within the driver's bounds, not a hang; then it recovers", async () => {
    expect((await me()).statusCode).toBe(200); // a pooled connection exists: the request waits on it, not on a new one
    relay.freeze();
    try {
      const started = performance.now();
      const answers = await Promise.all([me(), me(), me()]);
      for (const res of answers) expectOutageAnswer(res, res.json().code === TOO_SLOW.code ? TOO_SLOW : UNREACHABLE);
      expect(performance.now() - started).toBeLessThan(TIMEOUTS.queryMs + TIMEOUTS.connectMs + 1_000);
    } finally {
      relay.thaw();
    }
    expect((await me()).statusCode).toBe(200);
    expect(pool().totalCount - pool().idleCount).toBe(0);
  });
});

describe.runIf(serverUrl)("two API processes starting at once on an empty database", () => {
  it("one of them seeds: one set of demo users, and both answer", async () => {
    const name = `cargo_t_${randomBytes(6).toString("hex")}`;
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const apis = await Promise.all([0, 1].map(() => startApi({ port: 0, databaseUrl: url.toString(), config: { SMTP_URL: undefined, NODE_ENV: "test" } })));
      try {
        const [row] = (await admin("select count(*)::int as n, count(distinct email)::int as emails from users", [], name)).rows;
        expect(row).toEqual({ n: DEMO_USERS.length, emails: DEMO_USERS.length });
        for (const api of apis) {
          const res = await fetch(`${api.url}/oauth/token`, {
            method: "POST",
            headers: { "content-type": "application/json", carrier: "s7" },
            body: JSON.stringify({ grant_type: "password", username: "s7.manager@cargodesk.test", password: DEMO_PASSWORD }),
          });
          expect(res.status, await res.clone().text()).toBe(200);
        }
      } finally {
        await Promise.all(apis.map((api) => api.close()));
      }
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  }, 120_000);
});
