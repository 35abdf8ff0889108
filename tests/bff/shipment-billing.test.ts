/**
 * The waybill's billing page through the BFF against the real API (issue 24; spec 1 /shipments/:mawb/billing): a
 * billing user reads the rate lines the demo seed priced, each with its explanation, and the totals; calculates again
 * without JavaScript (a notice); adds a line of their own, a bad amount first (the error beside the field, what was
 * typed kept), then deletes it; a waybill no tariff prices says why, in words. The forwarder reads its waybill's lines
 * but is offered no control and its post is refused; another airline's user gets the not-found page.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills, companies, rateLines } from "../../api/db/schema";
import { Decimal } from "../../cargo/money/money";
import { csrfOf, fieldErrorOf, textOf, useBff, type Answer } from "./harness";
import { savedWaybill, spareParts } from "./waybills";

const bff = useBff();
const S7 = "s7.localhost";
const BILLING = "s7.billing@cargodesk.test";
const FORWARDER = "forwarder@cargodesk.test";

/** A demo S7 waybill of Forwarder One (the demo forwarder's company) that the seed priced from a tariff. */
async function pricedWaybill(): Promise<{ id: number; mawb: string }> {
  const db = bff.api.database.db;
  const [row] = await db
    .select({ id: airWaybills.id, mawb: airWaybills.mawb })
    .from(airWaybills)
    .innerJoin(companies, eq(companies.id, airWaybills.forwarder_id))
    .where(
      and(
        eq(airWaybills.carrier, "S7"),
        eq(companies.short_name, "FWDONE"),
        isNull(airWaybills.voided_at),
        sql`exists (select 1 from ${rateLines} where ${rateLines.air_waybill_id} = ${airWaybills.id} and ${rateLines.kind} = 'airfreight' and ${rateLines.calculation_type} = 'auto')`,
      ),
    )
    .limit(1);
  if (!row) throw new Error("the demo has no priced S7 waybill of Forwarder One");
  return row;
}

const page = (mawb: string) => `/dashboard/shipments/${mawb}/billing`;
/** The notice the page shows after a redirect. */
const noticeOf = (answer: Answer) => textOf(answer.body.slice(answer.body.indexOf('data-testid="notice"')).slice(0, 400));

describe("a waybill's billing page", () => {
  it("a billing user reads the lines with their explanation and totals, calculates, adds a line (a bad amount first) and deletes it", async () => {
    const billing = await bff.signedIn(S7, BILLING);
    const awb = await pricedWaybill();
    const shipment = await billing.request(S7, `/dashboard/shipments/${awb.mawb}`);
    expect(shipment.body).toContain(`href="${page(awb.mawb)}"`);

    const opened = await billing.request(S7, page(awb.mawb));
    expect(opened.status).toBe(200);
    const text = textOf(opened.body);
    expect(text).toContain(`Billing of ${awb.mawb}`);
    expect(opened.body).toContain('data-testid="rate-lines-table"');
    // each calculated line says how it was priced: the tariff chosen, the break or minimum that set its rate
    expect(text).toMatch(/Tariff S7-[A-Z0-9-]+ \(no\. \d+\) chosen: /);
    expect(text).toMatch(/Rate of class [NQ] from the \d[\d,]* kg break|Minimum charge applied|A fixed amount per shipment/);
    expect(opened.body).toMatch(/data-testid="rate-total-RUB"/);
    expect(text).toContain("To pay");
    expect(opened.body).not.toContain("pricing:reason.");
    for (const control of ["calculate", "add-line-form"]) expect(opened.body).toContain(`data-testid="${control}"`);
    expect(opened.body).toMatch(/data-testid="delete-line-\d+"/);

    const csrf = await csrfOf(billing, S7, page(awb.mawb));
    const calculated = await billing.request(S7, page(awb.mawb), { method: "POST", form: { csrf, intent: "calculate" } });
    expect([calculated.status, calculated.location], textOf(calculated.body).slice(0, 300)).toEqual([302, page(awb.mawb)]);
    expect(noticeOf(await billing.request(S7, page(awb.mawb)))).toContain(`The waybill ${awb.mawb} has been priced`);

    const line = { intent: "add_line", kind: "charge", code: "XBC", description: "Storage", basis: "fixed", base_value: "3", rate: "12.5", currency: "RUB", vat_inclusion: "without" };
    const refused = await billing.request(S7, page(awb.mawb), { method: "POST", form: { csrf, ...line, amount: "1e309" } });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(fieldErrorOf(refused.body, "amount")).toContain("must be a decimal amount");
    expect(refused.body).toMatch(/name="description"[^>]*value="Storage"|value="Storage"[^>]*name="description"/);
    expect(refused.body).toMatch(/name="amount"[^>]*value="1e309"|value="1e309"[^>]*name="amount"/);
    expect(await manualLines(awb.id)).toEqual([]);

    const added = await billing.request(S7, page(awb.mawb), { method: "POST", form: { csrf, ...line, amount: "" } });
    expect([added.status, added.location], textOf(added.body).slice(0, 300)).toEqual([302, page(awb.mawb)]);
    const after = await billing.request(S7, page(awb.mawb));
    expect(noticeOf(after)).toContain("Line XBC added");
    const [manual] = await manualLines(awb.id);
    // 12.5 × 3, the amount the API works out when none is typed
    expect([manual?.code, new Decimal(manual!.amount).toFixed()]).toEqual(["XBC", "37.5"]);
    const row = textOf(after.body.slice(after.body.indexOf(`data-testid="rate-line-${manual!.id}"`)).slice(0, 2000));
    expect(row).toContain("Storage");
    expect(row).toContain("37.50");
    expect(row).toContain(`Added by ${BILLING}`);

    const deleted = await billing.request(S7, page(awb.mawb), { method: "POST", form: { csrf, intent: "delete_line", id: String(manual!.id) } });
    expect([deleted.status, deleted.location]).toEqual([302, page(awb.mawb)]);
    const gone = await billing.request(S7, page(awb.mawb));
    expect(noticeOf(gone)).toContain("Line deleted");
    expect(gone.body).not.toContain(`data-testid="rate-line-${manual!.id}"`);
    expect(await manualLines(awb.id)).toEqual([]);
  }, 60_000);

  it("a waybill no tariff prices says why, in words, as an alert on the page", async () => {
    const forwarder = await bff.signedIn(S7, FORWARDER);
    // OVB→DME: S7 publishes no tariff that way (api/billing/demo.ts)
    const mawb = await savedWaybill(forwarder, S7, spareParts());
    const billing = await bff.signedIn(S7, BILLING);
    const opened = await billing.request(S7, page(mawb));
    expect(opened.body).toContain('data-testid="rate-lines-empty"');
    const csrf = await csrfOf(billing, S7, page(mawb));
    const refused = await billing.request(S7, page(mawb), { method: "POST", form: { csrf, intent: "calculate" } });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    const alert = textOf(refused.body.slice(refused.body.indexOf('data-testid="calculate-refused"')).slice(0, 3000));
    expect(alert).toContain("The waybill could not be priced");
    expect(alert).toMatch(/No tariff of S7 for OVB→DME on \d{4}-\d{2}-\d{2}/);
    expect(alert).not.toContain("pricing:reason");
  }, 60_000);

  it("the forwarder reads its waybill's lines without a control, and its post is refused; another airline finds nothing", async () => {
    const awb = await pricedWaybill();
    const forwarder = await bff.signedIn(S7, FORWARDER);
    const opened = await forwarder.request(S7, page(awb.mawb));
    expect(opened.status).toBe(200);
    expect(textOf(opened.body)).toMatch(/Tariff S7-[A-Z0-9-]+ \(no\. \d+\) chosen/);
    expect(opened.body).toMatch(/data-testid="rate-total-RUB"/);
    for (const control of ['data-testid="calculate"', 'data-testid="add-line-form"', 'data-testid="delete-line-']) expect(opened.body).not.toContain(control);
    const csrf = await csrfOf(forwarder, S7, page(awb.mawb));
    const forged = await forwarder.request(S7, page(awb.mawb), { method: "POST", form: { csrf, intent: "calculate" } });
    expect(forged.status).toBe(404);
    const [line] = await bff.api.database.db.select({ id: rateLines.id }).from(rateLines).where(eq(rateLines.air_waybill_id, awb.id)).limit(1);
    const forgedDelete = await forwarder.request(S7, page(awb.mawb), { method: "POST", form: { csrf, intent: "delete_line", id: String(line!.id) } });
    expect(forgedDelete.status).toBe(404);
    expect(await bff.api.database.db.select({ id: rateLines.id }).from(rateLines).where(eq(rateLines.id, line!.id))).toHaveLength(1);

    const c6 = await bff.signedIn("c6.localhost", "c6.manager@cargodesk.test");
    expect((await c6.request("c6.localhost", page(awb.mawb))).status).toBe(404);
    const c6Csrf = await csrfOf(c6, "c6.localhost", "/dashboard/profile");
    expect((await c6.request("c6.localhost", page(awb.mawb), { method: "POST", form: { csrf: c6Csrf, intent: "calculate" } })).status).toBe(404);
  }, 60_000);
});

/** The lines a person added to the waybill, as stored. */
async function manualLines(awbId: number) {
  return bff.api.database.db
    .select({ id: rateLines.id, code: rateLines.code, amount: rateLines.amount })
    .from(rateLines)
    .where(and(eq(rateLines.air_waybill_id, awbId), eq(rateLines.calculation_type, "manual")));
}
