import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills, awbMovements } from "../../api/db/schema";
import { CLIENT_ADDRESS_HEADER, CLIENT_SECRET_HEADER } from "../../api/auth/client-address";
import { useTestApi } from "./helpers";

// Public track and trace (issue 11): no token; the route, pieces, weight and movements of a waybill and nothing of its
// parties, prices or documents; an airline's site tracks only its own numbers; a voided number tracks nothing; every
// lookup spends the client address's per-minute budget. Waybills are picked from the demo data by what they are.

const SECRET = "tracking-test-secret-0123456789abcdef";
const LIMIT = 6;
const { t } = useTestApi({ config: { TRACKING_RATE_LIMIT: LIMIT, CLIENT_ADDRESS_SECRET: SECRET } });

let addressCounter = 0;
/** Each test its own client address, so their budgets never meet. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

function track(mawb: string, opts: { carrier?: string; address?: string } = {}) {
  return t.app.inject({
    method: "GET",
    url: `/api/v3/tracking/${encodeURIComponent(mawb)}`,
    headers: {
      ...(opts.carrier ? { carrier: opts.carrier } : {}),
      [CLIENT_ADDRESS_HEADER]: opts.address ?? freshAddress(),
      [CLIENT_SECRET_HEADER]: SECRET,
    },
  });
}

/** A live S7 waybill that has movements, with the shipper's and forwarder's names that must never be shown. */
async function movedS7Waybill() {
  const [row] = await t.database.db
    .select({ mawb: airWaybills.mawb, pieces: airWaybills.pieces, weight: airWaybills.weight, origin: airWaybills.origin_iata, shipper: airWaybills.shipper })
    .from(airWaybills)
    .where(and(eq(airWaybills.carrier, "S7"), isNull(airWaybills.voided_at), sql`exists (select 1 from ${awbMovements} where ${awbMovements.air_waybill_id} = ${airWaybills.id})`))
    .limit(1);
  return row!;
}

describe("GET api/v3/tracking/{mawb}", () => {
  it("answers the route, pieces, weight and movements without a token, in any written form of the number", async () => {
    const awb = await movedS7Waybill();
    const res = await track(awb.mawb.replace("-", " "));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ mawb: awb.mawb, pieces: awb.pieces, weight: awb.weight, origin: { iata: awb.origin } });
    expect(body.origin.city_name).toBeTruthy();
    const movements = await t.database.db.select().from(awbMovements).where(eq(awbMovements.mawb, awb.mawb));
    expect(body.movements).toHaveLength(movements.length);
    expect(body.movements.map((m: { status_code: string }) => m.status_code).sort()).toEqual(movements.map((m) => m.status_code).sort());
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("never carries a party, a price, a document or the forwarder", async () => {
    const awb = await movedS7Waybill();
    const res = await track(awb.mawb);
    expect(res.statusCode).toBe(200);
    const shipperName = (awb.shipper as { name?: string } | null)?.name;
    expect(shipperName).toBeTruthy();
    expect(res.body).not.toContain(shipperName!);
    expect(Object.keys(res.json()).sort()).toEqual(["destination", "legs", "mawb", "movements", "origin", "pieces", "shcs", "volume", "weight"]);
    expect(res.body).not.toMatch(/forwarder|shipper|consignee|charge|rate|currency|attachment/i);
  });

  it("on an airline's site tracks only that airline's numbers; another airline's is not found", async () => {
    const awb = await movedS7Waybill();
    expect((await track(awb.mawb, { carrier: "S7" })).statusCode).toBe(200);
    const other = await track(awb.mawb, { carrier: "SU" });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(String(awb.weight));
  });

  it("a voided number, a number nobody holds and a malformed one are all not found", async () => {
    const [voided] = await t.database.db.select({ mawb: airWaybills.mawb }).from(airWaybills).where(isNotNull(airWaybills.voided_at)).limit(1);
    expect(voided).toBeDefined();
    expect((await track(voided!.mawb)).statusCode).toBe(404);
    expect((await track("421-99999995")).statusCode).toBe(404);
    expect((await track("not-a-number\u0000")).statusCode).toBeLessThan(500);
    const long = await track("4".repeat(5000));
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
  });

  it("spends one budget per address and minute, found or not: the next is 429 with Retry-After; others still get through", async () => {
    const awb = await movedS7Waybill();
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) {
      const res = await track(i % 2 ? awb.mawb : "421-99999995", { address });
      expect(res.statusCode).not.toBe(429);
    }
    const refused = await track(awb.mawb, { address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect((await track(awb.mawb)).statusCode).toBe(200);
    t.clock.advance(61);
    expect((await track(awb.mawb, { address })).statusCode).toBe(200);
  });
});
