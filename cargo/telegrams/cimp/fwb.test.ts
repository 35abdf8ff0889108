import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fwbMessage } from "../../../tests/unit/cimp-arbitraries";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import type { FwbMessage } from "./fwb";

const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/telegrams/fwb", name), "utf8");
const parsed = (name: string) => parseTelegram(fixture(name)) as ReturnType<typeof parseTelegram> & { message: FwbMessage | null };
const faults = (name: string) => parsed(name).errors.map((e) => [e.line, e.code]);

describe("FWB, real-world shapes", () => {
  it("reads a consolidation: flights, routing, parties, agent, accounting, charges, rating sub-lines, totals, customs", () => {
    const { type, version, message, errors } = parsed("fwb16-consolidation.txt");
    expect(errors).toEqual([]);
    expect([type, version]).toEqual(["FWB", "16"]);
    expect(message).toMatchObject({
      mawb: "555-20001236",
      origin_iata: "LED",
      destination_iata: "FRA",
      pieces: 6,
      weight: 312.5,
      volume_code: "MC",
      volume: 1.8,
      flights: [
        { carrier: "SU", flight_number: "1234", day: 14 },
        { carrier: "LH", flight_number: "0901", day: 15 },
      ],
      routing: [
        { airport_iata: "SVO", carrier: "SU" },
        { airport_iata: "FRA", carrier: "LH" },
      ],
      shipper: { account_number: "40051234", name: "NORTHWIND CONSOLIDATORS LTD", city: "SAINT PETERSBURG", state: "SPE", country_code: "RU", post_code: "196140", contacts: [{ type: "TE", value: "78125550101" }] },
      consignee: { contacts: [{ type: "TE", value: "4969555020" }, { type: "FX", value: "4969555021" }] },
      issuing_agent: { iata_code: "9231234", cass_address: "0040", name: "NORTHWIND AIR AGENCY", city: "SAINT PETERSBURG" },
      accounting_information: [
        { identifier: "GEN", text: "FREIGHT PREPAID" },
        { identifier: "GEN", text: "CONTRACT 2026-118" },
      ],
      currency: "EUR",
      chgs_code: "PP",
      wt_val: "P",
      other_charges_payment: "P",
      declared_value_carriage: "NVD",
      commodity: "CONSOLIDATION AS PER ATTACHED MANIFEST",
      other_charges: [
        { code: "MY", due: "C", payment: "P", amount: "187.20" },
        { code: "SC", due: "C", payment: "P", amount: "31.20" },
        { code: "AW", due: "A", payment: "P", amount: "25.00" },
      ],
      totals: { prepaid: { weight_charge: "912.00", due_agent: "25.00", due_carrier: "218.40", total: "1155.40", valuation: null }, collect: null },
      executed_on: "2026-11-14",
      executed_at: "SAINT PETERSBURG",
      signature: "I PETROVA",
      shcs: ["EAP", "SPX"],
      sender_reference: { office_message_address: "LEDFMSU", file_reference: "NWC-77812" },
    });
    expect(message!.rating).toMatchObject([
      { pieces: 6, gross_weight: 312.5, rate_class_code: "Q", chargeable_weight: 320, rate: "2.85", total: "912.00", consolidation: true, slac: 42, volume: 1.8 },
    ]);
    expect(message!.dimensions).toEqual([
      { weight_code: "K", weight: 312.5, unit: "CMT", length: 120, width: 80, height: 65, pieces: 4 },
      { weight_code: null, weight: null, unit: "CMT", length: 60, width: 40, height: 40, pieces: 2 },
    ]);
    expect(message!.customs_information[2]).toEqual({ country_code: null, information_identifier: null, customs_identifier: "ED", supplementary_information: "1226" });
  });

  it("reads version 17 with a collect waybill, declared value, HS codes, notify and the trailing segments", () => {
    const { version, message, errors } = parsed("fwb17-direct.txt");
    expect(errors).toEqual([]);
    expect(version).toBe("17");
    expect(message).toMatchObject({
      consignee: { account_number: "NY4471", name: "HUDSON FINE FOODS INC", state: "NY" },
      notify: { name: "HUDSON CUSTOMS BROKERS", city: "JAMAICA" },
      special_service_requests: ["KEEP AWAY FROM HEAT"],
      chgs_code: null,
      wt_val: "C",
      declared_value_carriage: "1500.00",
      hs_codes: ["090421", "091030"],
      totals: { collect: { weight_charge: "268.40", valuation: "3.00", total: "292.20" } },
      customs_origin_code: "X",
      agent_reference: "GST-2026-0419",
      nominated_handling_party: { name: "HUDSON HANDLING", place: "JFK" },
      shipment_reference: { reference: "PO 55102", supplementary_information: ["LOT A1", "LOT A2"] },
      other_participants: [{ name: "DUBAI CUSTOMS BROKERAGE", details: ["DXBFFEK"] }],
    });
    expect(message!.rating[0]).toMatchObject({ rate_class_code: "C", commodity_item_number: "0007", goods_origin_country: "AE", volume_code: "MC", volume: 0.14 });
    expect(typeof message!.rating[0]!.rate).toBe("string");
  });

  it("reads the labelled party lines older senders write (NAM, ADR, LOC)", () => {
    const { message, errors } = parsed("fwb16-labelled-parties.txt");
    expect(errors).toEqual([]);
    expect(message!.shipper).toEqual({ account_number: "771234", name: "ALBION TEXTILES PLC", address: "4 MILL LANE", city: "LEEDS", state: null, country_code: "GB", post_code: "LS1 4AB", contacts: [{ type: "TE", value: "441135550123" }] });
    expect(message!.consignee).toMatchObject({ name: "MANHATTAN FABRICS LLC", city: "NEW YORK", state: "NY", country_code: "US" });
  });
});

describe("FWB, messy traffic", () => {
  it("reads through a Type-B envelope, CRLF, lower case, a number without its hyphen and trailing spaces; a Cyrillic name is kept and reported on its line", () => {
    const { envelope, message, errors } = parsed("fwb16-typeb-messy.txt");
    expect(envelope).toMatchObject({ priority: "QU", addresses: ["LEDFFSU", "FRAFMLH"], origin: "LEDRMSU", message_reference: "NW7781" });
    expect(errors.map((e) => [e.line, e.code])).toEqual([[7, "bad_character"]]);
    expect(message).toMatchObject({ mawb: "555-20001236", shipper: { name: "ООО СЕВЕРНЫЙ ВЕТЕР", address: "PULKOVSKOE SHOSSE 17" }, executed_at: "SAINT PETERSBURG", signature: "I PETROVA" });
  });

  it("reports an unknown line, a bad rating sub-line, a misplaced and a repeated segment, a bad date, each on its line, and reads the rest", () => {
    expect(faults("fwb16-unknown-and-misplaced.txt")).toEqual([
      [14, "unexpected_line"],
      [17, "bad_field"],
      [18, "misplaced_line"],
      [19, "bad_field"],
      [20, "repeated_line"],
    ]);
    const { message } = parsed("fwb16-unknown-and-misplaced.txt");
    expect(message).toMatchObject({ currency: "EUR", executed_on: null, executed_at: "HELSINKI", rating: [{ nature_of_goods: "GLASS VASE", total: "95.00" }] });
  });

  it("says where a message cut short stops and what it lacks", () => {
    const { message, errors } = parsed("fwb16-cut-short.txt");
    expect(errors.map((e) => [e.line, e.code, e.params?.what ?? e.params?.field])).toEqual([
      [16, "missing_field", "rate class"],
      [16, "cut_short", "ISU (carrier's execution)"],
    ]);
    expect(message).toMatchObject({ mawb: "421-90345172", rating: [{ pieces: 3, gross_weight: 1 }] });
  });

  it("gives no waybill when the number is wrong or the consignment line is missing, and still reports the rest", () => {
    const wrongDigit = parseTelegram("FWB/16\n421-90345171SVOPEK/T3K150\nRTG/PEKSU\nXXX/1");
    expect(wrongDigit.message).toBeNull();
    expect(wrongDigit.errors.map((e) => [e.line, e.code])).toEqual([
      [2, "bad_awb_number"],
      [4, "unexpected_line"],
      [4, "cut_short"],
      [4, "cut_short"],
      [4, "cut_short"],
      [4, "cut_short"],
      [4, "cut_short"],
    ]);
    expect(parseTelegram("FWB/16\nRTG/PEKSU").errors[0]).toMatchObject({ line: 2, code: "bad_awb_number" });
    expect(parseTelegram("FWB/16").errors).toMatchObject([{ line: 0, code: "cut_short" }]);
    expect(parseTelegram("FWB/12\n421-90345172SVOPEK/T3K150").errors[0]).toMatchObject({ line: 1, code: "unsupported_version" });
  });
});

describe("FWB, written", () => {
  it.each(["fwb16-consolidation.txt", "fwb17-direct.txt", "fwb16-labelled-parties.txt"])("writes %s so that it reads the same", (name) => {
    const first = parsed(name);
    const text = generateTelegram("FWB", first.message, { version: first.version! });
    const again = parseTelegram(text);
    expect(again.errors).toEqual([]);
    expect(again.message).toEqual(first.message);
  });

  it("writes what it reads, for any valid waybill, in both versions (property)", () => {
    fc.assert(
      fc.property(fwbMessage, fc.constantFrom("16", "17"), (model, version) => {
        const text = generateTelegram("FWB", model, { version });
        const back = parseTelegram(text);
        expect(back.errors).toEqual([]);
        expect(back.version).toBe(version);
        expect(back.message).toEqual(model);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a model it cannot carry, with RangeError", () => {
    const { message } = parsed("fwb16-consolidation.txt");
    expect(() => generateTelegram("FWB", { ...message!, currency: "EU/R" })).toThrow(RangeError);
    expect(() => generateTelegram("FWB", { ...message!, other_charges: [{ code: "MY", due: "C", payment: "P", amount: "1e3" }] })).toThrow(RangeError);
    expect(() => generateTelegram("FWB", { ...message!, executed_on: "1999-01-01" })).toThrow(RangeError);
  });
});
