/**
 * The forwarders' booking search (spec 1 §2 "/offers/select", §Offers "Order selection has route and segment tabs")
 * through the BFF against the real API: forwarder@ lands on it on the forwarder host; a DME→OVB search lists the S7
 * flights (the forwarder's S7 agreement); "Book" opens the create air waybill page with the route, the date, the
 * flights and the airline filled in, and the waybill is created and booked from there; errors beside their fields in
 * English and Russian; the Flights tab shows direct flights only; nobody else may open the page.
 */
import { describe, expect, it } from "vitest";
import { configuredNow, fieldErrorOf, inLanguage, linksOf, submit, textOf, useBff, type Browser, formPageOf } from "./harness";

const bff = useBff();
const HOST = "cargo.localhost";
const PAGE = "/dashboard/offers/select";
const FORWARDER = "forwarder@cargodesk.test";

const dayAfter = (days: number) => new Date(configuredNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);
const search = (fields: Record<string, string>) => `${PAGE}?${new URLSearchParams(fields)}`;
const bookLinks = (html: string) => linksOf(html).filter((l) => l.startsWith("/dashboard/air-waybills/create?"));
/** The value attribute of the input named `name` (text inputs and the checked radio), whatever the attribute order. */
const inputValue = (html: string, name: string, checked = false) =>
  (html.match(/<input\b[^>]*>/g) ?? [])
    .filter((tag) => tag.includes(`name="${name}"`) && (!checked || /\bchecked\b/.test(tag)))
    .map((tag) => tag.match(/\bvalue="([^"]*)"/)?.[1])
    .find((v) => v !== undefined);

/** The first day in the coming ten on which the search offers a DME→OVB flight to book: the page and the day. */
async function dayWithS7Flights(forwarder: Browser): Promise<{ date: string; html: string }> {
  for (let day = 1; day <= 10; day++) {
    const date = dayAfter(day);
    const page = await forwarder.request(HOST, search({ origin_iata: "DME", destination_iata: "OVB", flight_date: date, pieces: "2", weight: "40" }));
    expect(page.status).toBe(200);
    if (bookLinks(page.body).length) return { date, html: page.body };
  }
  throw new Error("no DME-OVB flight to book in the coming days");
}

describe("the booking search of a forwarder", () => {
  it("is where forwarder@ lands on the forwarder host: a 200 with its search form", async () => {
    const browser = bff.browser();
    const { landing } = await browser.signIn(HOST, FORWARDER);
    expect(new URL(landing.url).pathname).toBe(PAGE);
    expect(landing.status).toBe(200);
    expect(landing.body).not.toContain('data-testid="not-found"');
    expect(landing.body).toContain('data-testid="filters"');
    for (const name of ["origin_iata", "destination_iata", "flight_date"]) expect(landing.body).toContain(`name="${name}"`);
    // the tabs are links that keep the search
    expect(linksOf(landing.body)).toEqual(expect.arrayContaining([`${PAGE}?tab=trips`, `${PAGE}?tab=segments`]));
    expect(textOf(landing.body)).toContain("Enter the airports and the date");
  });

  it("prices each option with S7's tariffs for the forwarder's account, its lines behind a details element", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const { date, html } = await dayWithS7Flights(forwarder);
    // 40 kg on Forwarder One's DME-OVB deal: N 90 × 40 = 3 600, but the 45 kg break (79 × 45 = 3 555) is cheaper;
    // AWB fee 450, fuel 12.5 × 40 = 500 (its minimum), security 3.2 × 40 = 128: 4 633.00.
    expect(html).toContain('data-testid="offer-price"');
    expect(textOf(html)).toContain("4,633.00");
    expect(textOf(html)).toMatch(/Airfreight Q 45 · RUB\s?3,555\.00/);
    // "Make an offer" opens the create offer page with the airline named, so the API prices the offer by its tariffs.
    const quote = linksOf(html).find((l) => l.startsWith("/dashboard/offers/create?"));
    expect(new URL(quote!, "http://x").searchParams.get("carrier")).toBe("S7");
    const create = await forwarder.request(HOST, quote!);
    expect(create.status).toBe(200);
    expect(inputValue(create.body, "carrier")).toBe("S7");
    // Without a weight nothing can be priced, and the option says why.
    const unweighed = await forwarder.request(HOST, search({ origin_iata: "DME", destination_iata: "OVB", flight_date: date }));
    expect(textOf(unweighed.body)).toContain("Enter the weight to see the price");
    expect(unweighed.body).not.toContain('data-testid="offer-price"');
  });

  it("lists the S7 flights DME→OVB with their legs, times and free space, and Book carries the trip", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const { date, html } = await dayWithS7Flights(forwarder);
    const text = textOf(html);
    expect(html).toContain('data-carrier="S7"');
    expect(text).toMatch(/S7\s?\d+.* DME \d{2}:\d{2}(\+\d)? → OVB \d{2}:\d{2}/);
    expect(text).toMatch(/free [\d.]+ kg/);
    expect(text).toContain("Airlines you have agreements with on this day:");
    const book = new URL(bookLinks(html)[0]!, "http://x");
    expect(Object.fromEntries(book.searchParams)).toEqual(
      expect.objectContaining({ origin_iata: "DME", destination_iata: "OVB", flight_date: date, pieces: "2", weight: "40" }),
    );
    expect(book.searchParams.get("trip")).toMatch(/^\d+(-\d+)*$/);
  });

  it("opens the create page with the route, date, flights and airline filled in; the waybill is booked from there", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const { date, html } = await dayWithS7Flights(forwarder);
    const href = bookLinks(html).find((l) => /trip=\d+(&|$)/.test(l))!;
    const trip = new URL(href, "http://x").searchParams.get("trip")!;
    const create = await formPageOf(forwarder, HOST, href);
    expect(create.status).toBe(200);
    expect(inputValue(create.body, "origin_iata")).toBe("DME");
    expect(inputValue(create.body, "destination_iata")).toBe("OVB");
    expect(inputValue(create.body, "flight_date")).toBe(date);
    expect(inputValue(create.body, "pieces")).toBe("2");
    expect(inputValue(create.body, "weight")).toBe("40");
    expect(inputValue(create.body, "trip", true)).toBe(trip);
    // the trip's airline is the waybill's (the forwarder host names none): S7 is chosen in the airline select
    expect(create.body).toMatch(/<option[^>]*value="S7"[^>]*selected|<option[^>]*selected[^>]*value="S7"/);

    // the forwarder completes the waybill and books it, as on any create
    const created = await submit(forwarder, HOST, href, {
      carrier: "S7",
      pieces: "2",
      weight: "40",
      commodity: "BOOKS",
      hs_codes: "4901",
      origin_iata: "DME",
      destination_iata: "OVB",
      flight_date: date,
      searched: "1",
      trip,
      consignor_certified: "on",
    }, "/dashboard/air-waybills/create");
    expect(created.status, textOf(created.body).slice(0, 500)).toBe(302);
    const mawb = created.location!.split("/").pop()!;
    const shipment = await forwarder.request(HOST, `/dashboard/shipments/${mawb}`);
    expect(shipment.status).toBe(200);
    const shown = textOf(shipment.body);
    expect(shown).toContain("DME → OVB");
    // booked on the chosen flight
    expect(shown).toMatch(/S7\s?0?101/);
  });

  it("keeps the create page an ordinary create when the prefill is not well-formed", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const create = await formPageOf(forwarder, HOST, "/dashboard/air-waybills/create?origin_iata=D%3CM&flight_date=2027-13-45&trip=abc&weight=1e9");
    expect(create.status).toBe(200);
    expect(inputValue(create.body, "origin_iata") ?? "").toBe("");
    expect(inputValue(create.body, "flight_date") ?? "").toBe("");
    expect(inputValue(create.body, "trip", true) ?? "").toBe("");
  });

  it("shows connections on the Routes tab and only direct flights on the Flights tab", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const { date } = await dayWithS7Flights(forwarder);
    // DME→KJA: S7 flies it through OVB (no direct flight in the demo schedule)
    const route = { origin_iata: "DME", destination_iata: "KJA", flight_date: date };
    const routes = await forwarder.request(HOST, search({ tab: "trips", ...route }));
    const connecting = bookLinks(routes.body).map((l) => new URL(l, "http://x").searchParams.get("trip")!);
    expect(connecting.some((t) => /^\d+-\d+$/.test(t))).toBe(true);
    expect(textOf(routes.body)).toContain("DME-OVB-KJA · S7 1 stop");

    const flights = await forwarder.request(HOST, search({ tab: "segments", ...route }));
    expect(flights.status).toBe(200);
    expect(bookLinks(flights.body)).toEqual([]);
    expect(textOf(flights.body)).toContain("No flights of your airlines on this day.");
    const direct = await forwarder.request(HOST, search({ tab: "segments", origin_iata: "DME", destination_iata: "OVB", flight_date: date }));
    const trips = bookLinks(direct.body).map((l) => new URL(l, "http://x").searchParams.get("trip")!);
    expect(trips.length).toBeGreaterThan(0);
    for (const t of trips) expect(t).toMatch(/^\d+$/);
    expect(direct.body).toMatch(/data-testid="offers-tab-segments"[^>]*aria-current="page"|aria-current="page"[^>]*data-testid="offers-tab-segments"/);
  });

  it("says a bad airport code, an unknown airport and a bad figure beside their fields, keeping what was typed", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    const bad = await forwarder.request(HOST, search({ origin_iata: "D1", destination_iata: "OVB", flight_date: dayAfter(1), weight: "-3" }));
    expect(bad.status).toBe(200);
    expect(fieldErrorOf(bad.body, "origin_iata")).toBe("An airport code is three letters");
    expect(fieldErrorOf(bad.body, "weight")).toBe("Must be greater than zero");
    expect(fieldErrorOf(bad.body, "destination_iata")).toBeUndefined();
    expect(inputValue(bad.body, "origin_iata")).toBe("D1");
    expect(bookLinks(bad.body)).toEqual([]);

    const unknown = await forwarder.request(HOST, search({ origin_iata: "DME", destination_iata: "QQQ", flight_date: dayAfter(1) }));
    expect(unknown.status).toBe(200);
    expect(fieldErrorOf(unknown.body, "destination_iata")).toBe("Unknown airport");

    const missing = await forwarder.request(HOST, search({ origin_iata: "DME", destination_iata: "DME", flight_date: "2027-02-30" }));
    expect(fieldErrorOf(missing.body, "destination_iata")).toBe("Must differ from the origin");
    expect(fieldErrorOf(missing.body, "flight_date")).toBe("Not a valid date");
  });

  it("speaks Russian", async () => {
    const forwarder = await bff.signedIn(HOST, FORWARDER);
    await inLanguage(forwarder, HOST, "ru", async () => {
      const page = await forwarder.request(HOST, search({ origin_iata: "D1", destination_iata: "OVB", flight_date: dayAfter(1) }));
      expect(page.status).toBe(200);
      expect(fieldErrorOf(page.body, "origin_iata")).toBe("Код аэропорта — три буквы");
      const text = textOf(page.body);
      expect(text).toContain("Маршруты");
      expect(text).toContain("Откуда");
    });
  });

  it("is not found for a platform user, an airline user and a forwarder outside the forwarder host", async () => {
    for (const [host, email] of [
      ["localhost", "platform@cargodesk.test"],
      ["s7.localhost", "s7.manager@cargodesk.test"],
      ["s7.localhost", FORWARDER],
    ] as const) {
      const browser = await bff.signedIn(host, email);
      const page = await browser.request(host, search({ origin_iata: "DME", destination_iata: "OVB", flight_date: dayAfter(1) }));
      expect(page.status, `${email} at ${host}`).toBe(404);
      expect(page.body).not.toContain('data-testid="offer-option"');
    }
  });
});
