import { describe, expect, it } from "vitest";
import { missingPostCode } from "../../cargo";
import { DEMO_AIRLINE_CUSTOMERS, DEMO_COMPANIES, DEMO_FORWARDER_CUSTOMERS, DEMO_NOTABLE_COMPANIES } from "../../api/seed-data";
import { call, type Tokens, useTestApi } from "./helpers";

const { t, accounts } = useTestApi({ signIn: ["platform", "s7Manager", "s7Operator", "suManager", "c6Manager", "forwarder", "forwarderOnS7", "fwdTwo"] });

const as = (tokens: Tokens, carrier: string | undefined, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  call(t.app, tokens, method, url, { carrier, payload });

describe("airline customers", () => {
  it("lists the airline's own customers, filters by active and q", async () => {
    const all = (await as(accounts.s7Manager, "s7", "GET", "/api/v3/airline_customers")).json();
    expect(all.data.map((c: { name: string }) => c.name)).toEqual(["Altai Honey", "Siberian Fish Export"]);
    expect((await as(accounts.s7Manager, "s7", "GET", "/api/v3/airline_customers?active=true")).json().data).toHaveLength(1);
    expect((await as(accounts.s7Manager, "s7", "GET", "/api/v3/airline_customers?q=5406")).json().data[0].name).toBe("Siberian Fish Export");
    expect((await as(accounts.platform, undefined, "GET", "/api/v3/airline_customers")).json().meta.total_count).toBe(4);
  });

  it("creates, reads, updates and deletes", async () => {
    const created = await as(accounts.s7Manager, "s7", "POST", "/api/v3/airline_customers", {
      airline_customer: { name: "Tomsk Timber", srn: "S7-0003", city: "Tomsk", country_code: "ru", tax_id: "7017000004", email: "t@tt.test", active: "1" },
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ carrier: "S7", name: "Tomsk Timber", country_code: "RU", active: true, phone_number: null });
    expect((await as(accounts.s7Manager, "s7", "GET", `/api/v3/airline_customers/${c.id}`)).json().srn).toBe("S7-0003");
    const patched = await as(accounts.s7Manager, "s7", "PATCH", `/api/v3/airline_customers/${c.id}`, { airline_customer: { active: false, phone_number: "+7 3822 000" } });
    expect(patched.json()).toMatchObject({ active: false, phone_number: "+7 3822 000", tax_id: "7017000004" });
    // Saving the same record again is not a duplicate of itself.
    expect((await as(accounts.s7Manager, "s7", "PATCH", `/api/v3/airline_customers/${c.id}`, { name: "Tomsk Timber", tax_id: "7017000004" })).statusCode).toBe(200);
    expect((await as(accounts.s7Manager, "s7", "DELETE", `/api/v3/airline_customers/${c.id}`)).statusCode).toBe(204);
    expect((await as(accounts.s7Manager, "s7", "GET", `/api/v3/airline_customers/${c.id}`)).json()).toEqual({ error: "Customer not found", code: "customer_not_found", params: {} });
  });

  it("answers Customer already exists for the same tax id or name within the airline, not across airlines", async () => {
    const byTax = await as(accounts.s7Manager, "s7", "POST", "/api/v3/airline_customers", { name: "Other", tax_id: "5406000001" });
    expect([byTax.statusCode, byTax.json()]).toEqual([422, { errors: ["Customer already exists"], code: "customer_exists", params: {} }]);
    const byName = await as(accounts.s7Manager, "s7", "POST", "/api/v3/airline_customers", { name: "altai honey" });
    expect(byName.json()).toEqual({ errors: ["Customer already exists"], code: "customer_exists", params: {} });
    const altai = (await as(accounts.s7Manager, "s7", "GET", "/api/v3/airline_customers?q=altai")).json().data[0];
    expect((await as(accounts.s7Manager, "s7", "PATCH", `/api/v3/airline_customers/${altai.id}`, { tax_id: "5406000001" })).json()).toEqual({ errors: ["Customer already exists"], code: "customer_exists", params: {} });
    expect((await as(accounts.suManager, "su", "POST", "/api/v3/airline_customers", { name: "Altai Honey", tax_id: "5406000001" })).statusCode).toBe(201);
  });

  it("requires a name, and a tax id when the airline's UI settings say so", async () => {
    expect((await as(accounts.s7Manager, "s7", "POST", "/api/v3/airline_customers", { city: "Omsk", email: "bad" })).json()).toEqual({ errors: { name: ["can't be blank"] }, error_codes: { name: [{ code: "blank", params: {} }] } });
    expect((await as(accounts.s7Manager, "s7", "POST", "/api/v3/airline_customers", { name: "Omsk Oil", email: "bad" })).json()).toEqual({ errors: { email: ["is invalid"] }, error_codes: { email: [{ code: "invalid_email", params: {} }] } });
    // C6 has tax_id_required.
    expect((await as(accounts.c6Manager, "c6", "POST", "/api/v3/airline_customers", { name: "Samarkand Silk" })).json()).toEqual({ errors: { tax_id: ["can't be blank"] }, error_codes: { tax_id: [{ code: "blank", params: {} }] } });
    expect((await as(accounts.c6Manager, "c6", "POST", "/api/v3/airline_customers", { name: "Samarkand Silk", tax_id: "300000002" })).statusCode).toBe(201);
  });

  it("keeps other airlines' customers out of reach and refuses other roles", async () => {
    const suCustomer = (await as(accounts.suManager, "su", "GET", "/api/v3/airline_customers")).json().data[0];
    expect((await as(accounts.s7Manager, "s7", "GET", `/api/v3/airline_customers/${suCustomer.id}`)).json()).toEqual({ error: "Customer not found", code: "customer_not_found", params: {} });
    expect((await as(accounts.s7Manager, "s7", "PATCH", `/api/v3/airline_customers/${suCustomer.id}`, { name: "Taken" })).statusCode).toBe(404);
    expect((await as(accounts.s7Manager, "s7", "DELETE", `/api/v3/airline_customers/${suCustomer.id}`)).statusCode).toBe(404);
    expect((await as(accounts.s7Operator, "s7", "GET", "/api/v3/airline_customers")).statusCode).toBe(403);
    expect((await as(accounts.forwarder, undefined, "GET", "/api/v3/airline_customers")).statusCode).toBe(403);
  });
});

describe("forwarder customers (parties)", () => {
  it("lists only the forwarder's own customers; platform sees all and filters by forwarder", async () => {
    expect((await as(accounts.forwarder, undefined, "GET", "/api/v3/forwarder_customers")).json().data.map((c: { name: string }) => c.name)).toEqual(["Baikal Water", "Volga Machinery"]);
    expect((await as(accounts.fwdTwo, undefined, "GET", "/api/v3/forwarder_customers")).json().data.map((c: { forwarder_short_name: string }) => c.forwarder_short_name)).toEqual(["FWDTWO"]);
    // A accounts.forwarder cannot list another accounts.forwarder's parties, whatever filter it sends.
    expect((await as(accounts.fwdTwo, undefined, "GET", "/api/v3/forwarder_customers?forwarder_short_name=FWDONE")).json().data.map((c: { forwarder_short_name: string }) => c.forwarder_short_name)).toEqual(["FWDTWO"]);
    expect((await as(accounts.platform, undefined, "GET", "/api/v3/forwarder_customers")).json().meta.total_count).toBe(3);
    expect((await as(accounts.platform, undefined, "GET", "/api/v3/forwarder_customers?forwarder_short_name=fwdone")).json().meta.total_count).toBe(2);
  });

  it("creates, reads and updates; another forwarder gets Customer not found", async () => {
    const created = await as(accounts.forwarder, undefined, "POST", "/api/v3/forwarder_customers", {
      forwarder_customer: { name: "Kama Trucks", city: "Naberezhnye Chelny", country_code: "RU", state: "Tatarstan", contacts: [{ name: "Ilya", phone: "+7 855 000" }] },
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ forwarder_short_name: "FWDONE", name: "Kama Trucks", state: "Tatarstan", contacts: [{ name: "Ilya", phone: "+7 855 000" }] });
    expect((await as(accounts.forwarder, undefined, "GET", `/api/v3/forwarder_customers/${c.id}`)).json().city).toBe("Naberezhnye Chelny");
    const patched = await as(accounts.forwarder, undefined, "PATCH", `/api/v3/forwarder_customers/${c.id}`, { tax_id: "1650000001", contacts: [] });
    expect(patched.json()).toMatchObject({ tax_id: "1650000001", contacts: [], name: "Kama Trucks" });

    expect((await as(accounts.fwdTwo, undefined, "GET", `/api/v3/forwarder_customers/${c.id}`)).json()).toEqual({ error: "Customer not found", code: "customer_not_found", params: {} });
    expect((await as(accounts.fwdTwo, undefined, "PATCH", `/api/v3/forwarder_customers/${c.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await as(accounts.forwarder, undefined, "POST", "/api/v3/forwarder_customers", { city: "X" })).json()).toEqual({ errors: { name: ["can't be blank"] }, error_codes: { name: [{ code: "blank", params: {} }] } });
    // A accounts.forwarder's forwarder_short_name is ignored: the row is always its own.
    const own = await as(accounts.fwdTwo, undefined, "POST", "/api/v3/forwarder_customers", { name: "Irtysh Grain", forwarder_short_name: "FWDONE" });
    expect(own.json().forwarder_short_name).toBe("FWDTWO");
  });

  it("lets platform create for a named forwarder, requires one, and refuses airlines", async () => {
    expect((await as(accounts.platform, undefined, "POST", "/api/v3/forwarder_customers", { name: "P" })).json()).toEqual({ errors: { forwarder_short_name: ["can't be blank"] }, error_codes: { forwarder_short_name: [{ code: "blank", params: {} }] } });
    expect((await as(accounts.platform, undefined, "POST", "/api/v3/forwarder_customers", { name: "P", forwarder_short_name: "S7" })).json()).toEqual({ errors: { forwarder_short_name: ["must be a forwarder company"] }, error_codes: { forwarder_short_name: [{ code: "must_be_forwarder_company", params: {} }] } });
    const ok = await as(accounts.platform, undefined, "POST", "/api/v3/forwarder_customers", { name: "P", forwarder_short_name: "fwdtwo" });
    expect(ok.json().forwarder_short_name).toBe("FWDTWO");
    expect((await as(accounts.s7Manager, "s7", "GET", "/api/v3/forwarder_customers")).statusCode).toBe(403);
  });
});

describe("post codes of GB and EU addresses (spec 2 §9, issue 22 item 15)", () => {
  const REQUIRED = ["is required for GB and EU countries"];
  const s7Forwarder = (method: "POST" | "PATCH", url: string, payload: object) => as(accounts.forwarderOnS7, "s7", method, url, payload);

  it("every address a user enters refuses a GB or EU country without a post code, beside the post code", async () => {
    const refusals = [
      await as(accounts.s7Manager, "s7", "POST", "/api/v3/airline_customers", { name: "London Tea", country_code: "gb" }),
      await as(accounts.forwarder, undefined, "POST", "/api/v3/forwarder_customers", { name: "Paris Parts", country_code: "FR", post_code: " " }),
      await as(accounts.forwarder, undefined, "POST", "/api/v3/notable_companies", { name: "Milano Moda", country_code: "IT" }),
      await as(accounts.platform, undefined, "POST", "/api/v3/companies", { company: { name: "Dublin Freight", short_name: "DUBFR", business_type: "forwarder", country: "IE" } }),
    ];
    for (const res of refusals) expect([res.statusCode, res.json().errors?.post_code], res.body).toEqual([422, REQUIRED]);

    const awb = await s7Forwarder("POST", "/api/v3/air_waybills", {
      air_waybill: {
        origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: 10, commodity: "BOOKS", hs_codes: ["490199"],
        shipper: { name: "Volga Machinery", country_code: "RU" }, consignee: { name: "Berlin Books", city: "Berlin", country_code: "DE" },
      },
    });
    expect([awb.statusCode, awb.json().errors?.["consignee.post_code"]], awb.body).toEqual([422, REQUIRED]);
  });

  it("takes them with a post code, keeps countries outside GB and the EU optional, and checks a change against the whole record", async () => {
    const made = await as(accounts.s7Manager, "s7", "POST", "/api/v3/airline_customers", { name: "London Tea", country_code: "GB", post_code: "TW6 2GA" });
    expect(made.statusCode, made.body).toBe(201);
    expect((await as(accounts.s7Manager, "s7", "POST", "/api/v3/airline_customers", { name: "Oslo Fish", country_code: "NO" })).statusCode).toBe(201);
    const id = made.json().id;
    // a change of the city keeps the stored post code; clearing it is refused
    expect((await as(accounts.s7Manager, "s7", "PATCH", `/api/v3/airline_customers/${id}`, { city: "London" })).statusCode).toBe(200);
    const cleared = await as(accounts.s7Manager, "s7", "PATCH", `/api/v3/airline_customers/${id}`, { post_code: "" });
    expect([cleared.statusCode, cleared.json().errors?.post_code]).toEqual([422, REQUIRED]);

    const awb = await s7Forwarder("POST", "/api/v3/air_waybills", {
      air_waybill: {
        origin_iata: "DME", destination_iata: "OVB", pieces: 1, weight: 10, commodity: "BOOKS", hs_codes: ["490199"],
        shipper: { name: "Volga Machinery", country_code: "RU" }, consignee: { name: "Berlin Books", country_code: "DE", post_code: "10115" },
      },
    });
    expect(awb.statusCode, awb.body).toBe(201);
    const house = await as(accounts.forwarderOnS7, "s7", "POST", `/api/v3/air_waybills/${awb.json().mawb}/house_waybills`, {
      house_waybill: {
        serial_number: "pc1", pieces: 1, weight: 5, manifest_description_of_goods: "BOOKS",
        shipper: { name: "Kazan Books", country_code: "RU" }, consignee: { name: "Wien Reader", country_code: "AT" },
      },
    });
    expect([house.statusCode, house.json().errors?.["consignee.post_code"]], house.body).toEqual([422, REQUIRED]);
  });

  it("the demo data keeps the rule: every seeded GB or EU address has its post code", () => {
    const addresses = [
      ...DEMO_AIRLINE_CUSTOMERS.map((a) => [a.name, a.country_code, a.post_code]),
      ...DEMO_FORWARDER_CUSTOMERS.map((a) => [a.name, a.country_code, a.post_code]),
      ...DEMO_NOTABLE_COMPANIES.map((a) => [a.name, a.country_code, a.post_code]),
      ...DEMO_COMPANIES.map((c) => [c.name, c.country, c.post_code]),
    ] as Array<[string, string | null | undefined, string | null | undefined]>;
    expect(addresses.filter(([, country, post]) => missingPostCode(country, post)).map(([name]) => name)).toEqual([]);
    expect(addresses.some(([, country]) => country === "DE")).toBe(true);
  });
});
