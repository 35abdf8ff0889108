/**
 * The offers pages (spec 1 §2 "Offers"; issue 24) through the BFF against the real API, as a browser without
 * JavaScript uses them: the list with its status tabs in the URL, a new offer saved as a draft from the form, a bad
 * amount refused beside its field with everything typed kept (English and Russian), "Create offer" sending it, the
 * steps of the graph the page offers (accept, close, delete), "Book" opening the create page with the offer's flights,
 * the waybill without booking, the document; nobody but the forwarder Default on the forwarder host may open them.
 */
import { describe, expect, it } from "vitest";
import { fieldErrorOf, formPageOf, inLanguage, linksOf, submit, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
const HOST = "cargo.localhost";
const LIST = "/dashboard/offers";
const FORWARDER = "forwarder@cargodesk.test";

/** The value attribute of the input named `name`, whatever the attribute order. */
const inputValue = (html: string, name: string) =>
  (html.match(/<input\b[^>]*>/g) ?? []).filter((tag) => tag.includes(`name="${name}"`)).map((tag) => tag.match(/\bvalue="([^"]*)"/)?.[1]).find((v) => v !== undefined);

/** A draft's fields as the form posts them: one freight line sold with a margin, one dimension row. */
const DRAFT = {
  intent: "draft",
  origin_iata: "DME",
  destination_iata: "OVB",
  carrier: "S7",
  pieces: "3",
  weight: "150",
  commodity: "SPARE PARTS",
  customer_name: "Ural Retail",
  "customer.city": "Yekaterinburg",
  "rates[0].type": "airfreight",
  "rates[0].code": "FRT",
  "rates[0].rate_class_code": "N",
  "rates[0].basis": "weight",
  "rates[0].rate": "2.20",
  "rates[0].outgoing_amount": "360",
  "rates[0].currency": "USD",
  "rates[0].company": "carrier",
  "dimensions[0].pieces": "3",
  "dimensions[0].length": "80",
  "dimensions[0].width": "60",
  "dimensions[0].height": "50",
};

async function createDraft(forwarder: Browser, fields: Record<string, string> = DRAFT): Promise<string> {
  const created = await submit(forwarder, HOST, `${LIST}/create`, fields);
  expect(created.status, textOf(created.body).slice(0, 400)).toBe(302);
  expect(created.location).toMatch(/^\/dashboard\/offers\/\d+$/);
  return created.location!;
}

describe("the offers list", () => {
  it("shows the demo offers by status tab, the tab and the search in the URL", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const first = await forwarder.request(HOST, LIST);
    expect(first.status).toBe(200);
    expect(first.body).toContain('data-testid="offers-list"');
    // the tabs are links, the first one open
    expect(linksOf(first.body)).toEqual(expect.arrayContaining([`${LIST}?status=created`, `${LIST}?status=sent`, `${LIST}?status=accepted`, `${LIST}?status=closed`, `${LIST}?status=all`]));
    expect(textOf(first.body)).toContain("Created");
    // the demo draft
    expect(textOf(first.body)).toContain("DME → OVB (S7)");

    const accepted = await forwarder.request(HOST, `${LIST}?status=accepted`);
    const text = textOf(accepted.body);
    expect(text).toContain("Accepted");
    expect(text).toMatch(/OF-\d{6}/);
    // the customer's price, per currency: 300.00 freight and a 15.00 fee; the pick-up in roubles
    expect(text).toContain("4500.00 RUB, 315.00 USD");
    const closed = textOf((await forwarder.request(HOST, `${LIST}?status=closed&q=KJA`)).body);
    expect(closed).toContain("OVB → KJA");
    expect(closed).not.toContain("DME → OVB");
  });

  it("is in Russian for a Russian reader", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const text = await inLanguage(forwarder, HOST, "ru", async () => textOf((await forwarder.request(HOST, `${LIST}?status=all`)).body));
    for (const word of ["Создано", "Отправлено", "Принято", "Закрыто", "Новое предложение"]) expect(text).toContain(word);
  });
});

describe("an offer from the form, without JavaScript", () => {
  it("saves a draft with its margin and totals, then 'Create offer' sends it", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const href = await createDraft(forwarder);
    const page = await forwarder.request(HOST, href);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain("saved as a draft");
    expect(text).toContain("Created");
    // 2.20 × 150 kg = 330.00 paid, 360.00 asked: 30.00 margin
    expect(text).toMatch(/330\.00\s+360\.00\s+30\.00\s+USD/);
    expect(page.body).toContain('data-testid="offer-form"');
    expect(inputValue(page.body, "rates[0].outgoing_amount")).toBe("360.00");

    const sent = await submit(forwarder, HOST, href, { ...DRAFT, intent: "send" });
    expect(sent.status, textOf(sent.body).slice(0, 400)).toBe(302);
    const after = await forwarder.request(HOST, href);
    expect(textOf(after.body)).toContain("created and sent");
    // a sent offer is no longer edited: no form, Accept and Close instead
    expect(after.body).not.toContain('data-testid="offer-form"');
    expect(after.body).toContain('data-testid="offer-accept"');
    expect(after.body).not.toContain('data-testid="offer-delete"');
  });

  it("refuses a bad amount beside its field, in the reader's language, keeping what was typed", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const fields = { ...DRAFT, "rates[0].rate": "1e309", commodity: "KEEP ME" };
    const refused = await submit(forwarder, HOST, `${LIST}/create`, fields);
    expect(refused.refused ?? refused.status).toBe(400);
    expect(fieldErrorOf(refused.body, "rates[0].rate")).toBe("must be a decimal amount such as 1234.50");
    expect(inputValue(refused.body, "rates[0].rate")).toBe("1e309");
    expect(inputValue(refused.body, "commodity")).toBe("KEEP ME");

    const russian = await inLanguage(forwarder, HOST, "ru", () => submit(forwarder, HOST, `${LIST}/create`, { ...fields, "rates[0].rate": "-0" }));
    expect(fieldErrorOf(russian.body, "rates[0].rate")).toMatch(/минус нул/i);

    // the API's own refusal (a currency the list has not, said by code) lands beside its field too
    const api = await submit(forwarder, HOST, `${LIST}/create`, { ...DRAFT, origin_iata: "ZZZ" });
    expect(api.refused ?? api.status).toBe(422);
    expect(fieldErrorOf(api.body, "origin_iata")).toContain("ZZZ");
    expect(inputValue(api.body, "rates[0].rate")).toBe("2.20");
  });

  it("adds a rate line without JavaScript and keeps the rest", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const added = await submit(forwarder, HOST, `${LIST}/create`, { ...DRAFT, __intent__: JSON.stringify({ type: "insert", payload: { name: "rates" } }) });
    expect(added.status).toBe(200);
    expect(added.body.match(/data-testid="rate-row"/g)).toHaveLength(2);
    expect(inputValue(added.body, "rates[0].rate")).toBe("2.20");
  });
});

describe("the steps of an offer's page", () => {
  it("accepts, books on the offer's flights, creates the waybill without booking, downloads, closes", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    // the demo's accepted offer has a trip on a coming S7 flight
    const accepted = await forwarder.request(HOST, `${LIST}?status=accepted&q=MACHINE`);
    const href = linksOf(accepted.body).find((l) => /^\/dashboard\/offers\/\d+$/.test(l))!;
    const page = await forwarder.request(HOST, href);
    const book = linksOf(page.body).find((l) => l.startsWith("/dashboard/air-waybills/create?"));
    expect(book).toBeDefined();
    const query = new URL(book!, "http://x").searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ origin_iata: "DME", destination_iata: "OVB", pieces: "2", weight: "120" });
    expect(query.get("trip")).toMatch(/^\d+$/);
    const create = await formPageOf(forwarder, HOST, book!);
    expect(create.status).toBe(200);
    expect(inputValue(create.body, "origin_iata")).toBe("DME");

    const pdf = await forwarder.request(HOST, `${href}/offer.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");

    // the waybill without booking: HS codes asked for, then made
    const noCodes = await submit(forwarder, HOST, href, { intent: "create_awb", hs_codes: "" });
    expect(noCodes.refused ?? noCodes.status).toBe(400);
    const made = await submit(forwarder, HOST, href, { intent: "create_awb", hs_codes: "847990" });
    expect(made.status, textOf(made.body).slice(0, 400)).toBe(302);
    expect(made.location).toMatch(/^\/dashboard\/shipments\/\d{3}-\d{8}$/);
    const mawb = made.location!.split("/").pop()!;
    expect(textOf((await forwarder.request(HOST, href)).body)).toContain(mawb);
  });

  it("accepts a sent offer and closes it; a stale step is refused in words", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const href = await createDraft(forwarder);
    expect((await submit(forwarder, HOST, href, { ...DRAFT, intent: "send" })).status).toBe(302);
    expect((await submit(forwarder, HOST, href, { intent: "accept" })).status).toBe(302);
    expect(textOf((await forwarder.request(HOST, href)).body)).toContain("accepted");
    expect((await submit(forwarder, HOST, href, { intent: "close" })).status).toBe(302);
    // accepting again (an old tab): the API's refusal, translated
    const stale = await submit(forwarder, HOST, href, { intent: "accept" });
    expect(stale.refused ?? stale.status).toBe(422);
    expect(textOf(stale.body)).toContain("The offer is Closed");
  });

  it("deletes a draft", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const href = await createDraft(forwarder);
    const gone = await submit(forwarder, HOST, href, { intent: "delete" });
    expect(gone.status).toBe(302);
    expect(gone.location).toBe(LIST);
    expect((await forwarder.request(HOST, href)).status).toBe(404);
  });
});

describe("who may open the offers", () => {
  it("only the forwarder Default on the forwarder host: others see the not-found page", async () => {
    const cases: Array<[string, string]> = [
      ["s7.manager@cargodesk.test", "s7.localhost"],
      ["platform@cargodesk.test", "localhost"],
      [FORWARDER, "localhost"],
      ["forwarder.admin@cargodesk.test", HOST],
    ];
    for (const [email, host] of cases) {
      const browser = await bff.signedIn(host, email);
      for (const path of [LIST, `${LIST}/create`]) {
        const page = await browser.request(host, path);
        expect(page.body.includes('data-testid="not-found"') || page.status === 404, `${email} at ${host} ${path}`).toBe(true);
        expect(page.body).not.toContain('data-testid="offers-list"');
      }
    }
  });
});
