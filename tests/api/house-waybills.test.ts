import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeLogs, houseWaybills } from "../../api/db/schema";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// House waybills under a master (issue 11; spec 3 §7): created, edited and deleted by whoever may edit the master,
// their serial unique within it (422 "has already been taken"), listed in house_waybills.json with their sums, and the
// master warned (house_totals_differ) while its pieces or weight differ from its houses'. Masters are created fresh.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "c6Manager", "forwarderOnS7", "fwdTwo"] });
const s7 = callsOn(t, "s7");
const c6 = callsOn(t, "c6");
const anyHost = callsOn(t);

async function newMaster(pieces = 5, weight = 100): Promise<string> {
  const res = await s7(accounts.forwarderOnS7, "POST", "/api/v3/air_waybills", {
    air_waybill: { origin_iata: "DME", destination_iata: "OVB", pieces, weight, commodity: "CONSOLIDATION", hs_codes: ["490199"], shipper: { name: "Volga Machinery" }, consignee: { name: "Ob River Foods" } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().mawb;
}

const house = (extra: object = {}) => ({
  serial_number: "hwb001",
  pieces: 2,
  weight: 40,
  manifest_description_of_goods: "BOOKS",
  hs_codes: "490199, 490110",
  shipper: { name: "Kazan Books", city: "Kazan", country_code: "RU" },
  consignee: { name: "Siberian Reader", city: "Novosibirsk", country_code: "RU" },
  placi_status: "OK",
  placi_comment: "Screened",
  ...extra,
});
const add = (mawb: string, body: object, tokens: Tokens = accounts.forwarderOnS7) => s7(tokens, "POST", `/api/v3/air_waybills/${mawb}/house_waybills`, { house_waybill: body });
const listOf = (mawb: string, tokens: Tokens = accounts.forwarderOnS7) => s7(tokens, "GET", `/api/v3/air_waybills/${mawb}/house_waybills.json`);
const warningsOf = async (mawb: string) => (await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}`)).json().warnings as string[];
const storedHouses = (mawb: string) => t.database.db.select().from(houseWaybills).where(eq(houseWaybills.mawb, mawb));

describe("creating, editing and deleting", () => {
  it("adds a house with the master's route, upper-cased serial, parties, HS codes and PLACI fields", async () => {
    const mawb = await newMaster();
    const res = await add(mawb, house());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      mawb,
      serial_number: "HWB001",
      origin_iata: "DME",
      destination_iata: "OVB",
      pieces: 2,
      weight: 40,
      weight_code: "K",
      hs_codes: ["490199", "490110"],
      shipper: { name: "Kazan Books", city: "Kazan" },
      consignee: { name: "Siberian Reader" },
      placi_status: "OK",
      placi_comment: "Screened",
    });
    const one = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${mawb}/house_waybills/${res.json().id}`);
    expect(one.json().serial_number).toBe("HWB001");
    const [log] = await t.database.db.select().from(changeLogs).where(eq(changeLogs.record_id, res.json().id));
    expect(log).toMatchObject({ record_type: "HouseWaybill", action: "create", channel_id: "forwarder@cargodesk.test" });
  });

  it("a serial number is unique within its master (any case), but another master may use it", async () => {
    const mawb = await newMaster();
    expect((await add(mawb, house())).statusCode).toBe(201);
    const again = await add(mawb, house({ serial_number: "HwB001" }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ serial_number: ["has already been taken"] });
    const racing = await Promise.all([add(mawb, house({ serial_number: "R1" })), add(mawb, house({ serial_number: "R1" }))]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect((await storedHouses(mawb)).map((h) => h.serial_number).sort()).toEqual(["HWB001", "R1"]);
    expect((await add(await newMaster(), house())).statusCode).toBe(201);
  });

  it("edits the fields sent and deletes; renaming onto a taken serial is refused", async () => {
    const mawb = await newMaster();
    const a = (await add(mawb, house({ serial_number: "A1" }))).json();
    await add(mawb, house({ serial_number: "B2" }));
    const edited = await s7(accounts.forwarderOnS7, "PATCH", `/api/v3/air_waybills/${mawb}/house_waybills/${a.id}`, { house_waybill: { pieces: 3, consignee: { name: "Tomsk Library" } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ serial_number: "A1", pieces: 3, weight: 40, consignee: { name: "Tomsk Library" } });
    const clash = await s7(accounts.forwarderOnS7, "PATCH", `/api/v3/air_waybills/${mawb}/house_waybills/${a.id}`, { serial_number: "b2" });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ serial_number: ["has already been taken"] });
    const gone = await s7(accounts.forwarderOnS7, "DELETE", `/api/v3/air_waybills/${mawb}/house_waybills/${a.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await storedHouses(mawb)).map((h) => h.serial_number)).toEqual(["B2"]);
    expect((await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}/house_waybills/${a.id}`)).statusCode).toBe(404);
  });

  it("a voided master's houses cannot change", async () => {
    const mawb = await newMaster();
    expect((await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/void`, { air_waybill: { void_reason: "test" } })).statusCode).toBe(200);
    const res = await add(mawb, house());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.base).toEqual(["the air waybill is voided"]);
  });
});

describe("the master's totals against its houses", () => {
  it("warns while the houses do not add up to the master, and stops once they do", async () => {
    const mawb = await newMaster(5, 100);
    expect(await warningsOf(mawb)).not.toContain("house_totals_differ");
    await add(mawb, house({ serial_number: "H1", pieces: 2, weight: 40 }));
    expect(await warningsOf(mawb)).toContain("house_totals_differ");
    let list = (await listOf(mawb)).json();
    expect(list.totals).toEqual({ houses: 1, pieces: 2, weight: 40, master_pieces: 5, master_weight: 100, differ: true });
    await add(mawb, house({ serial_number: "H2", pieces: 3, weight: 60 }));
    expect(await warningsOf(mawb)).not.toContain("house_totals_differ");
    list = (await listOf(mawb)).json();
    expect(list.totals).toMatchObject({ houses: 2, pieces: 5, weight: 100, differ: false });
    expect(list.data.map((h: { serial_number: string }) => h.serial_number)).toEqual(["H1", "H2"]);
    // editing the master away from its houses warns again
    const edit = await s7(accounts.forwarderOnS7, "PATCH", `/api/v3/air_waybills/${mawb}`, { air_waybill: { weight: 101 }, accept_warnings: true });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().warnings).toContain("house_totals_differ");
  });
});

describe("tenancy and bad input", () => {
  it("another forwarder and another airline get 404 and change nothing", async () => {
    const mawb = await newMaster();
    const { id } = (await add(mawb, house())).json();
    expect((await anyHost(accounts.fwdTwo, "GET", `/api/v3/air_waybills/${mawb}/house_waybills.json`)).statusCode).toBe(404);
    expect((await anyHost(accounts.fwdTwo, "POST", `/api/v3/air_waybills/${mawb}/house_waybills`, { house_waybill: house({ serial_number: "X1" }) })).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "PATCH", `/api/v3/air_waybills/${mawb}/house_waybills/${id}`, { pieces: 1 })).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "DELETE", `/api/v3/air_waybills/${mawb}/house_waybills/${id}`)).statusCode).toBe(404);
    // a house id of another master is not found under this one
    const other = await newMaster();
    expect((await s7(accounts.forwarderOnS7, "DELETE", `/api/v3/air_waybills/${other}/house_waybills/${id}`)).statusCode).toBe(404);
    expect(await storedHouses(mawb)).toEqual([expect.objectContaining({ id, pieces: 2 })]);
  });

  it("refuses missing and bad fields with 422 under each field, storing nothing", async () => {
    const mawb = await newMaster();
    const cases: Array<[object, string]> = [
      [house({ serial_number: "" }), "serial_number"],
      [house({ serial_number: "HWB-001" }), "serial_number"],
      [house({ serial_number: "A".repeat(13) }), "serial_number"],
      [house({ pieces: 0 }), "pieces"],
      [house({ pieces: "2.5" }), "pieces"],
      [house({ weight: -1 }), "weight"],
      [house({ weight: 0 }), "weight"],
      [house({ weight: 1e12 }), "weight"],
      [house({ manifest_description_of_goods: " " }), "manifest_description_of_goods"],
      [house({ shipper: { city: "Kazan" } }), "shipper.name"],
      [house({ consignee: undefined }), "consignee"],
      [house({ hs_codes: ["12"] }), "hs_codes.0"],
      [house({ origin_iata: "ZZZ" }), "origin_iata"],
      [house({ weight_code: "T" }), "weight_code"],
      [house({ placi_comment: "x".repeat(2001) }), "placi_comment"],
    ];
    for (const [body, field] of cases) {
      const res = await add(mawb, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    for (const bad of ["0", "2147483648", "x"]) expect((await s7(accounts.forwarderOnS7, "PATCH", `/api/v3/air_waybills/${mawb}/house_waybills/${bad}`, { pieces: 1 })).statusCode).toBe(404);
    expect(await storedHouses(mawb)).toEqual([]);
  });
});
