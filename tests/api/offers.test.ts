import { and, asc, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airWaybills, forwarderCustomers, segments } from "../../api/db/schema";
import { pdfText } from "./documents-pdf";
import { callsOn, configuredNow, useTestApi, type Tokens } from "./helpers";

// Offers (issue 24; spec 2 §3 "Offer", §4): a forwarder's quotation goes created → sent → accepted, ships as a waybill
// without booking and is closed; the graph refuses every other step with 422 offer_state_forbids naming the state.
// Amounts are decimal text, refused with a code under their field when written otherwise. A forwarder sees its own
// offers only (another's id: 404); airline and platform users may not use offers (403). Offers are created fresh by
// each test and picked by their id.

const { t, accounts } = useTestApi({ signIn: ["forwarder", "fwdTwo", "s7Manager", "platform"] });
const fwd = callsOn(t);
const s7 = callsOn(t, "s7");

const day = (days: number) => new Date(configuredNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** A coming S7 flight DME→OVB (the demo schedule flies it daily): the offer's trip. */
async function s7Flight() {
  const [leg] = await t.database.db
    .select()
    .from(segments)
    .where(and(eq(segments.carrier, "S7"), eq(segments.origin_iata, "DME"), eq(segments.destination_iata, "OVB"), gt(segments.std, new Date(configuredNow().getTime() + 86_400_000))))
    .orderBy(asc(segments.std))
    .limit(1);
  if (!leg) throw new Error("the demo has no coming S7 DME-OVB flight");
  return leg;
}

const RATES = [
  { type: "airfreight", code: "FRT", rate_class_code: "N", description: "Airfreight", rate: "2.45", basis: "weight", currency: "USD", incoming_amount: null, outgoing_amount: "300" },
  { type: "charge", code: "PUP", description: "Pick-up", rate: "30", basis: "fixed_value", currency: "USD", company: "agent", outgoing_amount: "45.50" },
  { type: "charge", code: "AWC", description: "Waybill fee", rate: "500", basis: "fixed_value", currency: "RUB" },
];

async function newOffer(extra: Record<string, unknown> = {}, tokens: Tokens = accounts.forwarder) {
  const leg = await s7Flight();
  const res = await fwd(tokens, "POST", "/api/v3/offers", {
    offer: {
      customer: { name: "Volga Machinery", address: "Nizhegorodskaya 32", city: "Moscow", country_code: "RU", post_code: "109029" },
      origin_iata: "DME",
      destination_iata: "OVB",
      pieces: 2,
      weight: "120",
      commodity: "MACHINE PARTS",
      valid_until: day(20),
      segments: [leg.id],
      ...extra,
    },
    rates: RATES,
    dimensions: [{ pieces: 2, length: 100, width: 50, height: 40 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("an offer's life", () => {
  it("is drafted with its rates, dimensions and trip: a forwarder number, amounts rounded once, totals per currency", async () => {
    const offer = await newOffer();
    const leg = await s7Flight();
    expect(offer).toMatchObject({
      status: "created",
      carrier: "S7",
      forwarder_short_name: "FWDONE",
      customer_name: "Volga Machinery",
      origin_iata: "DME",
      destination_iata: "OVB",
      date_toa: leg.std.toISOString().slice(0, 10),
      pieces: 2,
      weight: 120,
      volume: 0.4,
      created_by: "forwarder@cargodesk.test",
      segments: [{ segment_id: leg.id, number_with_date: leg.number_with_date, origin_iata: "DME", destination_iata: "OVB" }],
      actions: { edit: true, delete: true, send: true, accept: false, close: true, create_awb: false, book: false },
    });
    expect(offer.number).toMatch(/^OF-\d{6}$/);
    // 2.45 × 120 kg = 294.00 paid; sold for 300.00: a margin of 6.00
    expect(offer.rates[0]).toMatchObject({ rate: "2.45", base_value: "120", amount: "294.00", incoming_amount: "294.00", outgoing_amount: "300.00", margin: "6.00", added_by: "forwarder@cargodesk.test" });
    expect(offer.rates[1]).toMatchObject({ base_value: "1", amount: "30.00", outgoing_amount: "45.50", margin: "15.50", company: "agent" });
    expect(offer.totals).toEqual([
      { currency: "RUB", incoming_amount: "500.00", outgoing_amount: "500.00", margin: "0.00" },
      { currency: "USD", incoming_amount: "324.00", outgoing_amount: "345.50", margin: "21.50" },
    ]);
    expect(offer.dimensions).toEqual([expect.objectContaining({ pieces: 2, length: 100, width: 50, height: 40, volume: 0.4 })]);
    // numbers follow each other per forwarder
    const next = await newOffer();
    expect(Number(next.number.slice(3))).toBe(Number(offer.number.slice(3)) + 1);
  });

  it("goes created → sent → accepted, ships as a waybill without booking and stays accepted, then closes", async () => {
    const offer = await newOffer();
    const edited = await fwd(accounts.forwarder, "PATCH", `/api/v3/offers/${offer.id}`, { offer: { comment: "Rates hold for this week" }, rates: [RATES[0]] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ comment: "Rates hold for this week", rates: [expect.objectContaining({ code: "FRT" })] });
    expect(edited.json().rates).toHaveLength(1);

    const sent = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "sent", actions: { edit: false, accept: true, close: true, send: false } });
    expect(sent.json().sent_at).not.toBeNull();

    const accepted = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "accepted", actions: { create_awb: true, book: true, close: true } });

    const awb = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/air_waybill`, { hs_codes: ["847990"] });
    expect(awb.statusCode, awb.body).toBe(201);
    const mawb = awb.json().mawb as string;
    expect(awb.json()).toMatchObject({ carrier: "S7", origin_iata: "DME", destination_iata: "OVB", pieces: 2, weight: 120, commodity: "MACHINE PARTS" });
    const [row] = await t.database.db.select().from(airWaybills).where(eq(airWaybills.mawb, mawb));
    expect(row!.shipper).toMatchObject({ name: "Volga Machinery", city: "Moscow" });
    // without booking: no flight holds it
    expect(row!.booking_status).toBe("none");

    const after = (await fwd(accounts.forwarder, "GET", `/api/v3/offers/${offer.id}`)).json();
    expect(after).toMatchObject({ status: "accepted", air_waybills: [mawb] });

    const closed = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", actions: { edit: false, close: false, create_awb: false, book: false } });
    const late = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/air_waybill`, { hs_codes: ["847990"] });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: "offer_state_forbids", params: { state: "closed", action: "create_awb" } });
  });

  it("\"create offer\" saves and sends at once; a list's tab holds each offer by its status", async () => {
    const offer = await newOffer({ commodity: "TAB CHECK" });
    const sentAtOnce = await fwd(accounts.forwarder, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "10", commodity: "TAB CHECK" }, rates: [RATES[1]], send: true });
    expect(sentAtOnce.statusCode, sentAtOnce.body).toBe(201);
    expect(sentAtOnce.json().status).toBe("sent");
    const list = (status: string) => fwd(accounts.forwarder, "GET", `/api/v3/offers?status=${status}&q=tab%20check&per_page=100`).then((r) => r.json());
    const created = await list("created");
    expect(created.data.map((o: { id: number }) => o.id)).toEqual([offer.id]);
    expect(created.data[0].totals).toEqual(offer.totals);
    expect(created.meta).toMatchObject({ current_page: 1, total_count: 1, per_page: 100 });
    expect((await list("sent")).data.map((o: { id: number }) => o.id)).toEqual([sentAtOnce.json().id]);
    expect((await list("all")).meta.total_count).toBe(2);
    expect((await fwd(accounts.forwarder, "GET", "/api/v3/offers?status=lost")).statusCode).toBe(422);
  });

  it("deletes a draft only", async () => {
    const draft = await newOffer();
    expect((await fwd(accounts.forwarder, "DELETE", `/api/v3/offers/${draft.id}`)).statusCode).toBe(204);
    expect((await fwd(accounts.forwarder, "GET", `/api/v3/offers/${draft.id}`)).statusCode).toBe(404);
    const sent = await newOffer();
    await fwd(accounts.forwarder, "POST", `/api/v3/offers/${sent.id}/send`);
    const refused = await fwd(accounts.forwarder, "DELETE", `/api/v3/offers/${sent.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: "offer_state_forbids", params: { state: "sent", action: "delete" } });
  });
});

describe("the demo", () => {
  it("gives the demo forwarder an offer in each status, the accepted one on a coming flight", async () => {
    for (const status of ["created", "sent", "accepted", "closed"]) {
      const list = (await fwd(accounts.forwarder, "GET", `/api/v3/offers?status=${status}&q=OF-00000`)).json();
      expect(list.meta.total_count, status).toBeGreaterThanOrEqual(1);
    }
    const [accepted] = (await fwd(accounts.forwarder, "GET", "/api/v3/offers?status=accepted&q=MACHINE")).json().data;
    const offer = (await fwd(accounts.forwarder, "GET", `/api/v3/offers/${accepted.id}`)).json();
    expect(offer.actions).toMatchObject({ create_awb: true, book: true });
    expect(Date.parse(offer.segments[0].std)).toBeGreaterThan(configuredNow().getTime());
    expect((await fwd(accounts.fwdTwo, "GET", "/api/v3/offers")).json().meta.total_count).toBe(0);
  });
});

describe("what the graph refuses", () => {
  it("answers 422 naming the state for every step it does not allow", async () => {
    const offer = await newOffer();
    const refusedAs = async (method: "POST" | "PATCH" | "DELETE", path: string, state: string, action: string, payload?: object) => {
      const res = await fwd(accounts.forwarder, method, `/api/v3/offers/${offer.id}${path}`, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(422);
      expect(res.json(), `${method} ${path}`).toMatchObject({ code: "offer_state_forbids", params: { state, action } });
    };
    await refusedAs("POST", "/accept", "created", "accept");
    await refusedAs("POST", "/air_waybill", "created", "create_awb", { hs_codes: ["847990"] });
    await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/send`);
    await refusedAs("POST", "/send", "sent", "send");
    await refusedAs("PATCH", "", "sent", "edit", { offer: { comment: "changed" } });
    await refusedAs("POST", "/rates", "sent", "edit", { rate: RATES[1] });
    await refusedAs("DELETE", `/rates/${offer.rates[0].id}`, "sent", "edit");
    await refusedAs("POST", "/dimensions", "sent", "edit", { dimension: { pieces: 1, length: 10, width: 10, height: 10 } });
    await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/close`);
    await refusedAs("POST", "/accept", "closed", "accept");
    await refusedAs("POST", "/close", "closed", "close");
    // the offer is as the last allowed step left it
    expect((await fwd(accounts.forwarder, "GET", `/api/v3/offers/${offer.id}`)).json()).toMatchObject({ status: "closed", rates: expect.arrayContaining([expect.objectContaining({ code: "FRT" })]) });
  });

  it("sends nothing without a price, and nothing past valid_until", async () => {
    const bare = await fwd(accounts.forwarder, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "5" } });
    expect(bare.statusCode).toBe(201);
    const unpriced = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${bare.json().id}/send`);
    expect(unpriced.statusCode).toBe(422);
    expect(unpriced.json().error_codes).toEqual({ rates: [{ code: "offer_needs_rates", params: {} }] });

    const lapsed = await newOffer({ valid_until: day(-1) });
    const res = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${lapsed.id}/send`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "offer_expired", params: { valid_until: day(-1) } });
  });

  it("adds and removes lines of a draft one by one, the volume following its rows", async () => {
    const offer = await newOffer();
    const added = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/dimensions`, { dimension: { pieces: 1, length: 100, width: 100, height: 100 } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().volume).toBe(1.4);
    const rate = await fwd(accounts.forwarder, "POST", `/api/v3/offers/${offer.id}/rates`, { rate: { type: "charge", code: "SCC", rate: "0.1", base_value: "3", basis: "weight", currency: "EUR" } });
    expect(rate.statusCode, rate.body).toBe(201);
    const scc = rate.json().rates.find((r: { code: string }) => r.code === "SCC");
    expect(scc).toMatchObject({ amount: "0.30", outgoing_amount: "0.30" });
    const removed = await fwd(accounts.forwarder, "DELETE", `/api/v3/offers/${offer.id}/rates/${scc.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().rates.map((r: { code: string }) => r.code)).toEqual(["FRT", "PUP", "AWC"]);
    const listed = await fwd(accounts.forwarder, "GET", `/api/v3/offers/${offer.id}/dimensions`);
    expect(listed.json().data).toHaveLength(2);
  });
});

describe("input limits", () => {
  it.each([
    ["1e309", "amount_not_decimal"],
    ["0x10", "amount_not_decimal"],
    ["-0", "amount_negative_zero"],
    ["1234567890123456789012345678901234567890", "amount_too_long"],
  ])("refuses the amount %s with %s under the field that holds it", async (text, code) => {
    for (const field of ["rate", "outgoing_amount"]) {
      const res = await fwd(accounts.forwarder, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "10" }, rates: [{ ...RATES[1], [field]: text }] });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error_codes[`rates.0.${field}`], res.body).toEqual([expect.objectContaining({ code })]);
    }
    // a JSON number that is not finite reaches the API as the literal: refused the same way
    const raw = await t.app.inject({
      method: "POST",
      url: "/api/v3/offers",
      headers: { authorization: `Bearer ${accounts.forwarder.access_token}`, "content-type": "application/json" },
      payload: `{"offer":{"origin_iata":"DME","destination_iata":"OVB","pieces":1,"weight":"10"},"rates":[{"type":"charge","code":"PUP","basis":"fixed_value","currency":"USD","rate":1e309}]}`,
    });
    expect(raw.statusCode).toBeGreaterThanOrEqual(400);
    expect(raw.statusCode).toBeLessThan(500);
    expect(JSON.stringify(raw.json())).toContain("rate");
  });

  it("names every bad field: blanks, unknown codes, currencies outside the list, a trip that does not lead there, too many lines", async () => {
    const leg = await s7Flight();
    const res = await fwd(accounts.forwarder, "POST", "/api/v3/offers", {
      offer: { origin_iata: "DME", destination_iata: "KJA", weight: "10", shcs: ["ZZZ"], customer_id: 999999, segments: [leg.id] },
      rates: [{ ...RATES[1], currency: "XYZ" }],
    });
    expect(res.statusCode, res.body).toBe(422);
    const codes = res.json().error_codes;
    expect(codes.pieces).toEqual([expect.objectContaining({ code: "blank" })]);
    expect(codes.shcs).toEqual([expect.objectContaining({ code: "unknown_shc" })]);
    expect(codes.customer_id).toEqual([expect.objectContaining({ code: "customer_not_found" })]);
    expect(codes.segments).toEqual([expect.objectContaining({ code: "offer_trip_route", params: { origin: "DME", destination: "KJA" } })]);

    const currency = await fwd(accounts.forwarder, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "10" }, rates: [{ ...RATES[1], currency: "XYZ" }] });
    expect(currency.statusCode).toBe(422);
    expect(currency.json().error_codes["rates.0.currency"]).toEqual([expect.objectContaining({ code: "currency_unknown" })]);

    const many = await fwd(accounts.forwarder, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "10" }, rates: Array.from({ length: 51 }, () => RATES[1]) });
    expect(many.statusCode).toBe(422);
    expect(many.json().error_codes.rates).toEqual([expect.objectContaining({ code: "too_many", params: { max: 50 } })]);

    const long = await fwd(accounts.forwarder, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "10", comment: "x".repeat(2001) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().error_codes.comment).toEqual([expect.objectContaining({ code: "too_long" })]);
  });

  it("fills the customer from the forwarder's own customer record", async () => {
    const [volga] = await t.database.db.select().from(forwarderCustomers).where(eq(forwarderCustomers.name, "Volga Machinery"));
    const res = await fwd(accounts.forwarder, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "10", customer_id: volga!.id } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ customer_id: volga!.id, customer_name: "Volga Machinery", customer: { city: "Moscow", tax_id: "7722000011" } });
    // another forwarder's customer is none of this one's
    const other = await fwd(accounts.fwdTwo, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "10", customer_id: volga!.id } });
    expect(other.statusCode).toBe(422);
    expect(other.json().error_codes.customer_id).toEqual([expect.objectContaining({ code: "customer_not_found" })]);
  });
});

describe("who may", () => {
  it("shows a forwarder its own offers only: another's id is not found, and its list leaves them out", async () => {
    const offer = await newOffer();
    for (const [method, path] of [["GET", ""], ["PATCH", ""], ["DELETE", ""], ["POST", "/send"], ["GET", "/rates"], ["GET", ".pdf"]] as const) {
      const res = await fwd(accounts.fwdTwo, method, `/api/v3/offers/${offer.id}${path}`, method === "PATCH" ? { offer: { comment: "mine now" } } : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = (await fwd(accounts.fwdTwo, "GET", "/api/v3/offers?per_page=100")).json();
    expect(list.data.map((o: { id: number }) => o.id)).not.toContain(offer.id);
    // and its draft is as it was
    expect((await fwd(accounts.forwarder, "GET", `/api/v3/offers/${offer.id}`)).json()).toMatchObject({ status: "created", comment: null });
  });

  it("refuses airline and platform users (offers are a forwarder's business)", async () => {
    const offer = await newOffer();
    for (const [call, tokens] of [[s7, accounts.s7Manager], [fwd, accounts.platform]] as const) {
      expect((await call(tokens, "GET", "/api/v3/offers")).statusCode).toBe(403);
      const one = await call(tokens, "GET", `/api/v3/offers/${offer.id}`);
      expect(one.statusCode).toBe(403);
      expect(one.json()).toMatchObject({ code: "access_denied", params: { action: "offers" } });
      expect((await call(tokens, "POST", "/api/v3/offers", { offer: { origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "10" } })).statusCode).toBe(403);
    }
  });
});

describe("the offer's document", () => {
  it("is a real PDF named offer.pdf with the number, the customer, the route, the customer's prices and the totals", async () => {
    const offer = await newOffer();
    const res = await fwd(accounts.forwarder, "GET", `/api/v3/offers/${offer.id}.pdf`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    expect(res.headers["content-disposition"]).toContain('filename="offer.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const words = (await pdfText(new Uint8Array(res.rawPayload))).flat().map((w) => w.str).join(" ");
    expect(words).toContain(offer.number);
    expect(words).toContain("Volga Machinery");
    expect(words).toContain("DME → OVB");
    expect(words).toContain(`Valid until ${day(20)}`);
    // the customer's prices (outgoing), never the forwarder's cost
    expect(words).toContain("300.00 USD");
    expect(words).toContain("345.50 USD");
    expect(words).toContain("500.00 RUB");
    expect(words).not.toContain("294.00");
  });
});

describe("an offer priced by the airline's tariffs", () => {
  it("gets the rate engine's lines for the forwarder's account as its incoming figures when it brings no airfreight of its own", async () => {
    const leg = await s7Flight();
    const res = await fwd(accounts.forwarder, "POST", "/api/v3/offers", {
      offer: { carrier: "S7", origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: "40", date_toa: leg.flight_date, valid_until: day(20), segments: [leg.id] },
      rates: [{ type: "charge", code: "PUP", description: "Pick-up", rate: "30", basis: "fixed_value", currency: "RUB", company: "agent", outgoing_amount: "45.50" }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const rates = res.json().rates as Array<{ type: string; code: string; incoming_amount: string; outgoing_amount: string; company: string }>;
    // Forwarder One's DME-OVB deal: 40 kg at N 90 = 3 600, the 45 kg break 79 × 45 = 3 555 is cheaper; AWB fee 450,
    // fuel 500 (its minimum), security 3.2 × 40 = 128; the forwarder's own pick-up stays.
    const carrier = Object.fromEntries(rates.filter((r) => r.company === "carrier").map((r) => [r.code, r.incoming_amount]));
    expect(carrier).toEqual({ [rates.find((r) => r.type === "airfreight")!.code]: "3555.00", AWC: "450.00", MYC: "500.00", SCC: "128.00" });
    expect(rates.find((r) => r.code === "PUP")).toMatchObject({ company: "agent", outgoing_amount: "45.50" });
  });
});
