import { describe, expect, it } from "vitest";
import { bookHref } from "~/lib/offers/book-link";
import { readSelectQuery } from "~/lib/offers/select-query";

const TODAY = "2030-05-01";
const read = (query: Record<string, string>) => readSelectQuery(new URLSearchParams(query), TODAY);

describe("readSelectQuery", () => {
  it("asks nothing on the bare page: today's date, no errors, no search, the Routes tab", () => {
    expect(read({})).toEqual({
      tab: "trips",
      values: { origin_iata: "", destination_iata: "", flight_date: TODAY, pieces: "", weight: "", volume: "" },
      errors: {},
      search: null,
    });
  });

  it("reads a search as typed: codes upper-cased, figures as people write them", () => {
    const q = read({ tab: "segments", origin_iata: " dme ", destination_iata: "ovb", flight_date: "2030-05-03", pieces: "2", weight: "1,5" });
    expect(q.tab).toBe("segments");
    expect(q.errors).toEqual({});
    expect(q.search).toEqual({ origin_iata: "DME", destination_iata: "OVB", date: "2030-05-03", pieces: 2, weight: 1.5 });
  });

  it("says each wrong field and searches nothing", () => {
    const q = read({ origin_iata: "D1", destination_iata: "", flight_date: "2030-02-30", pieces: "1.5", weight: "-1", volume: "99999" });
    expect(q.errors).toEqual({
      origin_iata: "offers:errors.airport",
      destination_iata: "offers:errors.required",
      flight_date: "offers:errors.date",
      pieces: "offers:errors.integer",
      weight: "offers:errors.positive",
      volume: "offers:errors.max?max=10000",
    });
    expect(q.search).toBeNull();
    expect(read({ origin_iata: "DME", destination_iata: "dme", flight_date: TODAY }).errors).toEqual({ destination_iata: "offers:errors.sameAirports" });
  });

  it("cuts what it echoes back and falls back to Routes for an unknown tab", () => {
    const q = read({ tab: "bogus", origin_iata: "X".repeat(5000), destination_iata: "OVB", flight_date: TODAY });
    expect(q.tab).toBe("trips");
    expect(q.values.origin_iata).toHaveLength(40);
    expect(q.errors.origin_iata).toBe("offers:errors.airport");
  });
});

describe("bookHref", () => {
  it("opens the create page with the route, date, figures and the trip's legs in order", () => {
    const href = bookHref({ origin_iata: "DME", destination_iata: "KJA", date: "2030-05-03", weight: 40 }, [{ id: 12 }, { id: 34 }]);
    expect(href).toBe("/dashboard/air-waybills/create?origin_iata=DME&destination_iata=KJA&flight_date=2030-05-03&trip=12-34&weight=40");
  });
});
