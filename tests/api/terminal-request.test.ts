import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeLogs } from "../../api/db/schema";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, makeTestApi, signIn, useTestApi, type Tokens } from "./helpers";

// The terminal request POST air_waybills/{mawb}/moscow_cargo (issue 11; spec 3 §8 "Moscow-cargo request, 422 or 500:
// EmptyFields") against a real HTTP server on 127.0.0.1 started here: it answers 200, 422, 500, an oversized body,
// or hangs past the API's deadline, as the test sets it. The API posts the waybill's data as JSON and answers every
// failure of the terminal as its own 422 naming the case; unset, the terminal is "not configured".

type Mode = "ok" | "refuse" | "fail" | "huge" | "hang";
let mode: Mode = "ok";
const received: Array<{ method: string; type: string | undefined; body: unknown }> = [];

function terminal(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({ method: req.method!, type: req.headers["content-type"], body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
    const send = (status: number, body: object) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (mode === "ok") send(200, { message: "Accepted by terminal, ref T-1" });
    else if (mode === "refuse") send(422, { errors: { consignee: ["phone can't be blank"] } });
    else if (mode === "fail") send(500, { error: "Internal Server Error", code: "internal_error", params: {} });
    else if (mode === "huge") res.writeHead(200, { "content-type": "application/json" }).end("x".repeat(200_000));
    // hang: never answers (the server is closed with its connections at the end)
  });
}

const server = createServer(terminal);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const TERMINAL_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/moscow_cargo`;
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const TIMEOUT_MS = 400;
const { t, accounts } = useTestApi({
  signIn: ["suManager", "s7Manager", "c6Manager", "forwarderOnSu", "fwdTwo"],
  config: { MOSCOW_CARGO_URL: TERMINAL_URL, MOSCOW_CARGO_TIMEOUT_MS: TIMEOUT_MS, MOSCOW_CARGO_STATIONS: ["SVO"] },
});
const su = callsOn(t, "su");
let f: ReturnType<typeof bookingFixtures>;
beforeAll(() => {
  f = bookingFixtures(t);
});

/** A waybill of FWDONE under Aeroflot's prefix from the terminal's airport. */
const suWaybill = (origin = "SVO") => f.waybill({ carrier: "SU", prefix: "555", forwarder: "FWDONE", origin, destination: "LED", shipper: { name: "Volga Machinery", city: "Moscow" }, consignee: { name: "Neva Foods" } });
const sendToTerminal = (mawb: string, tokens: Tokens = accounts.suManager, call = su) => call(tokens, "POST", `/api/v3/air_waybills/${mawb}/moscow_cargo`);

describe("the terminal answers", () => {
  it("200: the waybill's data went as JSON (no prices); the answer and the terminal's words; logged on the waybill", async () => {
    mode = "ok";
    const awb = await suWaybill();
    const status = (await su(accounts.suManager, "GET", `/api/v3/air_waybills/${awb.mawb}/moscow_cargo`)).json();
    expect(status).toEqual({ available: true, reason: null, stations: ["SVO"] });
    const before = received.length;
    const res = await sendToTerminal(awb.mawb);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mawb: awb.mawb, sent_at: t.clock().toISOString(), terminal_status: 200, message: "Accepted by terminal, ref T-1" });
    expect(received.length).toBe(before + 1);
    const sent = received.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.type).toBe("application/json");
    expect(sent.body).toMatchObject({ air_waybill: { mawb: awb.mawb, carrier: "SU", origin_iata: "SVO", destination_iata: "LED", pieces: 2, weight: 100, commodity: "SPARE PARTS", forwarder: "FWDONE", shipper: { name: "Volga Machinery", city: "Moscow" }, consignee: { name: "Neva Foods" } } });
    expect(JSON.stringify(sent.body)).not.toMatch(/amount|rate|total/);
    const logged = await t.database.db.select().from(changeLogs).where(and(eq(changeLogs.record_id, awb.id), eq(changeLogs.action, "moscow_cargo")));
    expect(logged).toHaveLength(1);
  });

  it("422 and 500 are the terminal refusing (terminal_refused, the BFF's EmptyFields) with its words", async () => {
    const awb = await suWaybill();
    mode = "refuse";
    const refused = await sendToTerminal(awb.mawb);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: "terminal_refused",
      code: "terminal_refused",
      params: { status: 422, words: "consignee phone can't be blank" },
      errors: { base: ["the terminal refused the air waybill (422): consignee phone can't be blank"] },
      error_codes: { base: [{ code: "terminal_refused", params: { status: 422, words: "consignee phone can't be blank" } }] },
    });
    mode = "fail";
    const failed = await sendToTerminal(awb.mawb);
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({ error: "terminal_refused", code: "terminal_refused", params: { status: 500, words: "Internal Server Error" } });
    expect(failed.json().errors).toEqual({ base: ["the terminal refused the air waybill (500): Internal Server Error"] });
  });

  it("a terminal that hangs is cut at the deadline; an endless answer is cut at its size bound", async () => {
    const awb = await suWaybill();
    mode = "hang";
    const started = Date.now();
    const hung = await sendToTerminal(awb.mawb);
    const took = Date.now() - started;
    expect(hung.statusCode).toBe(422);
    expect(hung.json()).toEqual({
      error: "terminal_timeout",
      code: "terminal_timeout",
      params: { ms: TIMEOUT_MS },
      errors: { base: [`the terminal did not answer within ${TIMEOUT_MS} ms`] },
      error_codes: { base: [{ code: "terminal_timeout", params: { ms: TIMEOUT_MS } }] },
    });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 3000);
    mode = "huge";
    const huge = await sendToTerminal(awb.mawb);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error).toBe("terminal_unreachable");
    expect(huge.json().errors.base[0]).toMatch(/too large/);
    mode = "ok";
  });
});

describe("where it applies and who may", () => {
  it("not from or to the terminal's airports: refused before any call; the forwarder: 403; another airline or forwarder: 404", async () => {
    mode = "ok";
    const elsewhere = await suWaybill("LED");
    const before = received.length;
    expect((await su(accounts.suManager, "GET", `/api/v3/air_waybills/${elsewhere.mawb}/moscow_cargo`)).json()).toMatchObject({ available: false, reason: "not_terminal_station" });
    const res = await sendToTerminal(elsewhere.mawb);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe("not_applicable");

    const awb = await suWaybill();
    expect((await su(accounts.forwarderOnSu, "GET", `/api/v3/air_waybills/${awb.mawb}/moscow_cargo`)).json()).toMatchObject({ available: false, reason: "not_airline" });
    expect((await sendToTerminal(awb.mawb, accounts.forwarderOnSu)).statusCode).toBe(403);
    expect((await sendToTerminal(awb.mawb, accounts.s7Manager, callsOn(t, "s7"))).statusCode).toBe(404);
    expect((await sendToTerminal(awb.mawb, accounts.c6Manager, callsOn(t, "c6"))).statusCode).toBe(404);
    expect((await sendToTerminal(awb.mawb, accounts.fwdTwo, callsOn(t))).statusCode).toBe(404);
    expect(received.length).toBe(before);
  });

  it("no terminal configured: a clear 422 'terminal not configured'", async () => {
    const bare = await makeTestApi({ config: { MOSCOW_CARGO_URL: undefined } });
    try {
      const tokens = await signIn(bare.app, "su.manager@cargodesk.test", { carrier: "su" });
      const fx = bookingFixtures(bare);
      const awb = await fx.waybill({ carrier: "SU", prefix: "555", forwarder: "FWDONE", origin: "SVO", destination: "LED" });
      const res = await callsOn(bare, "su")(tokens, "POST", `/api/v3/air_waybills/${awb.mawb}/moscow_cargo`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: "terminal_not_configured",
        code: "terminal_not_configured",
        params: {},
        errors: { base: ["terminal not configured"] },
        error_codes: { base: [{ code: "terminal_not_configured", params: {} }] },
      });
      expect((await callsOn(bare, "su")(tokens, "GET", `/api/v3/air_waybills/${awb.mawb}/moscow_cargo`)).json()).toMatchObject({ available: false, reason: "not_configured" });
    } finally {
      await bare.close();
    }
  });
});
