/**
 * The public tracking page (issue 11) through the BFF against the real API: /track?awb= without signing in shows a
 * waybill's route, figures and movements in the reader's language and nothing of its parties; a malformed number is
 * said beside the field with the text kept; another airline's number is not found on an airline's site; the page
 * exists only where spec 1 §6's tracking list (or the platform's own site) allows; the API's 429 is said plainly.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { airWaybills, awbMovements } from "../../api/db/schema";
import { fieldErrorOf, textOf, useBff } from "./harness";

const bff = useBff();
afterEach(() => bff.msw.resetHandlers());

/** A live waybill of `carrier` with at least one RCS movement, and its shipper's name (which must never show). */
async function receivedWaybill(carrier: string) {
  const [row] = await bff.api.database.db
    .select({ mawb: airWaybills.mawb, shipper: airWaybills.shipper, origin: airWaybills.origin_iata, pieces: airWaybills.pieces })
    .from(airWaybills)
    .where(
      and(
        eq(airWaybills.carrier, carrier),
        isNull(airWaybills.voided_at),
        sql`exists (select 1 from ${awbMovements} where ${awbMovements.air_waybill_id} = ${airWaybills.id} and ${awbMovements.status_code} = 'RCS')`,
      ),
    )
    .limit(1);
  expect(row, `a received ${carrier} waybill in the demo data`).toBeDefined();
  return { ...row!, shipperName: (row!.shipper as { name?: string } | null)?.name ?? "" };
}

describe("/track", () => {
  it("shows the waybill's route, pieces and movements without signing in, and no party", async () => {
    const awb = await receivedWaybill("S7");
    const page = await bff.browser().request("s7.localhost", `/track?awb=${encodeURIComponent(awb.mawb.replace("-", ""))}`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain(awb.mawb);
    expect(text).toMatch(new RegExp(`Pieces\\s*:\\s*${awb.pieces}\\b`));
    expect(text).toMatch(new RegExp(`RCS\\s+Received from shipper`));
    expect(awb.shipperName).not.toBe("");
    expect(page.body).not.toContain(awb.shipperName);
  });

  it("speaks Russian to a Russian browser", async () => {
    const awb = await receivedWaybill("S7");
    const page = await bff.browser({ acceptLanguage: "ru" }).request("s7.localhost", `/track?awb=${awb.mawb}`);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain("Отследить груз");
    expect(textOf(page.body)).toContain("Принято от отправителя");
  });

  it("says a malformed number beside the field and keeps what was typed", async () => {
    const page = await bff.browser().request("s7.localhost", "/track?awb=421-1234567");
    expect(page.status).toBe(400);
    expect(fieldErrorOf(page.body, "awb")).toMatch(/3-digit airline prefix and 8 digits/);
    expect(page.body).toContain('value="421-1234567"');
    const wrongDigit = await bff.browser().request("s7.localhost", "/track?awb=421-12345670");
    expect(fieldErrorOf(wrongDigit.body, "awb")).toMatch(/last digit does not match/);
  });

  it("on S7's site another airline's number is not found, on the platform's site it is tracked", async () => {
    const su = await receivedWaybill("SU");
    const onS7 = await bff.browser().request("s7.localhost", `/track?awb=${su.mawb}`);
    expect(onS7.status).toBe(404);
    expect(fieldErrorOf(onS7.body, "awb")).toMatch(/No shipment with this number/);
    expect(onS7.body).not.toContain("track-result");
    const onPlatform = await bff.browser().request("localhost", `/track?awb=${su.mawb}`);
    expect(onPlatform.status).toBe(200);
    expect(textOf(onPlatform.body)).toContain(su.mawb);
  });

  it("does not exist on an airline's site outside the tracking list; the sign-in page links to it only where it exists", async () => {
    const page = await bff.browser().request("su.localhost", "/track");
    expect(page.status).toBe(404);
    expect((await bff.browser().request("su.localhost", "/signIn")).body).not.toContain('href="/track"');
    expect((await bff.browser().request("s7.localhost", "/signIn")).body).toMatch(/<a[^>]*href="\/track"[^>]*>Track a shipment</);
  });

  it("says the API's per-address limit plainly, with the number kept", async () => {
    bff.msw.use(http.get(/\/api\/v3\/tracking\//, () => HttpResponse.json({ error: "Too many tracking requests" }, { status: 429, headers: { "retry-after": "30" } })));
    const page = await bff.browser().request("s7.localhost", "/track?awb=421-12345675");
    expect(page.status).toBe(429);
    expect(fieldErrorOf(page.body, "awb")).toMatch(/Too many lookups/);
    expect(page.body).toContain('value="421-12345675"');
  });
});
