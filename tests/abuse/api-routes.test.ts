/**
 * Issue 8 §5, API half: every operation of the OpenAPI document that @fastify/swagger generates gets generated
 * hostile requests (tests/abuse/api-requests.ts) from three demo users and anonymously. Each answer must be
 * under 500, in time, a 4xx must carry `error`/`errors`/`message` (spec 3 §7) without echoing the input at size, a 2xx
 * must not have taken a value no field may hold (tests/abuse/implausible-values.ts),
 * a route's run may change only its own tables (none at all when every request was refused), and the API must
 * still answer a simple request within a second afterwards. `npm test` sends a few requests per route;
 * `npm run test:abuse` many more (ABUSE_RUNS).
 */
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, expect, test } from "vitest";
import { buildApi } from "../../api/app";
import { authHeaders, multipartFile, signIn, TEST_ATTACHMENTS_DIR, type Tokens } from "../api/helpers";
import { startTestApi } from "../bff/harness";
import { AbuseTally, ALIVE_MS, MAX_ERROR_BODY_BYTES, RUNS_PER_ROUTE, seedFor, timed } from "./abuse-tally";
import { operationsOf, isUpload, requestArbitrary, urlOf, type HostileRequest, type OpenApiDocument, type Operation, type Sender } from "./api-requests";
import { tablesOwnedBy, tablesTouchedWhenRefused } from "./api-tables";
import { describeValue } from "./hostile-values";
import { implausibleFieldIn } from "./implausible-values";
import { changedTables, tableChecksums, tableNames, type TableChecksums } from "./table-checksums";

// The BFF harness's seeded database is a loaded dump (seeding from scratch hashes every demo password: ~30 s
// on a busy machine); our own app on it, so the onError hook goes in before Fastify is ready.
const seeded = await startTestApi();
await seeded.app.close();
const api = { app: await buildApi({ database: seeded.database, config: { SMTP_URL: undefined, NODE_ENV: "test", ATTACHMENTS_DIR: TEST_ATTACHMENTS_DIR } }), database: seeded.database };
// Fastify logs nothing in tests; keep each 500's cause for the findings (requests go one at a time).
const lastServerError = new Map<string, string>();
api.app.addHook("onError", async (request, _reply, error) => {
  // drizzle wraps the driver's error ("Failed query: <the whole SQL>"); the cause says what went wrong
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  lastServerError.set(request.id, `${error.name}: ${cause ?? error.message}`.slice(0, 300));
});
await api.app.ready();

const operations = operationsOf(api.app.swagger() as unknown as OpenApiDocument);
const tokens: Record<Exclude<Sender, "anonymous">, { tokens: Tokens; carrier?: string }> = {
  platform: { tokens: await signIn(api.app, "platform@cargodesk.test", { carrier: "s7" }), carrier: "s7" },
  s7: { tokens: await signIn(api.app, "s7.manager@cargodesk.test", { carrier: "s7" }), carrier: "s7" },
  forwarder: { tokens: await signIn(api.app, "forwarder@cargodesk.test") },
};
const tables = await tableNames(api.database);
const tally = new AbuseTally("API abuse");
for (const op of operations) tally.routes.add(`${op.method} ${op.path}`);

afterAll(async () => {
  console.log(tally.summary());
  await api.app.close();
  await api.database.close();
});

/** Codes that exist in the demo data, for path parameters that are not numeric ids. */
const KNOWN_CODES: Record<string, string[]> = { carrier: ["S7", "SU", "s7"], iata: ["DME", "OVB"], code: ["DGR", "PER"] };

async function getAs(sender: Exclude<Sender, "anonymous">, url: string) {
  const { tokens: t, carrier } = tokens[sender];
  return api.app.inject({ method: "GET", url, headers: authHeaders(t, carrier) });
}

let checksumsAfterLastRoute: TableChecksums | undefined;

const idsByCollection = new Map<string, string[]>();

/** Ids of a few records of a collection that the demo users can see (`data[].id` of its first page). */
async function idsIn(collection: string): Promise<string[]> {
  let ids = idsByCollection.get(collection);
  if (!ids) {
    const found = new Set<string>();
    for (const sender of ["platform", "s7", "forwarder"] as const) {
      const res = await getAs(sender, `${collection}?per_page=2`);
      if (res.statusCode !== 200) continue;
      const data = (res.json() as { data?: Array<{ id?: unknown }> }).data;
      for (const row of Array.isArray(data) ? data : []) if (row.id !== undefined) found.add(String(row.id));
    }
    idsByCollection.set(collection, (ids = [...found].slice(0, 4)));
  }
  return ids;
}

/**
 * Path parameters of demo records: each `{id}` is looked up in the collection before it
 * (`/companies/{id}/user_profiles/{pid}`: a company's id, then one of its profiles' ids).
 */
async function validParamsOf(op: Operation): Promise<Array<Record<string, string>>> {
  let combos: Array<Record<string, string>> = [{}];
  for (const name of op.pathParams) {
    const next: Array<Record<string, string>> = [];
    for (const combo of combos) {
      if (KNOWN_CODES[name]) {
        for (const code of KNOWN_CODES[name]!) next.push({ ...combo, [name]: code });
        continue;
      }
      const collection = op.path.slice(0, op.path.indexOf(`/{${name}}`)).replace(/\{(\w+)\}/g, (_, n: string) => combo[n] ?? "");
      for (const id of await idsIn(collection)) next.push({ ...combo, [name]: id });
    }
    combos = next;
  }
  return combos.filter((c) => Object.keys(c).length === op.pathParams.length).slice(0, 6);
}

/** The header line of an upload route's CSV template, so generated rows have the right columns. */
async function csvHeaderOf(op: Operation): Promise<string | undefined> {
  if (!isUpload(op) || !op.path.endsWith("/upload")) return undefined;
  const res = await getAs("s7", op.path.replace(/\/upload$/, "/template.csv"));
  return res.statusCode === 200 ? res.body.split(/\r?\n/)[0] : undefined;
}

async function injectOptions(op: Operation, request: HostileRequest): Promise<InjectOptions> {
  const headers: Record<string, string> = {};
  if (request.sender !== "anonymous") Object.assign(headers, authHeaders(tokens[request.sender].tokens, tokens[request.sender].carrier));
  if (request.carrier) headers.carrier = request.carrier;
  const options: InjectOptions = { method: op.method as InjectOptions["method"], url: urlOf(op, request), headers };
  const body = request.body;
  if (!body) return options;
  if (body.kind === "json") {
    headers["content-type"] = "application/json";
    options.payload = JSON.stringify(body.value) ?? "null";
  } else if (body.kind === "raw") {
    if (body.contentType) headers["content-type"] = body.contentType;
    options.payload = body.payload;
  } else if (body.kind === "form") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    options.payload = new URLSearchParams(body.entries).toString();
  } else {
    const file = await multipartFile(body.field, body.filename, body.content, body.type);
    Object.assign(headers, file.headers);
    options.payload = file.payload;
  }
  return options;
}

function describeRequest(op: Operation, request: HostileRequest): string {
  const body = request.body;
  const bodyText = !body
    ? ""
    : body.kind === "json"
      ? ` json ${describeValue(body.value)}`
      : body.kind === "raw"
        ? ` ${body.contentType ?? "(no content type)"} ${describeValue(body.payload)}`
        : body.kind === "form"
          ? ` form ${describeValue(new URLSearchParams(body.entries).toString())}`
          : ` file ${body.filename} ${describeValue(body.content)}`;
  return `as ${request.sender}${request.carrier ? ` carrier ${describeValue(request.carrier)}` : ""} ${describeValue(urlOf(op, request))}${bodyText}`;
}

function errorMessageOf(res: LightMyRequestResponse): string | undefined {
  try {
    const body = res.json() as { error?: unknown; errors?: unknown; message?: unknown };
    const message = body.error ?? body.errors ?? body.message;
    return message && JSON.stringify(message) !== "{}" && JSON.stringify(message) !== "[]" ? JSON.stringify(message) : undefined;
  } catch {
    return undefined;
  }
}

test.each(operations.map((op) => ({ ...op, name: `${op.method} ${op.path}` })))(
  "$name: hostile input answers 4xx with a message, stores nothing and leaves the API answering",
  async (op) => {
    const route = op.name;
    const [validParams, csvHeader] = await Promise.all([validParamsOf(op), csvHeaderOf(op)]);
    const requests = fc.sample(requestArbitrary(op, validParams, csvHeader), { numRuns: RUNS_PER_ROUTE, seed: seedFor(route) });
    // the previous route's "after" (nothing writes between routes: the look-ups above are GETs, checked as routes too)
    const before = checksumsAfterLastRoute ?? (await tableChecksums(api.database, tables));
    let accepted = false;
    for (const request of requests) {
      const sent = await injectOptions(op, request);
      const { value: res, ms } = await timed(api.app.inject(sent));
      if (!res) {
        tally.found({ route, kind: "hang", detail: `no answer within the limit ${describeRequest(op, request)}` });
        continue;
      }
      tally.answered(route, ms, res.statusCode);
      if (res.statusCode < 300) accepted = true;
      const implausible = res.statusCode < 300 && op.method !== "GET" && request.body?.kind === "json" ? implausibleFieldIn(request.body.value, op.body) : undefined;
      if (implausible) {
        tally.found({ route, kind: "accepted implausible value", detail: `${res.statusCode} for ${implausible} ${describeRequest(op, request)}` });
      }
      if (res.statusCode >= 500) {
        const cause = [...lastServerError.values()].pop() ?? res.body.slice(0, 200);
        tally.found({ route, kind: "5xx", detail: `${res.statusCode} ${describeRequest(op, request)} → ${cause}` });
      } else if (res.statusCode >= 400) {
        if (!errorMessageOf(res)) tally.found({ route, kind: "no message", detail: `${res.statusCode} ${describeValue(res.body)} ${describeRequest(op, request)}` });
        if (res.rawPayload.length > MAX_ERROR_BODY_BYTES) {
          tally.found({ route, kind: "echo at size", detail: `${res.statusCode} with ${res.rawPayload.length} bytes ${describeRequest(op, request)}` });
        }
      }
      lastServerError.clear();
    }

    const after = await tableChecksums(api.database, tables);
    checksumsAfterLastRoute = after;
    const allowed = new Set([...tablesTouchedWhenRefused(op.method, op.path), ...(accepted ? tablesOwnedBy(op.method, op.path) : [])]);
    const unexpected = changedTables(before, after).filter((table) => !allowed.has(table));
    if (unexpected.length) {
      tally.found({ route, kind: "tables changed", detail: `${unexpected.join(", ")} (${accepted ? "some requests were accepted" : "every request was refused"})` });
    }

    const { value: alive, ms } = await timed(getAs("platform", "/api/v3/profiles/me"));
    if (!alive || alive.statusCode !== 200 || ms > ALIVE_MS) {
      tally.found({ route, kind: "not answering", detail: `GET /api/v3/profiles/me ${alive?.statusCode ?? "no answer"} after ${Math.round(ms)} ms` });
    }

    expect(tally.findingsOf(route).map((f) => `${f.kind}: ${f.detail}`)).toEqual([]);
  },
  600_000,
);
