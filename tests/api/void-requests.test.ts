import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills, awbStockNumbers, changeLogs, voidRequests } from "../../api/db/schema";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// Void requests (issue 11; spec 2 §4): the forwarder asks with a reason and a payment indication and may withdraw; the
// airline accepts (the waybill is voided, its number blocked in the stock for good) or declines with a reason. Each
// side lists its own; anybody else gets 404. Waybills are created fresh for each test and picked by their number.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Billing", "c6Manager", "forwarderOnS7", "fwdTwo", "platform"] });
const s7 = callsOn(t, "s7");
const c6 = callsOn(t, "c6");
const anyHost = callsOn(t);

async function newWaybill(tokens: Tokens = accounts.forwarderOnS7, call = s7): Promise<string> {
  const res = await call(tokens, "POST", "/api/v3/air_waybills", {
    air_waybill: { origin_iata: "DME", destination_iata: "OVB", pieces: 3, weight: 75, commodity: "BOOKS", hs_codes: ["490199"], shipper: { name: "Volga Machinery" }, consignee: { name: "Ob River Foods" } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().mawb;
}

const ask = (mawb: string, body: object = { void_request: { request_reason: "Typed the wrong consignee", payment_required: false } }, tokens = accounts.forwarderOnS7) =>
  s7(tokens, "POST", `/api/v3/air_waybills/${mawb}/void_requests`, body);

async function requestsOf(mawb: string) {
  return t.database.db.select().from(voidRequests).where(eq(voidRequests.mawb, mawb));
}

async function waybill(mawb: string) {
  const [row] = await t.database.db.select().from(airWaybills).where(eq(airWaybills.mawb, mawb));
  return row!;
}

describe("asking and accepting", () => {
  it("the forwarder asks; the airline accepts: the waybill is voided with the airline's payment decision and its number is blocked for good", async () => {
    const mawb = await newWaybill();
    const asked = await ask(mawb, { void_request: { request_reason: "Shipper cancelled the order", payment_required: "true" } });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({ mawb, status: "requested", request_reason: "Shipper cancelled the order", payment_required: true, company_short_name: "FWDONE", awb_prefix: "421", requested_by: "forwarder@cargodesk.test", actions: { withdraw: true, resolve: false } });

    // the airline sees it among its requests and may resolve it
    const list = await s7(accounts.s7Manager, "GET", `/api/v3/void_requests?status=requested&mawb=${mawb}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: request.id, actions: { withdraw: false, resolve: true } })]);

    const accepted = await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${request.id}`, { void_request: { status: "accepted", resolve_reason: "Agreed", void_payment: "not_required" } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "accepted", resolve_reason: "Agreed", void_payment: "not_required", resolved_by: "s7.manager@cargodesk.test", actions: { withdraw: false, resolve: false } });

    const awb = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}`);
    expect(awb.json()).toMatchObject({ void_reason: "Agreed", void_payment: "not_required" });
    expect(awb.json().voided_at).not.toBeNull();
    const [stock] = await t.database.db.select().from(awbStockNumbers).where(eq(awbStockNumbers.mawb, mawb));
    expect(stock!.state).toBe("voided");
    // the change log tells the story on the waybill
    const logged = await t.database.db.select({ action: changeLogs.action }).from(changeLogs).where(and(eq(changeLogs.record_type, "AirWaybill"), eq(changeLogs.record_id, (await waybill(mawb)).id)));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(["void_request", "void", "void_request_accepted"]));
  });

  it("a voided number never comes back from the stock: twenty new waybills all get other numbers", async () => {
    const mawb = await newWaybill();
    const { id } = (await ask(mawb)).json();
    expect((await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${id}`, { status: "accepted", void_payment: "required" })).statusCode).toBe(200);
    const fresh = await Promise.all(Array.from({ length: 20 }, () => newWaybill()));
    expect(fresh).not.toContain(mawb);
    // and it cannot be asked for again: the waybill is gone
    const again = await ask(mawb);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.base).toEqual(["the air waybill is voided"]);
  });

  it("the airline declines with a reason: the waybill stays live and the forwarder may ask again", async () => {
    const mawb = await newWaybill();
    const { id } = (await ask(mawb)).json();
    const noReason = await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${id}`, { void_request: { status: "declined" } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ resolve_reason: ["can't be blank"] });
    const declined = await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${id}`, { void_request: { status: "declined", resolve_reason: "Already on the manifest" } });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: "declined", resolve_reason: "Already on the manifest", void_payment: null });
    expect((await waybill(mawb)).voided_at).toBeNull();
    // resolved once: a second answer is refused
    const twice = await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${id}`, { status: "accepted", void_payment: "required" });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.status).toEqual(["the request is already declined"]);
    expect((await ask(mawb)).statusCode).toBe(201);
  });

  it("accepting asks for the payment decision before anything changes", async () => {
    const mawb = await newWaybill();
    const { id } = (await ask(mawb)).json();
    const res = await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${id}`, { status: "accepted" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ void_payment: ["can't be blank"] });
    expect((await waybill(mawb)).voided_at).toBeNull();
    expect((await requestsOf(mawb)).map((r) => r.status)).toEqual(["requested"]); // exactly one request, still open
  });
});

describe("withdrawing", () => {
  it("the forwarder withdraws while requested; then the airline can no longer accept it", async () => {
    const mawb = await newWaybill();
    const { id } = (await ask(mawb)).json();
    const withdrawn = await s7(accounts.forwarderOnS7, "DELETE", `/api/v3/void_requests/${id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: "cancelled", resolved_by: "forwarder@cargodesk.test" });
    const late = await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${id}`, { status: "accepted", void_payment: "required" });
    expect(late.statusCode).toBe(422);
    expect((await waybill(mawb)).voided_at).toBeNull();
    expect((await s7(accounts.forwarderOnS7, "DELETE", `/api/v3/void_requests/${id}`)).statusCode).toBe(422);
  });

  it("the airline cannot withdraw the forwarder's request, nor the forwarder resolve it", async () => {
    const mawb = await newWaybill();
    const { id } = (await ask(mawb)).json();
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/void_requests/${id}`)).statusCode).toBe(403);
    expect((await s7(accounts.forwarderOnS7, "PATCH", `/api/v3/void_requests/${id}`, { status: "accepted", void_payment: "required" })).statusCode).toBe(403);
    // a billing user reads the waybill but does not void it
    expect((await s7(accounts.s7Billing, "PATCH", `/api/v3/void_requests/${id}`, { status: "accepted", void_payment: "required" })).statusCode).toBe(403);
    expect((await requestsOf(mawb)).map((r) => r.status)).toEqual(["requested"]); // exactly one request, still open
  });
});

describe("one open request, and only the owner asks", () => {
  it("a second request while one is open is 'has already been taken', also when both race", async () => {
    const mawb = await newWaybill();
    const results = await Promise.all([ask(mawb), ask(mawb), ask(mawb)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().errors.base).toEqual(["has already been taken"]);
    expect(await requestsOf(mawb)).toHaveLength(1);
  });

  it("the airline voiding directly while a request is open answers that request: accepted, with the void's reason", async () => {
    const mawb = await newWaybill();
    const request = (await ask(mawb)).json();
    const voided = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/void`, { air_waybill: { void_reason: "Duplicate of another waybill" } });
    expect(voided.statusCode, voided.body).toBeLessThan(300);
    const [row] = await requestsOf(mawb);
    expect(row).toMatchObject({ id: request.id, status: "accepted", resolve_reason: "Duplicate of another waybill" });
    expect(row!.resolved_at).not.toBeNull();
    // nothing left to withdraw or answer
    expect((await s7(accounts.forwarderOnS7, "DELETE", `/api/v3/void_requests/${request.id}`)).statusCode).toBe(422);
  });

  it("the airline does not ask (it voids directly)", async () => {
    const mawb = await newWaybill();
    expect((await ask(mawb, undefined, accounts.s7Manager)).statusCode).toBe(403);
    const mine = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}/void_requests`);
    expect(mine.json()).toEqual({ data: [], can_request: true });
    const airline = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${mawb}/void_requests`);
    expect(airline.json().can_request).toBe(false);
  });
});

describe("tenancy", () => {
  it("another forwarder and another airline get 404 for the waybill and the request, and see none of them in their lists", async () => {
    const mawb = await newWaybill();
    const { id } = (await ask(mawb)).json();
    expect((await anyHost(accounts.fwdTwo, "POST", `/api/v3/air_waybills/${mawb}/void_requests`, { request_reason: "mine now" })).statusCode).toBe(404);
    expect((await anyHost(accounts.fwdTwo, "DELETE", `/api/v3/void_requests/${id}`)).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "PATCH", `/api/v3/void_requests/${id}`, { status: "accepted", void_payment: "required" })).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/air_waybills/${mawb}/void_requests`)).statusCode).toBe(404);
    for (const [call, tokens] of [[anyHost, accounts.fwdTwo], [c6, accounts.c6Manager]] as const) {
      const list = await call(tokens, "GET", `/api/v3/void_requests?mawb=${mawb}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().meta.total_count).toBe(0);
    }
    // platform sees every airline's
    const all = await anyHost(accounts.platform, "GET", `/api/v3/void_requests?mawb=${mawb}`);
    expect(all.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await requestsOf(mawb)).map((r) => r.status)).toEqual(["requested"]); // exactly one request, still open
  });
});

describe("bad input", () => {
  it("refuses a missing or oversized reason, a wrong status or payment value and hostile ids with 4xx, storing nothing", async () => {
    const mawb = await newWaybill();
    for (const body of [{}, { request_reason: "   " }, { request_reason: "x".repeat(2001) }, { request_reason: 42 }, { void_request: [] }]) {
      const res = await ask(mawb, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await requestsOf(mawb)).toHaveLength(0);
    const { id } = (await ask(mawb)).json();
    for (const body of [{ status: "voided" }, { status: "accepted", void_payment: "maybe" }, { status: "declined", resolve_reason: "x".repeat(2001) }]) {
      const res = await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    for (const bad of ["0", "-1", "2147483648", "1.5", "abc"]) {
      expect((await s7(accounts.s7Manager, "PATCH", `/api/v3/void_requests/${bad}`, { status: "declined", resolve_reason: "no" })).statusCode).toBe(404);
    }
    expect((await s7(accounts.forwarderOnS7, "POST", "/api/v3/air_waybills/not-a-number/void_requests", { request_reason: "x" })).statusCode).toBe(404);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/void_requests?per_page=1000")).statusCode).toBe(422);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/void_requests?status=lost")).statusCode).toBe(422);
    expect((await requestsOf(mawb)).map((r) => r.status)).toEqual(["requested"]);
  });
});

describe("the requests list", () => {
  it("pages no deeper than the shipments list's 10 000 rows, before any query: 422 under page", async () => {
    const deep = await s7(accounts.s7Manager, "GET", "/api/v3/void_requests?page=2147483647&per_page=100");
    expect(deep.statusCode).toBe(422);
    expect(JSON.stringify(deep.json())).toMatch(/page.*reaches beyond row 10000/);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/void_requests?page=100&per_page=100")).statusCode).toBe(200);
  });
});
