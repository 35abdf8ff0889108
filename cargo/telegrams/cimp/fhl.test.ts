import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fhlMessage } from "../../../tests/unit/cimp-arbitraries";
import { generateTelegram, parseTelegram } from "../parse-telegram";
import type { FhlMessage } from "./fhl";

const parsed = (name: string) => parseTelegram(fs.readFileSync(path.resolve("tests/fixtures/telegrams/fhl", name), "utf8")) as ReturnType<typeof parseTelegram> & { message: FhlMessage | null };

describe("FHL", () => {
  it("reads a master and its houses: summary, SHCs, free text, HS codes, customs, parties, charge declarations", () => {
    const { type, version, message, errors } = parsed("fhl4-two-houses.txt");
    expect(errors).toEqual([]);
    expect([type, version]).toEqual(["FHL", "4"]);
    expect(message).toMatchObject({ mawb: "555-20001236", origin_iata: "LED", destination_iata: "FRA", pieces: 6, weight: 312.5 });
    expect(message!.house_waybills).toHaveLength(2);
    expect(message!.house_waybills[0]).toMatchObject({
      serial_number: "NWC0001",
      origin_iata: "LED",
      destination_iata: "FRA",
      pieces: 4,
      weight: 200,
      slac: 40,
      manifest_description_of_goods: "MACHINE PARTS",
      shcs: ["ELI", "SPX"],
      free_text: "SPARE PARTS FOR PACKAGING\nMACHINES 12 CARTONS",
      hs_codes: ["847990", "848340"],
      customs_information: [{ country_code: "RU", information_identifier: "SHP", customs_identifier: "T", supplementary_information: "INN7801234567" }, { country_code: "DE" }],
      shipper: { name: "NEVA PACKAGING LLC", address: "3 KOMMUNY ST", city: "SAINT PETERSBURG", country_code: "RU", post_code: "195030", contacts: [{ type: "TE", value: "78125550177" }] },
      consignee: { name: "MAINZ VERPACKUNG GMBH", state: "RP" },
      charge_declarations: { currency: "EUR", chgs_code: null, wt_val: "P", other_charges_payment: "P", declared_value_carriage: "NVD" },
    });
    expect(message!.house_waybills[1]).toMatchObject({ serial_number: "NWC0002", weight: 112.5, slac: null, manifest_description_of_goods: "BOOKS", hs_codes: ["490199"], charge_declarations: null });
  });

  it("reads version 5 through an envelope, CRLF and lower case, keeps a Cyrillic name and reports its line", () => {
    const { version, envelope, message, errors } = parsed("fhl5-typeb-messy.txt");
    expect(version).toBe("5");
    expect(envelope).toMatchObject({ priority: "QK", origin: "LEDFFSU" });
    expect(errors.map((e) => [e.line, e.code])).toEqual([[7, "bad_character"]]);
    expect(message!.house_waybills[0]).toMatchObject({ serial_number: "NWC0003", manifest_description_of_goods: "FURNITURE", shipper: { name: "ИП ИВАНОВ", city: "PSKOV" } });
  });

  it("reports a message cut short, lines out of place, a repeated house, an unknown line", () => {
    expect(parsed("fhl4-cut-short.txt").errors.map((e) => [e.line, e.code])).toEqual([[2, "cut_short"]]);
    const messy = parsed("fhl4-misplaced.txt");
    expect(messy.errors.map((e) => [e.line, e.code])).toEqual([
      [3, "misplaced_line"],
      [5, "bad_field"],
      [6, "repeated_line"],
      [8, "misplaced_line"],
      [9, "unexpected_line"],
    ]);
    expect(messy.message!.house_waybills.map((h) => h.serial_number)).toEqual(["NWC0004"]);
  });

  it("writes what it reads, for any valid consolidation, in both versions (property)", () => {
    fc.assert(
      fc.property(fhlMessage, fc.constantFrom("4", "5"), (model, version) => {
        const back = parseTelegram(generateTelegram("FHL", model, { version }));
        expect(back.errors).toEqual([]);
        expect(back.message).toEqual(model);
      }),
      { numRuns: 300 },
    );
  });
});
