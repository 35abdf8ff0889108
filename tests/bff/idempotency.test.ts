/**
 * Issue 12 "double submission" through the BFF against the real API: every mutating form carries a hidden
 * idempotency_key (new on every page answer, distinct per form), the BFF sends it as the Idempotency-Key of its API
 * calls, and the same create form posted twice (a double click without JS, or two posts at the same moment) makes one
 * air waybill and answers both posts alike. Waybills are counted by a commodity this file alone uses.
 */
import { count, eq } from "drizzle-orm";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { airWaybills } from "../../api/db/schema";
import { hiddenInput, textOf, useBff, type Browser, formPageOf } from "./harness";
import { spareParts } from "./waybills";

const bff = useBff();
const S7 = "s7.localhost";
const PAGE = "/dashboard/air-waybills/create";

const cargo = (commodity: string) => spareParts({ commodity });

const waybillsWith = async (commodity: string) =>
  (await bff.api.database.db.select({ n: count() }).from(airWaybills).where(eq(airWaybills.commodity, commodity)))[0]!.n;

/** Every value of a hidden input named `name` on a page. */
const allHidden = (html: string, name: string) =>
  (html.match(/<input\b[^>]*>/g) ?? []).filter((t) => t.includes(`name="${name}"`)).map((t) => t.match(/\bvalue="([^"]*)"/)?.[1] ?? "");

/** The create form as the browser has it: its CSRF token and its idempotency key. */
async function createForm(browser: Browser) {
  const page = await formPageOf(browser, S7, PAGE);
  expect(page.status).toBe(200);
  const landed = new URL(page.url);
  return { csrf: hiddenInput(page.body, "csrf")!, key: hiddenInput(page.body, "idempotency_key")!, action: `${landed.pathname}${landed.search}` };
}

/** Posted where the browser posts it: the address the page ended on, its form instance (?form=) included. */
const post = (browser: Browser, form: { csrf: string; key: string; action: string }, commodity: string) =>
  browser.request(S7, form.action, { method: "POST", form: { csrf: form.csrf, idempotency_key: form.key, ...cargo(commodity) } });

describe("the hidden field", () => {
  it("is on the create form: stable within a page, new on every answer, distinct for each form of a page", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const first = await createForm(forwarder);
    const second = await createForm(forwarder);
    // the root loader's 16-character seed, then the form's useId
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{16}:.+:$/);
    expect(second.key).not.toBe(first.key);

    const created = await post(forwarder, first, "IDEM BFF PAGE");
    expect(created.status, textOf(created.body).slice(0, 400)).toBe(302);
    // the shipment page has several forms (state actions, documents, ...): each its own key
    const shipment = await forwarder.get(S7, created.location!, { follow: true });
    const keys = allHidden(shipment.body, "idempotency_key");
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(keys.length);
    expect(allHidden(shipment.body, "csrf")).toHaveLength(keys.length);
  });
});

describe("the same create form posted twice", () => {
  it("one after the other (a double click without JS): one waybill, both answers lead to it", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const form = await createForm(forwarder);
    const sent: string[] = [];
    const spy = ({ request }: { request: Request }) => {
      if (request.method === "POST" && new URL(request.url).pathname === "/api/v3/air_waybills") sent.push(request.headers.get("Idempotency-Key") ?? "");
    };
    bff.msw.events.on("request:start", spy);
    try {
      const first = await post(forwarder, form, "IDEM BFF TWICE");
      const again = await post(forwarder, form, "IDEM BFF TWICE");
      expect(first.status, textOf(first.body).slice(0, 400)).toBe(302);
      expect(again.status).toBe(302);
      expect(again.location).toBe(first.location);
    } finally {
      bff.msw.events.removeListener("request:start", spy);
    }
    expect(await waybillsWith("IDEM BFF TWICE")).toBe(1);
    // the API got the form's key (one derived key, the same both times)
    expect(sent).toHaveLength(2);
    expect(sent[0]!.startsWith(`${form.key}:`)).toBe(true);
    expect(sent[1]).toBe(sent[0]);
  });

  it("at the same moment: one waybill", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const form = await createForm(forwarder);
    const answers = await Promise.all([post(forwarder, form, "IDEM BFF RACE"), post(forwarder, form, "IDEM BFF RACE")]);
    for (const answer of answers) expect(answer.status, textOf(answer.body).slice(0, 400)).toBe(302);
    expect(answers[1]!.location).toBe(answers[0]!.location);
    expect(await waybillsWith("IDEM BFF RACE")).toBe(1);
  });

  it("from a new answer of the page (a new submission): a second waybill, as the user asked", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const one = await post(forwarder, await createForm(forwarder), "IDEM BFF NEW FORM");
    const two = await post(forwarder, await createForm(forwarder), "IDEM BFF NEW FORM");
    expect([one.status, two.status]).toEqual([302, 302]);
    expect(two.location).not.toBe(one.location);
    expect(await waybillsWith("IDEM BFF NEW FORM")).toBe(2);
  });
});

describe("a repeat while the first is still being saved", () => {
  it("says so in the user's words (the API's 409 request_in_progress), and creates nothing", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const form = await createForm(forwarder);
    bff.msw.use(
      http.post(`${bff.api.url}/api/v3/air_waybills`, () =>
        HttpResponse.json({ error: "request_in_progress", error_description: "A request with this Idempotency-Key is still in progress" }, { status: 409 }),
      ),
    );
    try {
      const answer = await post(forwarder, form, "IDEM BFF BUSY");
      expect([answer.status, answer.refused]).toEqual([200, 409]);
      expect(textOf(answer.body)).toContain("This form is already being saved. Wait a moment and check the result before sending it again.");
    } finally {
      bff.msw.resetHandlers();
    }
    expect(await waybillsWith("IDEM BFF BUSY")).toBe(0);
  });
});

