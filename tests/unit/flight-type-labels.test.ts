/**
 * Issue 9 §1.11: the flight type picker said "scheduled, passenger" for J, S and U alike. Every IATA service
 * type letter has its own text, in every language the product speaks.
 */
import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { flightTypeOptions } from "~/components/flights/flight-form-common";
import { FLIGHT_TYPE_CODES } from "../../cargo/flights/flight-types";

const read = (lng: string) => JSON.parse(fs.readFileSync(path.resolve("locales", lng, "flight-form.json"), "utf8"));

describe.each(["en", "ru", "es"])("flight type options in %s", (lng) => {
  it("give every letter A to X its own text", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, fallbackLng: false, ns: ["flight-form"], resources: { [lng]: { "flight-form": read(lng) } } });
    const options = flightTypeOptions(i18n.t);
    expect(options.map((o) => o.value)).toEqual([...FLIGHT_TYPE_CODES]);
    const texts = options.map((o) => o.label.replace(/^[A-X] · /, ""));
    for (const text of texts) expect(text).not.toMatch(/flightTypes\./); // a missing key shows as its name
    const shared = texts.filter((text, i) => texts.indexOf(text) !== i);
    expect(shared).toEqual([]);
  });
});
