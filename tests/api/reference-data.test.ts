import { describe, expect, it } from "vitest";
import { call, type Tokens, useTestApi } from "./helpers";

const { t, accounts } = useTestApi({ signIn: ["platform", "s7Manager", "s7Billing", "s7Operator", "suManager", "forwarder", "fwdTwo"] });

const get = (tokens: Tokens, url: string, carrier?: string) => call(t.app, tokens, "GET", url, { carrier });

describe("airports", () => {
  it("covers the world's airports, thousands of them", async () => {
    const res = await get(accounts.s7Operator, "/api/v3/airports?per_page=1", "s7");
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total_count).toBeGreaterThan(3000);
  });

  it("finds Sheremetyevo by IATA, ICAO, name and city, exact codes first", async () => {
    for (const q of ["SVO", "svo", "UUEE", "sheremetyevo", "Moscow", "MOW"]) {
      const body = (await get(accounts.s7Operator, `/api/v3/airports?q=${q}`, "s7")).json();
      const svo = body.data.find((a: { iata: string }) => a.iata === "SVO");
      expect(svo, `q=${q}`).toMatchObject({
        iata: "SVO",
        icao: "UUEE",
        name: "Sheremetyevo",
        full_name: "Sheremetyevo International Airport",
        cyrillic_name: "Шереметьево",
        city_code: "MOW",
        city_name: "Moscow",
        cyrillic_city_name: "Москва",
        country_code: "RU",
        timezone: "Europe/Moscow",
      });
      if (["SVO", "svo", "UUEE"].includes(q)) expect(body.data[0].iata).toBe("SVO");
    }
    const moscow = (await get(accounts.s7Operator, "/api/v3/airports?q=MOW&per_page=10", "s7")).json();
    expect(moscow.data.slice(0, 4).map((a: { iata: string }) => a.iata).sort()).toEqual(["DME", "SVO", "VKO", "ZIA"]);
  });

  it("reads one airport, 404 for an unknown code, and every zone is a real IANA zone", async () => {
    const ovb = await get(accounts.forwarder, "/api/v3/airports/ovb");
    // OpenFlights says Asia/Krasnoyarsk; the correction table (airport-timezones.json) makes it right.
    expect(ovb.json()).toMatchObject({ iata: "OVB", timezone: "Asia/Novosibirsk", country_code: "RU", city_code: "OVB" });
    // Airports missing from OpenFlights come from the supplement.
    expect((await get(accounts.forwarder, "/api/v3/airports/ZIA")).json()).toMatchObject({ name: "Zhukovsky", city_code: "MOW", timezone: "Europe/Moscow" });
    expect((await get(accounts.forwarder, "/api/v3/airports/QQQ")).statusCode).toBe(404);
    const page = (await get(accounts.forwarder, "/api/v3/airports?per_page=100&page=7")).json();
    for (const a of page.data) expect(() => new Intl.DateTimeFormat("en", { timeZone: a.timezone })).not.toThrow();
  });

  it("needs a bearer token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/v3/airports" })).statusCode).toBe(401);
  });
});

describe("countries and currencies", () => {
  it("searches countries in English and Russian and by code", async () => {
    const ru = (await get(accounts.forwarder, "/api/v3/countries?q=RU")).json();
    expect(ru.data[0]).toMatchObject({ alpha_2: "RU", alpha_3: "RUS", numeric: "643", name: "Russia", cyrillic_name: "Россия", full_name: "Russian Federation", customs_region: "EAEU" });
    expect(ru.data[0].created_at).toEqual(expect.any(String));
    expect((await get(accounts.forwarder, "/api/v3/countries?q=Герм")).json().data.map((c: { alpha_2: string }) => c.alpha_2)).toEqual(["DE"]);
    expect((await get(accounts.forwarder, "/api/v3/countries?per_page=1")).json().meta.total_count).toBeGreaterThan(240);
  });

  it("lists customs regions with their countries", async () => {
    const body = (await get(accounts.forwarder, "/api/v3/countries/custom_regions")).json();
    const regions = Object.fromEntries(body.data.map((r: { customs_region: string; countries: Array<{ alpha_2: string }> }) => [r.customs_region, r.countries.map((c) => c.alpha_2).sort()]));
    expect(regions.EAEU).toEqual(["AM", "BY", "KG", "KZ", "RU"]);
    expect(regions.EU).toHaveLength(27);
    expect(regions.EU).toContain("DE");
  });

  it("answers the 11 currencies with ISO data", async () => {
    const body = (await get(accounts.forwarder, "/api/v3/currencies")).json();
    expect(body.data.map((c: { code: string }) => c.code)).toEqual(["RUB", "USD", "EUR", "KZT", "KGS", "CNY", "BYN", "AMD", "INR", "UZS", "THB"]);
    expect(body.data[0]).toEqual({ code: "RUB", name: "Russian Ruble", number: "643", digits: 2 });
    expect(body.meta.total_count).toBe(11);
  });
});

describe("cargo lists", () => {
  it("answers every aircraft type with skip_pagination", async () => {
    const all = (await get(accounts.s7Operator, "/api/v3/aircraft_types?skip_pagination=true", "s7")).json();
    expect(all.data.length).toBeGreaterThan(40);
    expect(all.meta.total_pages).toBe(1);
    expect(all.data.find((a: { iata: string }) => a.iata === "77X")).toMatchObject({ description: "Boeing 777 Freighter", kind: "freighter" });
    const paged = (await get(accounts.s7Operator, "/api/v3/aircraft_types?per_page=5", "s7")).json();
    expect(paged.data).toHaveLength(5);
    expect((await get(accounts.s7Operator, "/api/v3/aircraft_types?q=superjet", "s7")).json().data[0].iata).toBe("SU9");
  });

  it("answers special handling codes with groups, hazard classes and incompatibilities both ways", async () => {
    const rfl = (await get(accounts.s7Operator, "/api/v3/special_handlings?q=RFL", "s7")).json().data[0];
    expect(rfl).toMatchObject({ code: "RFL", group: "dangerous_goods", hazard_classes: ["3"], description_cyrillic: expect.any(String) });
    expect(rfl.incompatible_codes).toContain("ROX");
    const rox = (await get(accounts.s7Operator, "/api/v3/special_handlings/rox", "s7")).json();
    expect(rox.incompatible_codes).toContain("RFL");
    const avi = (await get(accounts.s7Operator, "/api/v3/special_handlings/AVI", "s7")).json();
    expect(avi.incompatible_codes).toEqual(expect.arrayContaining(["HUM", "ICE", "RIS", "RPB"]));
    expect(avi).toMatchObject({ createdBy: "reference seed", created: expect.any(String), modified: expect.any(String) });
    const perishables = (await get(accounts.s7Operator, "/api/v3/special_handlings?group=perishables&skip_pagination=true", "s7")).json();
    expect(perishables.data.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(["PER", "PEF", "PEM", "PEP", "PES", "EAT", "HEG"]));
  });

  it("answers IATA other-charge codes", async () => {
    const body = (await get(accounts.s7Operator, "/api/v3/charge_codes?q=AW", "s7")).json();
    expect(body.data).toEqual(expect.arrayContaining([
      { code: "AWA", description: "Air waybill fee (due agent)" },
      { code: "AWC", description: "Air waybill fee (due carrier)" },
    ]));
    const all = (await get(accounts.s7Operator, "/api/v3/charge_codes?skip_pagination=true", "s7")).json();
    expect(all.data.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(["MYC", "SCC", "RAC", "FCC", "CHA"]));
  });
});

describe("product codes", () => {
  it("lists the carrier's codes: an airline its own, a forwarder the tenant's, platform by carrier", async () => {
    const s7 = (await get(accounts.s7Operator, "/api/v3/product_codes", "s7")).json();
    expect(s7.data.map((p: { code: string }) => p.code)).toEqual(["GEN", "EXP", "PER", "DGR", "VAL"]);
    // An S7 user cannot ask for SU's: the carrier parameter is ignored for airline users.
    expect((await get(accounts.s7Operator, "/api/v3/product_codes?carrier=SU", "s7")).json().data.every((p: { carrier: string }) => p.carrier === "S7")).toBe(true);
    expect((await get(accounts.forwarder, "/api/v3/product_codes", "su")).statusCode).toBe(401); // the token was issued on the default tenant
    expect((await get(accounts.forwarder, "/api/v3/product_codes?carrier=SU")).json().data.map((p: { code: string }) => p.code)).toEqual(["GCR", "PRI", "FRS", "LIV"]);
    expect((await get(accounts.platform, "/api/v3/product_codes?carrier=su")).json().meta.total_count).toBe(4);
    expect((await get(accounts.platform, "/api/v3/product_codes")).json().meta.total_count).toBe(9);
  });

  it("creates, reads, changes and deletes as billing; validates; isolates carriers", async () => {
    const created = await call(t.app, accounts.s7Billing, "POST", "/api/v3/product_codes", {
      carrier: "s7",
      payload: { product_code: { code: "pha", priority: "60", description: "Pharma", group: "special", shcs: "PIL, COL" } },
    });
    expect(created.statusCode).toBe(201);
    const pc = created.json();
    expect(pc).toMatchObject({ carrier: "S7", code: "PHA", priority: 60, shcs: ["PIL", "COL"] });
    expect((await get(accounts.s7Operator, `/api/v3/product_codes/${pc.id}`, "s7")).json().code).toBe("PHA");

    const dup = await call(t.app, accounts.s7Manager, "POST", "/api/v3/product_codes", { carrier: "s7", payload: { code: "PHA" } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ errors: { code: ["has already been taken"] }, error_codes: { code: [{ code: "taken", params: {} }] } });
    const blank = await call(t.app, accounts.s7Manager, "POST", "/api/v3/product_codes", { carrier: "s7", payload: { description: "x", shcs: ["ZZZ"] } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.code).toEqual(["can't be blank"]);
    const badShc = await call(t.app, accounts.s7Manager, "POST", "/api/v3/product_codes", { carrier: "s7", payload: { code: "X1", shcs: ["ZZZ"] } });
    expect(badShc.json()).toEqual({ errors: { shcs: ["unknown special handling code ZZZ"] }, error_codes: { shcs: [{ code: "unknown_shc", params: { code: "ZZZ" } }] } });

    const patched = await call(t.app, accounts.s7Manager, "PATCH", `/api/v3/product_codes/${pc.id}`, { carrier: "s7", payload: { priority: 5 } });
    expect(patched.json()).toMatchObject({ priority: 5, description: "Pharma" });

    // SU cannot see, change or delete S7's row; an operator may not write.
    expect((await get(accounts.suManager, `/api/v3/product_codes/${pc.id}`, "su")).statusCode).toBe(404);
    expect((await call(t.app, accounts.suManager, "PATCH", `/api/v3/product_codes/${pc.id}`, { carrier: "su", payload: { priority: 1 } })).statusCode).toBe(404);
    expect((await call(t.app, accounts.suManager, "DELETE", `/api/v3/product_codes/${pc.id}`, { carrier: "su" })).json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    expect((await call(t.app, accounts.s7Operator, "PATCH", `/api/v3/product_codes/${pc.id}`, { carrier: "s7", payload: { priority: 1 } })).statusCode).toBe(403);

    expect((await call(t.app, accounts.s7Billing, "DELETE", `/api/v3/product_codes/${pc.id}`, { carrier: "s7" })).statusCode).toBe(204);
    expect((await get(accounts.s7Operator, `/api/v3/product_codes/${pc.id}`, "s7")).statusCode).toBe(404);
  });

  it("lets platform create for a named carrier and requires one", async () => {
    const none = await call(t.app, accounts.platform, "POST", "/api/v3/product_codes", { payload: { code: "ZZ" } });
    expect(none.json()).toEqual({ errors: { carrier: ["can't be blank"] }, error_codes: { carrier: [{ code: "blank", params: {} }] } });
    const su = await call(t.app, accounts.platform, "POST", "/api/v3/product_codes", { payload: { code: "ZZ", carrier: "su" } });
    expect(su.statusCode).toBe(201);
    expect(su.json().carrier).toBe("SU");
  });
});

describe("notable companies", () => {
  it("keeps each forwarder's entries to itself", async () => {
    const mine = (await get(accounts.forwarder, "/api/v3/notable_companies")).json();
    expect(mine.data.map((n: { name: string }) => n.name)).toEqual(["Shenzhen Electronics Co"]);
    const created = await call(t.app, accounts.forwarder, "POST", "/api/v3/notable_companies", {
      payload: { notable_company: { name: "Almaty Trade", country_code: "kz", contact_numbers: [{ identifier: "TE", number: "+7 727 000 00 00" }] } },
    });
    expect(created.statusCode).toBe(201);
    const n = created.json();
    expect(n).toMatchObject({ company_short_name: "FWDONE", country_code: "KZ", name: "Almaty Trade" });
    const patched = await call(t.app, accounts.forwarder, "PATCH", `/api/v3/notable_companies/${n.id}`, { payload: { city: "Almaty" } });
    expect(patched.json().city).toBe("Almaty");

    // FWDTWO sees only its own, and 404 on FWDONE's id.
    const theirs = (await get(accounts.fwdTwo, "/api/v3/notable_companies")).json();
    expect(theirs.data.map((x: { company_short_name: string }) => x.company_short_name)).toEqual(["FWDTWO"]);
    expect((await get(accounts.fwdTwo, `/api/v3/notable_companies/${n.id}`)).statusCode).toBe(404);
    // Platform sees every company's.
    expect((await get(accounts.platform, "/api/v3/notable_companies")).json().meta.total_count).toBe(3);

    const tooLong = await call(t.app, accounts.forwarder, "POST", "/api/v3/notable_companies", {
      payload: { name: "X", contact_numbers: [{ identifier: "TE", number: "1".repeat(25) }] },
    });
    expect(tooLong.json()).toEqual({ errors: { "contact_numbers.0.number": ["Fewer than 25 digits"] }, error_codes: { "contact_numbers.0.number": [{ code: "invalid", params: {} }] } });
    expect((await get(accounts.s7Manager, "/api/v3/notable_companies", "s7")).statusCode).toBe(403);
  });
});
