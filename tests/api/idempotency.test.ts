import { createHash } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountingPresets, airWaybills, attachments, idempotencyKeys, users } from "../../api/db/schema";
import { ABANDONED_CLAIM_MS, IN_PROGRESS_WAIT_MS, KEY_LIFETIME_MS } from "../../api/http/idempotency";
import { call, signIn, useTestApi, type Tokens } from "./helpers";

// Issue 12 "Double submission": every mutating call accepts an Idempotency-Key; a repeat with the same key and the
// same request answers the first result (Idempotent-Replayed: true) and makes no second record. Records are counted
// by what they are (a commodity or a code this file alone uses), never by position.

const { t, accounts } = useTestApi({ signIn: ["forwarderOnS7", "s7Manager", "s7Operator"] });

let serial = 0;
/** A key no other test uses. */
const newKey = () => `test-key-${++serial}-${Math.random().toString(36).slice(2, 10)}`;

const waybill = (commodity: string, extra: object = {}) => ({
  air_waybill: {
    origin_iata: "DME",
    destination_iata: "OVB",
    pieces: 2,
    weight: 120.5,
    commodity,
    hs_codes: ["847330"],
    shipper: { name: "Volga Machinery", city: "Moscow", country_code: "RU" },
    consignee: { name: "Ob River Foods", city: "Novosibirsk", country_code: "RU" },
    ...extra,
  },
});

/** A call on S7's tenant, with the key when given. */
const onS7 = (tokens: Tokens, method: "POST" | "PATCH" | "DELETE", url: string, payload?: object, key?: string) =>
  call(t.app, tokens, method, url, { carrier: "s7", payload, headers: key === undefined ? {} : { "idempotency-key": key } });

const createWaybill = (commodity: string, key?: string, tokens = accounts.forwarderOnS7) => onS7(tokens, "POST", "/api/v3/air_waybills", waybill(commodity), key);

const waybillsWith = async (commodity: string) =>
  (await t.database.db.select({ n: count() }).from(airWaybills).where(eq(airWaybills.commodity, commodity)))[0]!.n;
const presetsWith = async (code: string) =>
  (await t.database.db.select({ n: count() }).from(accountingPresets).where(and(eq(accountingPresets.carrier, "S7"), eq(accountingPresets.code, code))))[0]!.n;
const storedKeys = async () => (await t.database.db.select({ n: count() }).from(idempotencyKeys))[0]!.n;

const preset = (code: string, text = "CHARGE TO ACCOUNT") => ({ accounting_preset: { kind: "client", code, name: `Preset ${code}`, text } });

describe("a repeat with the same key", () => {
  it("answers the first create's status and body again and makes one waybill", async () => {
    const key = newKey();
    const first = await createWaybill("IDEM ONE", key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await createWaybill("IDEM ONE", key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.body).toBe(first.body);
    expect(again.json().mawb).toBe(first.json().mawb);
    expect(await waybillsWith("IDEM ONE")).toBe(1);
  });

  it("runs the handler once when identical requests arrive at the same moment", async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createWaybill("IDEM RACE", key)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((a) => a.json().mawb)).size).toBe(1);
    // one of them ran, the others got its answer
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(5);
    expect(await waybillsWith("IDEM RACE")).toBe(1);
  });

  it("keeps no refusal (4xx): the same request under its key runs again and gets what holds now", async () => {
    const first = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("idem_dup"));
    expect(first.statusCode).toBe(201);
    const key = newKey();
    const refused = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("idem_dup"), key);
    expect(refused.statusCode).toBe(422);
    // the refusal changed nothing and is not the request's result for good: once the duplicate is gone, it is made
    expect((await onS7(accounts.s7Manager, "DELETE", `/api/v3/accounting_presets/${first.json().id}`)).statusCode).toBe(204);
    const again = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("idem_dup"), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    // and that success is kept: a repeat replays it
    const replayed = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("idem_dup"), key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toEqual(again.json());
  });

  it("replays a PATCH and a DELETE too: deleting twice answers 204 twice instead of a 404", async () => {
    const made = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("idem_patch"));
    const id = made.json().id as number;
    const patchKey = newKey();
    const patched = await onS7(accounts.s7Manager, "PATCH", `/api/v3/accounting_presets/${id}`, { accounting_preset: { text: "FIRST TEXT" } }, patchKey);
    expect(patched.statusCode, patched.body).toBe(200);
    const repatched = await onS7(accounts.s7Manager, "PATCH", `/api/v3/accounting_presets/${id}`, { accounting_preset: { text: "FIRST TEXT" } }, patchKey);
    expect(repatched.headers["idempotent-replayed"]).toBe("true");
    expect(repatched.json()).toEqual(patched.json());

    const deleteKey = newKey();
    expect((await onS7(accounts.s7Manager, "DELETE", `/api/v3/accounting_presets/${id}`, undefined, deleteKey)).statusCode).toBe(204);
    const deletedAgain = await onS7(accounts.s7Manager, "DELETE", `/api/v3/accounting_presets/${id}`, undefined, deleteKey);
    expect(deletedAgain.statusCode).toBe(204);
    expect(deletedAgain.headers["idempotent-replayed"]).toBe("true");
    // without the key, the same delete is a new request: the record is gone
    expect((await onS7(accounts.s7Manager, "DELETE", `/api/v3/accounting_presets/${id}`)).statusCode).toBe(404);
  });

  it("belongs to its user: another user's same key is another request", async () => {
    const key = newKey();
    const mine = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("idem_scope_a"), key);
    const theirs = await onS7(accounts.s7Operator, "POST", "/api/v3/accounting_presets", preset("idem_scope_b"), key);
    expect(mine.statusCode).toBe(201);
    // the operator may not keep presets: its own answer, not the manager's 201 replayed
    expect(theirs.statusCode).toBe(403);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("an upload (multipart)", () => {
  /** The form a browser (or the BFF) posts: every encoding gets a new random boundary. */
  async function attachment(awbId: number, bytes: Buffer) {
    const form = new FormData();
    form.append("doc_type", "Invoice");
    form.append("attachable_type", "AirWaybill");
    form.append("attachable_id", String(awbId));
    form.append("doc", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "invoice.pdf");
    const request = new Request("http://local/", { method: "POST", body: form });
    return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
  }
  const PDF = (n: number) => Buffer.from(`%PDF-1.4\n% ${n}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
  const attach = (body: { payload: Buffer; contentType: string }, key: string) =>
    call(t.app, accounts.forwarderOnS7, "POST", "/api/v3/attachments", { carrier: "s7", payload: body.payload, headers: { "content-type": body.contentType, "idempotency-key": key } });
  const attachmentsOf = async (awbId: number) => (await t.database.db.select({ n: count() }).from(attachments).where(eq(attachments.attachable_id, awbId)))[0]!.n;

  it("is the same request under another boundary: the repeat replays, one document is kept; another file is refused", async () => {
    const awb = (await createWaybill("IDEM UPLOAD")).json() as { id: number };
    const key = newKey();
    const first = await attachment(awb.id, PDF(1));
    const again = await attachment(awb.id, PDF(1));
    expect(again.contentType).not.toBe(first.contentType);
    const stored = await attach(first, key);
    expect(stored.statusCode, stored.body).toBe(201);
    const replayed = await attach(again, key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json().id).toBe(stored.json().id);
    expect(await attachmentsOf(awb.id)).toBe(1);
    const other = await attach(await attachment(awb.id, PDF(2)), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe("idempotency_key_reused");
  });
});

describe("a key sent with another request", () => {
  it("is refused with 422 idempotency_key_reused when the body differs, and creates nothing", async () => {
    const key = newKey();
    expect((await createWaybill("IDEM REUSE A", key)).statusCode).toBe(201);
    const reused = await createWaybill("IDEM REUSE B", key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: "idempotency_key_reused" });
    expect(reused.json().error_description).toMatch(/another request \(POST \/api\/v3\/air_waybills\)/);
    expect(await waybillsWith("IDEM REUSE B")).toBe(0);
  });

  it("is refused when the path or method differs", async () => {
    const key = newKey();
    expect((await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("idem_path"), key)).statusCode).toBe(201);
    const elsewhere = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets/copy_defaults", {}, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error).toBe("idempotency_key_reused");
  });

  it("is not used up by a body its schema refuses: no claim was made, the corrected body runs", async () => {
    const key = newKey();
    const invalid = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("Bad Code!"), key);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.code).toBeDefined();
    const corrected = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset("idem_fixed"), key);
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("the header itself", () => {
  it.each([
    ["7 characters", "abcdefg"],
    ["101 characters", "k".repeat(101)],
    ["a non-ASCII character", "ключ-ключ-ключ"],
    ["a control character", "tab\there-key"],
  ])("with %s is refused with 422 before anything runs", async (_label, key) => {
    const before = await waybillsWith("IDEM BAD KEY");
    const refused = await createWaybill("IDEM BAD KEY", key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: "idempotency_key_invalid", error_description: "Idempotency-Key must be 8 to 100 printable ASCII characters", code: "idempotency_key_invalid", params: {} });
    expect(await waybillsWith("IDEM BAD KEY")).toBe(before);
  });

  it("accepts 8 and 100 printable characters", async () => {
    for (const key of ["12345678", `${"x".repeat(90)} ~!@#$%^&`]) {
      expect((await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", preset(`idem_len_${key.length}`), key)).statusCode).toBe(201);
    }
  });

  it("absent: every call runs as before, two creates make two waybills and no key is stored", async () => {
    const keysBefore = await storedKeys();
    const one = await createWaybill("IDEM NO KEY");
    const two = await createWaybill("IDEM NO KEY");
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(one.json().mawb).not.toBe(two.json().mawb);
    expect(two.headers["idempotent-replayed"]).toBeUndefined();
    expect(await waybillsWith("IDEM NO KEY")).toBe(2);
    expect(await storedKeys()).toBe(keysBefore);
  });

  it("is documented in the OpenAPI document on mutating calls, not on reads or the public sign-in", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    type Op = { parameters?: Array<{ in: string; name: string; required?: boolean }> };
    const keyParam = (op: Op) => op.parameters?.find((p) => p.in === "header" && p.name === "Idempotency-Key");
    const paths = doc.paths as Record<string, Record<string, Op>>;
    expect(keyParam(paths["/api/v3/air_waybills"]!.post!)).toMatchObject({ required: false });
    expect(keyParam(paths["/api/v3/accounting_presets/{id}"]!.delete!)).toBeDefined();
    expect(keyParam(paths["/api/v3/air_waybills"]!.get!)).toBeUndefined();
    expect(keyParam(paths["/oauth/token"]!.post!)).toBeUndefined();
  });

  it("is ignored on a read", async () => {
    const read = await call(t.app, accounts.s7Manager, "GET", "/api/v3/accounting_presets", { carrier: "s7", headers: { "idempotency-key": "x" } });
    expect(read.statusCode).toBe(200);
  });
});

describe("an answer that is not the request's result", () => {
  it("is not kept after a 5xx: the retry with the same key runs again", async () => {
    const key = newKey();
    const body = preset("idem_after_500");
    // the handler fails the way a lost table would: a 500, the claim given back
    await t.database.db.execute(sql`alter table accounting_presets rename to accounting_presets_away`);
    let failed: Awaited<ReturnType<typeof onS7>>;
    try {
      failed = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", body, key);
    } finally {
      await t.database.db.execute(sql`alter table accounting_presets_away rename to accounting_presets`);
    }
    expect(failed.statusCode).toBe(500);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);

    const retried = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", body, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    const replayed = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", body, key);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(await presetsWith("idem_after_500")).toBe(1);
  });
});

describe("a repeat while the first is still running", () => {
  /** The claim a first request with this key and body would hold now, as if it were still running. */
  async function claimAsRunning(key: string, payload: object, claimedAt = t.clock()) {
    const [manager] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "s7.manager@cargodesk.test"));
    const [row] = await t.database.db
      .insert(idempotencyKeys)
      .values({
        scope: `user:${manager!.id}@S7`,
        key,
        method: "POST",
        path: "/api/v3/accounting_presets",
        fingerprint: createHash("sha256").update(JSON.stringify(payload)).digest("hex"),
        created_at: claimedAt,
      })
      .returning();
    return row!;
  }

  it("waits for it and answers its result", async () => {
    const key = newKey();
    const body = preset("idem_waited");
    const claim = await claimAsRunning(key, body);
    const started = performance.now();
    const repeat = onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", body, key);
    setTimeout(() => {
      void t.database.db
        .update(idempotencyKeys)
        .set({ state: "done", status: 201, headers: { "content-type": "application/json; charset=utf-8" }, body: Buffer.from('{"first":true}') })
        .where(eq(idempotencyKeys.id, claim.id))
        .execute();
    }, 400);
    const answer = await repeat;
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ first: true });
    expect(answer.headers["idempotent-replayed"]).toBe("true");
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(await presetsWith("idem_waited")).toBe(0);
  });

  it(`answers 409 request_in_progress when it is still running after ${IN_PROGRESS_WAIT_MS / 1000} s`, async () => {
    const key = newKey();
    const body = preset("idem_busy");
    await claimAsRunning(key, body);
    const started = performance.now();
    const busy = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", body, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: "request_in_progress" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(IN_PROGRESS_WAIT_MS - 50);
    expect(await presetsWith("idem_busy")).toBe(0);
  }, 15_000);

  it("takes over a claim abandoned by a request that never finished (its API process died)", async () => {
    const key = newKey();
    const body = preset("idem_abandoned");
    await claimAsRunning(key, body, new Date(+t.clock() - ABANDONED_CLAIM_MS - 1000));
    const taken = await onS7(accounts.s7Manager, "POST", "/api/v3/accounting_presets", body, key);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.headers["idempotent-replayed"]).toBeUndefined();
    expect(await presetsWith("idem_abandoned")).toBe(1);
  });
});

describe("after a day", () => {
  it("a key has expired: the same key runs a new request, and expired keys are swept", async () => {
    const key = newKey();
    expect((await createWaybill("IDEM DAY ONE", key)).statusCode).toBe(201);
    t.clock.advance(KEY_LIFETIME_MS / 1000 + 60);
    // the tokens signed in a day ago have expired with it
    const tokens = await signIn(t.app, "forwarder@cargodesk.test", { carrier: "s7" });
    const next = await createWaybill("IDEM DAY TWO", key, tokens);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.headers["idempotent-replayed"]).toBeUndefined();
    expect(await waybillsWith("IDEM DAY TWO")).toBe(1);
    // the claim just made is the only key left younger than a day; the older ones went (at most 100 per claim)
    const rows = await t.database.db.select({ key: idempotencyKeys.key, created_at: idempotencyKeys.created_at }).from(idempotencyKeys);
    expect(rows.filter((r) => +t.clock() - +r.created_at >= KEY_LIFETIME_MS)).toEqual([]);
    expect(rows.map((r) => r.key)).toContain(key);
  });
});
