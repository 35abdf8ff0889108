/**
 * The tariffs section of issue 24 (spec 1 §2 "Tariffs", spec 2 §3-§4) through the real Remix build and the real API,
 * as a browser without JavaScript uses it: the section's redirect, the lists with their rate-break columns and list
 * modes, a manager's create (a bad amount first), edit and delete, a forwarder's view and its confirming awareness,
 * the airline that shows a forwarder no tariffs, and who gets no create page.
 */
import { and, eq } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { billingCharges, surcharges, tariffs } from "../../api/db/schema";
import { call, signIn as apiSignIn } from "../api/helpers";
import { fieldErrorOf, formPageOf, hiddenInput, submit, textOf, useBff } from "./harness";

const bff = useBff();
const db = () => bff.api.database.db;

const S7 = "s7.localhost";
const TARIFFS = "/dashboard/tariffs/external-tariffs";
const CHARGES = "/dashboard/tariffs/external-charges";
const SURCHARGES = "/dashboard/tariffs/external-surcharges";

const signedIn = (host: string, email: string) => bff.signedIn(host, `${email}@cargodesk.test`);

/** The value attribute of the input named `name` in a page. */
function inputValue(html: string, name: string): string | undefined {
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (tag.includes(`name="${name}"`)) return tag.match(/\bvalue="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&") ?? "";
  }
  return undefined;
}

/** The visible text of the first table row that shows `marker` ("KJA → OVB"), or undefined. */
function rowText(html: string, marker: string): string | undefined {
  return (html.match(/<tr\b[\s\S]*?<\/tr>/g) ?? []).map(textOf).find((r) => r.includes(marker));
}

/** An S7 price created through the API as the S7 manager (the forwarder tests need prices the BFF did not make). */
async function s7Price(kind: "tariffs" | "charges" | "surcharges", body: Record<string, unknown>): Promise<number> {
  const tokens = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
  const res = await call(bff.api.app, tokens, "POST", `/api/v3/billing/${kind}`, { carrier: "s7", payload: body });
  if (res.statusCode !== 201) throw new Error(`POST billing/${kind}: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

describe("the section opens its first tab the user may use (spec 1 §2)", () => {
  it("/dashboard/tariffs → the tariffs list for an airline operator and a forwarder; the tabs are links", async () => {
    const operator = await signedIn(S7, "s7.operator");
    const section = await operator.request(S7, "/dashboard/tariffs");
    expect([section.status, section.location]).toEqual([302, TARIFFS]);
    const page = await operator.request(S7, TARIFFS);
    expect(page.status).toBe(200);
    for (const tab of [TARIFFS, CHARGES, SURCHARGES]) expect(page.body).toContain(`href="${tab}"`);
    const fwd = await signedIn(S7, "forwarder");
    expect((await fwd.request(S7, "/dashboard/tariffs")).location).toBe(TARIFFS);
  });

  it("the ICS inspector (no tariffs section) gets the not-found page and no sidebar entry", async () => {
    const inspector = await signedIn(S7, "s7.inspector");
    expect((await inspector.request(S7, "/dashboard/tariffs")).status).toBe(404);
    expect((await inspector.request(S7, TARIFFS)).status).toBe(404);
    expect((await inspector.request(S7, "/dashboard/profile")).body).not.toContain('href="/dashboard/tariffs"');
  });
});

describe("an airline manager publishes, lists, edits and deletes a tariff", () => {
  const fields = {
    internalId: "BFF-T-1",
    origin: "kja",
    destination: "OVB",
    effectiveFrom: "2026-01-01",
    currency: "KWD",
    basis: "charge",
    level: "first",
    legsNumber: "any",
    product: "gcr",
    vatInclusion: "notIncluded",
    vat: "20",
    "companies.included": "",
    "rates[0].rateClass": "M",
    "rates[0].value": "1500",
    "rates[1].rateClass": "N",
    "rates[1].value": "95,5",
    "rates[2].rateClass": "Q",
    "rates[2].weightBrake": "45",
    "rates[2].value": "",
    "rates[3].rateClass": "Q",
    "rates[3].weightBrake": "100",
    "rates[3].value": "1e309",
    "rates[4].rateClass": "Q",
    "rates[4].weightBrake": "300",
    "rates[4].value": "0.1",
  };

  it("a bad amount is refused beside its row's rate, translated, with everything typed kept; then saved and listed with its summary", async () => {
    const manager = await signedIn(S7, "s7.manager");
    const form = await formPageOf(manager, S7, `${TARIFFS}/create`);
    expect(form.status).toBe(200);
    // a new tariff's rows are the rate-break columns: M, N, Q45 … Q1000
    expect(inputValue(form.body, "rates[6].weightBrake")).toBe("1000");

    const refused = await submit(manager, S7, `${TARIFFS}/create`, fields);
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    // the empty Q45 row is not sent: the API's rates.2 is the form's fourth row
    expect(fieldErrorOf(refused.body, "rates[3].value")).toBe("must be a decimal amount such as 1234.50");
    expect(fieldErrorOf(refused.body, "rates[4].value")).toBeUndefined();
    expect(inputValue(refused.body, "rates[3].value")).toBe("1e309");
    expect(inputValue(refused.body, "rates[1].value")).toBe("95,5");
    expect(inputValue(refused.body, "internalId")).toBe("BFF-T-1");
    expect(inputValue(refused.body, "vat")).toBe("20");
    expect(await db().select().from(tariffs).where(eq(tariffs.internalId, "BFF-T-1"))).toHaveLength(0);

    const saved = await submit(manager, S7, `${TARIFFS}/create`, { ...fields, "rates[3].value": "70" });
    expect([saved.status, saved.location]).toEqual([302, TARIFFS]);
    const list = await manager.request(S7, TARIFFS);
    expect(textOf(list.body)).toContain("Tariff created");
    // KWD has three decimals: amounts are written with them, a finer rate keeps its own digits
    const row = rowText(list.body, "KJA → OVB");
    expect(row).toContain("GCR");
    expect(row).toContain("Chargeable weight");
    expect(row).toContain("1500.000");
    expect(row).toContain("95.500");
    expect(row).toContain("70.000");
    expect(row).toContain("0.100");
    expect(row).toContain("VAT on top · 20 %");

    const [stored] = await db().select().from(tariffs).where(eq(tariffs.internalId, "BFF-T-1"));
    expect(stored!.rates).toEqual([
      { productCode: null, rateClass: "M", weightBrake: 0, value: "1500" },
      { productCode: null, rateClass: "N", weightBrake: 0, value: "95.5" },
      { productCode: null, rateClass: "Q", weightBrake: 100, value: "70" },
      { productCode: null, rateClass: "Q", weightBrake: 300, value: "0.1" },
    ]);

    // the same tariff again: "Exists" above the form, the typed values kept
    const again = await submit(manager, S7, `${TARIFFS}/create`, { ...fields, "rates[3].value": "70", notes: "second" });
    expect([again.status, again.refused]).toEqual([200, 422]);
    expect(textOf(again.body)).toContain("This tariff already exists");
    expect(textOf(again.body)).toContain("second");

    // edit: the stored values in the form, a change saved, then deleted after the confirm page
    const edit = `${TARIFFS}/${stored!.id}/edit`;
    const editForm = await manager.request(S7, edit);
    expect(inputValue(editForm.body, "rates[1].value")).toBe("95.5");
    expect(inputValue(editForm.body, "origin")).toBe("KJA");
    const changed = await submit(manager, S7, edit, { ...fields, "rates[3].value": "69.99", effectiveTo: "2026-12-31" });
    expect(changed.status).toBe(302);
    const [after] = await db().select().from(tariffs).where(eq(tariffs.id, stored!.id));
    expect(after!.effectiveTo).toBe("2026-12-31");
    expect(after!.rates).toContainEqual({ productCode: null, rateClass: "Q", weightBrake: 100, value: "69.99" });

    const confirmPage = await manager.request(S7, `${edit}?dialog=delete`);
    expect(textOf(confirmPage.body)).toContain("Delete this tariff?");
    const removed = await manager.request(S7, `${edit}?dialog=delete`, { method: "POST", form: { csrf: hiddenInput(confirmPage.body, "csrf")!, intent: "delete" } });
    expect([removed.status, removed.location]).toEqual([302, TARIFFS]);
    expect(await db().select().from(tariffs).where(eq(tariffs.id, stored!.id))).toHaveLength(0);
    expect(textOf((await manager.request(S7, TARIFFS)).body)).toContain("Tariff deleted");
  });

  it("Add a rate without JS: the form comes back with one row more and what was typed", async () => {
    const manager = await signedIn(S7, "s7.manager");
    const answer = await submit(manager, S7, `${TARIFFS}/create`, { ...fields, __intent__: JSON.stringify({ type: "insert", payload: { name: "rates", defaultValue: {} } }) });
    expect(answer.status).toBe(200);
    expect(inputValue(answer.body, "rates[5].value")).toBe("");
    expect(inputValue(answer.body, "rates[3].value")).toBe("1e309");
    expect(inputValue(answer.body, "internalId")).toBe("BFF-T-1");
  });

  it("charges and surcharges: create with their own fields, amounts in the currency's decimals", async () => {
    const manager = await signedIn(S7, "s7.manager");
    const scope = { effectiveFrom: "2026-01-01", vatInclusion: "without" };
    const charge = await submit(manager, S7, `${CHARGES}/create`, { ...scope, currency: "JPY", chargeCode: "awc", chargeName: "AWB fee BFF", basis: "fixed", rate: "1500", shc: "dgr, PER" });
    expect([charge.status, charge.location]).toEqual([302, CHARGES]);
    const charges = await manager.request(S7, CHARGES);
    const chargeRowText = rowText(charges.body, "AWB fee BFF");
    expect(chargeRowText).toContain("AWC");
    expect(chargeRowText).toContain("1500");
    expect(chargeRowText).not.toContain("1500.00");
    expect(chargeRowText).toContain("DGR, PER");

    const refused = await submit(manager, S7, `${SURCHARGES}/create`, { ...scope, currency: "RUB", code: "FSC", type: "percent", value: "1001" });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(fieldErrorOf(refused.body, "value")).toBe("Must be at most 1000");
    const surcharge = await submit(manager, S7, `${SURCHARGES}/create`, { ...scope, currency: "RUB", code: "FSC", productCode: "gcr", type: "perKg", value: "12.5", minimalWeight: "100", internalId: "BFF-S-1" });
    expect(surcharge.status).toBe(302);
    const surchargeRowText = rowText((await manager.request(S7, SURCHARGES)).body, "FSC");
    expect(surchargeRowText).toContain("12.50");
    expect(surchargeRowText).toContain("Per chargeable kg");
    expect(surchargeRowText).toContain("100 kg");

    // an airline corrects a charge on its own edit page
    const [c] = await db().select().from(billingCharges).where(eq(billingCharges.chargeName, "AWB fee BFF"));
    const saved = await submit(manager, S7, `${CHARGES}/${c!.id}/edit`, { ...scope, currency: "JPY", chargeCode: "AWC", chargeName: "AWB fee BFF", basis: "fixed", rate: "1600" });
    expect(saved.status).toBe(302);
    const [changed] = await db().select().from(billingCharges).where(eq(billingCharges.id, c!.id));
    expect(changed!.rate).toMatch(/^1600(\.0+)?$/);
    const [s] = await db().select().from(surcharges).where(and(eq(surcharges.code, "FSC"), eq(surcharges.internalId, "BFF-S-1")));
    expect((await manager.request(S7, `${SURCHARGES}/${s!.id}/edit`)).status).toBe(200);
  });
});

describe("who may create", () => {
  it("an airline operator reads the lists without create or edit; the create pages are not found, a post changes nothing", async () => {
    const operator = await signedIn(S7, "s7.operator");
    const list = await operator.request(S7, TARIFFS);
    expect(list.status).toBe(200);
    expect(list.body).not.toContain(`href="${TARIFFS}/create"`);
    expect(list.body).not.toContain(`data-testid="confirm-awareness"`);
    for (const path of [`${TARIFFS}/create`, `${CHARGES}/create`, `${SURCHARGES}/create`]) expect((await operator.request(S7, path)).status, path).toBe(404);
    const csrf = hiddenInput(list.body, "csrf")!;
    const post = await operator.request(S7, `${TARIFFS}/create`, { method: "POST", form: { csrf, internalId: "OPERATOR", effectiveFrom: "2026-01-01", currency: "RUB", "rates[0].rateClass": "N", "rates[0].value": "1" } });
    expect(post.status).toBe(404);
    expect(await db().select().from(tariffs).where(eq(tariffs.internalId, "OPERATOR"))).toHaveLength(0);
  });
});

describe("a forwarder's tariffs", () => {
  it("sees only what may price its account, confirms awareness in the dialog, and the New mode empties", async () => {
    // told apart by their N rate: 42.5 for every agent, 43.5 for this forwarder's account, 44.5 for another agent's
    const body = (n: string, product: string, companies: Record<string, string[]>) => ({
      origin: "IKT", destination: "KHV", effectiveFrom: "2026-01-01", currency: "RUB", basis: "charge", product, companies,
      rates: [{ rateClass: "N", value: n }],
    });
    await s7Price("tariffs", body("42.5", "GCR", {}));
    await s7Price("tariffs", body("43.5", "PER", { included: ["S7-FWD1-001"] }));
    await s7Price("tariffs", body("44.5", "DGR", { included: ["S7-FWD2-001"] }));

    const fwd = await signedIn(S7, "forwarder");
    const list = await fwd.request(S7, `${TARIFFS}?origin=IKT`);
    expect(list.status).toBe(200);
    const text = textOf(list.body);
    expect(text).toContain("42.50");
    expect(text).toContain("43.50");
    expect(text).not.toContain("44.50");
    expect(list.body).not.toContain(`href="${TARIFFS}/create"`);

    const news = await fwd.request(S7, `${TARIFFS}?mode=new&origin=IKT`);
    expect((news.body.match(/data-testid="new-\d+"/g) ?? []).length).toBe(2);

    const dialog = await fwd.request(S7, `${TARIFFS}?mode=new&origin=IKT&dialog=confirm`);
    expect(dialog.body).toContain('data-testid="confirm-dialog"');
    const ids = [...dialog.body.matchAll(/<input\b[^>]*name="ids"[^>]*>/g)].map((m) => m[0].match(/value="(\d+)"/)![1]!);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const confirmed = await fwd.request(S7, `${TARIFFS}?mode=new&origin=IKT&dialog=confirm`, { method: "POST", form: { csrf: hiddenInput(dialog.body, "csrf")!, intent: "confirm", ids } });
    expect([confirmed.status, confirmed.location]).toEqual([302, `${TARIFFS}?mode=new&origin=IKT`]);
    const after = await fwd.request(S7, confirmed.location!);
    expect(textOf(after.body)).toContain("Tariff notified");
    expect(textOf(after.body)).toContain("No tariffs match.");
    expect(textOf((await fwd.request(S7, `${TARIFFS}?origin=IKT`)).body)).toContain("Confirmed");
  });

  it("on a tenant whose agreement hides tariffs: the translated not-available message, not an error page", async () => {
    const fwd = await signedIn("su.localhost", "forwarder");
    for (const path of [TARIFFS, CHARGES, SURCHARGES]) {
      const page = await fwd.request("su.localhost", path);
      expect(page.status, path).toBe(200);
      expect(textOf(page.body)).toContain("Information about tariffs is not available");
    }
  });

  it("an airline cannot post a confirmation (the route table lets forwarders only)", async () => {
    const manager = await signedIn(S7, "s7.manager");
    const list = await manager.request(S7, TARIFFS);
    const post = await manager.request(S7, TARIFFS, { method: "POST", form: { csrf: hiddenInput(list.body, "csrf")!, intent: "confirm", ids: ["1"] } });
    expect(post.status).toBe(404);
  });
});

describe("the lists as spreadsheets", () => {
  afterEach(() => bff.msw.resetHandlers());

  it("the XLSX link carries the list's filters; the file is the API's billing/tariffs.xlsx, passed through under its name", async () => {
    // the spreadsheet is the API's (GET billing/{kind}.xlsx); here only the BFF's half: what it asks and what it hands on
    const asked: string[] = [];
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/billing/tariffs.xlsx`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse("PK-sheet", { headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "content-disposition": 'attachment; filename="tariffs.xlsx"' } });
      }),
    );
    const operator = await signedIn(S7, "s7.operator");
    const list = await operator.request(S7, `${TARIFFS}?mode=route&origin=KJA&destination=OVB&page=2`);
    const href = list.body.match(/<a\b[^>]*data-testid="prices-xlsx"[^>]*>/)?.[0].match(/href="([^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(href).toBe(`${TARIFFS}/tariffs.xlsx?mode=route&origin=KJA&destination=OVB`);
    const file = await operator.request(S7, href!);
    expect(file.status).toBe(200);
    expect(file.body).toBe("PK-sheet");
    expect(file.headers.get("content-disposition")).toContain("tariffs.xlsx");
    expect(asked).toEqual(["?mode=route&origin=KJA&destination=OVB"]);
  });
});
